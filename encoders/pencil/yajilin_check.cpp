// Yajilin's independent checker: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/kit.h"
#include "encoders/pencil/yajilin.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::yajilin {

std::string clue_text(const Clue& c) {
  if (c.dir == kNone && !c.bare_number) return "x";
  return std::string(1, "x^v<>"[c.dir]) + (c.count == kUnknownCount ? std::string("?") : std::to_string(c.count));
}
std::string clue_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string bare_label(Cell c, const Clue& k) {
  return fmt::format("{} at r{}c{} without an arrow", k.count == kUnknownCount ? std::string("?") : std::to_string(k.count), c.row + 1, c.col + 1);
}
std::string clue_label(Cell c, const Clue& k) {
  static const char* where[] = {"", "above", "below", "left of", "right of"};
  return fmt::format("{} shaded {} r{}c{}", k.count == kUnknownCount ? std::string("?") : std::to_string(k.count), where[k.dir], c.row + 1, c.col + 1);
}

std::vector<int> pointed(const pencil::Lattice& L, int cell, int dir) {
  static const int dr[] = {0, -1, 1, 0, 0}, dc[] = {0, 0, 0, -1, 1};
  std::vector<int> out;
  if (dir == kNone) return out;
  const Cell c = L.cell_at(cell);
  for (int r = c.row + dr[dir], k = c.col + dc[dir]; r >= 0 && r < L.rows && k >= 0 && k < L.cols; r += dr[dir], k += dc[dir])
    out.push_back(L.cell(r, k));
  return out;
}

nlohmann::json solution_json(const Board& b, const std::vector<bool>& shaded, const std::vector<bool>& step) {
  return pencil::loop_drawing(b.lat, step, [&](int i, bool visited) {
    return shaded[static_cast<std::size_t>(i)] ? '#' : visited ? 'o' : '.';
  });
}

std::vector<std::string> cell_states(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  const auto step = pencil::loop_steps(L, solution);
  const auto cells = pencil::drawing_cells(L, solution);
  std::vector<std::string> out;
  for (int i = 0; i < L.cells(); ++i) {
    const char ch = cells[static_cast<std::size_t>(i)];
    if (ch != '#' && ch != 'o' && ch != '.')
      throw InputError("input.value", fmt::format("/{}", 2 * L.cell_at(i).row), "'o' on the loop, '#' shaded or '.' a clue cell");
    if (ch != 'o') {
      out.push_back(std::string(1, ch));
      continue;
    }
    const Cell c = L.cell_at(i);
    const auto st = L.cell_steps(c.row, c.col);
    std::string dirs;
    for (std::size_t k = 0; k < 4; ++k)
      if (st[k] >= 0 && step[static_cast<std::size_t>(st[k])]) dirs += "LRUD"[k];
    out.push_back(dirs.empty() ? "o" : dirs);
  }
  return out;
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  std::vector<bool> step;
  std::vector<std::string> state;
  try {
    step = pencil::loop_steps(L, solution);
    state = cell_states(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  std::vector<Violation> out;
  // pzprjs's checkNumberHasArrow: a number without an arrow fails every answer.
  for (int i = 0; i < L.cells(); ++i)
    if (b.clue[static_cast<std::size_t>(i)].present && b.clue[static_cast<std::size_t>(i)].bare_number)
      out.push_back({clue_id(L.cell_at(i)), bare_label(L.cell_at(i), b.clue[static_cast<std::size_t>(i)]) +
                                                  " (pzprjs refuses every answer while a number has no arrow)"});
  std::vector<bool> shaded(static_cast<std::size_t>(L.cells()));
  for (int i = 0; i < L.cells(); ++i) shaded[static_cast<std::size_t>(i)] = state[static_cast<std::size_t>(i)] == "#";
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    const std::string& s = state[static_cast<std::size_t>(i)];
    const Clue& k = b.clue[static_cast<std::size_t>(i)];
    const auto st = L.cell_steps(c.row, c.col);
    const bool touched = std::any_of(st.begin(), st.end(), [&](int e) { return e >= 0 && step[static_cast<std::size_t>(e)]; });
    if ((s == "#" || s == ".") && touched) out.push_back({"rule/degree", fmt::format("the loop runs into {}", cell_label(c))});
    if (k.present) {
      if (s != ".") out.push_back({clue_id(c), fmt::format("the clue cell {} is {}", cell_label(c), s == "#" ? "shaded" : "on the loop")});
    } else if (s == ".") {
      out.push_back({"rule/every_cell", fmt::format("{} is neither shaded nor on the loop", cell_label(c))});
    } else if (s != "#" && s.size() != 2) {
      out.push_back({"rule/degree", fmt::format("the loop does not pass straight or turn at {} ({})", cell_label(c), s)});
    }
    if (k.present && k.dir != kNone && k.count != kUnknownCount) {
      int n = 0;
      for (int j : pointed(L, i, k.dir)) n += shaded[static_cast<std::size_t>(j)] ? 1 : 0;
      if (n != k.count) out.push_back({clue_id(c), fmt::format("{}: there are {}", clue_label(c, k), n)});
    }
    const std::string& g = b.given[static_cast<std::size_t>(i)];
    if (!g.empty() && g != s) out.push_back({"given/" + cell_label(c), fmt::format("{} is given as {}, not {}", cell_label(c), g, s)});
  }
  std::vector<Violation> adjacent;
  const graph::Graph g = L.cell_graph();
  for (const auto& [u, v] : g.edges)
    if (shaded[static_cast<std::size_t>(u)] && shaded[static_cast<std::size_t>(v)])
      out.push_back({"rule/adjacent_shaded", fmt::format("shaded cells side by side at {} and {}", cell_label(L.cell_at(u)), cell_label(L.cell_at(v)))});
  if (!graph::one_loop(g, step)) out.push_back({"rule/one_loop", "the lines are not one loop"});
  return out;
}

}  // namespace psmt::yajilin
