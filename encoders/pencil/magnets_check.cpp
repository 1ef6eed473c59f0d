// Magnets' independent checker: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/magnets.h"

namespace psmt::magnets {

std::string count_id(bool plus, bool row, int k) { return fmt::format("{}/{}/{}", plus ? "plus" : "minus", row ? "rows" : "columns", k + 1); }
std::string count_label(bool plus, bool row, int k, int n) {
  return fmt::format("{} {} has {} {}", row ? "row" : "column", k + 1, n, plus ? "+" : "-");
}
std::string pole_id(Cell c) { return "poles/" + cell_label(c); }
std::string pole_label(Cell c, int sign) { return fmt::format("the {} at {}", sign == kPlus ? "+" : "-", cell_label(c)); }

bool is_domino(const Board& b, int plate) {
  const auto& cells = b.plates[static_cast<std::size_t>(plate)];
  if (cells.size() != 2) return false;
  const auto n = b.lat.neighbours(cells[0]);
  return std::find(n.begin(), n.end(), cells[1]) != n.end();
}

namespace {
// "the plate r1c1-r1c2" for two cells, "plate 3 (r1c1-r2c3)" otherwise.
std::string plate_name(const Board& b, int plate) {
  const auto& L = b.lat;
  const auto& cells = b.plates[static_cast<std::size_t>(plate)];
  if (cells.size() == 2) return fmt::format("the plate {}-{}", cell_label(L.cell_at(cells[0])), cell_label(L.cell_at(cells[1])));
  int r0 = L.rows, c0 = L.cols, r1 = 0, c1 = 0;
  for (int i = 0; i < L.cells(); ++i)
    if (b.plate[static_cast<std::size_t>(i)] == plate) {
      const Cell c = L.cell_at(i);
      r0 = std::min(r0, c.row), c0 = std::min(c0, c.col), r1 = std::max(r1, c.row), c1 = std::max(c1, c.col);
    }
  return fmt::format("plate {} ({}-{})", plate + 1, cell_label(Cell{r0, c0}), cell_label(Cell{r1, c1}));
}
const char* sign_text(int v) { return v == kPlus ? "+" : "-"; }
}  // namespace

std::vector<Violation> check_values(const Board& b, const std::vector<int>& value) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  auto at = [&](int i) { return value[static_cast<std::size_t>(i)]; };
  for (int i = 0; i < L.cells(); ++i)
    if (b.hole[static_cast<std::size_t>(i)] && at(i) != kBlank)
      out.push_back({"rule/holes", fmt::format("{} is not on the board and holds a pole", cell_label(L.cell_at(i)))});
  for (int p = 0; p < static_cast<int>(b.plates.size()); ++p) {
    const auto& cells = b.plates[static_cast<std::size_t>(p)];
    std::vector<int> poles;
    for (int i : cells)
      if (at(i) != kBlank) poles.push_back(i);
    if (poles.empty()) continue;
    if (cells.size() == 1) {
      out.push_back({"rule/plates", fmt::format("{} is a cell alone and holds a pole", cell_label(L.cell_at(cells[0])))});
    } else if (is_domino(b, p)) {
      if (at(cells[1]) != -at(cells[0])) out.push_back({"rule/plates", fmt::format("{} is neither a magnet (+ and -) nor neutral", plate_name(b, p))});
    } else if (poles.size() == 1) {
      out.push_back({"rule/plates", fmt::format("{} holds half a magnet: a pole at {} alone", plate_name(b, p), cell_label(L.cell_at(poles[0])))});
    } else if (poles.size() > 2) {
      out.push_back({"rule/plates", fmt::format("{} holds {} poles, more than one magnet", plate_name(b, p), poles.size())});
    } else {
      const auto n = L.neighbours(poles[0]);
      if (std::find(n.begin(), n.end(), poles[1]) == n.end())
        out.push_back({"rule/plates", fmt::format("{} holds poles at {} and {}, not side by side", plate_name(b, p), cell_label(L.cell_at(poles[0])),
                                                  cell_label(L.cell_at(poles[1])))});
      else if (at(poles[0]) == at(poles[1]))
        out.push_back({"rule/plates", fmt::format("{} holds a magnet {}{} at {} and {}, not + and -", plate_name(b, p), sign_text(at(poles[0])),
                                                  sign_text(at(poles[1])), cell_label(L.cell_at(poles[0])), cell_label(L.cell_at(poles[1])))});
    }
  }
  for (int i = 0; i < L.cells(); ++i) {
    const int v = at(i);
    if (v == kBlank) continue;
    for (int n : L.neighbours(i)) {
      if (n < i || at(n) == kBlank) continue;
      const bool same_plate = b.plate[static_cast<std::size_t>(i)] == b.plate[static_cast<std::size_t>(n)];
      if (!b.anti && at(n) == v)
        out.push_back({"rule/like_poles", fmt::format("{} and {} are both {}, side by side", cell_label(L.cell_at(i)), cell_label(L.cell_at(n)), sign_text(v))});
      if (b.anti && !same_plate && at(n) != v)
        out.push_back({"rule/unlike_poles", fmt::format("{} ({}) and {} ({}) are poles of different magnets side by side, not alike", cell_label(L.cell_at(i)),
                                                        sign_text(v), cell_label(L.cell_at(n)), sign_text(at(n)))});
    }
  }
  for (int i = 0; i < L.cells(); ++i) {
    const int g = b.given[static_cast<std::size_t>(i)];
    if (g != kBlank && at(i) != g)
      out.push_back({pole_id(L.cell_at(i)), fmt::format("{}: it is {}", pole_label(L.cell_at(i), g), at(i) == kBlank ? "blank" : sign_text(at(i)))});
  }
  for (int sign = 0; sign < 2; ++sign)
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 1, plus = sign == 0;
      const auto& counts = row ? b.row_count[sign] : b.col_count[sign];
      for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
        if (counts[static_cast<std::size_t>(k)] == kNoCount) continue;
        int n = 0;
        for (int j = 0; j < (row ? L.cols : L.rows); ++j) n += at(row ? L.cell(k, j) : L.cell(j, k)) == (plus ? kPlus : kMinus);
        if (n != counts[static_cast<std::size_t>(k)])
          out.push_back({count_id(plus, row, k), fmt::format("{}: it has {}", count_label(plus, row, k, counts[static_cast<std::size_t>(k)]), n)});
      }
    }
  return out;
}

}  // namespace psmt::magnets
