// Skyscrapers (Simon Tatham's "towers"): a digit is the height of a tower;
// a clue outside the grid is how many towers are visible from there, looking
// along the row or column, where a tower is visible when it is taller than
// every tower before it.
//   "skyscrapers": {"top": [null, 2, ...], "bottom": [...], "left": [...], "right": [...]}
// n entries per side (top and bottom: per column from the left; left and
// right: per row from the top), a count 1..n or null (0 also means no clue).
// Encoded as "exactly k of the conditions hold" (Builder::count_is), the
// condition of cell i being "every earlier cell is lower" (Builder::less).
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
    std::vector<F> seen;
    for (std::size_t i = 0; i < it.cells.size(); ++i) {
      std::vector<F> lower;
      for (std::size_t j = 0; j < i; ++j) lower.push_back(b.less(it.cells[j], it.cells[i]));
      seen.push_back(lower.empty() ? b.truth(true) : b.all(lower));
    }
    return b.count_is(seen, *it.value);
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
