// The shading genres' plain parts: ids, solutions, readers and checks (no Z3).
#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "encoders/pencil/shading.h"
#include "engine/graph_check.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::pencil {

std::string given_id(Cell c, bool shaded) { return fmt::format("{}/r{}c{}", shaded ? "shaded" : "unshaded", c.row + 1, c.col + 1); }
std::string given_label(Cell c, bool shaded) { return fmt::format("r{}c{} {}", c.row + 1, c.col + 1, shaded ? "shaded" : "unshaded"); }

nlohmann::json shading_json(const Lattice& L, const std::vector<bool>& shaded) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < L.rows; ++r) {
    std::string s;
    for (int c = 0; c < L.cols; ++c) s += shaded[static_cast<std::size_t>(L.cell(r, c))] ? '#' : '.';
    rows.push_back(s);
  }
  return rows;
}

std::vector<bool> shading_of(const Lattice& L, const nlohmann::json& solution) {
  std::vector<bool> out;
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("{} row strings", L.rows));
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != L.cols)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("a string of {} characters", L.cols));
    for (char ch : row.get<std::string>()) {
      if (ch != '#' && ch != '.') throw InputError("input.value", fmt::format("/{}", r), "'#' shaded or '.' unshaded");
      out.push_back(ch == '#');
    }
  }
  return out;
}

Cell read_cell(const JsonNode& node, const Lattice& L) {
  Cell c{};
  if (node.is_string()) {
    static const std::regex rc(R"(r(\d{1,3})c(\d{1,3}))");
    std::smatch m;
    const std::string s = node.as_string();
    if (!std::regex_match(s, m, rc)) node.fail("input.value", fmt::format("{}: a cell \"r3c7\" or [row, col]", quote_input(s)));
    c = {std::stoi(m[1]) - 1, std::stoi(m[2]) - 1};
  } else {
    const auto rc = node.items(2);
    c = {static_cast<int>(rc[0].as_int(0, L.rows - 1)), static_cast<int>(rc[1].as_int(0, L.cols - 1))};
  }
  if (c.row < 0 || c.row >= L.rows || c.col < 0 || c.col >= L.cols)
    node.fail("input.value", fmt::format("r{}c{} is not on the {}x{} board", c.row + 1, c.col + 1, L.rows, L.cols));
  return c;
}

void read_givens(const JsonNode& root, ShadeBoard& b) {
  b.given.assign(static_cast<std::size_t>(b.lat.cells()), 0);
  for (const char* field : {"shaded", "unshaded"})
    if (auto list = root.find(field))
      for (const auto& item : list->items()) {
        const Cell c = read_cell(item, b.lat);
        int& g = b.given[static_cast<std::size_t>(b.lat.cell(c.row, c.col))];
        if (g) item.fail("input.value", fmt::format("{} is given twice", cell_label(c)));
        g = std::string(field) == "shaded" ? kGivenShaded : kGivenUnshaded;
      }
}

std::string givens_schema() {
  return R"json("shaded": {"type": "array", "description": "cells given as shaded: [row, col] from 0 or \"r3c7\"", "items": {"anyOf": [{"type": "string"}, {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 0}}]}}, "unshaded": {"type": "array", "description": "cells given as unshaded", "items": {"anyOf": [{"type": "string"}, {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 0}}]}})json";
}

void read_number_grid(const JsonNode& grid, int least, int most, int max_side, Lattice& L, std::vector<int>& numbers) {
  const auto rows = grid.items();
  if (rows.empty() || static_cast<int>(rows.size()) > max_side) grid.fail("input.shape", fmt::format("1 to {} rows", max_side));
  L.rows = static_cast<int>(rows.size());
  L.cols = 0;
  numbers.clear();
  for (const auto& row : rows) {
    const auto cells = row.items();
    if (L.cols == 0) L.cols = static_cast<int>(cells.size());
    if (cells.empty() || static_cast<int>(cells.size()) > max_side) row.fail("input.shape", fmt::format("1 to {} cells", max_side));
    if (static_cast<int>(cells.size()) != L.cols) row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), L.cols));
    for (const auto& e : cells) {
      if (e.is_number()) {
        numbers.push_back(static_cast<int>(e.as_int(least, most)));
      } else {
        const std::string s = e.as_string();
        if (s == ".") numbers.push_back(kNoNumber);
        else if (s == "?") numbers.push_back(kUnknownNumber);
        else e.fail("input.value", fmt::format("{}: '.' no number, a number from {} to {}, or '?'", quote_input(s), least, most));
      }
    }
  }
}

std::string grid_number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }

std::string number_text(int n) { return n == kNoNumber ? std::string() : n == kUnknownNumber ? std::string("?") : std::to_string(n); }

std::vector<std::vector<int>> lines(const Lattice& L) {
  std::vector<std::vector<int>> out;
  for (int r = 0; r < L.rows; ++r) {
    out.emplace_back();
    for (int c = 0; c < L.cols; ++c) out.back().push_back(L.cell(r, c));
  }
  for (int c = 0; c < L.cols; ++c) {
    out.emplace_back();
    for (int r = 0; r < L.rows; ++r) out.back().push_back(L.cell(r, c));
  }
  return out;
}

