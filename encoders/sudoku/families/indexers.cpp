// Indexer cells: the digit in an indexer cell says where, in its row, column
// or box, the digit of its own position goes.
//   column indexer at rRcC holding d: rRcd holds C (a column indexer in
//     column 1 holding 4 puts the 1 of its row in column 4);
//   row indexer at rRcC holding d: rdcC holds R;
//   box indexer at position p of its box (1-9 in reading order) holding d:
//     position d of the box holds p.
//   "column_indexer": [[0, 0], [1, 0]], "row_indexer": [...], "box_indexer": [...]
// Three families (one per JSON field) over one class. Boxes: the grid's boxes
// (box indexers need regular boxes of n cells).
#include "common.h"

namespace psmt::sudoku::families {
namespace {

enum class Axis { Row, Column, Box };

class Indexer : public Family {
 public:
  Indexer(Axis axis, const char* key, const char* name) : axis_(axis), key_(key), name_(name) {}
  std::string_view key() const override { return key_; }
  std::string_view summary() const override {
    switch (axis_) {
      case Axis::Column: return "column indexers: a digit d in column C puts C in column d of its row";
      case Axis::Row: return "row indexers: a digit d in row R puts R in row d of its column";
      default: return "box indexers: a digit d at position p of a box puts p at position d of the box";
    }
  }
  std::string schema() const override {
    return fmt::format(R"json({{"$ref": "#/$defs/cells", "description": "{}"}})json", std::string(summary()));
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    if (axis_ == Axis::Box && (g.jigsaw() || g.box_rows * g.box_cols != g.n))
      node.fail("input.value", "box indexers need the grid's regular boxes");
    std::vector<Item> out;
    auto cells = parse_cells(node, g.n);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      Item it;
      it.index = static_cast<int>(i);
      it.id = fmt::format("{}/{}", key_, i);
      it.cells = {cells[i]};
      it.label = fmt::format("{} at {}", name_, cell_label(cells[i]));
      out.push_back(it);
    }
    return out;
  }
  // Where a digit d in the indexer cell points, and the digit that goes there.
  std::pair<Cell, int> target(const Item& it, const Grid& g, int d) const {
    Cell c = it.cells[0];
    switch (axis_) {
      case Axis::Column: return {{c.row, d - 1}, c.col + 1};
      case Axis::Row: return {{d - 1, c.col}, c.row + 1};
      default: {
        int br = c.row / g.box_rows * g.box_rows, bc = c.col / g.box_cols * g.box_cols;
        int p = (c.row - br) * g.box_cols + (c.col - bc);
        return {{br + (d - 1) / g.box_cols, bc + (d - 1) % g.box_cols}, p + 1};
      }
    }
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (int d = 1; d <= g.n; ++d) {
      auto [at, digit] = target(it, g, d);
      parts.push_back(b.implies(b.is(it.cells[0], d), b.is(at, digit)));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    auto [at, digit] = target(it, g, v.at(it.cells[0]));
    if (v.at(at) != digit)
      return fmt::format("{} holds {}, so {} should hold {}, not {}", it.label, v.at(it.cells[0]), cell_label(at), digit, v.at(at));
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    Shape s;
    s.type = Shape::Type::Rect;
    s.points = {centre(it.cells[0])};
    s.size = 0.46;
    s.fill = marked ? "#ffcdd2" : axis_ == Axis::Column ? "#ffe0b2" : axis_ == Axis::Row ? "#c8e6c9" : "#bbdefb";
    s.stroke = "none";
    s.cls = marked ? key_ + " marked" : key_;
    out.push_back(s);
  }

 private:
  Axis axis_;
  std::string key_, name_;
};

}  // namespace

const Family& row_indexer_family() {
  static const Indexer f(Axis::Row, "row_indexer", "row indexer");
  return f;
}
const Family& column_indexer_family() {
  static const Indexer f(Axis::Column, "column_indexer", "column indexer");
  return f;
}
const Family& box_indexer_family() {
  static const Indexer f(Axis::Box, "box_indexer", "box indexer");
  return f;
}

}  // namespace psmt::sudoku::families
