// Whispers lines: neighbours on the line differ by at least the line's
// difference: 5 for German whispers (the default), 4 for Dutch whispers.
//   "whispers": [{"cells": [[0, 0], [1, 1], [2, 1]], "difference": 5}]
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string whispers_label(const Item& it) {
  std::string name = *it.value == 5 ? "German whispers" : *it.value == 4 ? "Dutch whispers"
                                                                           : fmt::format("whispers (difference at least {})", *it.value);
  return fmt::format("{} line {} at {}", name, it.index + 1, span_label(it.cells));
}

class Whispers : public Family {
 public:
  std::string_view key() const override { return "whispers"; }
  std::string_view summary() const override {
    return "whispers lines: neighbours on the line differ by at least 5 (German) or the given difference (Dutch: 4)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "whispers lines: neighbours on the line differ by at least the line's difference", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "2 or more cells"}, "difference": {"type": "integer", "minimum": 1, "default": 5, "description": "least difference: 5 German whispers, 4 Dutch whispers"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "difference"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n, 2);
      it.value = 5;
      if (auto d = e.find("difference")) it.value = static_cast<int>(d->as_int(1, g.n));
      it.label = whispers_label(it);
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    const int k = *it.value;
    std::vector<F> parts;
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i) {
      Cell a = it.cells[i], c = it.cells[i + 1];
      if (b.integer()) {
        T x = b.value(a), y = b.value(c);
        parts.push_back(b.any({b.le(b.add({x, b.num(k)}), y), b.le(b.add({y, b.num(k)}), x)}));
      } else {
        parts.push_back(b.pair(a, c, [k](int p, int q) { return std::abs(p - q) >= k; }));
      }
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0; i + 1 < it.cells.size(); ++i)
      if (std::abs(v.at(it.cells[i]) - v.at(it.cells[i + 1])) < *it.value)
        return fmt::format("{}: {} ({}) and {} ({}) differ by less than {}", it.label, cell_label(it.cells[i]),
                           v.at(it.cells[i]), cell_label(it.cells[i + 1]), v.at(it.cells[i + 1]), *it.value);
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#43a047"), 0.18, marked ? "whispers marked" : "whispers"));
  }
};

}  // namespace

const Family& whispers_family() {
  static const Whispers f;
  return f;
}

}  // namespace psmt::sudoku::families
