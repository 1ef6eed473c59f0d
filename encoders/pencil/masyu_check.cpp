// Masyu's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/masyu.h"
#include "encoders/pencil/kit.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::masyu {

std::string pearl_id(Cell c) { return fmt::format("pearls/r{}c{}", c.row + 1, c.col + 1); }
std::string pearl_label(Cell c, Pearl p) {
  return fmt::format("{} pearl at r{}c{}", p == Pearl::Black ? "black" : "white", c.row + 1, c.col + 1);
}

nlohmann::json solution_json(const Board& b, const std::vector<bool>& step) {
  return pencil::loop_drawing(b.lat, step, [](int, bool visited) { return visited ? 'o' : '.'; });
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
      if (d != 0 && d != 2) {
        degrees_ok = false;
        out.push_back({"rule/degree", fmt::format("{} steps of the loop meet at r{}c{}", d, r + 1, c + 1)});
      } else if (d == 0 && b.full) {
        out.push_back({"rule/full", fmt::format("the loop misses r{}c{}", r + 1, c + 1)});
      }
      const Pearl p = b.pearl[static_cast<std::size_t>(L.cell(r, c))];
      if (p == Pearl::None) continue;
      const bool horizontal = on(st[0]) && on(st[1]), vertical = on(st[2]) && on(st[3]);
      std::string why;
      if (d != 2) {
        why = "the loop does not pass through it";
      } else if (p == Pearl::White) {
        // Straight through, and a turn just before or after.
        if (!horizontal && !vertical) why = "the loop turns on it";
        else if (horizontal && on(L.step_left(r, c - 1)) && on(L.step_right(r, c + 1))) why = "the loop turns in neither neighbour";
        else if (vertical && on(L.step_up(r - 1, c)) && on(L.step_down(r + 1, c))) why = "the loop turns in neither neighbour";
      } else {
        // A turn here, straight through both neighbours.
        if (horizontal || vertical) why = "the loop goes straight through it";
        else if ((on(st[0]) && !on(L.step_left(r, c - 1))) || (on(st[1]) && !on(L.step_right(r, c + 1))) ||
                 (on(st[2]) && !on(L.step_up(r - 1, c))) || (on(st[3]) && !on(L.step_down(r + 1, c))))
          why = "the loop turns in a neighbour";
      }
      if (!why.empty()) out.push_back({pearl_id({r, c}), pearl_label({r, c}, p) + ": " + why});
    }
  if (degrees_ok && !graph::one_loop(L.cell_graph(), step)) out.push_back({"rule/one_loop", "the steps are not one loop"});
  return out;
}

}  // namespace psmt::masyu
