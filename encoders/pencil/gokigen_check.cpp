// Gokigen's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/gokigen.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::gokigen {

std::string clue_id(Cell p) { return fmt::format("clues/p{}c{}", p.row + 1, p.col + 1); }
std::string clue_label(Cell p, int value) {
  return fmt::format("clue {} at point p{}c{}", value, p.row + 1, p.col + 1);
}

std::array<int, 4> diagonal_points(const pencil::Lattice& L, int r, int c) {
  return {L.point(r, c), L.point(r + 1, c + 1), L.point(r, c + 1), L.point(r + 1, c)};
}

graph::Graph diagonal_graph(const pencil::Lattice& L) {
  graph::Graph g;
  g.vertices = L.points();
  for (int i = 0; i < L.cells(); ++i) {
    const auto p = diagonal_points(L, i / L.cols, i % L.cols);
    g.edges.push_back({p[0], p[1]});
    g.edges.push_back({p[2], p[3]});
  }
  g.index();
  return g;
}

nlohmann::json solution_json(const Board& b, const std::vector<bool>& backslash) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    std::string s;
    for (int c = 0; c < b.lat.cols; ++c) s += backslash[static_cast<std::size_t>(b.lat.cell(r, c))] ? '\\' : '/';
    rows.push_back(s);
  }
  return rows;
}

std::vector<bool> backslashes_of(const Board& b, const nlohmann::json& solution) {
  std::vector<bool> out;
  if (!solution.is_array() || static_cast<int>(solution.size()) != b.lat.rows)
    throw InputError("input.shape", "", fmt::format("{} row strings", b.lat.rows));
  for (int r = 0; r < b.lat.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != b.lat.cols)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("a string of {} characters", b.lat.cols));
    for (char ch : row.get<std::string>()) {
      if (ch != '\\' && ch != '/') throw InputError("input.value", fmt::format("/{}", r), "'\\' or '/' in every cell");
      out.push_back(ch == '\\');
    }
  }
  return out;
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  std::vector<bool> back;
  try {
    back = backslashes_of(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  const auto& L = b.lat;
  std::vector<Violation> out;
  const graph::Graph g = diagonal_graph(L);
  std::vector<bool> drawn(g.edges.size());
  for (int i = 0; i < L.cells(); ++i) {
    drawn[static_cast<std::size_t>(2 * i)] = back[static_cast<std::size_t>(i)];
    drawn[static_cast<std::size_t>(2 * i + 1)] = !back[static_cast<std::size_t>(i)];
  }
  if (!graph::acyclic(g, drawn)) out.push_back({"rule/no_loop", "the diagonals form a loop"});
  for (int v = 0; v < L.points(); ++v) {
    const int want = b.clue[static_cast<std::size_t>(v)];
    if (want < 0) continue;  // none, or '?'

    int n = 0;
    for (int e : g.incident[static_cast<std::size_t>(v)]) n += drawn[static_cast<std::size_t>(e)] ? 1 : 0;
    const Cell p{v / (L.cols + 1), v % (L.cols + 1)};
    if (n != want) out.push_back({clue_id(p), fmt::format("{}: {} diagonals touch it", clue_label(p, want), n)});
  }
  return out;
}

}  // namespace psmt::gokigen
