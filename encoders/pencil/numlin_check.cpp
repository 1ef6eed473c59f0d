// Numberlink's independent checker: plain C++, no solver.
#include <algorithm>
#include <deque>
#include <map>

#include <fmt/format.h>

#include "encoders/pencil/kit.h"
#include "encoders/pencil/numlin.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::numlin {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) { return fmt::format("{} at r{}c{}", pencil::number_text(n), c.row + 1, c.col + 1); }

nlohmann::json solution_json(const Board& b, const std::vector<bool>& step) {
  return pencil::loop_drawing(b.lat, step, [](int, bool used) { return used ? 'o' : '.'; });
}

std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution) { return pencil::loop_steps(b.lat, solution); }

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  std::vector<bool> step;
  try {
    step = steps_of(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  const auto& L = b.lat;
  auto on = [&](int s) { return s >= 0 && step[static_cast<std::size_t>(s)]; };
  auto num = [&](int i) { return b.number[static_cast<std::size_t>(i)]; };
  std::vector<Violation> out;
  std::vector<bool> used(static_cast<std::size_t>(L.cells()), false);
  bool degrees_ok = true;
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const auto st = L.cell_steps(r, c);
      const int d = on(st[0]) + on(st[1]) + on(st[2]) + on(st[3]);
      const int i = L.cell(r, c);
      used[static_cast<std::size_t>(i)] = d > 0;
      if (num(i) != pencil::kNoNumber) {
        if (d == 1) continue;
        degrees_ok = false;
        out.push_back({number_id({r, c}), number_label({r, c}, num(i)) +
                                               (d == 0 ? ": no line ends there" : ": a line passes over it")});
      } else if (d == 1) {
        degrees_ok = false;
        out.push_back({"rule/dead-end", fmt::format("a line ends at r{}c{}, which holds no number", r + 1, c + 1)});
      } else if (d > 2) {
        degrees_ok = false;
        out.push_back({"rule/branch", fmt::format("{} steps meet at r{}c{}: a line branches or crosses", d, r + 1, c + 1)});
      } else if (d == 0 && b.every_cell) {
        out.push_back({"rule/every-cell", fmt::format("no line uses r{}c{}", r + 1, c + 1)});
      }
    }
  if (!degrees_ok) return out;
  // Every line now a path between two numbers, or a loop without any.
  int count = 0;
  const graph::Graph g = L.cell_graph();
  const std::vector<int> part = graph::components(g, used, step, count);
  std::vector<std::vector<int>> ends(static_cast<std::size_t>(count));
  std::vector<int> first(static_cast<std::size_t>(count), -1);
  for (int i = 0; i < L.cells(); ++i) {
    const int k = part[static_cast<std::size_t>(i)];
    if (k < 0) continue;
    if (first[static_cast<std::size_t>(k)] < 0) first[static_cast<std::size_t>(k)] = i;
    if (num(i) != pencil::kNoNumber) ends[static_cast<std::size_t>(k)].push_back(i);
  }
  for (int k = 0; k < count; ++k) {
    const auto& e = ends[static_cast<std::size_t>(k)];
    const Cell at = L.cell_at(first[static_cast<std::size_t>(k)]);
    if (e.empty()) {
      out.push_back({"rule/no-loop", fmt::format("the line through r{}c{} joins no numbers (it closes on itself)", at.row + 1, at.col + 1)});
    } else if (e.size() == 2 && num(e[0]) != num(e[1])) {
      out.push_back({"rule/same-number", fmt::format("a line joins {} and {}", number_label(L.cell_at(e[0]), num(e[0])),
                                                     number_label(L.cell_at(e[1]), num(e[1])))});
    }
  }
  return out;
}

