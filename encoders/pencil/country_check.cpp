// Country Road's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/country.h"
#include "encoders/pencil/kit.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::country {

nlohmann::json solution_json(const Board& b, const std::vector<bool>& step) {
  return pencil::loop_drawing(b.lat, step, [](int, bool visited) { return visited ? 'o' : '.'; });
}

std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution) { return pencil::loop_steps(b.lat, solution); }

std::vector<std::vector<int>> border_steps(const Board& b) {
  const auto& L = b.lat;
  std::vector<std::vector<int>> out(static_cast<std::size_t>(b.rooms));
  for (int s = 0; s < L.steps(); ++s) {
    const auto [u, v] = L.step_cells(s);
    const int a = b.room[static_cast<std::size_t>(L.cell(u.row, u.col))], c = b.room[static_cast<std::size_t>(L.cell(v.row, v.col))];
    if (a == c) continue;
    out[static_cast<std::size_t>(a)].push_back(s);
    out[static_cast<std::size_t>(c)].push_back(s);
  }
  return out;
}

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
  std::vector<bool> visited(static_cast<std::size_t>(L.cells()), false);
  bool degrees_ok = true, any = false;
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const auto st = L.cell_steps(r, c);
      const int d = on(st[0]) + on(st[1]) + on(st[2]) + on(st[3]);
      visited[static_cast<std::size_t>(L.cell(r, c))] = d > 0;
      any = any || d > 0;
      if (d == 1 || d > 2) {
        degrees_ok = false;
        out.push_back({"rule/degree", fmt::format("{} {} of the loop meet at r{}c{}", d, d == 1 ? "step" : "steps", r + 1, c + 1)});
      }
    }
  if (!any) out.push_back({"rule/some-step", "there is no loop"});
  else if (degrees_ok && !graph::one_loop(L.cell_graph(), step)) out.push_back({"rule/one_loop", "the steps are not one loop"});
  const auto crossing = border_steps(b);
  const auto cells = pencil::room_cells(b);
  for (int room = 0; room < b.rooms; ++room) {
    int n = 0;
    for (int s : crossing[static_cast<std::size_t>(room)]) n += on(s);
    if (n > 2) out.push_back({fmt::format("rule/pass-once/{}", room + 1), fmt::format("the loop passes through room {} more than once", room + 1)});
    bool seen = false;
    for (int i : cells[static_cast<std::size_t>(room)]) seen = seen || visited[static_cast<std::size_t>(i)];
    if (!seen && !b.empty_rooms) out.push_back({fmt::format("rule/visit/{}", room + 1), fmt::format("the loop misses room {}", room + 1)});
  }
  for (const auto& [i, j] : pencil::pairs_across_borders(b))
    if (!visited[static_cast<std::size_t>(i)] && !visited[static_cast<std::size_t>(j)])
      out.push_back({"rule/empty-across-border", fmt::format("{} and {} are both off the loop, side by side across a room border",
                                                             cell_label(L.cell_at(i)), cell_label(L.cell_at(j)))});
  pencil::check_room_counts(b, visited, out, kOnTheLoop);
  return out;
}

}  // namespace psmt::country
