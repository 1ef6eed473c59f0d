// Modular lines: every three consecutive cells of the line hold digits with
// three different remainders when divided by 3 (a line of two: two
// different remainders).   "modular": [{"cells": [[0, 0], [0, 1], [0, 2]]}]
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Modular : public Family {
 public:
  std::string_view key() const override { return "modular"; }
  std::string_view summary() const override {
    return "modular lines: every 3 consecutive cells hold digits with different remainders mod 3";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "modular lines: every three consecutive cells hold digits with three different remainders when divided by 3", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells in order"}, "loop": {"type": "boolean", "default": false, "description": "a closed line: the last cell is next to the first and the windows of three go round"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    if (g.n < 3) node.fail("input.value", "modular lines need digits of three remainders (a grid of 3 or more)");
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("modular {} {} at {}", it.variant == "loop" ? "loop" : "line", it.index + 1, span_label(it.cells));
    }, true);
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    return three_classes(it, b, [](int d) { return d % 3; });
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    return check_three_classes(it, v, [](int d) { return d % 3; }, "a remainder mod 3");
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::vector<Cell> path = it.cells;
    if (it.variant == "loop") path.push_back(it.cells.front());
    out.push_back(line_shape(path, colour(marked, "#81c784"), 0.2, marked ? "modular marked" : "modular"));
  }
};

}  // namespace

const Family& modular_family() {
  static const Modular f;
  return f;
}

}  // namespace psmt::sudoku::families
