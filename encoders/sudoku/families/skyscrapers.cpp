// Skyscrapers (Simon Tatham's "towers"): a digit is the height of a tower;
// a clue outside the grid is how many towers are visible from there, looking
// along the row or column, where a tower is visible when it is taller than
// every tower before it.
//   "skyscrapers": {"top": [null, 2, ...], "bottom": [...], "left": [...], "right": [...]}
// n entries per side (top and bottom: per column from the left; left and
// right: per row from the top), a count 1..n or null (0 also means no clue).
// Encoded as "exactly k of the conditions hold" (Builder::count_is), the
// condition of cell i being "it holds some d and no earlier tower is taller
// than d", over a running maximum kept as "some tower so far is taller than
// d" (one formula per position and digit; the pairwise "every earlier cell is
// lower" took twice as long on "Renban Skyscrapers"), with the implied bound
// of each tower's height.
// Change repairs: every other count from 1 to n.
#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string sky_label(const Item& it) { return fmt::format("skyscraper clue {} {}", *it.value, side_words(it)); }

int visible(const std::vector<int>& heights) {
  int seen = 0, tallest = 0;
  for (int h : heights)
    if (h > tallest) {
      tallest = h;
      seen++;
    }
  return seen;
}

class Skyscrapers : public Family {
 public:
  std::string_view key() const override { return "skyscrapers"; }
  std::string_view summary() const override {
    return "skyscrapers: a clue outside the grid counts the towers visible from it (each taller than all before it)";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "skyscrapers (Tatham's towers): digits are tower heights; a clue outside the grid is the number of towers visible from it along its row or column, a tower being visible when it is taller than every tower before it", "properties": {"top": {"type": "array", "description": "n entries, one per column from the left: the count seen from above, or null (or 0) for no clue", "items": {"type": ["integer", "null"], "minimum": 0}}, "bottom": {"type": "array", "description": "n entries, one per column from the left: the count seen from below, or null (or 0)", "items": {"type": ["integer", "null"], "minimum": 0}}, "left": {"type": "array", "description": "n entries, one per row from the top: the count seen from the left, or null (or 0)", "items": {"type": ["integer", "null"], "minimum": 0}}, "right": {"type": "array", "description": "n entries, one per row from the top: the count seen from the right, or null (or 0)", "items": {"type": ["integer", "null"], "minimum": 0}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_sides(node, key(), g, g.n, true, sky_label);
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    // taller[d]: some tower so far is taller than d (the running maximum in
    // the order encoding); tower i is seen when it is taller than all before
    // it: it holds some d and no tower before it is taller than d.
    const int digits = b.n();
    std::vector<F> seen, taller(static_cast<std::size_t>(digits) + 1, b.truth(false));
    for (std::size_t i = 0; i < it.cells.size(); ++i) {
      const Cell c = it.cells[i];
      // The first i towers are different heights, so the tallest of them is
      // at least i: tower i is seen only if taller than i.
      std::vector<F> ways;
      for (int d = static_cast<int>(i) + 1; d <= digits; ++d)
        ways.push_back(i == 0 ? b.is(c, d) : b.all({b.is(c, d), b.negate(taller[static_cast<std::size_t>(d)])}));
      seen.push_back(i == 0 ? b.truth(true) : b.any(ways));  // the first tower is always seen
      for (int d = 1; d < digits; ++d) {
        if (d <= static_cast<int>(i)) {
          taller[static_cast<std::size_t>(d)] = b.truth(true);
          continue;
        }
        taller[static_cast<std::size_t>(d)] = b.any({taller[static_cast<std::size_t>(d)], b.among(c, [d](int e) { return e > d; })});
      }
    }
    // Implied: the tower at position i (from 0) is at most n + i + 1 - clue
    // (at most i + 1 towers up to it are seen, and at most n - h after a
    // tower of height h). Part of the clue, so diagnose blames the clue.
    std::vector<F> parts{b.count_is(seen, *it.value)};
    const int n = static_cast<int>(it.cells.size());
    for (int i = 0; i < n; ++i) {
      const int most = n + i + 1 - *it.value;
      if (most < n) parts.push_back(b.among(it.cells[static_cast<std::size_t>(i)], [most](int d) { return d <= most; }));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto heights = digits_of(v, it.cells);
    int k = visible(heights);
    if (k != *it.value) return fmt::format("{}: the towers {} show {}", it.label, digits_text(heights), k);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    for (int k : other_totals(1, g.n, *it.value)) {
      Item a = it;
      a.value = k;
      a.beyond_reach = false;
      a.label = sky_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(text_shape(centre(*it.clue), std::to_string(*it.value), 0.5, colour(marked, "#000"),
                             marked ? "skyscraper marked" : "skyscraper"));
  }
  int margin(const std::vector<Item>& items) const override { return items.empty() ? 0 : 1; }
};

}  // namespace

const Family& skyscrapers_family() {
  static const Skyscrapers f;
  return f;
}

}  // namespace psmt::sudoku::families
