// Nonogram model and independent checker. No Z3 here (tests enforce it).
#include <fmt/format.h>

#include "nonogram.h"

namespace psmt::nonogram {

std::string line_name(const Line& l) { return fmt::format("{} {}", l.row ? "row" : "column", l.index + 1); }

std::string runs_text(const std::vector<int>& runs) {
  if (runs.empty()) return "0";
  std::string out;
  for (int r : runs) out += (out.empty() ? "" : " ") + std::to_string(r);
  return out;
}

std::string line_label(const Line& l) {
  return line_name(l) + ": " + (l.runs ? runs_text(*l.runs) : std::string("no clue"));
}

std::string line_id(const Line& l) { return fmt::format("{}/{}", l.row ? "rows" : "columns", l.index); }

std::vector<int> runs_of(const std::vector<bool>& cells) {
  std::vector<int> out;
  int run = 0;
  for (bool f : cells) {
    if (f) {
      ++run;
    } else if (run) {
      out.push_back(run);
      run = 0;
    }
  }
  if (run) out.push_back(run);
  return out;
}

nlohmann::json solution_json(const Picture& p, const std::vector<bool>& filled) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < p.rows; ++r) {
    std::string s;
    for (int c = 0; c < p.cols; ++c) s += filled[static_cast<std::size_t>(r * p.cols + c)] ? '#' : '.';
    rows.push_back(s);
  }
  return rows;
}

std::vector<Violation> check_solution(const Picture& p, const nlohmann::json& sol) {
  if (!sol.is_array() || static_cast<int>(sol.size()) != p.rows)
    return {{"rule/shape", fmt::format("a solution is {} row strings of '#' and '.'", p.rows)}};
  std::vector<bool> filled;
  for (const auto& row : sol) {
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != p.cols)
      return {{"rule/shape", fmt::format("every row is a string of {} characters", p.cols)}};
    for (char ch : row.get<std::string>()) {
      if (ch != '#' && ch != '.') return {{"rule/shape", fmt::format("'{}' is neither '#' nor '.'", ch)}};
      filled.push_back(ch == '#');
    }
  }
  std::vector<Violation> out;
  for (const auto& l : p.lines) {
    if (!l.runs) continue;
    std::vector<bool> cells;
    for (int k = 0; k < p.length(l); ++k)
      cells.push_back(filled[static_cast<std::size_t>(l.row ? l.index * p.cols + k : k * p.cols + l.index)]);
    auto got = runs_of(cells);
    if (got != *l.runs)
      out.push_back({line_id(l), fmt::format("{} has runs {}, its clue says {}", line_name(l), runs_text(got), runs_text(*l.runs))});
  }
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      const char g = p.given(r, c);
      const bool f = filled[static_cast<std::size_t>(r * p.cols + c)];
      if ((g == '#' && !f) || (g == 'x' && f))
        out.push_back({fmt::format("givens/r{}c{}", r + 1, c + 1),
                       fmt::format("r{}c{} is given {}, the solution has it {}", r + 1, c + 1, g == '#' ? "filled" : "empty",
                                   f ? "filled" : "empty")});
    }
  return out;
}

}  // namespace psmt::nonogram
