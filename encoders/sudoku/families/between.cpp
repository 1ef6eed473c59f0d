// Between lines: every digit on the line lies strictly between the digits in
// the two circles at its ends (the first and the last cell).
//   "between": [{"cells": [[0, 0], [0, 1], [0, 2], [0, 3]]}]
// Boolean encodings: per cell and digit, clauses over "end at most k"
// literals (the ends' bounds bound each cell's digit, and a cell's digit and
// one end's bound the other end); integer:
// either order of "less" (a < m < z or z < m < a).
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Between : public Family {
 public:
  std::string_view key() const override { return "between"; }
  std::string_view summary() const override {
    return "between lines: digits on the line lie strictly between the two end circles";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "between lines: the digits on the line lie strictly between the digits in its two end circles", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, from one circle to the other (2 or more cells)"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) { return fmt::format("between line {} from {} to {}", it.index + 1, cell_label(it.cells.front()), cell_label(it.cells.back())); });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    Cell a = it.cells.front(), z = it.cells.back();
    std::vector<F> parts;
    const int n = b.n();
    for (std::size_t i = 1; i + 1 < it.cells.size(); ++i) {
      Cell m = it.cells[i];
      if (b.integer()) {
        parts.push_back(b.any({b.all({b.less(a, m), b.less(m, z)}), b.all({b.less(z, m), b.less(m, a)})}));
        continue;
      }
      // Boolean encodings: for each digit f of the cell, four clauses: f is
      // at neither end, some end is below f and some end above f (with the
      // first two, one end below and the other above: the rule). "End at
      // most k" is Builder::among's literal, shared by the line's cells, so
      // the ends' bounds bound the cell and the cell's digit and one end's
      // bound the other end. (Clauses per pair of end digits, 243 per cell,
      // took half of Dotween's time to write: 4.8 ms against ISS's 1.0.)
      // Implied: nothing is strictly between two digits without a digit
      // below it and one above, so a cell of the line is neither 1 nor n (a
      // literal that excludes them before search; Dotween 6.0 -> 4.9 ms).
      parts.push_back(b.among(m, [n](int f) { return f > 1 && f < n; }));
      auto at_most = [&](Cell c, int k) { return b.among(c, [k](int f) { return f <= k; }); };
      for (int f = 1; f <= n; ++f) {
        const F here = b.negate(b.is(m, f));
        parts.push_back(b.any({here, b.negate(b.is(a, f))}));
        parts.push_back(b.any({here, b.negate(b.is(z, f))}));
        parts.push_back(f > 1 ? b.any({here, at_most(a, f - 1), at_most(z, f - 1)}) : b.negate(b.is(m, f)));
        parts.push_back(f < n ? b.any({here, b.negate(at_most(a, f)), b.negate(at_most(z, f))}) : b.negate(b.is(m, f)));
      }
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int a = v.at(it.cells.front()), z = v.at(it.cells.back());
    int lo = std::min(a, z), hi = std::max(a, z);
    for (std::size_t i = 1; i + 1 < it.cells.size(); ++i) {
      int m = v.at(it.cells[i]);
      if (!(lo < m && m < hi))
        return fmt::format("{}: {} holds {}, not strictly between {} and {}", it.label, cell_label(it.cells[i]), m, a, z);
    }
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    const char* grey = colour(marked, "#9e9e9e");
    std::string cls = marked ? "between marked" : "between";
    out.push_back(line_shape(it.cells, grey, 0.06, cls));
    out.push_back(circle_shape(centre(it.cells.front()), 0.4, "white", grey, 0.05, cls + " circle"));
    out.push_back(circle_shape(centre(it.cells.back()), 0.4, "white", grey, 0.05, cls + " circle"));
  }
};

}  // namespace

const Family& between_family() {
  static const Between f;
  return f;
}

}  // namespace psmt::sudoku::families
