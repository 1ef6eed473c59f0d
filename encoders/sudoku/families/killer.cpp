// Killer cages: the digits in a cage do not repeat and, when the cage has a
// total, sum to it. A cage without a total is a no-repeat region only.
//   "killer": [{"cells": [[0, 0], [0, 1]], "sum": 5}, {"cells": "r3c8 r3c9"}]
// Boolean encodings: the no-repeat rule and the sets of digits the cage can
// hold (Builder::distinct_sum_is); integer: Distinct and a linear sum.
// Change repairs: every other total the cage's size allows.
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

// Smallest and largest total of k different digits 1..n.
std::pair<int, int> total_range(int k, int n) {
  int lo = k * (k + 1) / 2, hi = 0;
  for (int i = 0; i < k; ++i) hi += n - i;
  return {lo, hi};
}

std::string cage_label(const Item& it) {
  if (it.value) return fmt::format("killer cage {} at {}, total {}", it.index + 1, span_label(it.cells), *it.value);
  return fmt::format("cage {} at {} (no repeats)", it.index + 1, span_label(it.cells));
}

class Killer : public Family {
 public:
  std::string_view key() const override { return "killer"; }
  std::string_view summary() const override {
    return "killer cages: digits do not repeat in a cage and sum to its total (if given)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "killer cages: digits do not repeat in a cage and sum to its total when one is given", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the cage"}, "sum": {"type": "integer", "minimum": 1, "maximum": 100000, "description": "the total; none: a cage without a total (no repeats only)"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "sum"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n);
      if (auto s = e.find("sum")) it.value = static_cast<int>(s->as_int(1, 100000));
      it.label = cage_label(it);
      return it;
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    if (!it.value) return b.distinct(it.cells);
    F f = b.distinct_sum_is(it.cells, *it.value);
    // The houses the whole cage lies in (its row, column, region): a digit
    // the cage holds leaves the rest of each (Builder::cage_in_house;
    // Blitz 9.3 -> 6.1 ms, Killer Blister 9.4 -> 6.8 ms, the published
    // variants 147 -> 141 ms; the collection's killer IDs within noise,
    // 177 -> 181 ms).
    in_houses(b, it.cells, g);
    return f;
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    if (auto r = repeated_digit(it, ds)) return r;
    int sum = 0;
    for (int d : ds) sum += d;
    if (it.value && sum != *it.value) return fmt::format("{}: its digits {} sum to {}", it.label, digits_text(ds), sum);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    if (!it.value) return out;
    auto [lo, hi] = total_range(static_cast<int>(it.cells.size()), g.n);
    for (int t : other_totals(lo, hi, *it.value)) {
      Item a = it;
      a.value = t;
      a.label = cage_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(cage_shape(it.cells, marked, it.value ? std::to_string(*it.value) : "", "killer"));
  }
};

}  // namespace

const Family& killer_family() {
  static const Killer f;
  return f;
}

}  // namespace psmt::sudoku::families
