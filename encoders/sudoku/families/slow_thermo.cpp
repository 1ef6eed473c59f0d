// Slow thermometers: digits never decrease along the line from the bulb (its
// first cell); neighbours on the line may be equal.
//   "slow_thermo": [{"cells": [[3, 0], [2, 0], [1, 1]]}]
// Change repairs: the thermometer read from the other end.
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string slow_thermo_label(const Item& it) {
  return fmt::format("slow thermometer {} from {} to {}", it.index + 1, cell_label(it.cells.front()), cell_label(it.cells.back()));
}

class SlowThermo : public Family {
 public:
  std::string_view key() const override { return "slow_thermo"; }
  std::string_view summary() const override {
    return "slow thermometers: digits increase or stay the same from the bulb (first cell)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "slow thermometers: digits increase or stay the same from the bulb (the first cell)", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "from the bulb, 2 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) { return slow_thermo_label(it); });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    if (b.integer()) {
      for (std::size_t i = 0; i + 1 < it.cells.size(); ++i) parts.push_back(b.negate(b.less(it.cells[i + 1], it.cells[i])));
      return b.all(parts);
    }
    // Boolean: "not less" as support clauses of its own (the negation of
    // less's clauses is one disjunction over them, which propagates
    // nothing), and two cells of the line that see each other (a row, a
    // column, a region) strictly increase, however far apart: digits
    // there cannot repeat ("Slow Thermo": first model 44 -> 2.6 ms, whole
    // check 34 -> 7 ms).
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i)
      parts.push_back(b.pair(it.cells[i], it.cells[i + 1], [](int x, int y) { return x <= y; }));
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      for (std::size_t j = i + 1; j < it.cells.size(); ++j) {
        if (it.cells[i] != it.cells[j] && sees(it.cells[i], it.cells[j], g)) parts.push_back(b.less(it.cells[i], it.cells[j]));
      }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i)
      if (v.at(it.cells[i + 1]) < v.at(it.cells[i]))
        return fmt::format("{} decreases from {} ({}) to {} ({})", it.label, cell_label(it.cells[i]), v.at(it.cells[i]),
                           cell_label(it.cells[i + 1]), v.at(it.cells[i + 1]));
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    Item a = it;
    std::reverse(a.cells.begin(), a.cells.end());
    a.label = slow_thermo_label(a);
    return {a};
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    const char* grey = colour(marked, "#bdbdbd");
    std::string cls = marked ? "slow-thermo marked" : "slow-thermo";
    out.push_back(circle_shape(centre(it.cells.front()), 0.38, grey, "none", 0, cls));
    out.push_back(line_shape(it.cells, grey, 0.26, cls));
    // Slow: a white stripe along the tube.
    out.push_back(line_shape(it.cells, marked ? "#ffcdd2" : "#ffffff", 0.06, cls));
  }
};

}  // namespace

const Family& slow_thermo_family() {
  static const SlowThermo f;
  return f;
}

}  // namespace psmt::sudoku::families
