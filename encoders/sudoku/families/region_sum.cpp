// Region-sum lines: region borders (boxes, or the irregular regions) cut the
// line into segments, and every segment of the line has the same sum.
// A segment is a run of consecutive cells of the line in one region; a line
// that comes back into a region starts a new segment there (as f-puzzles and
// rangsk's solver read it).   "region_sum": [{"cells": [[0, 2], [0, 3], [1, 3]]}]
// Encoded as: for some total t, each segment is one of the sets of different
// digits (a segment lies in one region) with total t (Builder::distinct_sum_is;
// "Equal Sums" 400-650 ms -> ...); without regions (a Latin square), each
// segment's sum minus the first segment's is 0.
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::vector<std::vector<Cell>> segments(const Item& it, const Grid& g) {
  std::vector<Cell> cells = it.cells;
  if (it.variant == "loop") {
    // A loop's segments go round: start where a region begins.
    const std::size_t k = cells.size();
    for (std::size_t i = 0; i < k; ++i)
      if (g.region(cells[i]) != g.region(cells[(i + k - 1) % k])) {
        std::rotate(cells.begin(), cells.begin() + static_cast<long>(i), cells.end());
        break;
      }
  }
  std::vector<std::vector<Cell>> out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i == 0 || g.region(cells[i]) != g.region(cells[i - 1])) out.emplace_back();
    out.back().push_back(cells[i]);
  }
  return out;
}

class RegionSum : public Family {
 public:
  std::string_view key() const override { return "region_sum"; }
  std::string_view summary() const override {
    return "region-sum lines: the line's segments in each region (cut by region borders) have the same sum";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "region-sum lines: region borders cut the line into segments (a run of the line's cells in one region), and every segment has the same sum", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells in order"}, "loop": {"type": "boolean", "default": false, "description": "a closed line: the last cell is next to the first, and a segment may run across the start"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("region-sum {} {} at {}", it.variant == "loop" ? "loop" : "line", it.index + 1, span_label(it.cells));
    }, true);
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    auto segs = segments(it, g);
    bool houses = true;  // every segment lies in a region: its digits differ
    for (const auto& seg : segs) houses = houses && g.region(seg.front()) >= 0;
    if (houses && segs.size() > 1) {
      // One total t for the line: each segment is a set of different digits
      // with total t (Builder::distinct_sum_is), for some t all segments allow.
      int lo = 0, hi = 1 << 20;
      for (const auto& seg : segs) {
        const int k = static_cast<int>(seg.size());
        lo = std::max(lo, k * (k + 1) / 2);
        hi = std::min(hi, k * (2 * g.n - k + 1) / 2);
      }
      std::vector<F> totals, links;
      std::vector<std::vector<F>> per;
      for (int t = lo; t <= hi; ++t) {
        std::vector<F> all;
        for (const auto& seg : segs) all.push_back(b.distinct_sum_is(seg, t, false));
        totals.push_back(b.all(all));
        per.push_back(all);
      }
      // And a segment with total t makes it the line's: it implies every
      // other segment's total t (Equal Sums 13.1 -> 11.8 ms).
      for (std::size_t t = 0; t < per.size(); ++t)
        for (F p : per[t]) links.push_back(b.implies(p, totals[t]));
      links.push_back(b.any(totals));
      return b.all(links);
    }
    std::vector<F> parts;
    for (std::size_t k = 1; k < segs.size(); ++k) {
      std::vector<std::pair<Cell, int>> terms;
      for (auto c : segs[k]) terms.push_back({c, 1});
      for (auto c : segs[0]) terms.push_back({c, -1});
      parts.push_back(b.sum_is(terms, 0));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    auto segs = segments(it, g);
    auto sum = [&](const std::vector<Cell>& s) {
      int t = 0;
      for (auto c : s) t += v.at(c);
      return t;
    };
    for (std::size_t k = 1; k < segs.size(); ++k)
      if (sum(segs[k]) != sum(segs[0]))
        return fmt::format("{}: the segment {} sums to {}, the segment {} to {}", it.label, span_label(segs[0]), sum(segs[0]),
                           span_label(segs[k]), sum(segs[k]));
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::vector<Cell> path = it.cells;
    if (it.variant == "loop") path.push_back(it.cells.front());
    out.push_back(line_shape(path, colour(marked, "#4fc3f7"), 0.2, marked ? "region-sum marked" : "region-sum"));
  }
};

}  // namespace

const Family& region_sum_family() {
  static const RegionSum f;
  return f;
}

}  // namespace psmt::sudoku::families
