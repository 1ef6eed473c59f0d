#include "encoders/pencil/lattice.h"

#include <fmt/format.h>

namespace psmt::pencil {

std::array<Cell, 2> Lattice::edge_points(int e) const {
  if (is_horizontal(e)) {
    const int r = e / cols, c = e % cols;
    return {Cell{r, c}, Cell{r, c + 1}};
  }
  const int k = e - horizontal_edges(), r = k / (cols + 1), c = k % (cols + 1);
  return {Cell{r, c}, Cell{r + 1, c}};
}

std::string Lattice::edge_label(int e) const {
  const auto p = edge_points(e);
  if (is_horizontal(e)) {
    if (p[0].row < rows) return fmt::format("the edge above r{}c{}", p[0].row + 1, p[0].col + 1);
    return fmt::format("the edge below r{}c{}", p[0].row, p[0].col + 1);
  }
  if (p[0].col < cols) return fmt::format("the edge left of r{}c{}", p[0].row + 1, p[0].col + 1);
  return fmt::format("the edge right of r{}c{}", p[0].row + 1, p[0].col);
}

Cell Lattice::edge_cell(int e) const {
  const auto p = edge_points(e);
  if (is_horizontal(e)) return {p[0].row < rows ? p[0].row : p[0].row - 1, p[0].col};
  return {p[0].row, p[0].col < cols ? p[0].col : p[0].col - 1};
}

std::string Lattice::point_label(int point) const {
  const int r = point / (cols + 1), c = point % (cols + 1);
  const bool bottom = r == rows, right = c == cols;
  return fmt::format("the {}-{} corner of r{}c{}", bottom ? "bottom" : "top", right ? "right" : "left",
                     bottom ? r : r + 1, right ? c : c + 1);
}

std::array<Cell, 2> Lattice::step_cells(int s) const {
  const int across = rows * (cols - 1);
  if (s < across) {
    const int r = s / (cols - 1), c = s % (cols - 1);
    return {Cell{r, c}, Cell{r, c + 1}};
  }
  const int t = s - across, r = t / cols, c = t % cols;
  return {Cell{r, c}, Cell{r + 1, c}};
}

std::string Lattice::step_label(int s) const {
  const auto p = step_cells(s);
  return fmt::format("r{}c{}-r{}c{}", p[0].row + 1, p[0].col + 1, p[1].row + 1, p[1].col + 1);
}

graph::Graph Lattice::point_graph() const {
  graph::Graph g;
  g.vertices = points();
  for (int e = 0; e < edges(); ++e) {
    const auto p = edge_points(e);
    g.edges.push_back({point(p[0].row, p[0].col), point(p[1].row, p[1].col)});
  }
  g.index();
  return g;
}

graph::Graph Lattice::cell_graph() const {
  graph::Graph g;
  g.vertices = cells();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c + 1 < cols; ++c) g.edges.push_back({cell(r, c), cell(r, c + 1)});
  for (int r = 0; r + 1 < rows; ++r)
    for (int c = 0; c < cols; ++c) g.edges.push_back({cell(r, c), cell(r + 1, c)});
  g.index();
  return g;
}

}  // namespace psmt::pencil
