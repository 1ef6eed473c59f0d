// Kakuro model and independent checker. No Z3 here (tests enforce it).
#include <set>

#include <fmt/format.h>

#include "kakuro.h"

namespace psmt::kakuro {

std::vector<Run> find_runs(const Board& b) {
  std::vector<Run> out;
  for (int pass = 0; pass < 2; ++pass) {
    const bool across = pass == 0;
    const int lines = across ? b.rows : b.cols, len = across ? b.cols : b.rows;
    for (int l = 0; l < lines; ++l) {
      Run run;
      run.across = across;
      for (int k = 0; k <= len; ++k) {
        const int i = k < len ? (across ? l * b.cols + k : k * b.cols + l) : -1;
        if (i >= 0 && b.squares[static_cast<std::size_t>(i)] == Square::White) {
          run.cells.push_back(i);
          continue;
        }
        if (!run.cells.empty()) out.push_back(run);
        run = Run{};
        run.across = across;
        if (i >= 0 && b.squares[static_cast<std::size_t>(i)] == Square::Clue) {
          run.clue = i;
          run.sum = across ? b.across[static_cast<std::size_t>(i)] : b.down[static_cast<std::size_t>(i)];
        }
      }
    }
  }
  return out;
}

std::string run_id(const Board& b, const Run& r) {
  if (r.clue < 0) {
    const Cell c = b.cell(r.cells[0]);
    return fmt::format("runs/r{}c{}/{}", c.row + 1, c.col + 1, r.across ? "across" : "down");
  }
  const Cell c = b.cell(r.clue);
  return fmt::format("grid/r{}c{}/{}", c.row + 1, c.col + 1, r.across ? "across" : "down");
}

std::string run_label(const Board& b, const Run& r) {
  const Cell first = b.cell(r.cells.front()), last = b.cell(r.cells.back());
  const std::string span = r.cells.size() == 1 ? fmt::format("r{}c{}", first.row + 1, first.col + 1)
                                               : fmt::format("r{}c{}–r{}c{}", first.row + 1, first.col + 1, last.row + 1, last.col + 1);
  if (r.clue < 0 || r.sum == 0) return fmt::format("{} run {} (no sum)", r.across ? "across" : "down", span);
  const Cell c = b.cell(r.clue);
  return fmt::format("{} {} at r{}c{} ({})", r.across ? "across" : "down", r.sum, c.row + 1, c.col + 1, span);
}

std::pair<int, int> sum_range(int k) {
  int lo = 0, hi = 0;
  for (int i = 0; i < k && i < 9; ++i) {
    lo += i + 1;
    hi += 9 - i;
  }
  return {lo, hi};
}

std::vector<int> usable_digits(int k, int s) {
  int mask = 0;
  for (int set = 0; set < (1 << 9); ++set) {
    int count = 0, sum = 0;
    for (int d = 0; d < 9; ++d)
      if (set >> d & 1) {
        ++count;
        sum += d + 1;
      }
    if (count == k && sum == s) mask |= set;
  }
  std::vector<int> out;
  for (int d = 0; d < 9; ++d)
    if (mask >> d & 1) out.push_back(d + 1);
  return out;
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& digits) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    std::string s;
    for (int c = 0; c < b.cols; ++c) {
      const int i = r * b.cols + c;
      s += b.squares[static_cast<std::size_t>(i)] == Square::White ? static_cast<char>('0' + digits[static_cast<std::size_t>(i)]) : '#';
    }
    rows.push_back(s);
  }
  return rows;
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& sol) {
  if (!sol.is_array() || static_cast<int>(sol.size()) != b.rows)
    return {{"rule/shape", fmt::format("a solution is {} row strings", b.rows)}};
  std::vector<int> d;
  for (int r = 0; r < b.rows; ++r) {
    if (!sol[r].is_string() || static_cast<int>(sol[r].get<std::string>().size()) != b.cols)
      return {{"rule/shape", fmt::format("every row is a string of {} characters", b.cols)}};
    const std::string s = sol[r];
    for (int c = 0; c < b.cols; ++c) {
      const bool white = b.squares[static_cast<std::size_t>(r * b.cols + c)] == Square::White;
      const char ch = s[static_cast<std::size_t>(c)];
      if (white && (ch < '1' || ch > '9'))
        return {{"rule/digit", fmt::format("r{}c{} is a white cell and holds '{}', not a digit 1..9", r + 1, c + 1, ch)}};
      if (!white && ch != '#') return {{"rule/shape", fmt::format("r{}c{} is not a white cell: '#' there", r + 1, c + 1)}};
      d.push_back(white ? ch - '0' : 0);
    }
  }
  std::vector<Violation> out;
  for (const auto& run : b.runs) {
    std::set<int> seen;
    int sum = 0;
    for (int i : run.cells) {
      sum += d[static_cast<std::size_t>(i)];
      if (!seen.insert(d[static_cast<std::size_t>(i)]).second) {
        const Cell c = b.cell(i);
        out.push_back({fmt::format("rule/run/{}", run_id(b, run)),
                       fmt::format("{} repeats {} (at r{}c{})", run_label(b, run), d[static_cast<std::size_t>(i)], c.row + 1, c.col + 1)});
      }
    }
    if (run.sum > 0 && sum != run.sum) out.push_back({run_id(b, run), fmt::format("{}: its digits sum to {}", run_label(b, run), sum)});
  }
  for (std::size_t i = 0; i < b.given.size(); ++i)
    if (b.given[i] && d[i] != b.given[i]) {
      const Cell c = b.cell(static_cast<int>(i));
      out.push_back({fmt::format("grid/r{}c{}", c.row + 1, c.col + 1),
                     fmt::format("r{}c{} is given {}, the solution has {}", c.row + 1, c.col + 1, b.given[i], d[i])});
    }
  return out;
}

}  // namespace psmt::kakuro
