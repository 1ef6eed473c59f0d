// Mixed-parity triples: in every row and column, no three cells in a row hold
// three odd or three even digits. One global rule (one clue for diagnosis).
//   "mixed_parity_triples": true
// Encoded per window of three: some cell odd, some cell even.
#include "common.h"

namespace psmt::sudoku::families {
namespace {

// Every run of three neighbouring cells of a row or a column.
std::vector<std::vector<Cell>> triples(int n) {
  std::vector<std::vector<Cell>> out;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b + 2 < n; ++b) {
      out.push_back({Cell{a, b}, Cell{a, b + 1}, Cell{a, b + 2}});
      out.push_back({Cell{b, a}, Cell{b + 1, a}, Cell{b + 2, a}});
    }
  return out;
}

class MixedParityTriples : public Family {
 public:
  std::string_view key() const override { return "mixed_parity_triples"; }
  std::string_view summary() const override {
    return "mixed-parity triples: no three cells in a row of a row or column are all odd or all even (a global rule)";
  }
  std::string schema() const override {
    return R"json({"type": "boolean", "default": false, "description": "mixed-parity triples: in every row and column, no three neighbouring cells are all odd or all even"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid&) const override {
    return parse_flag(node, key(), "mixed-parity triples: no three in a row all odd or all even");
  }
  F encode(const Item&, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (const auto& t : triples(g.n))
      for (int parity : {0, 1}) {
        std::vector<F> other;
        for (auto c : t) other.push_back(b.among(c, [parity](int d) { return d % 2 != parity; }));
        parts.push_back(b.any(other));
      }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    for (const auto& t : triples(g.n)) {
      auto ds = digits_of(v, t);
      if (ds[0] % 2 == ds[1] % 2 && ds[1] % 2 == ds[2] % 2)
        return fmt::format("{}: {} hold {}, all {}", it.label, span_label(t), digits_text(ds), ds[0] % 2 ? "odd" : "even");
    }
    return std::nullopt;
  }
  void draw(const Item&, const Grid&, bool, std::vector<Shape>&) const override {}  // listed under the grid
};

}  // namespace

const Family& mixed_parity_triples_family() {
  static const MixedParityTriples f;
  return f;
}

}  // namespace psmt::sudoku::families
