// Renban lines: the digits on the line are a set of consecutive digits in
// any order, without repeats.   "renban": [{"cells": [[0, 0], [0, 1], [0, 2]]}]
// Encoded as: all different, and every two digits on the line differ by
// less than the line's length (for distinct digits the same as max - min =
// length - 1): pair tables in the Boolean encodings, arithmetic in the
// integer one.
#include <algorithm>
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Renban : public Family {
 public:
  std::string_view key() const override { return "renban"; }
  std::string_view summary() const override {
    return "renban lines: a set of consecutive digits in any order, no repeats";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "renban lines: a set of consecutive digits in any order, no repeats", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 1, [](const Item& it) { return fmt::format("renban line {} at {}", it.index + 1, span_label(it.cells)); });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    const int len = static_cast<int>(it.cells.size());
    std::vector<F> parts{b.distinct(it.cells)};
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      for (std::size_t j = i + 1; j < it.cells.size(); ++j) {
        if (b.integer()) {
          T x = b.value(it.cells[i]), y = b.value(it.cells[j]);
          parts.push_back(b.all({b.lt(b.sub(x, y), b.num(len)), b.lt(b.sub(y, x), b.num(len))}));
        } else {
          parts.push_back(b.pair(it.cells[i], it.cells[j], [len](int p, int q) { return std::abs(p - q) < len; }));
        }
      }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    std::vector<int> sorted = ds;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i + 1 < sorted.size(); ++i)
      if (sorted[i + 1] != sorted[i] + 1)
        return fmt::format("{}: the digits {} are not consecutive without repeats", it.label, digits_text(ds));
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#ce93d8"), 0.22, marked ? "renban marked" : "renban"));
  }
};

}  // namespace

const Family& renban_family() {
  static const Renban f;
  return f;
}

}  // namespace psmt::sudoku::families
