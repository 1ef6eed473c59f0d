// Double arrows: the digits on the line between its two ends (circles) sum
// to the sum of the two ends.   "double_arrow": [{"cells": [[0, 0], [0, 1], [0, 2]]}]
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class DoubleArrow : public Family {
 public:
  std::string_view key() const override { return "double_arrow"; }
  std::string_view summary() const override {
    return "double arrows: the digits between the two circled ends sum to the ends' sum";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "double arrows: the digits on the line strictly between its two ends (the circles) sum to the sum of the two ends; digits may repeat", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line from one circle to the other, 3 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 3, [](const Item& it) {
      return fmt::format("double arrow {} from {} to {}", it.index + 1, cell_label(it.cells.front()), cell_label(it.cells.back()));
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<std::pair<Cell, int>> terms;
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      terms.push_back({it.cells[i], i == 0 || i + 1 == it.cells.size() ? -1 : 1});
    return b.sum_is(terms, 0);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int ends = v.at(it.cells.front()) + v.at(it.cells.back()), inside = 0;
    for (std::size_t i = 1; i + 1 < it.cells.size(); ++i) inside += v.at(it.cells[i]);
    if (ends != inside) return fmt::format("{}: the ends sum to {}, the line between to {}", it.label, ends, inside);
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::string cls = marked ? "double-arrow marked" : "double-arrow";
    out.push_back(line_shape(it.cells, colour(marked, "#9e9e9e"), 0.08, cls));
    for (auto c : {it.cells.front(), it.cells.back()})
      out.push_back(circle_shape(centre(c), 0.4, "none", colour(marked, "#9e9e9e"), 0.05, cls));
  }
};

}  // namespace

const Family& double_arrow_family() {
  static const DoubleArrow f;
  return f;
}

}  // namespace psmt::sudoku::families
