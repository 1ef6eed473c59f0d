// Binairo's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/binairo.h"

namespace psmt::binairo {

std::string digit_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string digit_label(Cell c, int d) { return fmt::format("{} at {}", d, cell_label(c)); }

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& ones) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (int i = 0; i < L.cells(); ++i) {
    const int d = b.digit[static_cast<std::size_t>(i)];
    if (d >= 0 && ones[static_cast<std::size_t>(i)] != (d == 1))
      out.push_back({digit_id(L.cell_at(i)), fmt::format("{}: the cell holds {}", digit_label(L.cell_at(i), d), 1 - d)});
  }
  pencil::check_no_runs(L, ones, kLongestRun, out, "1s", "0s");
  const auto all = pencil::lines(L);
  for (std::size_t k = 0; k < all.size(); ++k) {
    std::size_t n = 0;
    for (int c : all[k]) n += ones[static_cast<std::size_t>(c)] ? 1 : 0;
    if (2 * n != all[k].size())
      out.push_back({"rule/half", fmt::format("{} holds {} 1s and {} 0s", pencil::line_name(L, k), n, all[k].size() - n)});
  }
  if (b.unique)
    for (std::size_t x = 0; x < all.size(); ++x)
      for (std::size_t y = x + 1; y < all.size(); ++y) {
        if (all[x].size() != all[y].size() || (x < static_cast<std::size_t>(L.rows)) != (y < static_cast<std::size_t>(L.rows))) continue;
        bool same = true;
        for (std::size_t j = 0; j < all[x].size() && same; ++j)
          same = ones[static_cast<std::size_t>(all[x][j])] == ones[static_cast<std::size_t>(all[y][j])];
        if (same) out.push_back({"rule/unique", fmt::format("{} and {} are the same", pencil::line_name(L, x), pencil::line_name(L, y))});
      }
  return out;
}

}  // namespace psmt::binairo
