// Double Choco's independent checker: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/dbchoco.h"
#include "encoders/pencil/division.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::dbchoco {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) { return fmt::format("half of {} at r{}c{}", pencil::number_text(n), c.row + 1, c.col + 1); }

std::string block_fault(const Board& b, const std::vector<Cell>& cells) {
  std::vector<Cell> white, grey;
  for (const Cell& c : cells) (b.grey[static_cast<std::size_t>(b.lat.cell(c.row, c.col))] ? grey : white).push_back(c);
  if (white.empty()) return "has no white cell";
  if (grey.empty()) return "has no grey cell";
  const auto w = pencil::parts_of(white), g = pencil::parts_of(grey);
  if (w.size() > 1) return fmt::format("has its white cells in {} parts", w.size());
  if (g.size() > 1) return fmt::format("has its grey cells in {} parts", g.size());
  if (!pencil::same_shape(white, grey))
    return fmt::format("has a white half of {} and a grey half of {}, not of one shape", plural(white.size(), "cell"), plural(grey.size(), "cell"));
  return "";
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
  const auto area = pencil::regions_of_steps(L, join, count);
  std::vector<Violation> out;
  for (const auto& cells : pencil::area_cells(L, area, count)) {
    const std::string fault = block_fault(b, cells);
    if (!fault.empty()) {
      out.push_back({"rule/block", fmt::format("the block of {} ({}) {}", cell_label(cells[0]), plural(cells.size(), "cell"), fault)});
      continue;
    }
    for (const Cell& c : cells) {
      const int n = b.number[static_cast<std::size_t>(L.cell(c.row, c.col))];
      if (n <= 0) continue;  // none, or '?'
      const bool g = b.grey[static_cast<std::size_t>(L.cell(c.row, c.col))];
      const auto half = static_cast<int>(std::count_if(cells.begin(), cells.end(), [&](const Cell& x) {
        return b.grey[static_cast<std::size_t>(L.cell(x.row, x.col))] == g;
      }));
      if (half != n) out.push_back({number_id(c), fmt::format("{}: its half has {}", number_label(c, n), plural(static_cast<std::size_t>(half), "cell"))});
    }
  }
  return out;
}

}  // namespace psmt::dbchoco
