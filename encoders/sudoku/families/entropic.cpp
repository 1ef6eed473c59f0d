// Entropic lines: every three consecutive cells of the line hold one low,
// one middle and one high digit (1-3, 4-6, 7-9 on a 9x9; the digits in
// thirds on any size divisible by 3: 1-2, 3-4, 5-6 on a 6x6).
//   "entropic": [{"cells": [[0, 0], [0, 1], [0, 2], [1, 2]]}]
// Encoded as: each window of three has a digit of each third.
#include <set>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

int third(int d, int n) { return (d - 1) / (n / 3); }

class Entropic : public Family {
 public:
  std::string_view key() const override { return "entropic"; }
  std::string_view summary() const override {
    return "entropic lines: every 3 consecutive cells hold a low, a middle and a high digit (1-3, 4-6, 7-9)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "entropic lines: every three consecutive cells hold one low, one middle and one high digit (the digits in thirds: 1-3, 4-6, 7-9 on a 9x9); the grid size must be divisible by 3", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line, 2 or more cells in order"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    if (g.n % 3 != 0)
      node.fail("input.value", fmt::format("entropic lines need digits in thirds; a {}x{} grid's digits are not", g.n, g.n));
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) {
      return fmt::format("entropic line {} at {}", it.index + 1, span_label(it.cells));
    });
  }
  // Windows of three consecutive cells (a line of two: the line itself).
  static std::vector<std::vector<Cell>> windows(const Item& it) {
    std::vector<std::vector<Cell>> out;
    if (it.cells.size() < 3) return {it.cells};
    for (std::size_t i = 0; i + 3 <= it.cells.size(); ++i) out.emplace_back(it.cells.begin() + static_cast<long>(i), it.cells.begin() + static_cast<long>(i + 3));
    return out;
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (const auto& w : windows(it)) {
      if (w.size() == 2) {
        parts.push_back(b.pair(w[0], w[1], [&](int p, int q) { return third(p, g.n) != third(q, g.n); }));
        continue;
      }
      for (int t = 0; t < 3; ++t) {
        std::vector<F> any;
        for (auto c : w) any.push_back(b.among(c, [&, t](int d) { return third(d, g.n) == t; }));
        parts.push_back(b.any(any));
      }
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    for (const auto& w : windows(it)) {
      std::set<int> thirds;
      for (auto c : w) thirds.insert(third(v.at(c), g.n));
      if (thirds.size() != w.size())
        return fmt::format("{}: {} ({}) repeat a third of the digits", it.label, span_label(w), digits_text(digits_of(v, w)));
    }
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(line_shape(it.cells, colour(marked, "#ffb74d"), 0.2, marked ? "entropic marked" : "entropic"));
  }
};

}  // namespace

const Family& entropic_family() {
  static const Entropic f;
  return f;
}

}  // namespace psmt::sudoku::families
