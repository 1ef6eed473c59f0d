// Numberlink's independent checker: plain C++, no solver.
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

}  // namespace psmt::numlin
