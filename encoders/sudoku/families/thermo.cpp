// Thermometers: digits strictly increase along the line from the bulb (its
// first cell).   "thermo": [{"cells": [[3, 0], [2, 0], [1, 1]]}]
// Change repairs: the thermometer read from the other end.
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string thermo_label(const Item& it) {
  return fmt::format("thermometer {} from {} to {}", it.index + 1, cell_label(it.cells.front()), cell_label(it.cells.back()));
}

class Thermo : public Family {
 public:
  std::string_view key() const override { return "thermo"; }
  std::string_view summary() const override { return "thermometers: digits strictly increase from the bulb (first cell)"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "thermometers: digits strictly increase from the bulb (the first cell)", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "from the bulb, 2 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) { return thermo_label(it); });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<F> parts;
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i) parts.push_back(b.less(it.cells[i], it.cells[i + 1]));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i)
      if (!(v.at(it.cells[i]) < v.at(it.cells[i + 1])))
        return fmt::format("{} does not increase from {} ({}) to {} ({})", it.label, cell_label(it.cells[i]),
                           v.at(it.cells[i]), cell_label(it.cells[i + 1]), v.at(it.cells[i + 1]));
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    Item a = it;
    std::reverse(a.cells.begin(), a.cells.end());
    a.label = thermo_label(a);
    return {a};
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    const char* grey = colour(marked, "#bdbdbd");
    std::string cls = marked ? "thermo marked" : "thermo";
    out.push_back(circle_shape(centre(it.cells.front()), 0.38, grey, "none", 0, cls));
    out.push_back(line_shape(it.cells, grey, 0.26, cls));
  }
};

}  // namespace

const Family& thermo_family() {
  static const Thermo f;
  return f;
}

}  // namespace psmt::sudoku::families
