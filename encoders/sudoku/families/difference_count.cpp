// Difference-count lines: the difference between two neighbouring digits on
// the line is the number of neighbouring pairs on that line with exactly that
// difference (a difference of 2 appears on exactly two pairs of the line).
//   "difference_count": [{"cells": [[0, 0], [0, 1], [1, 1], [1, 2]]}]
// Encoded per difference k: the pairs at difference k number 0 or k (an
// exact count over "this pair differs by k" conditions; k = 0 can never
// appear, since it would have to appear on no pair).
#include <algorithm>
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class DifferenceCount : public Family {
 public:
  std::string_view key() const override { return "difference_count"; }
  std::string_view summary() const override {
    return "difference-count lines: each difference between neighbours is the number of neighbouring pairs on the line with that difference";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "difference-count lines: the difference between two neighbouring digits on the line is the number of neighbouring pairs of that line with exactly that difference", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells in order"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("difference-count line {} at {}", it.index + 1, span_label(it.cells));
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    const int pairs = static_cast<int>(it.cells.size()) - 1;
    std::vector<F> parts;
    for (int k = 0; k < g.n; ++k) {
      std::vector<F> at_k;
      for (int i = 0; i < pairs; ++i)
        at_k.push_back(b.pair(it.cells[i], it.cells[i + 1], [k](int x, int y) { return std::abs(x - y) == k; }));
      std::vector<F> ok{b.count_is(at_k, 0)};
      if (k >= 1 && k <= pairs) ok.push_back(b.count_is(at_k, k));
      parts.push_back(b.any(ok));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    std::vector<int> diffs;
    for (std::size_t i = 0; i + 1 < ds.size(); ++i) diffs.push_back(std::abs(ds[i] - ds[i + 1]));
    for (int k : diffs) {
      const auto count = std::count(diffs.begin(), diffs.end(), k);
      if (count != k)
        return fmt::format("{}: the digits {} have {} {} with difference {}", it.label, digits_text(ds), count,
                           count == 1 ? "pair" : "pairs", k);
    }
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#ba68c8"), 0.2, marked ? "difference-count marked" : "difference-count"));
  }
};

}  // namespace

const Family& difference_count_family() {
  static const DifferenceCount f;
  return f;
}

}  // namespace psmt::sudoku::families
