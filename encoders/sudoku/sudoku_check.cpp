// Independent checker for the sudoku family: plain C++, no Z3. Also the
// model's helpers (regions, units, cell parsing) that encoder and checker share.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "sudoku.h"

namespace psmt::sudoku {

int Grid::region(Cell c) const {
  if (jigsaw()) return region_of[static_cast<std::size_t>(c.row) * n + c.col];
  if (!boxes || box_rows == 0 || box_cols == 0) return -1;
  return (c.row / box_rows) * (n / box_cols) + c.col / box_cols;
}

const std::vector<Item>* Grid::items(std::string_view key) const {
  for (const auto& fi : families)
    if (fi.family->key() == key) return &fi.items;
  return nullptr;
}

bool Grid::has_variants() const {
  for (const auto& fi : families)
    if (!fi.items.empty()) return true;
  return false;
}

Cell parse_cell(const JsonNode& node, int n) {
  if (node.is_string()) {
    std::string s = node.as_string();
    int r = 0, c = 0;
    char tail = 0;
    if ((std::sscanf(s.c_str(), "r%dc%d%c", &r, &c, &tail) != 2 && std::sscanf(s.c_str(), "R%dC%d%c", &r, &c, &tail) != 2) ||
        r < 1 || c < 1 || r > n || c > n)
      node.fail("input.value", fmt::format("expected a cell \"r1c1\" .. \"r{0}c{0}\" or [row, col] from 0, found \"{1}\"", n, s));
    return {r - 1, c - 1};
  }
  if (!node.is_array()) node.expected("a cell: [row, col] counted from 0, or \"r1c1\"");
  auto rc = node.items(2);
  return {static_cast<int>(rc[0].as_int(0, n - 1)), static_cast<int>(rc[1].as_int(0, n - 1))};
}

std::vector<Cell> parse_cells(const JsonNode& node, int n, std::size_t min_size, bool distinct) {
  std::vector<Cell> out;
  if (node.is_string()) {  // "r1c1 r1c2 r2c1"
    std::string s = node.as_string(), word;
    std::vector<std::string> words;
    for (char ch : s + " ") {
      if (ch == ' ' || ch == ',') {
        if (!word.empty()) words.push_back(word);
        word.clear();
      } else {
        word += ch;
      }
    }
    for (const auto& w : words) {
      nlohmann::json one = w;
      out.push_back(parse_cell(JsonNode(one, node.path()), n));
    }
  } else {
    for (const auto& e : node.items()) out.push_back(parse_cell(e, n));
  }
  if (out.size() < min_size)
    node.fail("input.shape", fmt::format("expected at least {} cells, found {}", min_size, out.size()));
  if (distinct) {
    std::set<Cell> seen;
    for (auto c : out)
      if (!seen.insert(c).second) node.fail("input.value", fmt::format("{} is listed twice", cell_label(c)));
  }
  return out;
}

std::string span_label(const std::vector<Cell>& cells) {
  if (cells.empty()) return "";
  if (cells.size() == 1) return cell_label(cells[0]);
  return cell_label(cells.front()) + "–" + cell_label(cells.back());
}

bool orthogonal(Cell a, Cell b) { return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1; }

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
  if (g.jigsaw()) {
    std::vector<Unit> regions(g.region_names.size());
    for (std::size_t k = 0; k < regions.size(); ++k)
      regions[k] = {fmt::format("rule/region/{}", g.region_names[k]), fmt::format("region {}", g.region_names[k]), {}};
    for (int r = 0; r < g.n; ++r)
      for (int c = 0; c < g.n; ++c)
        if (int k = g.region({r, c}); k >= 0) regions[k].cells.push_back({r, c});
    out.insert(out.end(), regions.begin(), regions.end());
  } else if (g.boxes) {
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
  // Rows, columns and boxes depend on the shape alone: made once per shape
  // and thread (a batch checks thousands of grids of one shape).
  thread_local std::map<std::tuple<int, bool, int, int>, std::vector<Unit>> by_shape;
  std::vector<Unit> irregular;
  const std::vector<Unit>* us = &irregular;
  if (g.jigsaw()) {
    irregular = units(g);
  } else {
    auto key = std::make_tuple(g.n, g.boxes, g.box_rows, g.box_cols);
    auto it = by_shape.find(key);
    if (it == by_shape.end()) it = by_shape.emplace(key, units(g)).first;
    us = &it->second;
  }
  std::vector<int> count(static_cast<std::size_t>(g.n) + 1);
  for (const auto& u : *us) {
    // Most units are fine: count digits first, and list the cells of a
    // repeated (or out-of-range) value only when there is one.
    std::fill(count.begin(), count.end(), 0);
    bool fine = true;
    for (auto c : u.cells) {
      const int d = v(c);
      fine = fine && d >= 1 && d <= g.n && ++count[static_cast<std::size_t>(d)] == 1;
    }
    if (fine) continue;
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
  for (const auto& o : out)
    if (o.id == "rule/range") return out;  // the families read digits 1..n only
  Values vals{g.n, values};
  for (const auto& fi : g.families)
    for (const auto& item : fi.items)
      if (auto why = fi.family->check(item, g, vals)) out.push_back({item.id, *why});
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
