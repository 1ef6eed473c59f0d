// Nurimisaki's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/nurimisaki.h"

namespace psmt::nurimisaki {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) {
  return n == pencil::kUnknownNumber ? fmt::format("circle ? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("circle {} at r{}c{}", n, c.row + 1, c.col + 1);
}

int open_neighbours(const pencil::Lattice& L, const std::vector<bool>& shaded, int cell) {
  int n = 0;
  for (int j : L.neighbours(cell)) n += shaded[static_cast<std::size_t>(j)] ? 0 : 1;
  return n;
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_givens(b, shaded, out);
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_2x2(L, shaded, "shaded cells", "rule/2x2", out);
  std::vector<bool> open(shaded.size());
  for (std::size_t i = 0; i < shaded.size(); ++i) open[i] = !shaded[i];
  pencil::check_no_2x2(L, open, "unshaded cells", "rule/2x2_unshaded", out);
  pencil::check_unshaded_connected(L, shaded, out);
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    const Cell c = L.cell_at(i);
    const bool promontory = !shaded[static_cast<std::size_t>(i)] && open_neighbours(L, shaded, i) == 1;
    if (n == pencil::kNoNumber) {
      if (promontory) out.push_back({"rule/promontories", fmt::format("{} has one unshaded neighbour and no circle", cell_label(c))});
      continue;
    }
    if (shaded[static_cast<std::size_t>(i)]) {
      out.push_back({"rule/promontories", number_label(c, n) + ": the circle is shaded"});
    } else if (!promontory) {
      out.push_back({"rule/promontories", fmt::format("{}: it has {} unshaded neighbours, not one", number_label(c, n), open_neighbours(L, shaded, i))});
    } else if (n > 0 && pencil::sight(L, shaded, i) != n) {
      out.push_back({number_id(c), fmt::format("{}: it sees {} cells", number_label(c, n), pencil::sight(L, shaded, i))});
    }
  }
  return out;
}

}  // namespace psmt::nurimisaki
