// X-sums: a clue outside the grid is the sum of the first X digits of its
// row or column seen from it, X being the first of them.
//   "x_sum": {"top": [null, 15, ...], "left": [...], "bottom": [...], "right": [...]}
// Encoded as: for the X the first cell holds, the first X cells sum to the clue.
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
    std::vector<F> cases;
    for (int x = 1; x <= g.n; ++x) {
      std::vector<std::pair<Cell, int>> terms;
      for (int k = 0; k < x; ++k) terms.push_back({it.cells[static_cast<std::size_t>(k)], 1});
      cases.push_back(b.all({b.is(it.cells.front(), x), b.sum_is(terms, *it.value)}));
    }
    return b.any(cases);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    const int x = v.at(it.cells.front());
    int sum = 0;
    for (int k = 0; k < x; ++k) sum += v.at(it.cells[static_cast<std::size_t>(k)]);
    if (sum != *it.value) return fmt::format("{}: the first {} digits sum to {}", it.label, x, sum);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    for (int t : other_totals(1, g.n * (g.n + 1) / 2, *it.value)) {
      Item a = it;
      a.value = t;
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
