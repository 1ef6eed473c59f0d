// Nabner lines: no two digits on the line are equal or consecutive (every two
// differ by at least 2).   "nabner": [{"cells": [[0, 0], [1, 1], [2, 1]]}]
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Nabner : public Family {
 public:
  std::string_view key() const override { return "nabner"; }
  std::string_view summary() const override { return "nabner lines: no two digits on the line are equal or consecutive"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "nabner lines: every two digits on the line differ by at least 2 (none equal, none consecutive)", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("nabner line {} at {}", it.index + 1, span_label(it.cells));
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<F> parts;
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      for (std::size_t j = i + 1; j < it.cells.size(); ++j)
        parts.push_back(b.pair(it.cells[i], it.cells[j], [](int p, int q) { return std::abs(p - q) >= 2; }));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      for (std::size_t j = i + 1; j < it.cells.size(); ++j)
        if (std::abs(v.at(it.cells[i]) - v.at(it.cells[j])) < 2)
          return fmt::format("{}: {} ({}) and {} ({}) are {}", it.label, cell_label(it.cells[i]), v.at(it.cells[i]),
                             cell_label(it.cells[j]), v.at(it.cells[j]),
                             v.at(it.cells[i]) == v.at(it.cells[j]) ? "equal" : "consecutive");
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#ffd54f"), 0.2, marked ? "nabner marked" : "nabner"));
  }
};

}  // namespace

const Family& nabner_family() {
  static const Nabner f;
  return f;
}

}  // namespace psmt::sudoku::families
