// Entropic lines: every three consecutive cells of the line hold one low,
// one middle and one high digit (1-3, 4-6, 7-9 on a 9x9; the digits in
// thirds on any size divisible by 3: 1-2, 3-4, 5-6 on a 6x6).
//   "entropic": [{"cells": [[0, 0], [0, 1], [0, 2], [1, 2]]}]
// Encoded as: each window of three has a digit of each third.
#include "common.h"

namespace psmt::sudoku::families {
namespace {

int third(int d, int n) { return (d - 1) / (n / 3); }

class Entropic : public Family {
 public:
  std::string_view key() const override { return "entropic"; }
  std::string_view summary() const override {
    return "entropic lines: every 3 consecutive cells hold a low, a middle and a high digit (1-3, 4-6, 7-9)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "entropic lines: every three consecutive cells hold one low, one middle and one high digit (the digits in thirds: 1-3, 4-6, 7-9 on a 9x9); the grid size must be divisible by 3", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells in order"}, "loop": {"type": "boolean", "default": false, "description": "a closed line: the last cell is next to the first and the windows of three go round"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    if (g.n % 3 != 0)
      node.fail("input.value", fmt::format("entropic lines need digits in thirds; a {}x{} grid's digits are not", g.n, g.n));
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("entropic {} {} at {}", it.variant == "loop" ? "loop" : "line", it.index + 1, span_label(it.cells));
    }, true);
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    return three_classes(it, b, [&](int d) { return third(d, g.n); });
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    return check_three_classes(it, v, [&](int d) { return third(d, g.n); }, "a third of the digits");
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::vector<Cell> path = it.cells;
    if (it.variant == "loop") path.push_back(it.cells.front());
    out.push_back(line_shape(path, colour(marked, "#ffb74d"), 0.2, marked ? "entropic marked" : "entropic"));
  }
};

}  // namespace

const Family& entropic_family() {
  static const Entropic f;
  return f;
}

}  // namespace psmt::sudoku::families
