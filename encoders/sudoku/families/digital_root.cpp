// Digital-root cages (rangsk's "DR" cages): the digits in the cage do not
// repeat, and the digital root of their sum (the sum's digits added until one
// digit is left) is the cage's root.   "digital_root": [{"cells": [...], "root": 5}]
// Encoded as: no repeats, and the sum is one of root, root + 9, root + 18...
#include "common.h"

namespace psmt::sudoku::families {
namespace {

int digital_root(int s) { return s == 0 ? 0 : 1 + (s - 1) % 9; }

class DigitalRoot : public Family {
 public:
  std::string_view key() const override { return "digital_root"; }
  std::string_view summary() const override {
    return "digital-root cages: no repeats; the digital root of the cage's sum is its clue";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "digital-root cages: digits do not repeat in the cage, and the digital root of their sum (digits added up until one is left) is the root", "items": {"type": "object", "additionalProperties": false, "required": ["cells", "root"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the cage"}, "root": {"type": "integer", "minimum": 1, "maximum": 9, "description": "the digital root of the cage's sum"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "root"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n);
      it.value = static_cast<int>(e.at("root").as_int(1, 9));
      it.label = fmt::format("digital-root cage {} at {}, root {}", i + 1, span_label(it.cells), *it.value);
      return it;
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    std::vector<std::pair<Cell, int>> terms;
    for (auto c : it.cells) terms.push_back({c, 1});
    const int most = static_cast<int>(it.cells.size()) * g.n;
    std::vector<F> sums;
    for (int t = *it.value; t <= most; t += 9) sums.push_back(b.sum_is(terms, t));
    return b.all({b.distinct(it.cells), b.any(sums)});
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    if (auto r = repeated_digit(it, ds)) return r;
    int sum = 0;
    for (int d : ds) sum += d;
    if (digital_root(sum) != *it.value)
      return fmt::format("{}: the digits sum to {}, whose digital root is {}", it.label, sum, digital_root(sum));
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    std::vector<Item> out;
    for (int r : other_totals(1, 9, *it.value)) {
      Item a = it;
      a.value = r;
      a.label = fmt::format("digital-root cage {} at {}, root {}", it.index + 1, span_label(it.cells), r);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(cage_shape(it.cells, marked, fmt::format("DR{}", *it.value), "digital-root"));
  }
};

}  // namespace

const Family& digital_root_family() {
  static const DigitalRoot f;
  return f;
}

}  // namespace psmt::sudoku::families