std::string line_name(const Lattice& L, std::size_t line) {
  const int k = static_cast<int>(line);
  return k < L.rows ? fmt::format("row {}", k + 1) : fmt::format("column {}", k - L.rows + 1);
}

std::vector<int> other_values(int n, int lo, int hi) {
  std::vector<int> out;
  for (int v = lo; v <= hi; ++v)
    if (v != n) out.push_back(v);
  return out;
}

bool edit_number(const Lattice& L, std::vector<int>& number, const ClueEdit& e, const std::function<std::string(int)>& id,
                 int dropped, const std::function<std::vector<int>(int, int)>& values) {
  for (int i = 0; i < L.cells(); ++i) {
    int& n = number[static_cast<std::size_t>(i)];
    if (n < 0 || id(i) != e.clue_id) continue;
    if (e.alternative < 0) {
      n = dropped;
      return true;
    }
    const auto v = values(i, n);
    if (e.alternative >= static_cast<int>(v.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
    n = v[static_cast<std::size_t>(e.alternative)];
    return true;
  }
  return false;
}

void check_givens(const ShadeBoard& b, const std::vector<bool>& shaded, std::vector<Violation>& out) {
  for (int i = 0; i < b.lat.cells(); ++i) {
    const int g = b.given[static_cast<std::size_t>(i)];
    if (g && shaded[static_cast<std::size_t>(i)] != (g == kGivenShaded))
      out.push_back({given_id(b.lat.cell_at(i), g == kGivenShaded), given_label(b.lat.cell_at(i), g == kGivenShaded) + " is not"});
  }
}

void check_no_adjacent_shaded(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out) {
  const graph::Graph g = L.cell_graph();
  for (const auto& [u, v] : g.edges)
    if (shaded[static_cast<std::size_t>(u)] && shaded[static_cast<std::size_t>(v)])
      out.push_back({"rule/adjacent_shaded", fmt::format("shaded cells side by side at {} and {}", cell_label(L.cell_at(u)),
                                                          cell_label(L.cell_at(v)))});
}

void check_some_shaded(const std::vector<bool>& shaded, std::vector<Violation>& out) {
  if (std::none_of(shaded.begin(), shaded.end(), [](bool s) { return s; }))
    out.push_back({"rule/some_shaded", "no cell is shaded (an answer shades at least one)"});
}

void check_unshaded_connected(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out) {
  std::vector<bool> white(shaded.size());
  for (std::size_t i = 0; i < shaded.size(); ++i) white[i] = !shaded[i];
  if (!graph::vertices_connected(L.cell_graph(), white)) out.push_back({"rule/unshaded_connected", "the unshaded cells are not connected"});
}

void check_shaded_connected(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out) {
  if (!graph::vertices_connected(L.cell_graph(), shaded)) out.push_back({"rule/shaded_connected", "the shaded cells are not connected"});
}

void check_no_2x2(const Lattice& L, const std::vector<bool>& on, const char* what, const char* id, std::vector<Violation>& out) {
  for (int r = 0; r + 1 < L.rows; ++r)
    for (int c = 0; c + 1 < L.cols; ++c)
      if (on[static_cast<std::size_t>(L.cell(r, c))] && on[static_cast<std::size_t>(L.cell(r, c + 1))] &&
          on[static_cast<std::size_t>(L.cell(r + 1, c))] && on[static_cast<std::size_t>(L.cell(r + 1, c + 1))])
        out.push_back({id, fmt::format("a 2x2 block of {} at r{}c{}", what, r + 1, c + 1)});
}

int sight(const Lattice& L, const std::vector<bool>& shaded, int cell) {
  if (shaded[static_cast<std::size_t>(cell)]) return 0;
  const Cell c = L.cell_at(cell);
  int seen = 1;
  for (auto [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}})
    for (int r = c.row + dr, k = c.col + dc; r >= 0 && r < L.rows && k >= 0 && k < L.cols && !shaded[static_cast<std::size_t>(L.cell(r, k))];
         r += dr, k += dc)
      ++seen;
  return seen;
}

void check_no_runs(const Lattice& L, const std::vector<bool>& shaded, int longest, std::vector<Violation>& out, const char* on,
                   const char* off) {
  const auto all = lines(L);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const auto& cells = all[k];
    std::size_t start = 0;
    for (std::size_t i = 1; i <= cells.size(); ++i) {
      if (i < cells.size() && shaded[static_cast<std::size_t>(cells[i])] == shaded[static_cast<std::size_t>(cells[start])]) continue;
      if (static_cast<int>(i - start) > longest)
        out.push_back({"rule/run", fmt::format("{}: {} {} in a line from {} (at most {})", line_name(L, k), i - start,
                                               shaded[static_cast<std::size_t>(cells[start])] ? on : off,
                                               cell_label(L.cell_at(cells[start])), longest)});
      start = i;
    }
  }
}

}  // namespace psmt::pencil
