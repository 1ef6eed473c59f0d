// Fillomino's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/fillomino.h"
#include "encoders/pencil/kit.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::fillomino {

std::string given_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string given_label(Cell c, int n) { return fmt::format("{} at r{}c{}", n, c.row + 1, c.col + 1); }
std::string step_label(const pencil::Lattice& L, int step) {
  const auto [a, c] = L.step_cells(step);
  return cell_label(a) + (a.row == c.row ? "|" : "_") + cell_label(c);
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& number) { return pencil::number_rows(b.lat, number); }

std::vector<int> numbers_of(const Board& b, const nlohmann::json& solution) {
  return pencil::read_number_rows(b.lat, solution, b.lat.cells());
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
