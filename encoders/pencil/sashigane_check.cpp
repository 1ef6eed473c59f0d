// Sashigane's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/division.h"
#include "encoders/pencil/lshapes.h"
#include "encoders/pencil/sashigane.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::sashigane {

std::string clue_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }

std::string clue_label(Cell c, int mark) {
  if (is_arrow(mark)) return fmt::format("arrow {} at r{}c{}", pencil::direction_word(arrow_dir(mark)), c.row + 1, c.col + 1);
  if (mark == kCircle) return fmt::format("circle at r{}c{}", c.row + 1, c.col + 1);
  return fmt::format("circle {} at r{}c{}", mark, c.row + 1, c.col + 1);
}

std::string mark_text(int mark) {
  if (is_arrow(mark)) return std::string(1, "<>^v"[arrow_dir(mark)]);
  if (mark == kCircle) return "o";
  return mark == kPlain ? "" : std::to_string(mark);
}

std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution) { return pencil::division_steps(b.lat, solution); }

nlohmann::json solution_json(const Board& b, const std::vector<bool>& join) { return pencil::division_json(b.lat, join); }

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  std::vector<bool> join;
  try {
    join = steps_of(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  const auto& L = b.lat;
  int count = 0;
  const auto region = pencil::regions_of_steps(L, join, count);
  const auto cells = pencil::area_cells(L, region, count);
  std::vector<Violation> out;
  for (int k = 0; k < count; ++k) {
    const auto& mine = cells[static_cast<std::size_t>(k)];
    const auto l = pencil::l_shape(mine);
    if (!l) {
      out.push_back({"rule/l-shape", fmt::format("the region of {} ({}) is not an L of width 1", cell_label(mine[0]),
                                                 plural(mine.size(), "cell"))});
      continue;
    }
    for (const Cell& c : mine) {
      const int m = b.mark[static_cast<std::size_t>(L.cell(c.row, c.col))];
      if (m == kPlain) continue;
      const std::string what = clue_label(c, m);
      if (is_arrow(m)) {
        const bool end = c == l->ends[0] || c == l->ends[1];
        const int dr = l->corner.row - c.row, dc = l->corner.col - c.col;
        const int toward = dr < 0 ? pencil::kUp : dr > 0 ? pencil::kDown : dc < 0 ? pencil::kLeft : pencil::kRight;
        if (!end) out.push_back({clue_id(c), what + ": not an end of its L"});
        else if (toward != arrow_dir(m)) out.push_back({clue_id(c), what + ": its L's corner lies " + pencil::direction_word(toward)});
      } else if (!(c == l->corner)) {
        out.push_back({clue_id(c), what + ": not the corner of its L"});
      } else if (m > 0 && static_cast<int>(mine.size()) != m) {
        out.push_back({clue_id(c), fmt::format("{}: its L has {}", what, plural(mine.size(), "cell"))});
      }
    }
  }
  return out;
}

}  // namespace psmt::sashigane
