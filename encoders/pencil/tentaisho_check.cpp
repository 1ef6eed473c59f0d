// Tentaisho's independent checker: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/tentaisho.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::tentaisho {

std::vector<int> touched(const Board& b, const Dot& d) {
  std::vector<int> out;
  for (int r = (d.y - 1) / 2; r <= d.y / 2; ++r)
    for (int c = (d.x - 1) / 2; c <= d.x / 2; ++c)
      if (r >= 0 && r < b.lat.rows && c >= 0 && c < b.lat.cols) out.push_back(b.lat.cell(r, c));
  return out;
}

std::string dot_label(const Board& b, const Dot& d) {
  const auto t = touched(b, d);
  const std::string first = cell_label(b.lat.cell_at(t.front())), last = cell_label(b.lat.cell_at(t.back()));
  return t.size() == 1 ? fmt::format("dot in {}", first) : fmt::format("dot between {} and {}", first, last);
}

std::string dot_id(const Board& b, const Dot& d) {
  const auto t = touched(b, d);
  const std::string first = cell_label(b.lat.cell_at(t.front())), last = cell_label(b.lat.cell_at(t.back()));
  return t.size() == 1 ? "dots/" + first : "dots/" + first + "-" + last;
}

int mirror(const Board& b, const Dot& d, int cell) {
  const Cell c = b.lat.cell_at(cell);
  const int r = d.y - c.row - 1, k = d.x - c.col - 1;
  if (r < 0 || r >= b.lat.rows || k < 0 || k >= b.lat.cols) return -1;
  return b.lat.cell(r, k);
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& galaxy) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.lat.cols; ++c) row.push_back(galaxy[static_cast<std::size_t>(b.lat.cell(r, c))]);
    rows.push_back(row);
  }
  return rows;
}

std::vector<int> galaxies_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("{} rows of galaxy numbers", L.rows));
  std::vector<int> out;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols) throw InputError("input.shape", fmt::format("/{}", r), fmt::format("{} galaxy numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > static_cast<int64_t>(b.dots.size()))
        throw InputError("input.value", fmt::format("/{}/{}", r, c), fmt::format("a dot number from 1 to {}, or 0 for a hole", b.dots.size()));
      out.push_back(v.get<int>());
    }
  }
  return out;
}

std::vector<Violation> check_galaxies(const Board& b, const std::vector<int>& galaxy) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (int i = 0; i < L.cells(); ++i) {
    const int g = galaxy[static_cast<std::size_t>(i)];
    if (b.hole[static_cast<std::size_t>(i)] != (g == 0))
      out.push_back({"rule/cover", fmt::format("{} {}", cell_label(L.cell_at(i)), g == 0 ? "is in no galaxy" : "is a hole, in a galaxy")});
    const int a = b.assigned[static_cast<std::size_t>(i)];
    if (a && a != g) out.push_back({fmt::format("assigned/{}", cell_label(L.cell_at(i))), fmt::format("{} is not in galaxy {}", cell_label(L.cell_at(i)), a)});
  }
  const graph::Graph cells = L.cell_graph();
  for (std::size_t k = 0; k < b.dots.size(); ++k) {
    const Dot& d = b.dots[k];
    const int g = static_cast<int>(k) + 1;
    // A dot left out (dropped by diagnose) is there or not: no galaxy, or
    // one that holds its cells.
    const bool there = d.holds || std::find(galaxy.begin(), galaxy.end(), g) != galaxy.end();
    for (int t : there ? touched(b, d) : std::vector<int>())
      if (galaxy[static_cast<std::size_t>(t)] != g)
        out.push_back({d.holds ? dot_id(b, d) : "rule/left-out", fmt::format("{}: {} is not in its galaxy", dot_label(b, d), cell_label(L.cell_at(t)))});
    std::vector<bool> in(static_cast<std::size_t>(L.cells()), false);
    for (int i = 0; i < L.cells(); ++i) {
      if (galaxy[static_cast<std::size_t>(i)] != g) continue;
      in[static_cast<std::size_t>(i)] = true;
      const int m = mirror(b, d, i);
      if (m < 0 || galaxy[static_cast<std::size_t>(m)] != g) {
        out.push_back({"rule/symmetric", fmt::format("galaxy {} ({}) is not symmetric about its dot at {}", g, dot_label(b, d), cell_label(L.cell_at(i)))});
        break;
      }
    }
    if (!graph::vertices_connected(cells, in)) out.push_back({"rule/connected", fmt::format("galaxy {} ({}) is not connected", g, dot_label(b, d))});
  }
  return out;
}

}  // namespace psmt::tentaisho
