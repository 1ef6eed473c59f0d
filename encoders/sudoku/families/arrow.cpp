// Arrows: the digits along the arrow sum to the number in its circle. A
// circle of 2 or 3 cells (a "pill") reads as a number, its cells in the
// order given as digits from the most significant, as f-puzzles and
// SudokuPad read them (r1c1 = 1, r1c2 = 6 in a pill [r1c1, r1c2] is 16).
// Digits on the arrow may repeat.
//   "arrow": [{"circle": [[0, 0]], "line": [[0, 1], [0, 2]]}]
// Encoded as one sum: the arrow's digits minus 10^k times each circle digit
// is 0, the arrow's runs of cells that see each other counted through their
// totals (Builder::grouped_sum_is); an arrow whose digits differ (one row,
// column or region) under a one-cell circle as "the circle t implies one of
// the sets of digits with total t" (Builder::distinct_sum_is), with the
// digits each t leaves the arrow's cells and the totals each digit leaves the
// circle (Builder::among: unit propagation excludes them before any search;
// Eddies 21 -> 15 ms, Ascension 10 -> 7 ms, 159 Arrows 6.6 -> 5.3 ms).
#include <algorithm>
#include <cmath>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Arrow : public Family {
 public:
  std::string_view key() const override { return "arrow"; }
  std::string_view summary() const override {
    return "arrows: digits on the arrow sum to the circle (a 2-3 cell circle reads as a number)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "arrows: the digits along the arrow sum to the number in its circle", "items": {"type": "object", "additionalProperties": false, "required": ["circle", "line"], "properties": {"circle": {"$ref": "#/$defs/cells", "description": "1 to 3 cells; 2 or 3 cells read as a number, the first the most significant digit (as f-puzzles and SudokuPad read a pill)"}, "line": {"$ref": "#/$defs/cells", "description": "the cells along the arrow (digits may repeat)"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"circle", "line"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("circle"), g.n);
      if (it.cells.size() > 3) e.at("circle").fail("input.shape", fmt::format("a circle has 1 to 3 cells, found {}", it.cells.size()));
      it.cells2 = parse_cells(e.at("line"), g.n);
      for (auto c : it.cells2)
        if (std::find(it.cells.begin(), it.cells.end(), c) != it.cells.end())
          e.at("line").fail("input.value", fmt::format("{} is both in the circle and on the arrow", cell_label(c)));
      it.label = fmt::format("arrow {} from {} along {}", it.index + 1, span_label(it.cells), span_label(it.cells2));
      return it;
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    // A one-cell circle over an arrow whose cells all see each other (one
    // row, column or region: their digits differ): circle t -> the arrow's
    // digits are one of the sets with total t.
    bool clique = it.cells.size() == 1 && it.cells2.size() > 1;
    for (std::size_t i = 0; clique && i < it.cells2.size(); ++i)
      for (std::size_t j = i + 1; clique && j < it.cells2.size(); ++j) {
        clique = sees(it.cells2[i], it.cells2[j], g);
      }
    if (clique) {
      // Circle t implies one of the sets with total t (none: the circle is
      // not t). Implied, through literals that exclude the rest at once
      // (Builder::among): circle t leaves each arrow cell the digits of those
      // sets, and an arrow digit d leaves the circle the totals of the sets
      // that hold d.
      const Cell circle = it.cells[0];
      const auto& body = it.cells2;
      std::vector<uint64_t> digits_for(static_cast<std::size_t>(g.n) + 1, 0);  // the digits of the sets with total t
      for (int t = 1; t <= g.n; ++t) digits_for[static_cast<std::size_t>(t)] = digits_of_sums(static_cast<int>(body.size()), t, g.n);
      std::vector<F> parts;
      for (int t = 1; t <= g.n; ++t) {
        const uint64_t u = digits_for[static_cast<std::size_t>(t)];
        if (!u) {
          parts.push_back(b.negate(b.is(circle, t)));
          continue;
        }
        parts.push_back(b.implies(b.is(circle, t), b.distinct_sum_is(body, t, false)));
        for (auto x : body) parts.push_back(b.implies(b.is(circle, t), b.among(x, [u](int d) { return u >> (d - 1) & 1u; })));
      }
      for (auto x : body)
        for (int d = 1; d <= g.n; ++d)
          parts.push_back(b.implies(b.is(x, d), b.among(circle, [&, d](int t) { return digits_for[static_cast<std::size_t>(t)] >> (d - 1) & 1u; })));
      return b.all(parts);
    }
    std::vector<std::pair<Cell, int>> circle;
    int place = 1;
    for (auto k = it.cells.size(); k-- > 0;) {
      circle.push_back({it.cells[k], -place});
      place *= 10;
    }
    return b.grouped_sum_is(seeing_groups(it.cells2, g), circle, 0);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int circle = 0, sum = 0;
    for (auto c : it.cells) circle = circle * 10 + v.at(c);
    for (auto c : it.cells2) sum += v.at(c);
    if (circle != sum) return fmt::format("{}: the arrow's digits {} sum to {}, the circle holds {}", it.label, digits_text(digits_of(v, it.cells2)), sum, circle);
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    const char* grey = colour(marked, "#9e9e9e");
    std::string cls = marked ? "arrow marked" : "arrow";
    if (it.cells.size() > 1) out.push_back(line_shape(it.cells, "white", 0.8, cls + " pill"));
    for (auto c : it.cells) out.push_back(circle_shape(centre(c), 0.4, "white", grey, 0.05, cls + " circle"));
    // The shaft starts at the circle's rim, towards the first arrow cell.
    Shape s = line_shape(it.cells2, grey, 0.06, cls + " shaft");
    s.type = Shape::Type::Arrow;
    Cell from = it.cells.back();
    double best = 1e9;
    for (auto c : it.cells) {
      double d = std::abs(c.row - it.cells2.front().row) + std::abs(c.col - it.cells2.front().col);
      if (d < best) {
        best = d;
        from = c;
      }
    }
    auto a = centre(from), b2 = centre(it.cells2.front());
    double dy = b2.first - a.first, dx = b2.second - a.second, l = std::sqrt(dy * dy + dx * dx);
    if (l > 0) s.points.insert(s.points.begin(), {a.first + dy / l * 0.4, a.second + dx / l * 0.4});
    out.push_back(s);
  }
};

}  // namespace

const Family& arrow_family() {
  static const Arrow f;
  return f;
}

}  // namespace psmt::sudoku::families
