// Simple Loop's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/kit.h"
#include "encoders/pencil/simpleloop.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::simpleloop {

std::string block_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string block_label(Cell c) { return fmt::format("r{}c{} is blocked", c.row + 1, c.col + 1); }

nlohmann::json solution_json(const Board& b, const std::vector<bool>& step) {
  return pencil::loop_drawing(b.lat, step, [&](int i, bool visited) { return b.blocked[static_cast<std::size_t>(i)] ? '#' : visited ? 'o' : '.'; });
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
  std::vector<Violation> out;
  bool degrees_ok = true;
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const auto st = L.cell_steps(r, c);
      const int d = on(st[0]) + on(st[1]) + on(st[2]) + on(st[3]);
      const bool blocked = b.blocked[static_cast<std::size_t>(L.cell(r, c))];
      if (blocked && d > 0) {
        degrees_ok = false;
        out.push_back({block_id({r, c}), block_label({r, c}) + ": the loop passes through it"});
      } else if (d == 1 || d > 2) {
        degrees_ok = false;
        out.push_back({"rule/degree", fmt::format("{} {} of the loop meet at r{}c{}", d, d == 1 ? "step" : "steps", r + 1, c + 1)});
      } else if (!blocked && d == 0) {
        out.push_back({"rule/every-cell", fmt::format("the loop misses r{}c{}", r + 1, c + 1)});
      }
    }
  if (degrees_ok && !graph::one_loop(L.cell_graph(), step)) out.push_back({"rule/one_loop", "the steps are not one loop"});
  return out;
}

}  // namespace psmt::simpleloop
