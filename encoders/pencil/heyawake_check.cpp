// Heyawake's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/heyawake.h"

namespace psmt::heyawake {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(const Board& b, int cell, int n) {
  const int room = b.room[static_cast<std::size_t>(cell)] + 1;
  return n == pencil::kUnknownNumber ? fmt::format("room {} (?)", room) : fmt::format("room {} ({} shaded)", room, n);
}

std::vector<int> room_sizes(const Board& b) {
  std::vector<int> size(static_cast<std::size_t>(b.rooms), 0);
  for (int r : b.room) size[static_cast<std::size_t>(r)]++;
  return size;
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_adjacent_shaded(L, shaded, out);
  pencil::check_unshaded_connected(L, shaded, out);
  std::vector<int> count(static_cast<std::size_t>(b.rooms), 0);
  for (int i = 0; i < L.cells(); ++i) count[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])] += shaded[static_cast<std::size_t>(i)] ? 1 : 0;
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    const int have = count[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])];
    if (n >= 0 && have != n)
      out.push_back({number_id(L.cell_at(i)), fmt::format("{}: it has {} shaded", number_label(b, i, n), have)});
  }
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
