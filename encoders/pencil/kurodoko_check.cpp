// Kurodoko's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/kurodoko.h"

namespace psmt::kurodoko {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) {
  return n == pencil::kUnknownNumber ? fmt::format("? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("sees {} at r{}c{}", n, c.row + 1, c.col + 1);
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_adjacent_shaded(L, shaded, out);
  pencil::check_unshaded_connected(L, shaded, out);
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    if (n == pencil::kNoNumber) continue;
    const Cell c = L.cell_at(i);
    if (shaded[static_cast<std::size_t>(i)]) out.push_back({number_id(c), number_label(c, n) + ": the numbered cell is shaded"});
    else if (n > 0 && pencil::sight(L, shaded, i) != n)
      out.push_back({number_id(c), fmt::format("{}: it sees {} cells", number_label(c, n), pencil::sight(L, shaded, i))});
  }
  return out;
}

}  // namespace psmt::kurodoko
