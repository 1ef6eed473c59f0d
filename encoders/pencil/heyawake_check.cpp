// Heyawake's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/heyawake.h"

namespace psmt::heyawake {

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_adjacent_shaded(L, shaded, out);
  pencil::check_unshaded_connected(L, shaded, out);
  pencil::check_room_counts(b, shaded, out);
  // A straight run of unshaded cells crosses at most one room border.
  auto runs = [&](const std::vector<int>& cells, const std::string& name) {
    int borders = 0;
    for (std::size_t k = 1; k <= cells.size(); ++k) {
      const bool open = k < cells.size() && !shaded[static_cast<std::size_t>(cells[k])] && !shaded[static_cast<std::size_t>(cells[k - 1])];
      if (!open) {
        borders = 0;
        continue;
      }
      if (b.room[static_cast<std::size_t>(cells[k])] != b.room[static_cast<std::size_t>(cells[k - 1])] && ++borders == 2)
        out.push_back({"rule/run", fmt::format("{}: the unshaded run through {} crosses two room borders", name, cell_label(L.cell_at(cells[k])))});
    }
  };
  const auto all = pencil::lines(L);
  for (std::size_t k = 0; k < all.size(); ++k) runs(all[k], pencil::line_name(L, k));
  return out;
}

}  // namespace psmt::heyawake
