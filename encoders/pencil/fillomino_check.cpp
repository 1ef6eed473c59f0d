// Fillomino's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/fillomino.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::fillomino {

std::string given_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string given_label(Cell c, int n) { return fmt::format("{} at r{}c{}", n, c.row + 1, c.col + 1); }
std::string step_label(const pencil::Lattice& L, int step) {
  const auto [u, v] = L.cell_graph().edges[static_cast<std::size_t>(step)];
  const Cell a = L.cell_at(u), c = L.cell_at(v);
  return cell_label(a) + (a.row == c.row ? "|" : "_") + cell_label(c);
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& number) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.lat.cols; ++c) row.push_back(number[static_cast<std::size_t>(b.lat.cell(r, c))]);
    rows.push_back(row);
  }
  return rows;
}

std::vector<int> numbers_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows) throw InputError("input.shape", "", fmt::format("{} rows of numbers", L.rows));
  std::vector<int> out;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols) throw InputError("input.shape", fmt::format("/{}", r), fmt::format("{} numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > L.cells())
        throw InputError("input.value", fmt::format("/{}/{}", r, c), fmt::format("a number from 1 to {}", L.cells()));
      out.push_back(v.get<int>());
    }
  }
  return out;
}

std::vector<Violation> check_numbers(const Board& b, const std::vector<int>& number) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  const graph::Graph g = L.cell_graph();
  std::vector<bool> joined(g.edges.size());
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    const auto [u, v] = g.edges[e];
    joined[e] = number[static_cast<std::size_t>(u)] == number[static_cast<std::size_t>(v)];
    if (joined[e] && b.wall[e]) out.push_back({"rule/wall", fmt::format("the same number on both sides of the wall {}", step_label(L, static_cast<int>(e)))});
  }
  std::vector<bool> all(static_cast<std::size_t>(L.cells()), true);
  int count = 0;
  const auto comp = graph::components(g, all, joined, count);
  std::vector<int> size(static_cast<std::size_t>(count), 0), first(static_cast<std::size_t>(count), -1);
  for (int i = 0; i < L.cells(); ++i) {
    const int k = comp[static_cast<std::size_t>(i)];
    size[static_cast<std::size_t>(k)]++;
    if (first[static_cast<std::size_t>(k)] < 0) first[static_cast<std::size_t>(k)] = i;
  }
  for (int k = 0; k < count; ++k) {
    const int i = first[static_cast<std::size_t>(k)];
    if (size[static_cast<std::size_t>(k)] != number[static_cast<std::size_t>(i)])
      out.push_back({"rule/size", fmt::format("the area of {}s at {} has {} cells", number[static_cast<std::size_t>(i)], cell_label(L.cell_at(i)),
                                              size[static_cast<std::size_t>(k)])});
  }
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.given[static_cast<std::size_t>(i)];
    if (n && number[static_cast<std::size_t>(i)] != n)
      out.push_back({given_id(L.cell_at(i)), fmt::format("{}: the cell holds {}", given_label(L.cell_at(i), n), number[static_cast<std::size_t>(i)])});
  }
  return out;
}

}  // namespace psmt::fillomino
