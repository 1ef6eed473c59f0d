// Minimum and maximum cells: the cell is less (greater) than each orthogonal
// neighbour that is not itself a minimum (maximum) cell, as rangsk's
// SudokuSolver and SudokuPad read f-puzzles' "minimum"/"maximum".
//   "minimum": [[4, 4]], "maximum": ["r1c1"]
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Extremum : public Family {
 public:
  explicit Extremum(bool minimum) : min_(minimum) {}
  std::string_view key() const override { return min_ ? "minimum" : "maximum"; }
  std::string_view summary() const override {
    return min_ ? "minimum cells: less than every orthogonal neighbour outside the minimum set"
                : "maximum cells: greater than every orthogonal neighbour outside the maximum set";
  }
  std::string schema() const override {
    return min_ ? R"json({"$ref": "#/$defs/cells", "description": "minimum cells: less than every orthogonal neighbour outside the minimum set"})json"
                  : R"json({"$ref": "#/$defs/cells", "description": "maximum cells: greater than every orthogonal neighbour outside the maximum set"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    std::vector<Item> out;
    auto cells = parse_cells(node, g.n);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      Item it;
      it.index = static_cast<int>(i);
      it.id = fmt::format("{}/{}", key(), i);
      it.cells = {cells[i]};
      it.label = fmt::format("{} cell {}", min_ ? "minimum" : "maximum", cell_label(cells[i]));
      out.push_back(it);
    }
    return out;
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (Cell nb : neighbours(it, g)) parts.push_back(min_ ? b.less(it.cells[0], nb) : b.less(nb, it.cells[0]));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    for (Cell nb : neighbours(it, g)) {
      bool ok = min_ ? v.at(it.cells[0]) < v.at(nb) : v.at(it.cells[0]) > v.at(nb);
      if (!ok) return fmt::format("{} holds {}, its neighbour {} holds {}", it.label, v.at(it.cells[0]), cell_label(nb), v.at(nb));
    }
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    // Chevrons on the cell's rim, pointing out (maximum) or in (minimum).
    auto [y, x] = centre(it.cells[0]);
    const char* col = colour(marked, "#757575");
    std::string cls = std::string(key()) + (marked ? " marked" : "");
    const double e = 0.42, w = 0.12, t = min_ ? -0.06 : 0.06;
    for (auto [dy, dx] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
      Shape s;
      s.type = Shape::Type::Line;
      double cy = y + dy * e, cx = x + dx * e;
      s.points = {{cy - dy * t + dx * w, cx - dx * t + dy * w}, {cy + dy * t, cx + dx * t}, {cy - dy * t - dx * w, cx - dx * t - dy * w}};
      s.stroke = col;
      s.size = 0.04;
      s.cls = cls;
      out.push_back(s);
    }
  }

 private:
  std::vector<Cell> neighbours(const Item& it, const Grid& g) const {
    std::vector<Cell> set;
    if (const auto* items = g.items(key()))
      for (const auto& o : *items) set.push_back(o.cells[0]);
    std::vector<Cell> out;
    Cell c = it.cells[0];
    for (Cell nb : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1}, Cell{c.row, c.col + 1}}) {
      if (nb.row < 0 || nb.col < 0 || nb.row >= g.n || nb.col >= g.n) continue;
      if (std::find(set.begin(), set.end(), nb) != set.end()) continue;
      out.push_back(nb);
    }
    return out;
  }
  bool min_;
};

}  // namespace

const Family& minimum_family() {
  static const Extremum f(true);
  return f;
}
const Family& maximum_family() {
  static const Extremum f(false);
  return f;
}

}  // namespace psmt::sudoku::families
