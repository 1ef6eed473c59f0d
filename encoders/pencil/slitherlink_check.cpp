// Slitherlink's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/slitherlink.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::slitherlink {

std::string clue_id(Cell c) { return fmt::format("clues/r{}c{}", c.row + 1, c.col + 1); }
std::string clue_label(Cell c, int value) {
  return value == kUnknownClue ? fmt::format("clue ? at r{}c{}", c.row + 1, c.col + 1)
                               : fmt::format("clue {} at r{}c{}", value, c.row + 1, c.col + 1);
}

nlohmann::json solution_json(const Board& b, const std::vector<bool>& on) {
  const auto& L = b.lat;
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r <= 2 * L.rows; ++r) {
    std::string s;
    for (int c = 0; c <= 2 * L.cols; ++c) {
      if (r % 2 == 0 && c % 2 == 0) s += '+';
      else if (r % 2 == 0) s += on[static_cast<std::size_t>(L.h_edge(r / 2, c / 2))] ? '-' : ' ';
      else if (c % 2 == 0) s += on[static_cast<std::size_t>(L.v_edge(r / 2, c / 2))] ? '|' : ' ';
      else s += ' ';
    }
    rows.push_back(s);
  }
  return rows;
}

std::vector<bool> edges_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  std::vector<bool> on(static_cast<std::size_t>(L.edges()), false);
  if (!solution.is_array() || static_cast<int>(solution.size()) != 2 * L.rows + 1)
    throw InputError("input.shape", "", fmt::format("a loop drawing of {} strings", 2 * L.rows + 1));
  for (int r = 0; r <= 2 * L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != 2 * L.cols + 1)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("a string of {} characters", 2 * L.cols + 1));
    const std::string s = row.get<std::string>();
    for (int c = 0; c <= 2 * L.cols; ++c) {
      const char ch = s[static_cast<std::size_t>(c)];
      if (r % 2 == 0 && c % 2 == 1) on[static_cast<std::size_t>(L.h_edge(r / 2, c / 2))] = ch == '-';
      if (r % 2 == 1 && c % 2 == 0) on[static_cast<std::size_t>(L.v_edge(r / 2, c / 2))] = ch == '|';
    }
  }
  return on;
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  std::vector<Violation> out;
  std::vector<bool> on;
  try {
    on = edges_of(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  const auto& L = b.lat;
  const graph::Graph g = L.point_graph();
  bool degrees_ok = true;
  for (int p = 0; p < g.vertices; ++p) {
    int d = 0;
    for (int e : g.incident[static_cast<std::size_t>(p)]) d += on[static_cast<std::size_t>(e)] ? 1 : 0;
    const int r = p / (L.cols + 1), c = p % (L.cols + 1);
    if (d != 0 && d != 2) {
      degrees_ok = false;
      out.push_back({"rule/degree", fmt::format("{} lines meet at the point above left of r{}c{}", d, r + 1, c + 1)});
    } else if (b.full && d == 0) {
      out.push_back({"rule/full", fmt::format("the loop misses the point above left of r{}c{}", r + 1, c + 1)});
    }
  }
  if (degrees_ok && !graph::one_loop(g, on)) out.push_back({"rule/one_loop", "the lines are not one loop"});
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const int v = b.clue[static_cast<std::size_t>(L.cell(r, c))];
      if (v < 0) continue;
      int n = 0;
      for (int e : L.cell_edges(r, c)) n += on[static_cast<std::size_t>(e)] ? 1 : 0;
      if (n != v) out.push_back({clue_id({r, c}), fmt::format("{}: the loop uses {} of its edges", clue_label({r, c}, v), n)});
    }
  return out;
}

}  // namespace psmt::slitherlink
