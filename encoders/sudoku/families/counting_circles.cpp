// Counting circles: a digit in a circle says how many circles hold that
// digit (a 3 in a circle: exactly three circles hold a 3). So each digit d is
// in no circle or in exactly d of them.
//   "counting_circles": [[0, 0], [1, 3], [2, 5]]     (the circled cells)
// One clue per digit ("digit 3 is in no circle or in exactly 3"), so that
// diagnosis names the digit whose count breaks; each is an exact count over
// the circles (a counter in the Boolean encodings, a sum of 0/1 terms in the
// integer one).
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class CountingCircles : public Family {
 public:
  std::string_view key() const override { return "counting_circles"; }
  std::string_view summary() const override {
    return "counting circles: a digit in a circle is the number of circles that hold it";
  }
  std::string schema() const override {
    return R"json({"$ref": "#/$defs/cells", "description": "counting circles (the circled cells): a digit in a circle says how many circles hold that digit, so each digit d is in no circle or in exactly d circles"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    auto cells = parse_cells(node, g.n);
    if (cells.empty()) node.fail("input.value", "counting circles need at least one circle");
    std::vector<Item> out;
    for (int d = 1; d <= g.n; ++d) {
      Item it;
      it.id = fmt::format("counting_circles/{}", d);
      it.index = d - 1;
      it.value = d;
      it.cells = cells;
      it.label = fmt::format("counting circles, digit {} (in no circle or in exactly {})", d, d);
      out.push_back(std::move(it));
    }
    return out;
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    const int d = *it.value;
    std::vector<F> holds;
    for (auto c : it.cells) holds.push_back(b.is(c, d));
    std::vector<F> ok{b.count_is(holds, 0)};
    if (d <= static_cast<int>(it.cells.size())) ok.push_back(b.count_is(holds, d));
    return b.any(ok);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    const int d = *it.value;
    std::string where;
    int k = 0;
    for (auto c : it.cells)
      if (v.at(c) == d) where += (k++ ? ", " : "") + cell_label(c);
    if (k == 0 || k == d) return std::nullopt;
    return fmt::format("{}: {} {} a {} ({})", it.label, k, k == 1 ? "circle holds" : "circles hold", d, where);
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    // The circles once (with the first digit's clue), again in red over them
    // for a digit diagnosis blames.
    if (it.index != 0 && !marked) return;
    for (auto c : it.cells)
      out.push_back(circle_shape(centre(c), 0.42, "none", colour(marked, "#616161"), marked ? 0.06 : 0.04,
                                 marked ? "counting-circle marked" : "counting-circle", marked));
  }
};

}  // namespace

const Family& counting_circles_family() {
  static const CountingCircles f;
  return f;
}

}  // namespace psmt::sudoku::families
