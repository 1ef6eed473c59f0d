// Lockout lines: the two ends (diamonds) differ by at least the line's
// difference (4 unless given), and no digit strictly inside the line lies
// between them or equals either.   "lockout": [{"cells": [...], "difference": 4}]
#include <algorithm>
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Lockout : public Family {
 public:
  std::string_view key() const override { return "lockout"; }
  std::string_view summary() const override {
    return "lockout lines: the ends differ by at least 4; no digit inside is between them or equal to either";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "lockout lines: the two ends (diamonds) differ by at least the difference, and every digit strictly inside the line lies outside the range from one end to the other (ends included)", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the line from one diamond to the other, 2 or more cells"}, "difference": {"type": "integer", "minimum": 1, "default": 4, "description": "least difference of the ends"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "difference"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n, 2);
      it.value = 4;
      if (auto d = e.find("difference")) it.value = static_cast<int>(d->as_int(1, g.n));
      it.label = fmt::format("lockout line {} from {} to {}", i + 1, cell_label(it.cells.front()), cell_label(it.cells.back()));
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    const int k = *it.value;
    Cell a = it.cells.front(), z = it.cells.back();
    std::vector<F> parts{b.pair(a, z, [k](int p, int q) { return std::abs(p - q) >= k; })};
    // Inside cell m against the ends: not in [min(a, z), max(a, z)]. As
    // triples of digits: for each pair of end digits, m is outside.
    for (std::size_t i = 1; i + 1 < it.cells.size(); ++i) {
      Cell m = it.cells[i];
      for (int p = 1; p <= b.n(); ++p)
        for (int q = 1; q <= b.n(); ++q) {
          if (std::abs(p - q) < k) continue;
          int lo = std::min(p, q), hi = std::max(p, q);
          parts.push_back(b.implies(b.all({b.is(a, p), b.is(z, q)}), b.among(m, [lo, hi](int d) { return d < lo || d > hi; })));
        }
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int a = v.at(it.cells.front()), z = v.at(it.cells.back());
    if (std::abs(a - z) < *it.value) return fmt::format("{}: the ends {} and {} differ by less than {}", it.label, a, z, *it.value);
    for (std::size_t i = 1; i + 1 < it.cells.size(); ++i) {
      int m = v.at(it.cells[i]);
      if (m >= std::min(a, z) && m <= std::max(a, z))
        return fmt::format("{}: {} ({}) lies between the ends {} and {}", it.label, cell_label(it.cells[i]), m, a, z);
    }
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::string cls = marked ? "lockout marked" : "lockout";
    out.push_back(line_shape(it.cells, colour(marked, "#4db6ac"), 0.2, cls));
    for (auto c : {it.cells.front(), it.cells.back()}) {
      Shape s;
      s.type = Shape::Type::Rect;
      s.points = {centre(c)};
      s.size = 0.25;
      s.fill = "#ffffff";
      s.stroke = colour(marked, "#4db6ac");
      s.stroke_width = 0.05;
      s.cls = cls;
      out.push_back(s);
    }
  }
};

}  // namespace

const Family& lockout_family() {
  static const Lockout f;
  return f;
}

}  // namespace psmt::sudoku::families
