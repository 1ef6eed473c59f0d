// Quadruples: each digit in the circle appears in the 2x2 block around it (a
// digit listed twice appears at least twice). As many digits listed as
// cells: every cell holds one of them, implied (Boxes 3.9 -> 2.9 ms,
// Quadiagonal 3.3 -> 2.5 ms).
//   "quadruple": [{"cells": [[2, 2], [2, 3], [3, 2], [3, 3]], "digits": [3, 4, 5]}]
#include <algorithm>
#include <map>
#include <set>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Quadruple : public Family {
 public:
  std::string_view key() const override { return "quadruple"; }
  std::string_view summary() const override {
    return "quadruples: the digits in the circle appear in the 2x2 block around it";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "quadruples: the digits in the circle appear in the cells around it", "items": {"type": "object", "additionalProperties": false, "required": ["cells", "digits"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the (up to) 4 cells around the circle"}, "digits": {"type": "array", "minItems": 1, "maxItems": 4, "items": {"type": "integer", "minimum": 1}, "description": "each appears in the cells (a digit listed twice, at least twice)"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "digits"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n, 1);
      if (it.cells.size() > 4) e.at("cells").fail("input.shape", fmt::format("a quadruple covers at most 4 cells, found {}", it.cells.size()));
      auto ds = e.at("digits").items();
      if (ds.empty() || ds.size() > it.cells.size())
        e.at("digits").fail("input.shape", fmt::format("a quadruple lists 1 to {} digits, found {}", it.cells.size(), ds.size()));
      for (const auto& d : ds) it.digits.push_back(static_cast<int>(d.as_int(1, g.n)));
      std::sort(it.digits.begin(), it.digits.end());
      it.label = fmt::format("quadruple {} at {} ({})", it.index + 1, span_label(it.cells), digits_text(it.digits));
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<F> parts;
    int needed = 0;
    for (auto [d, k] : counts(it)) {
      parts.push_back(b.count_at_least(it.cells, d, k));
      needed += k;
    }
    // Implied: as many digits listed as cells, so every cell holds one of
    // them, said as a literal that excludes the others before any search
    // (Builder::among).
    if (needed == static_cast<int>(it.cells.size())) {
      std::set<int> listed;
      for (auto [d, k] : counts(it)) listed.insert(d);
      for (auto c : it.cells) parts.push_back(b.among(c, [&](int d) { return listed.count(d) > 0; }));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    for (auto [d, k] : counts(it))
      if (std::count(ds.begin(), ds.end(), d) < k)
        return fmt::format("{}: the cells hold {}, with {} fewer than {} times", it.label, digits_text(ds), d, k);
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    double y = 0, x = 0;
    for (auto c : it.cells) {
      y += c.row + 0.5;
      x += c.col + 0.5;
    }
    y /= static_cast<double>(it.cells.size());
    x /= static_cast<double>(it.cells.size());
    std::string cls = marked ? "quadruple marked" : "quadruple";
    out.push_back(circle_shape({y, x}, 0.3, "white", colour(marked, "#000"), 0.03, cls, true));
    std::string text;
    for (int d : it.digits) text += std::to_string(d);
    out.push_back(text_shape({y, x}, text, it.digits.size() > 2 ? 0.17 : 0.22, colour(marked, "#000"), cls + " digits"));
  }

 private:
  static std::map<int, int> counts(const Item& it) {
    std::map<int, int> m;
    for (int d : it.digits) m[d]++;
    return m;
  }
};

}  // namespace

const Family& quadruple_family() {
  static const Quadruple f;
  return f;
}

}  // namespace psmt::sudoku::families
