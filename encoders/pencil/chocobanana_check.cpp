// Choco Banana's independent checker: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/chocobanana.h"

namespace psmt::chocobanana {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) {
  return n == pencil::kUnknownNumber ? fmt::format("? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("area of {} at r{}c{}", n, c.row + 1, c.col + 1);
}

namespace {
// The areas: per cell the index of its area, and each area's cells.
std::vector<std::vector<int>> areas(const pencil::Lattice& L, const std::vector<bool>& shaded, std::vector<int>& area_of) {
  std::vector<std::vector<int>> out;
  area_of.assign(static_cast<std::size_t>(L.cells()), -1);
  for (int s = 0; s < L.cells(); ++s) {
    if (area_of[static_cast<std::size_t>(s)] >= 0) continue;
    const int a = static_cast<int>(out.size());
    out.push_back({s});
    area_of[static_cast<std::size_t>(s)] = a;
    for (std::size_t q = 0; q < out.back().size(); ++q)
      for (int j : L.neighbours(out.back()[q]))
        if (area_of[static_cast<std::size_t>(j)] < 0 && shaded[static_cast<std::size_t>(j)] == shaded[static_cast<std::size_t>(s)]) {
          area_of[static_cast<std::size_t>(j)] = a;
          out.back().push_back(j);
        }
  }
  return out;
}
}  // namespace

std::vector<int> area_sizes(const pencil::Lattice& L, const std::vector<bool>& shaded) {
  std::vector<int> area_of;
  const auto all = areas(L, shaded, area_of);
  std::vector<int> out;
  for (int a : area_of) out.push_back(static_cast<int>(all[static_cast<std::size_t>(a)].size()));
  return out;
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_givens(b, shaded, out);
  std::vector<int> area_of;
  const auto all = areas(L, shaded, area_of);
  for (const auto& a : all) {
    // A rectangle: as many cells as its bounding box.
    int top = L.rows, bottom = -1, left = L.cols, right = -1;
    for (int i : a) {
      const Cell c = L.cell_at(i);
      top = std::min(top, c.row), bottom = std::max(bottom, c.row), left = std::min(left, c.col), right = std::max(right, c.col);
    }
    const bool rectangle = static_cast<std::size_t>((bottom - top + 1) * (right - left + 1)) == a.size();
    const bool dark = shaded[static_cast<std::size_t>(a.front())];
    const std::string where = fmt::format("the {} area at {} ({})", dark ? "shaded" : "unshaded", cell_label(L.cell_at(a.front())),
                                          a.size() == 1 ? std::string("1 cell") : fmt::format("{} cells", a.size()));
    if (dark && !rectangle) out.push_back({"rule/shaded_rectangles", where + " is not a rectangle"});
    if (!dark && rectangle) out.push_back({"rule/unshaded_not_rectangles", where + " is a rectangle"});
  }
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    if (n <= 0) continue;
    const auto size = static_cast<int>(all[static_cast<std::size_t>(area_of[static_cast<std::size_t>(i)])].size());
    if (size != n) {
      const Cell c = L.cell_at(i);
      out.push_back({number_id(c), fmt::format("{}: its {} area has {} {}", number_label(c, n), shaded[static_cast<std::size_t>(i)] ? "shaded" : "unshaded",
                                               size, size == 1 ? "cell" : "cells")});
    }
  }
  return out;
}

}  // namespace psmt::chocobanana
