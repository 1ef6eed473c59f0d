// Star Battle's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/starbattle.h"
#include "io/words.h"

namespace psmt::starbattle {

std::string region_label(const Board& b, int region) {
  return fmt::format("{} holds {}", pencil::region_name(b.lat, b.regions, region), plural(static_cast<std::size_t>(b.stars), "star"));
}

std::vector<Violation> check_stars(const Board& b, const std::vector<bool>& star) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  auto count = [&](const std::vector<int>& cells) {
    int n = 0;
    for (int c : cells) n += star[static_cast<std::size_t>(c)] ? 1 : 0;
    return n;
  };
  const auto lines = pencil::lines(L);
  for (std::size_t k = 0; k < lines.size(); ++k)
    if (const int n = count(lines[k]); n != b.stars)
      out.push_back({fmt::format("rule/line/{}", k), fmt::format("{} holds {}, not {}", pencil::line_name(L, k), plural(static_cast<std::size_t>(n), "star"), b.stars)});
  for (int r = 0; r < b.regions.count(); ++r) {
    if (b.dropped[static_cast<std::size_t>(r)]) continue;
    if (const int n = count(b.regions.cells[static_cast<std::size_t>(r)]); n != b.stars)
      out.push_back({pencil::region_id(r), fmt::format("{} holds {}", pencil::region_name(L, b.regions, r), plural(static_cast<std::size_t>(n), "star"))});
  }
  for (int i = 0; i < L.cells(); ++i) {
    if (!star[static_cast<std::size_t>(i)]) continue;
    const Cell c = L.cell_at(i);
    for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, -1}, std::pair{1, 0}, std::pair{1, 1}}) {
      const int r = c.row + dr, q = c.col + dc;
      if (r < L.rows && q >= 0 && q < L.cols && star[static_cast<std::size_t>(L.cell(r, q))])
        out.push_back({"rule/touch", fmt::format("the stars at {} and r{}c{} touch", cell_label(c), r + 1, q + 1)});
    }
  }
  return out;
}

}  // namespace psmt::starbattle
