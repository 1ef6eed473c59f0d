// Sashigane's independent checker: plain C++, no solver.
#include <fmt/format.h>

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

std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("a solution is {} arrays, one per row", L.rows));
  std::vector<int> id;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("an array of {} numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer()) throw InputError("input.value", fmt::format("/{}/{}", r, c), "an L's number");
      id.push_back(v.get<int>());
    }
  }
  std::vector<bool> join(static_cast<std::size_t>(L.steps()), false);
  for (int s = 0; s < L.steps(); ++s) {
    const auto [a, c] = L.step_cells(s);
    join[static_cast<std::size_t>(s)] = id[static_cast<std::size_t>(L.cell(a.row, a.col))] == id[static_cast<std::size_t>(L.cell(c.row, c.col))];
  }
  return join;
}

nlohmann::json solution_json(const Board& b, const std::vector<bool>& join) {
  int count = 0;
  const auto region = pencil::regions_of_steps(b.lat, join, count);
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.lat.cols; ++c) row.push_back(region[static_cast<std::size_t>(b.lat.cell(r, c))] + 1);
    out.push_back(row);
  }
  return out;
}

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
  std::vector<std::vector<Cell>> cells(static_cast<std::size_t>(count));
  for (int i = 0; i < L.cells(); ++i) cells[static_cast<std::size_t>(region[static_cast<std::size_t>(i)])].push_back(L.cell_at(i));
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
