// Boards divided into regions (heyawake's rooms, star battle's and LITS's
// regions, norinori's): read from rows of region numbers, each region one
// connected piece; what several genres count per region. Plain C++.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "io/json_node.h"

namespace psmt::pencil {

struct Regions {
  std::vector<int> of;                 // per cell: its region, 0.. in reading order of each region's first cell
  std::vector<std::vector<int>> cells;  // per region: its cells in reading order
  int count() const { return static_cast<int>(cells.size()); }
};

// One array per row of region numbers (any integers: cells with the same
// number form a region); sets L's size (1 to max_side each way). A region in
// two pieces is an InputError naming it (`what`: "region", "room").
Regions read_regions(const JsonNode& node, Lattice& L, int max_side, std::string_view what = "region");
// The same regions from a per-cell id (connected pieces assumed).
Regions regions_of(const Lattice& L, const std::vector<int>& id);
// The JSON Schema of such a field, with `what` ("regions") in its words.
std::string regions_schema(const std::string& what);
// "region 3 (r1c1-r2c2)": a region named for people by its number (from 1)
// and the span of its cells.
std::string region_name(const Lattice& L, const Regions& R, int region);
// Rows of region numbers again (for a canonical file).
std::vector<std::vector<int>> region_rows(const Lattice& L, const Regions& R);

// An upright rectangle of cells (what shikaku divides the board into).
struct Rect {
  int row = 0, col = 0, rows = 0, cols = 0;  // top-left cell and size
  int area() const { return rows * cols; }
  bool holds(Cell c) const { return c.row >= row && c.row < row + rows && c.col >= col && c.col < col + cols; }
};
// Every rectangle of L that holds `cell` and, besides it, only cells that
// `allowed` admits; of area at most `most`.
std::vector<Rect> rectangles_holding(const Lattice& L, Cell cell, const std::function<bool(Cell)>& allowed, int most);
// The rectangle a set of cells fills, if it fills one.
std::optional<Rect> filled_rectangle(const std::vector<Cell>& cells);

}  // namespace psmt::pencil
