// Hitori's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/hitori.h"

namespace psmt::hitori {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) { return fmt::format("{} at r{}c{}", n, c.row + 1, c.col + 1); }

bool repeats(const Board& b, int cell) {
  const auto& L = b.lat;
  const int n = b.number[static_cast<std::size_t>(cell)];
  if (n < 0) return false;
  const Cell c = L.cell_at(cell);
  for (int k = 0; k < L.cols; ++k)
    if (k != c.col && b.number[static_cast<std::size_t>(L.cell(c.row, k))] == n) return true;
  for (int k = 0; k < L.rows; ++k)
    if (k != c.row && b.number[static_cast<std::size_t>(L.cell(k, c.col))] == n) return true;
  return false;
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_adjacent_shaded(L, shaded, out);
  pencil::check_unshaded_connected(L, shaded, out);
  // A number unshaded twice in a line: named at its second cell.
  const auto all = pencil::lines(L);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const auto& cells = all[k];
    for (std::size_t j = 0; j < cells.size(); ++j)
      for (std::size_t i = 0; i < j; ++i) {
        const auto a = static_cast<std::size_t>(cells[i]), c = static_cast<std::size_t>(cells[j]);
        if (b.number[a] >= 0 && b.number[a] == b.number[c] && !shaded[a] && !shaded[c]) {
          const Cell cc = L.cell_at(cells[j]);
          out.push_back({number_id(cc), fmt::format("{}: {} has {} unshaded twice (also {})", number_label(cc, b.number[c]),
                                                    pencil::line_name(L, k), b.number[c], cell_label(L.cell_at(cells[i])))});
          break;
        }
      }
  }
  return out;
}

}  // namespace psmt::hitori
