// Extra no-repeat groups: extra regions (listed cells), disjoint groups
// (cells in the same position of their boxes), and the diagonals (X sudoku:
// "main" r1c1 to rNcN, "anti" rNc1 to r1cN). Each region, group set or
// diagonal is one clue.
//   "extra_regions": [{"cells": [[0, 0], [0, 1], [1, 0]]}], "disjoint_groups": true,
//   "diagonals": {"main": true, "anti": true}
#include <algorithm>
#include <map>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

std::optional<std::string> repeats(const std::string& label, const std::vector<Cell>& cells, const Values& v) {
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t j = i + 1; j < cells.size(); ++j)
      if (v.at(cells[i]) == v.at(cells[j]))
        return fmt::format("{}: {} and {} both hold {}", label, cell_label(cells[i]), cell_label(cells[j]), v.at(cells[i]));
  return std::nullopt;
}

class ExtraRegions : public Family {
 public:
  std::string_view key() const override { return "extra_regions"; }
  std::string_view summary() const override { return "extra regions: digits do not repeat in each listed group of cells"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "extra regions: digits do not repeat in each listed group of cells", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "2 or more cells"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_cell_lists(node, key(), g, 2, [](const Item& it) { return fmt::format("extra region {} at {}", it.index + 1, span_label(it.cells)); });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override { return b.distinct(it.cells); }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    return repeats(it.label, it.cells, v);
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    for (auto c : it.cells) {
      Shape s;
      s.type = Shape::Type::Rect;
      s.points = {centre(c)};
      s.size = 0.5;
      s.fill = marked ? "#ffcdd2" : "#e0e0e0";
      s.cls = marked ? "extra-region marked" : "extra-region";
      out.push_back(s);
    }
  }
};

class DisjointGroups : public Family {
 public:
  std::string_view key() const override { return "disjoint_groups"; }
  std::string_view summary() const override {
    return "disjoint groups: cells in the same position of their boxes differ (a global rule)";
  }
  std::string schema() const override {
    return R"json({"type": "boolean", "default": false, "description": "disjoint groups: cells in the same position of their boxes differ (needs the regular boxes)"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    if (g.jigsaw() || !g.boxes) node.fail("input.value", "disjoint groups need the regular boxes (not \"regions\", not a futoshiki)");
    return parse_flag(node, "disjoint_groups", "disjoint groups: cells in the same position of their boxes differ");
  }
  F encode(const Item&, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (const auto& grp : groups(g)) parts.push_back(b.distinct(grp));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    for (const auto& grp : groups(g))
      if (auto why = repeats(it.label, grp, v)) return why;
    return std::nullopt;
  }
  void draw(const Item&, const Grid&, bool, std::vector<Shape>&) const override {}

 private:
  static std::vector<std::vector<Cell>> groups(const Grid& g) {
    std::map<std::pair<int, int>, std::vector<Cell>> by_pos;
    for (int r = 0; r < g.n; ++r)
      for (int c = 0; c < g.n; ++c) by_pos[{r % g.box_rows, c % g.box_cols}].push_back({r, c});
    std::vector<std::vector<Cell>> out;
    for (auto& [pos, cells] : by_pos) out.push_back(cells);
    return out;
  }
};

std::vector<Cell> diagonal(int n, bool main) {
  std::vector<Cell> out;
  for (int i = 0; i < n; ++i) out.push_back(main ? Cell{i, i} : Cell{n - 1 - i, i});
  return out;
}

class Diagonals : public Family {
 public:
  std::string_view key() const override { return "diagonals"; }
  std::string_view summary() const override {
    return "diagonals (X sudoku): digits do not repeat on the main (r1c1-rNcN) and/or anti (rNc1-r1cN) diagonal";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "X sudoku: digits do not repeat on the marked diagonals", "properties": {"main": {"type": "boolean", "default": false, "description": "r1c1 to rNcN"}, "anti": {"type": "boolean", "default": false, "description": "rNc1 to r1cN"}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    node.allow_only({"main", "anti"});
    std::vector<Item> out;
    for (const char* which : {"main", "anti"}) {
      auto f = node.find(which);
      if (!f || !f->as_bool()) continue;
      Item it;
      it.id = fmt::format("diagonals/{}", which);
      it.variant = which;
      it.cells = diagonal(g.n, std::string(which) == "main");
      it.label = std::string(which) == "main" ? "main diagonal (r1c1 to rNcN) has no repeats" : "anti-diagonal (rNc1 to r1cN) has no repeats";
      out.push_back(it);
    }
    return out;
  }
  F encode(const Item& it, const Grid&, Builder& b) const override { return b.distinct(it.cells); }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    return repeats(it.label, it.cells, v);
  }
  void draw(const Item& it, const Grid& g, bool marked, std::vector<Shape>& out) const override {
    Shape s;
    s.type = Shape::Type::Line;
    double n = g.n;
    s.points = it.variant == "main" ? std::vector<std::pair<double, double>>{{0, 0}, {n, n}}
                                    : std::vector<std::pair<double, double>>{{n, 0}, {0, n}};
    s.stroke = colour(marked, "#34bbe6");
    s.size = 0.04;
    s.cls = marked ? "diagonal marked" : "diagonal";
    out.push_back(s);
  }
};

}  // namespace

const Family& extra_regions_family() {
  static const ExtraRegions f;
  return f;
}
const Family& disjoint_groups_family() {
  static const DisjointGroups f;
  return f;
}
const Family& diagonals_family() {
  static const Diagonals f;
  return f;
}

}  // namespace psmt::sudoku::families
