// Sandwiches: the digits between the 1 and the n (9 on a 9x9) of a row or
// column sum to the clue written outside it.
//   "sandwich": {"rows": [null, 8, null, ...], "columns": [16, null, ...]}
// Encoded as a weighted count: a cell lies between when exactly one of the 1
// and the n lies before it and it is neither; digit d (2..n-1, once in the
// line) lies between when it sits in such a cell; the clue is the sum of d
// over the digits that lie between (Builder::weighted_count_is: the digits
// between are one of the sets of 2..n-1 with the clue's total). (One sum per
// pair of end positions cost 1.9 s on CtC's "Sandwich Sudoku"; a sum of the
// between cells' digits took 100-500 ms; this takes a few ms.) Implied
// clauses per pair of end positions say which digits can lie between them
// and which must (first model 7.9 -> 5.5 ms on that puzzle); and an end at
// one position needs the other end where some set fills the gap (with it,
// unit propagation alone solves CtC's "Sandwich Sudoku", as ISS's
// propagators do: 37 -> 648 candidates excluded before search, check 10.4
// -> 7 ms).
// Change repairs: every other sum from 0 to 2 + ... + (n-1).
#include <algorithm>
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::vector<Cell> line_cells(const Item& it, int n) {
  std::vector<Cell> out;
  for (int k = 0; k < n; ++k) out.push_back(it.variant == "rows" ? Cell{it.index, k} : Cell{k, it.index});
  return out;
}

// Every set of distinct digits from 2..n-1 that sums to total.
std::vector<std::vector<int>> digit_sets(int n, int total) {
  std::vector<std::vector<int>> out;
  std::vector<int> cur;
  auto rec = [&](auto&& self, int from, int left) -> void {
    if (left == 0) out.push_back(cur);
    for (int d = from; d < n && d <= left; ++d) {
      cur.push_back(d);
      self(self, d + 1, left - d);
      cur.pop_back();
    }
  };
  rec(rec, 2, total);
  return out;
}

std::string sandwich_label(const Item& it) {
  return fmt::format("sandwich {} {} = {}", it.variant == "rows" ? "row" : "column", it.index + 1, *it.value);
}

