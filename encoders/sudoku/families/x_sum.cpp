// X-sums: a clue outside the grid is the sum of the first X digits of its
// row or column seen from it, X being the first of them.
//   "x_sum": {"top": [null, 15, ...], "left": [...], "bottom": [...], "right": [...]}
// Encoded per first digit x: "the first digit is x" implies "the first x
// digits are one of the sets of x different digits with the clue's total"
// (Builder::distinct_sum_is; the line's digits differ). (One conditional
// sum, cell k counting when the first digit is greater than k, took 1.5 to
// 2 times as long on "Tiny Scar" as a sum per prefix, which took 100-150 ms;
// the sets take 20-40 ms.)
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string x_sum_label(const Item& it) { return fmt::format("X-sum {} {}", *it.value, side_words(it)); }

class XSum : public Family {
 public:
  std::string_view key() const override { return "x_sum"; }
  std::string_view summary() const override {
    return "X-sums: a clue outside the grid sums the first X digits seen from it, X the first of them";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "X-sums: a clue outside the grid is the sum of the first X digits of its row or column as seen from the clue, where X is the first of those digits", "properties": {"top": {"type": "array", "description": "n entries, one per column from the left: the sum seen from above, or null for no clue", "items": {"type": ["integer", "null"], "minimum": 0}}, "bottom": {"type": "array", "description": "n entries, one per column from the left: the sum seen from below, or null", "items": {"type": ["integer", "null"], "minimum": 0}}, "left": {"type": "array", "description": "n entries, one per row from the top: the sum seen from the left, or null", "items": {"type": ["integer", "null"], "minimum": 0}}, "right": {"type": "array", "description": "n entries, one per row from the top: the sum seen from the right, or null", "items": {"type": ["integer", "null"], "minimum": 0}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_sides(node, key(), g, g.n * (g.n + 1) / 2, false, x_sum_label);
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    // Implied: the first digit x is one for which x and x - 1 other different
    // digits can make the clue (cells of a row or column differ).
    const int v = *it.value, n = g.n;
    auto feasible = [v, n](int x) {
      int lo = x, hi = x;
      for (int d = 1, k = 0; d <= n && k < x - 1; ++d)
        if (d != x) lo += d, ++k;
      for (int d = n, k = 0; d >= 1 && k < x - 1; --d)
        if (d != x) hi += d, ++k;
      return lo <= v && v <= hi;
    };
    // The first digit x picks the sum: x -> the first x digits (different:
    // one line) are a set of x digits with total v.
    std::vector<F> parts{b.among(it.cells.front(), feasible)};
    for (int x = 1; x <= n; ++x) {
      if (!feasible(x)) continue;
      std::vector<Cell> prefix(it.cells.begin(), it.cells.begin() + x);
      parts.push_back(b.implies(b.is(it.cells.front(), x), b.distinct_sum_is(prefix, v, false)));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    const int x = v.at(it.cells.front());
    int sum = 0;
    for (int k = 0; k < x; ++k) sum += v.at(it.cells[static_cast<std::size_t>(k)]);
    if (sum != *it.value) return fmt::format("{}: the first {} digits sum to {}", it.label, x, sum);
    return std::nullopt;
  }
  // Totals near the printed one (a misprint is off by a little; each total
  // costs a sum chain in diagnose's change search).
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    for (int t : other_totals(std::max(1, *it.value - 6), std::min(g.n * (g.n + 1) / 2, *it.value + 6), *it.value)) {
      Item a = it;
      a.value = t;
      a.beyond_reach = false;
      a.label = x_sum_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(text_shape(centre(*it.clue), std::to_string(*it.value), 0.45, colour(marked, "#000"),
                             marked ? "x-sum marked" : "x-sum"));
  }
  int margin(const std::vector<Item>& items) const override { return items.empty() ? 0 : 1; }
};

}  // namespace

const Family& x_sum_family() {
  static const XSum f;
  return f;
}

}  // namespace psmt::sudoku::families
