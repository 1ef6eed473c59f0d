// L shapes of width 1, read from cells: plain C++, no solver.
#include <algorithm>

#include "encoders/pencil/lshapes.h"

namespace psmt::pencil {

const char* direction_word(int dir) {
  static const char* const words[] = {"left", "right", "up", "down"};
  return words[dir];
}

std::optional<LShape> l_shape(const std::vector<Cell>& cells) {
  if (cells.size() < 3) return std::nullopt;
  int r0 = cells[0].row, r1 = r0, c0 = cells[0].col, c1 = c0;
  for (const Cell& c : cells) {
    r0 = std::min(r0, c.row), r1 = std::max(r1, c.row);
    c0 = std::min(c0, c.col), c1 = std::max(c1, c.col);
  }
  const int h = r1 - r0 + 1, w = c1 - c0 + 1;
  if (h < 2 || w < 2 || static_cast<int>(cells.size()) != h + w - 1) return std::nullopt;
  auto has = [&](int r, int c) { return std::find(cells.begin(), cells.end(), Cell{r, c}) != cells.end(); };
  for (int row : {r0, r1})
    for (int col : {c0, c1}) {
      bool all = true;
      for (int c = c0; c <= c1 && all; ++c) all = has(row, c);
      for (int r = r0; r <= r1 && all; ++r) all = has(r, col);
      if (all) return LShape{{row, col}, {Cell{row, col == c0 ? c1 : c0}, Cell{row == r0 ? r1 : r0, col}}};
    }
  return std::nullopt;
}

}  // namespace psmt::pencil
