// Aqre's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/aqre.h"

namespace psmt::aqre {

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_shaded_connected(L, shaded, out);
  pencil::check_room_counts(b, shaded, out);
  pencil::check_no_runs(L, shaded, kLongestRun, out);
  if (b.borders)
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      for (const Cell n : {Cell{c.row, c.col + 1}, Cell{c.row + 1, c.col}}) {
        if (n.row >= L.rows || n.col >= L.cols) continue;
        const int j = L.cell(n.row, n.col);
        if (b.room[static_cast<std::size_t>(i)] != b.room[static_cast<std::size_t>(j)] &&
            shaded[static_cast<std::size_t>(i)] == shaded[static_cast<std::size_t>(j)])
          out.push_back({"rule/borders", fmt::format("{} and {} across a room border are both {}", cell_label(c), cell_label(n),
                                                     shaded[static_cast<std::size_t>(i)] ? "shaded" : "unshaded")});
      }
    }
  return out;
}

}  // namespace psmt::aqre