class Sandwich : public Family {
 public:
  std::string_view key() const override { return "sandwich"; }
  std::string_view summary() const override {
    return "sandwiches: digits between the 1 and the largest digit of a row or column sum to the clue";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "sandwiches: the digits between the 1 and the n (9 on a 9x9) of a row or column sum to the clue", "properties": {"rows": {"type": "array", "description": "n entries, one per row (or column) from the top (left): a sum, or null for no clue", "items": {"type": ["integer", "null"], "minimum": 0}}, "columns": {"type": "array", "description": "n entries, one per row (or column) from the top (left): a sum, or null for no clue", "items": {"type": ["integer", "null"], "minimum": 0}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    node.allow_only({"rows", "columns"});
    std::vector<Item> out;
    int max_sum = 0;
    for (int d = 2; d < g.n; ++d) max_sum += d;
    for (const char* side : {"rows", "columns"}) {
      auto list = node.find(side);
      if (!list) continue;
      auto entries = list->items(static_cast<std::size_t>(g.n));
      for (int i = 0; i < g.n; ++i) {
        if (entries[i].is_null()) continue;
        Item it;
        it.index = i;
        it.variant = side;
        it.id = fmt::format("sandwich/{}/{}", side, i);
        it.value = static_cast<int>(entries[i].as_int(0, kMaxOutsideClue));
        it.beyond_reach = *it.value > max_sum;  // a clue no line can meet: no solution, not bad input
        it.cells = line_cells(it, g.n);
        it.clue = std::string(side) == "rows" ? Cell{i, -1} : Cell{-1, i};
        it.label = sandwich_label(it);
        out.push_back(it);
      }
    }
    return out;
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    // Cell k is strictly between the 1 and the n exactly when one of the two
    // has been seen before it and it is neither: one conditional sum.
    const int n = g.n;
    std::vector<std::pair<F, Cell>> terms;
    std::vector<F> seen1, seen_n;
    for (int k = 0; k < n; ++k) {
      Cell c = it.cells[k];
      if (k > 0) {
        F a = b.any(seen1), z = b.any(seen_n);
        F one_seen = b.any({b.all({a, b.negate(z)}), b.all({z, b.negate(a)})});
        terms.push_back({b.all({one_seen, b.negate(b.is(c, 1)), b.negate(b.is(c, n))}), c});
      }
      seen1.push_back(b.is(c, 1));
      seen_n.push_back(b.is(c, n));
    }
    // Each digit 2..n-1 is once in the line: the sum is that of the digits
    // that lie between, d * [d lies between] (a weighted count of n-2 literals).
    std::vector<std::pair<F, int>> between;
    for (int d = 2; d < n; ++d) {
      std::vector<F> at;
      for (const auto& [cond, c] : terms) at.push_back(b.all({cond, b.is(c, d)}));
      between.push_back({b.any(at), d});
    }
    std::vector<F> parts{b.weighted_count_is(between, *it.value)};
    // Implied, for propagation: with the 1 and the n at positions i < j
    // (either way round), the g = j - i - 1 cells between hold g distinct
    // digits of 2..n-1 that sum to the clue. No such set: the two positions
    // exclude each other. Else a cell between holds a digit of some such set,
    // and a cell outside none that every such set holds.
    const std::vector<std::vector<int>> sets = digit_sets(n, *it.value);
    // And: an end at position i needs the other end at a position j whose
    // gap some set fills (support clauses: a 1 where no 9 can sit is
    // excluded before any search).
    std::vector<bool> gap_ok(static_cast<std::size_t>(n), false);
    for (const auto& s : sets) gap_ok[s.size()] = true;
    for (int i = 0; i < n; ++i)
      for (auto [di, dj] : {std::pair{1, n}, std::pair{n, 1}}) {
        std::vector<F> partners{b.negate(b.is(it.cells[i], di))};
        for (int j = 0; j < n; ++j)
          if (j != i && gap_ok[static_cast<std::size_t>(std::abs(i - j) - 1)]) partners.push_back(b.is(it.cells[j], dj));
        parts.push_back(b.any(partners));
      }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const int gap = j - i - 1;
        unsigned in_some = 0, in_all = ~0u;
        bool any_set = false;
        for (const auto& s : sets)
          if (static_cast<int>(s.size()) == gap) {
            unsigned m = 0;
            for (int d : s) m |= 1u << d;
            in_some |= m;
            in_all &= m;
            any_set = true;
          }
        Cell p = it.cells[i], q = it.cells[j];
        for (auto [dp, dq] : {std::pair{1, n}, std::pair{n, 1}}) {
          F np = b.negate(b.is(p, dp)), nq = b.negate(b.is(q, dq));
          if (!any_set) {
            parts.push_back(b.any({np, nq}));
            continue;
          }
          for (int k = 0; k < n; ++k) {
            if (k == i || k == j) continue;
            const bool inside = k > i && k < j;
            for (int d = 2; d < n; ++d) {
              const bool bit = (inside ? in_some : in_all) >> d & 1u;
              if (inside ? !bit : bit) parts.push_back(b.any({np, nq, b.negate(b.is(it.cells[k], d))}));
            }
          }
        }
      }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    int lo = -1, hi = -1;
    for (int k = 0; k < g.n; ++k) {
      if (v.at(it.cells[k]) == 1) lo = k;
      if (v.at(it.cells[k]) == g.n) hi = k;
    }
    if (lo < 0 || hi < 0) return fmt::format("{}: the line lacks a 1 or a {}", it.label, g.n);
    int sum = 0;
    for (int k = std::min(lo, hi) + 1; k < std::max(lo, hi); ++k) sum += v.at(it.cells[k]);
    if (sum != *it.value) return fmt::format("{}: the digits between the 1 and the {} sum to {}", it.label, g.n, sum);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    int max_sum = 0;
    for (int d = 2; d < g.n; ++d) max_sum += d;
    std::vector<Item> out;
    for (int t : other_totals(0, max_sum, *it.value)) {
      Item a = it;
      a.value = t;
      a.beyond_reach = false;
      a.label = sandwich_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(text_shape(centre(*it.clue), std::to_string(*it.value), 0.4, colour(marked, "#000"),
                             marked ? "sandwich marked" : "sandwich"));
  }
  int margin(const std::vector<Item>& items) const override { return items.empty() ? 0 : 1; }
};

}  // namespace

const Family& sandwich_family() {
  static const Sandwich f;
  return f;
}

}  // namespace psmt::sudoku::families
