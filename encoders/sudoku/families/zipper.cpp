// Zipper lines: two cells at the same distance from the line's centre sum
// to the same total; on a line of odd length that total is the digit in
// the centre cell, on one of even length it is the two centre cells' sum.
// Digits may repeat.   "zipper": [{"cells": [[0, 0], [0, 1], [0, 2]]}]
// Encoded per total t: "the centre makes t" implies "a pair's cell holding d
// has t - d in its partner", and back, a pair's digits d and e imply "the
// centre makes d + e" (Boolean encodings; "Jumbled Joy", no givens: first
// model 46 -> 9 ms on CaDiCaL with the second), or each pair's sum minus the
// centre's is 0 (integer).
#include "common.h"

namespace psmt::sudoku::families {
namespace {

// The pairs around the centre, and the centre (one cell, or the middle pair).
struct Zip {
  std::vector<std::pair<Cell, Cell>> pairs;
  std::vector<Cell> centre;
};
Zip zip(const Item& it) {
  Zip z;
  const std::size_t len = it.cells.size();
  for (std::size_t i = 0, j = len - 1; i < j; ++i, --j) {
    if (len % 2 == 0 && j == i + 1) z.centre = {it.cells[i], it.cells[j]};
    else z.pairs.push_back({it.cells[i], it.cells[j]});
  }
  if (len % 2 == 1) z.centre = {it.cells[len / 2]};
  return z;
}

class Zipper : public Family {
 public:
  std::string_view key() const override { return "zipper"; }
  std::string_view summary() const override {
    return "zipper lines: cells equally far from the centre sum to the centre digit (odd length) or the centre pair's sum";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "zipper lines: two cells equally far from the line's centre sum to the digit in the centre cell (odd length) or to the sum of the two centre cells (even length); digits may repeat", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 3 or more cells in order"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 3, [](const Item& it) {
      return fmt::format("zipper line {} at {}", it.index + 1, span_label(it.cells));
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    Zip z = zip(it);
    const int n = g.n;
    if (b.integer() || z.pairs.empty()) {
      std::vector<F> parts;
      for (auto [a, c] : z.pairs) {
        std::vector<std::pair<Cell, int>> terms{{a, 1}, {c, 1}};
        for (auto m : z.centre) terms.push_back({m, -1});
        parts.push_back(b.sum_is(terms, 0));
      }
      return b.all(parts);
    }
    // Per total t: "the centre makes t" implies, for each pair, "a holds d
    // implies c holds t - d" (a table: each pair's digits follow from the
    // other's and the total at once).
    std::vector<F> parts, makes;  // makes[t - 1]: the centre makes t
    const int most = static_cast<int>(z.centre.size()) * n;  // the largest total the centre can make
    for (int t = 1; t <= 2 * n; ++t) {
      if (t > most) {
        makes.push_back(b.truth(false));
        continue;
      }
      F centre = z.centre.size() == 1 ? b.is(z.centre[0], t)
                                      : b.grouped_sum_is(seeing_groups(z.centre, g), {}, t);
      makes.push_back(centre);
      std::vector<F> pairs;
      for (auto [a, c] : z.pairs)
        for (int d = 1; d <= n; ++d) pairs.push_back(b.implies(b.is(a, d), b.is(c, t - d)));
      parts.push_back(b.implies(centre, b.all(pairs)));
    }
    // Implied, per cell of a pair: the centre's total t leaves it the digits
    // d with t - d a digit, and not t / 2 when the pair's cells see each
    // other; its digit d leaves the centre the totals d + 1 .. d + n. Each
    // said with Builder::among, which excludes the rest at once ("Jumbled
    // Joy": 602 -> 158 conflicts to the first model, check 20.8 -> 8.2 ms).
    for (auto [a, c] : z.pairs)
      for (Cell x : {a, c}) {
        for (int t = 1; t <= most; ++t)
          parts.push_back(b.implies(makes[static_cast<std::size_t>(t - 1)], b.among(x, [t, n, twin = sees(a, c, g)](int d) {
            return t - d >= 1 && t - d <= n && !(twin && 2 * d == t);
          })));
        for (int d = 1; d <= n; ++d) {
          std::vector<F> totals;
          for (int t = d + 1; t <= std::min(d + n, most); ++t) totals.push_back(makes[static_cast<std::size_t>(t - 1)]);
          parts.push_back(b.implies(b.is(x, d), z.centre.size() == 1 ? b.among(z.centre[0], [d, n](int m) { return m > d && m <= d + n; }) : b.any(totals)));
        }
      }
    // And back: a pair's two digits make the centre's total (so that a
    // digit rules out its partner's digits whose sum no centre can make,
    // before the centre is known).
    for (auto [a, c] : z.pairs)
      for (int d = 1; d <= n; ++d)
        for (int e = 1; e <= n; ++e)
          parts.push_back(b.any({b.negate(b.is(a, d)), b.negate(b.is(c, e)), makes[static_cast<std::size_t>(d + e - 1)]}));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    Zip z = zip(it);
    int centre = 0;
    for (auto m : z.centre) centre += v.at(m);
    for (auto [a, c] : z.pairs)
      if (v.at(a) + v.at(c) != centre)
        return fmt::format("{}: {} + {} = {}, not {} (the centre)", it.label, cell_label(a), cell_label(c), v.at(a) + v.at(c),
                           centre);
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::string cls = marked ? "zipper marked" : "zipper";
    out.push_back(line_shape(it.cells, colour(marked, "#b39ddb"), 0.2, cls));
    Zip z = zip(it);
    auto [y, x] = z.centre.size() == 1 ? centre(z.centre[0]) : midpoint(z.centre[0], z.centre[1]);
    out.push_back(circle_shape({y, x}, 0.1, colour(marked, "#7e57c2"), "none", 0, cls));
  }
};

}  // namespace

const Family& zipper_family() {
  static const Zipper f;
  return f;
}

}  // namespace psmt::sudoku::families