namespace {
// The step between two side-by-side cells.
int step_between(const pencil::Lattice& L, int i, int j) {
  const int r = i / L.cols, c = i % L.cols;
  if (j == i + 1) return L.step_right(r, c);
  if (j == i - 1) return L.step_left(r, c);
  return j > i ? L.step_down(r, c) : L.step_up(r, c);
}

// The cells the lines use, and which line each is on (-1: none).
struct Lines {
  std::vector<bool> used;
  std::vector<int> line;
};
Lines lines_of(const pencil::Lattice& L, const std::vector<bool>& step) {
  Lines out{std::vector<bool>(static_cast<std::size_t>(L.cells()), false), {}};
  for (int s = 0; s < L.steps(); ++s)
    if (step[static_cast<std::size_t>(s)])
      for (Cell c : L.step_cells(s)) out.used[static_cast<std::size_t>(L.cell(c.row, c.col))] = true;
  int count = 0;
  out.line = graph::components(L.cell_graph(), out.used, step, count);
  return out;
}

// `step` with the part of a line between its cells `from` and `to` taken
// away (the cells between left unused).
std::vector<bool> without_part(const pencil::Lattice& L, const std::vector<bool>& step, int from, int to) {
  std::vector<int> prev(static_cast<std::size_t>(L.cells()), -2);
  prev[static_cast<std::size_t>(from)] = -1;
  std::deque<int> walk{from};
  while (!walk.empty()) {
    const int x = walk.front();
    walk.pop_front();
    for (int j : L.neighbours(x))
      if (prev[static_cast<std::size_t>(j)] == -2 && step[static_cast<std::size_t>(step_between(L, x, j))])
        prev[static_cast<std::size_t>(j)] = x, walk.push_back(j);
  }
  std::vector<bool> out = step;
  for (int x = to; x != from; x = prev[static_cast<std::size_t>(x)])
    out[static_cast<std::size_t>(step_between(L, x, prev[static_cast<std::size_t>(x)]))] = false;
  return out;
}
}  // namespace

std::optional<std::vector<bool>> shortcut(const Board& b, const std::vector<bool>& step) {
  const auto& L = b.lat;
  const Lines at = lines_of(L, step);
  const graph::Graph g = L.cell_graph();
  for (int s = 0; s < L.steps(); ++s) {
    const auto [u, v] = g.edges[static_cast<std::size_t>(s)];
    if (step[static_cast<std::size_t>(s)] || !at.used[static_cast<std::size_t>(u)] ||
        at.line[static_cast<std::size_t>(u)] != at.line[static_cast<std::size_t>(v)])
      continue;
    std::vector<bool> out = without_part(L, step, u, v);
    out[static_cast<std::size_t>(s)] = true;
    return out;
  }
  return std::nullopt;
}

std::optional<std::vector<bool>> detour(const Board& b, const std::vector<bool>& step) {
  const auto& L = b.lat;
  const auto n = static_cast<std::size_t>(L.cells());
  const Lines at = lines_of(L, step);
  // Each area of unused cells, and the line cells around it: two of one line
  // are the ends of a detour.
  std::vector<int> area(n, -1);
  for (int start = 0; start < L.cells(); ++start) {
    if (at.used[static_cast<std::size_t>(start)] || area[static_cast<std::size_t>(start)] >= 0) continue;
    std::vector<int> cells{start};
    area[static_cast<std::size_t>(start)] = start;
    std::map<int, int> touched;  // line -> a cell of it beside the area
    int from = -1, to = -1;
    for (std::size_t k = 0; k < cells.size(); ++k)
      for (int j : L.neighbours(cells[k])) {
        const auto uj = static_cast<std::size_t>(j);
        if (!at.used[uj]) {
          if (area[uj] < 0) {
            area[uj] = start;
            cells.push_back(j);
          }
        } else if (from < 0) {
          auto [it, fresh] = touched.emplace(at.line[uj], j);
          if (!fresh && it->second != j) from = it->second, to = j;
        }
      }
    if (from < 0) continue;
    // The new way: through the area, from beside `from` to beside `to`.
    std::vector<int> back(n, -2);
    std::deque<int> queue;
    for (int j : L.neighbours(from))
      if (area[static_cast<std::size_t>(j)] == start) back[static_cast<std::size_t>(j)] = -1, queue.push_back(j);
    int end = -1;
    while (!queue.empty() && end < 0) {
      const int x = queue.front();
      queue.pop_front();
      for (int j : L.neighbours(x)) {
        if (j == to) {
          end = x;
          break;
        }
        if (area[static_cast<std::size_t>(j)] == start && back[static_cast<std::size_t>(j)] == -2)
          back[static_cast<std::size_t>(j)] = x, queue.push_back(j);
      }
    }
    if (end < 0) continue;  // cannot be: `to` is beside the area
    std::vector<bool> out = without_part(L, step, from, to);
    out[static_cast<std::size_t>(step_between(L, end, to))] = true;
    int x = end;
    for (; back[static_cast<std::size_t>(x)] >= 0; x = back[static_cast<std::size_t>(x)])
      out[static_cast<std::size_t>(step_between(L, x, back[static_cast<std::size_t>(x)]))] = true;
    out[static_cast<std::size_t>(step_between(L, x, from))] = true;
    return out;
  }
  return std::nullopt;
}

}  // namespace psmt::numlin
