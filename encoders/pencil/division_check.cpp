// Divisions into areas, and shapes: plain C++, no solver.
#include "encoders/pencil/division.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::pencil {

std::vector<int> regions_of_steps(const Lattice& L, const std::vector<bool>& join, int& count) {
  return graph::components(L.cell_graph(), std::vector<bool>(static_cast<std::size_t>(L.cells()), true), join, count);
}

nlohmann::json division_json(const Lattice& L, const std::vector<bool>& join) {
  int count = 0;
  const auto area = regions_of_steps(L, join, count);
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < L.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < L.cols; ++c) row.push_back(area[static_cast<std::size_t>(L.cell(r, c))] + 1);
    out.push_back(row);
  }
  return out;
}

std::vector<bool> division_steps(const Lattice& L, const nlohmann::json& solution) {
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("a solution is {} arrays, one per row", L.rows));
  std::vector<int64_t> id;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("an array of {} numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer()) throw InputError("input.value", fmt::format("/{}/{}", r, c), "an area's number");
      id.push_back(v.get<int64_t>());
    }
  }
  std::vector<bool> join(static_cast<std::size_t>(L.steps()), false);
  for (int s = 0; s < L.steps(); ++s) {
    const auto [a, b] = L.step_cells(s);
    join[static_cast<std::size_t>(s)] = id[static_cast<std::size_t>(L.cell(a.row, a.col))] == id[static_cast<std::size_t>(L.cell(b.row, b.col))];
  }
  return join;
}

std::vector<std::vector<Cell>> area_cells(const Lattice& L, const std::vector<int>& area, int count) {
  std::vector<std::vector<Cell>> out(static_cast<std::size_t>(count));
  for (int i = 0; i < L.cells(); ++i) out[static_cast<std::size_t>(area[static_cast<std::size_t>(i)])].push_back(L.cell_at(i));
  return out;
}

namespace {
// The shape moved to its top-left corner, sorted.
std::vector<Cell> normal(std::vector<Cell> cells) {
  int r0 = cells[0].row, c0 = cells[0].col;
  for (const Cell& c : cells) r0 = std::min(r0, c.row), c0 = std::min(c0, c.col);
  for (Cell& c : cells) c = {c.row - r0, c.col - c0};
  std::sort(cells.begin(), cells.end());
  return cells;
}
}  // namespace

bool same_shape(const std::vector<Cell>& a, const std::vector<Cell>& b) {
  if (a.size() != b.size()) return false;
  if (a.empty()) return true;
  const auto want = normal(b);
  for (int t = 0; t < 8; ++t) {
    std::vector<Cell> moved;
    for (const Cell& c : a) {
      int r = c.row, k = c.col;
      if (t & 4) std::swap(r, k);
      if (t & 1) r = -r;
      if (t & 2) k = -k;
      moved.push_back({r, k});
    }
    if (normal(moved) == want) return true;
  }
  return false;
}

std::vector<std::vector<Cell>> parts_of(const std::vector<Cell>& cells) {
  std::vector<std::vector<Cell>> out;
  std::vector<bool> seen(cells.size(), false);
  for (std::size_t s = 0; s < cells.size(); ++s) {
    if (seen[s]) continue;
    std::vector<std::size_t> stack{s};
    seen[s] = true;
    std::vector<Cell> part;
    while (!stack.empty()) {
      const Cell c = cells[stack.back()];
      stack.pop_back();
      part.push_back(c);
      for (std::size_t k = 0; k < cells.size(); ++k)
        if (!seen[k] && std::abs(cells[k].row - c.row) + std::abs(cells[k].col - c.col) == 1) {
          seen[k] = true;
          stack.push_back(k);
        }
    }
    std::sort(part.begin(), part.end());
    out.push_back(part);
  }
  return out;
}

}  // namespace psmt::pencil
