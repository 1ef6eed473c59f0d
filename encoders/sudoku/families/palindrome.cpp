// Palindromes: the line reads the same from both ends.
//   "palindrome": [{"cells": [[0, 0], [1, 0], [2, 0]]}]
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Palindrome : public Family {
 public:
  std::string_view key() const override { return "palindrome"; }
  std::string_view summary() const override { return "palindrome lines: the line reads the same from both ends"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "palindromes: the line reads the same from both ends", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "2 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) { return fmt::format("palindrome line {} at {}", it.index + 1, span_label(it.cells)); });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<F> parts;
    for (std::size_t i = 0, j = it.cells.size() - 1; i < j; ++i, --j) {
      if (b.integer()) parts.push_back(b.eq(b.value(it.cells[i]), b.value(it.cells[j])));
      else parts.push_back(b.pair(it.cells[i], it.cells[j], [](int p, int q) { return p == q; }));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0, j = it.cells.size() - 1; i < j; ++i, --j)
      if (v.at(it.cells[i]) != v.at(it.cells[j]))
        return fmt::format("{}: {} ({}) and {} ({}) differ", it.label, cell_label(it.cells[i]), v.at(it.cells[i]),
                           cell_label(it.cells[j]), v.at(it.cells[j]));
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#bdbdbd"), 0.2, marked ? "palindrome marked" : "palindrome"));
  }
};

}  // namespace

const Family& palindrome_family() {
  static const Palindrome f;
  return f;
}

}  // namespace psmt::sudoku::families
