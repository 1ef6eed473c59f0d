// The geometry the pencil genres share: a rows x cols board of cells, the
// (rows+1) x (cols+1) lattice points around them, and the unit segments
// between lattice points (the edges a Slitherlink loop runs on), numbered
// once for every genre; and the graph of cells joined to their orthogonal
// neighbours (what a Masyu loop runs on, what Nurikabe's areas connect
// over). Plain C++: checkers use it too.
//
// Edges: first the horizontal segments, row of lattice points by row
// (r = 0..rows, c = 0..cols-1: the segment from point (r,c) to (r,c+1),
// above cell (r,c)), then the vertical ones (r = 0..rows-1, c = 0..cols:
// from (r,c) to (r+1,c), left of cell (r,c)).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/graph_check.h"
#include "grid/grid.h"

namespace psmt::pencil {

struct Lattice {
  int rows = 0, cols = 0;

  int cells() const { return rows * cols; }
  int cell(int r, int c) const { return r * cols + c; }
  Cell cell_at(int i) const { return {i / cols, i % cols}; }
  int points() const { return (rows + 1) * (cols + 1); }
  int point(int r, int c) const { return r * (cols + 1) + c; }
  int horizontal_edges() const { return (rows + 1) * cols; }
  int edges() const { return horizontal_edges() + rows * (cols + 1); }
  int h_edge(int r, int c) const { return r * cols + c; }                          // above cell (r,c)
  int v_edge(int r, int c) const { return horizontal_edges() + r * (cols + 1) + c; }  // left of cell (r,c)
  bool is_horizontal(int e) const { return e < horizontal_edges(); }
  // The edge's lattice points, as (row, col) of the point.
  std::array<Cell, 2> edge_points(int e) const;
  // The four edges around a cell: top, right, bottom, left.
  std::array<int, 4> cell_edges(int r, int c) const {
    return {h_edge(r, c), v_edge(r, c + 1), h_edge(r + 1, c), v_edge(r, c)};
  }
  // For people: "the edge above r1c2", "the edge right of r3c5".
  std::string edge_label(int e) const;
  // A cell the edge borders (for highlighting).
  Cell edge_cell(int e) const;
  // For people: a lattice point by a cell it is a corner of ("the top-left
  // corner of r2c3", "the bottom-right corner of r5c5").
  std::string point_label(int point) const;
  // A step's two cells, and for people "r2c3-r2c4".
  std::array<Cell, 2> step_cells(int s) const;
  std::string step_label(int s) const;

  // Steps between neighbouring cells (the edges of cell_graph()): -1 where
  // the cell has no neighbour that way.
  int steps() const { return rows * (cols - 1) + (rows - 1) * cols; }
  int step_right(int r, int c) const { return c + 1 < cols ? r * (cols - 1) + c : -1; }
  int step_down(int r, int c) const { return r + 1 < rows ? rows * (cols - 1) + r * cols + c : -1; }
  int step_left(int r, int c) const { return c > 0 ? step_right(r, c - 1) : -1; }
  int step_up(int r, int c) const { return r > 0 ? step_down(r - 1, c) : -1; }
  // A cell's steps: left, right, up, down (-1 where none).
  std::array<int, 4> cell_steps(int r, int c) const { return {step_left(r, c), step_right(r, c), step_up(r, c), step_down(r, c)}; }

  // A cell's side-by-side neighbours (up, down, left, right), as cell indices.
  std::vector<int> neighbours(int cell) const {
    std::vector<int> out;
    const int r = cell / cols, c = cell % cols;
    if (r > 0) out.push_back(cell - cols);
    if (r + 1 < rows) out.push_back(cell + cols);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < cols) out.push_back(cell + 1);
    return out;
  }
  // And its eight neighbours, diagonals too (kings' moves).
  std::vector<int> around(int cell) const {
    std::vector<int> out;
    const int r = cell / cols, c = cell % cols;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if ((dr || dc) && r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) out.push_back(cell + dr * cols + dc);
    return out;
  }

  // Lattice points joined by the unit segments (edge e of the graph is edge e here).
  graph::Graph point_graph() const;
  // Cells joined to their orthogonal neighbours: first each cell to the one
  // on its right (row by row), then each cell to the one below it.
  graph::Graph cell_graph() const;
};

}  // namespace psmt::pencil
