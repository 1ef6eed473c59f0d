// Little killers: the digits along the marked diagonal sum to the clue
// (digits may repeat). The clue sits outside the grid ([row, col] with row
// or column -1 or n) and points along a diagonal: "DL" (down-left), "DR",
// "UL" or "UR"; or the cells are listed.
//   "little_killer": [{"clue": [-1, 3], "direction": "DL", "sum": 17}]
// Change repairs: every other sum the diagonal's length allows.
#include <cstdlib>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::string lk_label(const Item& it) {
  return fmt::format("little killer {} ({} along {}), sum {}", it.index + 1, it.variant, span_label(it.cells), *it.value);
}

class LittleKiller : public Family {
 public:
  std::string_view key() const override { return "little_killer"; }
  std::string_view summary() const override {
    return "little killers: digits along the marked diagonal sum to the clue (repeats allowed)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "little killers: the digits along a marked diagonal sum to the clue", "items": {"type": "object", "additionalProperties": false, "required": ["sum"], "properties": {"clue": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2, "description": "where the clue is written: [row, col] from 0 with the row or the column -1 or n (outside the grid)"}, "direction": {"enum": ["DL", "DR", "UL", "UR"], "description": "the diagonal the clue points along (down-left, ...)"}, "cells": {"$ref": "#/$defs/cells", "description": "the diagonal's cells (instead of clue and direction, or to check them)"}, "sum": {"type": "integer", "minimum": 0, "maximum": 100000, "description": "what the diagonal's digits sum to (digits may repeat)"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"clue", "direction", "cells", "sum"});
      Item it;
      it.index = i;
      it.value = static_cast<int>(e.at("sum").as_int(0, 100000));
      if (auto cl = e.find("clue")) {
        auto rc = cl->items(2);
        Cell c{static_cast<int>(rc[0].as_int(-1, g.n)), static_cast<int>(rc[1].as_int(-1, g.n))};
        bool outside = c.row == -1 || c.col == -1 || c.row == g.n || c.col == g.n;
        if (!outside) cl->fail("input.value", "a little killer clue sits outside the grid (a row or column of -1 or n)");
        it.clue = c;
      }
      if (auto cells = e.find("cells")) {
        it.cells = parse_cells(*cells, g.n);
        for (std::size_t k = 0; k + 1 < it.cells.size(); ++k)
          if (std::abs(it.cells[k + 1].row - it.cells[k].row) != 1 || std::abs(it.cells[k + 1].col - it.cells[k].col) != 1)
            cells->fail("input.shape", fmt::format("the cells of a little killer follow a diagonal; {} and {} do not touch diagonally",
                                                   cell_label(it.cells[k]), cell_label(it.cells[k + 1])));
        it.variant = it.cells.size() < 2 ? "" : fmt::format("{}{}", it.cells[1].row > it.cells[0].row ? "D" : "U", it.cells[1].col > it.cells[0].col ? "R" : "L");
      }
      if (auto dir = e.find("direction")) {
        std::string d = dir->as_string();
        if (d != "DL" && d != "DR" && d != "UL" && d != "UR") dir->fail("input.value", fmt::format("expected \"DL\", \"DR\", \"UL\" or \"UR\", found \"{}\"", d));
        if (!it.clue) e.fail("input.missing", "a direction needs the clue's position (\"clue\": [row, col])");
        int dr = d[0] == 'D' ? 1 : -1, dc = d[1] == 'R' ? 1 : -1;
        std::vector<Cell> walk;
        for (Cell c{it.clue->row + dr, it.clue->col + dc}; c.row >= 0 && c.col >= 0 && c.row < g.n && c.col < g.n; c = {c.row + dr, c.col + dc})
          walk.push_back(c);
        if (walk.empty()) dir->fail("input.value", fmt::format("from the clue at [{}, {}] the direction {} does not enter the grid", it.clue->row, it.clue->col, d));
        if (!it.cells.empty() && it.cells != walk) e.at("cells").fail("input.value", "the cells are not the diagonal the clue points along");
        it.cells = walk;
        it.variant = d;
      }
      if (it.cells.empty()) e.fail("input.missing", "a little killer needs \"cells\", or \"clue\" and \"direction\"");
      it.label = lk_label(it);
      return it;
    });
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    // The diagonal's runs in one box hold different digits: each counts
    // through its total (Builder::grouped_sum_is).
    return b.grouped_sum_is(seeing_groups(it.cells, g), {}, *it.value);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int sum = 0;
    for (auto c : it.cells) sum += v.at(c);
    if (sum != *it.value) return fmt::format("{}: the digits {} sum to {}", it.label, digits_text(digits_of(v, it.cells)), sum);
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    const int k = static_cast<int>(it.cells.size());
    for (int t : other_totals(k, k * g.n, *it.value)) {
      Item a = it;
      a.value = t;
      a.label = lk_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    std::string cls = marked ? "little-killer marked" : "little-killer";
    Cell first = it.cells.front();
    int dr = it.cells.size() > 1 ? it.cells[1].row - first.row : (it.variant[0] == 'D' ? 1 : -1);
    int dc = it.cells.size() > 1 ? it.cells[1].col - first.col : (it.variant.size() > 1 && it.variant[1] == 'R' ? 1 : -1);
    Cell at = it.clue ? *it.clue : Cell{first.row - dr, first.col - dc};
    auto c = centre(at);
    out.push_back(text_shape(c, std::to_string(*it.value), 0.36, colour(marked, "#000"), cls));
    Shape arrow;
    arrow.type = Shape::Type::Arrow;
    arrow.points = {{c.first + dr * 0.28, c.second + dc * 0.28}, {c.first + dr * 0.48, c.second + dc * 0.48}};
    arrow.stroke = colour(marked, "#000");
    arrow.size = 0.03;
    arrow.cls = cls + " pointer";
    out.push_back(arrow);
  }
  int margin(const std::vector<Item>& items) const override { return items.empty() ? 0 : 1; }
};

}  // namespace

const Family& little_killer_family() {
  static const LittleKiller f;
  return f;
}

}  // namespace psmt::sudoku::families
