// Shimaguni's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/shimaguni.h"

namespace psmt::shimaguni {

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (const auto& [i, j] : pencil::pairs_across_borders(b))
    if (shaded[static_cast<std::size_t>(i)] && shaded[static_cast<std::size_t>(j)])
      out.push_back({"rule/across-border", fmt::format("{} and {} are shaded side by side across a room border",
                                                       cell_label(L.cell_at(i)), cell_label(L.cell_at(j)))});
  const auto cells = pencil::room_cells(b);
  std::vector<int> size(cells.size(), 0);
  for (std::size_t r = 0; r < cells.size(); ++r) {
    for (int i : cells[r]) size[r] += shaded[static_cast<std::size_t>(i)] ? 1 : 0;
    if (size[r] == 0) out.push_back({fmt::format("rule/island/{}", r + 1), fmt::format("room {} has no island", r + 1)});
  }
  pencil::check_connected_in_each_room(b, shaded, "shaded cells", out);
  for (const auto& [a, c] : pencil::neighbouring_rooms(b))
    if (size[static_cast<std::size_t>(a)] > 0 && size[static_cast<std::size_t>(a)] == size[static_cast<std::size_t>(c)])
      out.push_back({fmt::format("rule/sizes/{}-{}", a + 1, c + 1),
                     fmt::format("rooms {} and {} share a border and their islands are both of {}", a + 1, c + 1, size[static_cast<std::size_t>(a)])});
  pencil::check_room_counts(b, shaded, out);
  return out;
}

}  // namespace psmt::shimaguni
