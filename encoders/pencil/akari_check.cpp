// Akari's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/akari.h"
#include "io/words.h"

namespace psmt::akari {

std::string wall_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string wall_label(Cell c, int n) {
  return n >= 0 ? fmt::format("wall {} at r{}c{}", n, c.row + 1, c.col + 1) : fmt::format("wall at r{}c{}", c.row + 1, c.col + 1);
}

std::vector<std::vector<int>> runs(const Board& b) {
  const auto& L = b.lat;
  std::vector<std::vector<int>> out;
  for (int pass = 0; pass < 2; ++pass)
    for (int a = 0; a < (pass == 0 ? L.rows : L.cols); ++a) {
      std::vector<int> run;
      for (int k = 0; k <= (pass == 0 ? L.cols : L.rows); ++k) {
        const bool inside = k < (pass == 0 ? L.cols : L.rows);
        const int i = inside ? (pass == 0 ? L.cell(a, k) : L.cell(k, a)) : -1;
        if (inside && b.cell[static_cast<std::size_t>(i)] == kWhite) {
          run.push_back(i);
          continue;
        }
        if (!run.empty()) out.push_back(run);
        run.clear();
      }
    }
  return out;
}

std::vector<Violation> check_lights(const Board& b, const std::vector<bool>& light) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  std::vector<int> lit(static_cast<std::size_t>(L.cells()), 0);
  for (const auto& run : runs(b)) {
    std::vector<int> on;
    for (int i : run)
      if (light[static_cast<std::size_t>(i)]) on.push_back(i);
    if (on.size() > 1)
      out.push_back({"rule/lights_see", fmt::format("the lights at {} and {} light each other", cell_label(L.cell_at(on[0])), cell_label(L.cell_at(on[1])))});
    if (!on.empty())
      for (int i : run) lit[static_cast<std::size_t>(i)]++;
  }
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    const int v = b.cell[static_cast<std::size_t>(i)];
    if (v == kWhite) {
      if (!lit[static_cast<std::size_t>(i)]) out.push_back({"rule/unlit", fmt::format("{} is not lit", cell_label(c))});
      continue;
    }
    if (light[static_cast<std::size_t>(i)]) out.push_back({"rule/light_on_wall", fmt::format("a light on the wall at {}", cell_label(c))});
    if (v < 0) continue;
    int n = 0;
    for (int w : L.neighbours(i)) n += light[static_cast<std::size_t>(w)] ? 1 : 0;
    if (n != v) out.push_back({wall_id(c), fmt::format("{} has {} beside it", wall_label(c, v), plural(static_cast<std::size_t>(n), "light"))});
  }
  return out;
}

}  // namespace psmt::akari
