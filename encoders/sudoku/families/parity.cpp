// Odd and even cells: the cell holds an odd (even) digit.
//   "odd": [[0, 0], "r5c5"], "even": [[1, 1]]
// Change repairs: the other parity.
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Parity : public Family {
 public:
  explicit Parity(bool odd) : odd_(odd) {}
  std::string_view key() const override { return odd_ ? "odd" : "even"; }
  std::string_view summary() const override {
    return odd_ ? "odd cells: the cell holds an odd digit (grey circle)" : "even cells: the cell holds an even digit (grey square)";
  }
  std::string schema() const override {
    return odd_ ? R"json({"$ref": "#/$defs/cells", "description": "odd cells"})json"
                  : R"json({"$ref": "#/$defs/cells", "description": "even cells"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    std::vector<Item> out;
    auto cells = parse_cells(node, g.n);
    for (std::size_t i = 0; i < cells.size(); ++i) out.push_back(make(cells[i], static_cast<int>(i), odd_));
    return out;
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    const bool odd = it.variant == "odd";
    return b.among(it.cells[0], [odd](int d) { return (d % 2 == 1) == odd; });
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int d = v.at(it.cells[0]);
    if ((d % 2 == 1) != (it.variant == "odd")) return fmt::format("{} holds {}", it.label, d);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    return {make(it.cells[0], it.index, it.variant != "odd", it.id)};
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::string cls = it.variant + (marked ? " marked" : "");
    if (it.variant == "odd") {
      out.push_back(circle_shape(centre(it.cells[0]), 0.38, colour(marked, "#d5d5d5"), "none", 0, cls));
    } else {
      Shape s;
      s.type = Shape::Type::Rect;
      s.points = {centre(it.cells[0])};
      s.size = 0.36;
      s.fill = colour(marked, "#d5d5d5");
      s.cls = cls;
      out.push_back(s);
    }
  }

 private:
  static Item make(Cell c, int i, bool odd, std::string id = {}) {
    Item it;
    it.index = i;
    it.variant = odd ? "odd" : "even";
    it.id = id.empty() ? fmt::format("{}/{}", it.variant, i) : id;
    it.cells = {c};
    it.label = fmt::format("{} cell {}", it.variant, cell_label(c));
    return it;
  }
  bool odd_;
};

}  // namespace

const Family& odd_family() {
  static const Parity f(true);
  return f;
}
const Family& even_family() {
  static const Parity f(false);
  return f;
}

}  // namespace psmt::sudoku::families
