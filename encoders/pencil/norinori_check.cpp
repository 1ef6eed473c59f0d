// Norinori's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/norinori.h"
#include "io/words.h"

namespace psmt::norinori {

std::string region_label(const Board& b, int region) {
  return fmt::format("{} holds 2 shaded cells", pencil::region_name(b.lat, b.regions, region));
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (int r = 0; r < b.regions.count(); ++r) {
    if (b.dropped[static_cast<std::size_t>(r)]) continue;
    int n = 0;
    for (int c : b.regions.cells[static_cast<std::size_t>(r)]) n += shaded[static_cast<std::size_t>(c)] ? 1 : 0;
    if (n != 2)
      out.push_back({pencil::region_id(r), fmt::format("{} holds {}", pencil::region_name(L, b.regions, r), plural(static_cast<std::size_t>(n), "shaded cell"))});
  }
  const graph::Graph g = L.cell_graph();
  for (int i = 0; i < L.cells(); ++i) {
    if (!shaded[static_cast<std::size_t>(i)]) continue;
    const Cell c = L.cell_at(i);
    int n = 0;
    for (int e : g.incident[static_cast<std::size_t>(i)]) n += shaded[static_cast<std::size_t>(g.other(e, i))] ? 1 : 0;
    if (n != 1)
      out.push_back({"rule/domino", fmt::format("the shaded cell {} has {} (a domino has one)", cell_label(c), plural(static_cast<std::size_t>(n), "shaded neighbour"))});
  }
  return out;
}

}  // namespace psmt::norinori
