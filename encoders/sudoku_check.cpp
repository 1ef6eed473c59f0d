// Independent checker for the sudoku family: plain C++, no Z3.
#include <map>

#include <fmt/format.h>

#include "sudoku.h"

namespace psmt::sudoku {

std::vector<Unit> units(const Grid& g) {
  std::vector<Unit> out;
  for (int r = 0; r < g.n; ++r) {
    Unit u{fmt::format("rule/row/{}", r + 1), fmt::format("row {}", r + 1), {}};
    for (int c = 0; c < g.n; ++c) u.cells.push_back({r, c});
    out.push_back(std::move(u));
  }
  for (int c = 0; c < g.n; ++c) {
    Unit u{fmt::format("rule/column/{}", c + 1), fmt::format("column {}", c + 1), {}};
    for (int r = 0; r < g.n; ++r) u.cells.push_back({r, c});
    out.push_back(std::move(u));
  }
  if (g.boxes) {
    int per_row = g.n / g.box_cols;
    for (int b = 0; b < g.n; ++b) {
      Unit u{fmt::format("rule/box/{}", b + 1), fmt::format("box {}", b + 1), {}};
      int r0 = (b / per_row) * g.box_rows, c0 = (b % per_row) * g.box_cols;
      for (int i = 0; i < g.box_rows; ++i)
        for (int j = 0; j < g.box_cols; ++j) u.cells.push_back({r0 + i, c0 + j});
      out.push_back(std::move(u));
    }
  }
  return out;
}

std::vector<Violation> check_values(const Grid& g, const std::vector<int>& values) {
  std::vector<Violation> out;
  if (static_cast<int>(values.size()) != g.n * g.n) {
    out.push_back({"rule/shape", fmt::format("expected {} cells, found {}", g.n * g.n, values.size())});
    return out;
  }
  auto v = [&](Cell c) { return values[c.row * g.n + c.col]; };
  for (int r = 0; r < g.n; ++r)
    for (int c = 0; c < g.n; ++c)
      if (v({r, c}) < 1 || v({r, c}) > g.n)
        out.push_back({"rule/range", fmt::format("{} is {}, outside 1..{}", cell_label({r, c}), v({r, c}), g.n)});
  for (const auto& u : units(g)) {
    std::map<int, std::vector<Cell>> seen;
    for (auto c : u.cells) seen[v(c)].push_back(c);
    for (const auto& [digit, cells] : seen) {
      if (cells.size() < 2) continue;
      std::string where;
      for (auto c : cells) where += (where.empty() ? "" : ", ") + cell_label(c);
      out.push_back({u.id, fmt::format("{} has {} {} times ({})", u.name, digit, cells.size(), where)});
    }
  }
  for (int r = 0; r < g.n; ++r)
    for (int c = 0; c < g.n; ++c) {
      int given = g.at({r, c});
      if (given && v({r, c}) != given)
        out.push_back({fmt::format("given/{}", cell_label({r, c})),
                       fmt::format("{} is {} but the given is {}", cell_label({r, c}), v({r, c}), given)});
    }
  for (const auto& rel : g.relations) {
    int a = v(rel.a), b = v(rel.b);
    bool ok = rel.op == '<' ? a < b : a > b;
    if (!ok)
      out.push_back({rel.id, fmt::format("{} fails: {} is {}, {} is {}", rel.label, cell_label(rel.a), a,
                                         cell_label(rel.b), b)});
  }
  return out;
}

namespace {
// Read a canonical solution without any library beyond nlohmann::json.
bool read_values(const Grid& g, const nlohmann::json& sol, std::vector<int>& values, std::string& why) {
  if (!sol.is_array() || static_cast<int>(sol.size()) != g.n) {
    why = fmt::format("solution is not an array of {} rows", g.n);
    return false;
  }
  for (const auto& row : sol) {
    if (row.is_string()) {
      const auto& s = row.get_ref<const std::string&>();
      if (static_cast<int>(s.size()) != g.n) {
        why = fmt::format("solution row \"{}\" does not have {} cells", s, g.n);
        return false;
      }
      for (char ch : s) values.push_back(cell_char_value(ch));
    } else if (row.is_array() && static_cast<int>(row.size()) == g.n) {
      for (const auto& x : row) {
        if (!x.is_number_integer()) {
          why = "solution cell is not an integer";
          return false;
        }
        values.push_back(x.get<int>());
      }
    } else {
      why = "solution row is neither a string nor an array of the grid's width";
      return false;
    }
  }
  return true;
}
}  // namespace

std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& solution) {
  std::vector<int> values;
  std::string why;
  if (!read_values(g, solution, values, why)) return {{"rule/shape", why}};
  return check_values(g, values);
}

}  // namespace psmt::sudoku
