// Magnets' independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/magnets.h"

namespace psmt::magnets {

std::string count_id(bool plus, bool row, int k) { return fmt::format("{}/{}/{}", plus ? "plus" : "minus", row ? "rows" : "columns", k + 1); }
std::string count_label(bool plus, bool row, int k, int n) {
  return fmt::format("{} {} has {} {}", row ? "row" : "column", k + 1, n, plus ? "+" : "-");
}

std::vector<Violation> check_values(const Board& b, const std::vector<int>& value) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (int i = 0; i < L.cells(); ++i) {
    const int j = b.mate[static_cast<std::size_t>(i)];
    const int v = value[static_cast<std::size_t>(i)];
    const Cell c = L.cell_at(i);
    if (j == i && v != kBlank) out.push_back({"rule/plates", fmt::format("{} is a cell alone and holds a pole", cell_label(c))});
    if (j > i && value[static_cast<std::size_t>(j)] != -v)
      out.push_back({"rule/plates", fmt::format("the plate {}-{} is neither a magnet (+ and -) nor neutral", cell_label(c), cell_label(L.cell_at(j)))});
    for (int n : L.neighbours(i))
      if (n > i && v != kBlank && value[static_cast<std::size_t>(n)] == v)
        out.push_back({"rule/like_poles", fmt::format("{} and {} are both {}, side by side", cell_label(c), cell_label(L.cell_at(n)), v == kPlus ? "+" : "-")});
  }
  for (int sign = 0; sign < 2; ++sign)
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 1, plus = sign == 0;
      const auto& counts = row ? b.row_count[sign] : b.col_count[sign];
      for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
        if (counts[static_cast<std::size_t>(k)] == kNoCount) continue;
        int n = 0;
        for (int j = 0; j < (row ? L.cols : L.rows); ++j) n += value[static_cast<std::size_t>(row ? L.cell(k, j) : L.cell(j, k))] == (plus ? kPlus : kMinus);
        if (n != counts[static_cast<std::size_t>(k)])
          out.push_back({count_id(plus, row, k), fmt::format("{}: it has {}", count_label(plus, row, k, counts[static_cast<std::size_t>(k)]), n)});
      }
    }
  return out;
}

}  // namespace psmt::magnets
