#include "encoders/pencil/regions.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/graph_check.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::pencil {

Regions regions_of(const Lattice& L, const std::vector<int>& id) {
  Regions R;
  std::map<int, int> number;
  for (int i = 0; i < L.cells(); ++i) {
    const auto [it, fresh] = number.emplace(id[static_cast<std::size_t>(i)], static_cast<int>(number.size()));
    if (fresh) R.cells.emplace_back();
    R.of.push_back(it->second);
    R.cells[static_cast<std::size_t>(it->second)].push_back(i);
  }
  return R;
}

Regions read_regions(const JsonNode& node, Lattice& L, int max_side, std::string_view what) {
  const auto rows = node.items();
  if (rows.empty() || static_cast<int>(rows.size()) > max_side) node.fail("input.shape", fmt::format("1 to {} rows", max_side));
  L.rows = static_cast<int>(rows.size());
  L.cols = 0;
  std::vector<int> id;
  for (const auto& row : rows) {
    const auto cells = row.items();
    if (L.cols == 0) L.cols = static_cast<int>(cells.size());
    if (cells.empty() || static_cast<int>(cells.size()) > max_side) row.fail("input.shape", fmt::format("1 to {} cells", max_side));
    if (static_cast<int>(cells.size()) != L.cols) row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), L.cols));
    for (const auto& e : cells) id.push_back(static_cast<int>(e.as_int(0, 1'000'000'000)));
  }
  Regions R = regions_of(L, id);
  // Each region one piece.
  const graph::Graph g = L.cell_graph();
  for (int r = 0; r < R.count(); ++r) {
    std::vector<bool> in(static_cast<std::size_t>(L.cells()), false);
    for (int c : R.cells[static_cast<std::size_t>(r)]) in[static_cast<std::size_t>(c)] = true;
    if (!graph::vertices_connected(g, in)) {
      const Cell a = L.cell_at(R.cells[static_cast<std::size_t>(r)].front());
      node.fail("input.shape", fmt::format("the {0} of r{1}c{2} (number {3}) is in more than one piece; a {0} is one connected "
                                           "group of cells",
                                           what, a.row + 1, a.col + 1, id[static_cast<std::size_t>(R.cells[static_cast<std::size_t>(r)].front())]));
    }
  }
  return R;
}

std::string regions_schema(const std::string& what) {
  return fmt::format(R"json({{"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns) of {0} numbers: cells with the same number form one {0} (a connected group)", "items": {{"type": "array", "minItems": 1, "maxItems": 100, "items": {{"type": "integer", "minimum": 0}}}}}})json",
                     what);
}

std::string region_name(const Lattice& L, const Regions& R, int region) {
  const auto& cells = R.cells[static_cast<std::size_t>(region)];
  const Cell a = L.cell_at(cells.front()), b = L.cell_at(cells.back());
  return cells.size() == 1 ? fmt::format("region {} (r{}c{})", region + 1, a.row + 1, a.col + 1)
                           : fmt::format("region {} (r{}c{}-r{}c{})", region + 1, a.row + 1, a.col + 1, b.row + 1, b.col + 1);
}

std::vector<std::vector<int>> region_rows(const Lattice& L, const Regions& R) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(L.rows));
  for (int i = 0; i < L.cells(); ++i) out[static_cast<std::size_t>(i / L.cols)].push_back(R.of[static_cast<std::size_t>(i)]);
  return out;
}

std::vector<Rect> rectangles_holding(const Lattice& L, Cell cell, const std::function<bool(Cell)>& allowed, int most) {
  // Cells refused, as sums over the rectangles from the top-left corner.
  std::vector<int> sum(static_cast<std::size_t>((L.rows + 1) * (L.cols + 1)), 0);
  auto at = [&](int r, int c) -> int& { return sum[static_cast<std::size_t>(r * (L.cols + 1) + c)]; };
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const Cell x{r, c};
      const bool refused = !(x.row == cell.row && x.col == cell.col) && !allowed(x);
      at(r + 1, c + 1) = at(r, c + 1) + at(r + 1, c) - at(r, c) + (refused ? 1 : 0);
    }
  std::vector<Rect> out;
  for (int r0 = cell.row; r0 >= 0; --r0)
    for (int r1 = cell.row; r1 < L.rows; ++r1)
      for (int c0 = cell.col; c0 >= 0; --c0)
        for (int c1 = cell.col; c1 < L.cols; ++c1) {
          const Rect x{r0, c0, r1 - r0 + 1, c1 - c0 + 1};
          if (x.area() > most) break;  // wider is larger still
          if (at(r1 + 1, c1 + 1) - at(r0, c1 + 1) - at(r1 + 1, c0) + at(r0, c0) > 0) break;  // and holds the refused cell too
          out.push_back(x);
        }
  return out;
}

std::optional<Rect> filled_rectangle(const std::vector<Cell>& cells) {
  if (cells.empty()) return std::nullopt;
  int r0 = cells[0].row, r1 = r0, c0 = cells[0].col, c1 = c0;
  for (const Cell& c : cells) r0 = std::min(r0, c.row), r1 = std::max(r1, c.row), c0 = std::min(c0, c.col), c1 = std::max(c1, c.col);
  const Rect x{r0, c0, r1 - r0 + 1, c1 - c0 + 1};
  if (x.area() != static_cast<int>(cells.size())) return std::nullopt;  // the cells are distinct: as many as the box, they fill it
  return x;
}

}  // namespace psmt::pencil
