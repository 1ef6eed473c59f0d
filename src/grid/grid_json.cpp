#include "grid/grid_json.h"

#include <cmath>

#include <fmt/format.h>

#include "grid/grid.h"

namespace psmt {
namespace {

int isqrt_exact(std::size_t len) {
  auto r = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(len))));
  return r * r == len ? static_cast<int>(r) : -1;
}

std::string strip_row(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '|' && c != '\t') out += c;
  return out;
}

}  // namespace

SquareGrid parse_square_grid(const JsonNode& node, std::optional<int> size, int max_side, int max_value,
                             bool allow_blanks) {
  SquareGrid g;
  auto check_side = [&](int n, const JsonNode& at, const std::string& what) {
    if (size && n != *size)
      at.fail("input.shape", fmt::format("expected a {0}x{0} grid, found {1}", *size, what));
    if (n < 1 || n > max_side)
      at.fail("input.size", fmt::format("grid side {} is outside the supported 1..{}", n, max_side));
  };
  // `shown` writes the cell as read, for a message (only on failure: a
  // corpus line is read in microseconds).
  auto put = [&](int v, const JsonNode& at, int index, const auto& shown) {
    int limit = max_value ? max_value : g.n;
    if (v < 0 || v > limit)
      at.fail("input.range", fmt::format("cell {} is {}, expected a blank or 1..{}", index + 1, shown(), limit));
    if (v == 0 && !allow_blanks)
      at.fail("input.shape", fmt::format("cell {} is blank, expected a value 1..{}", index + 1, limit));
    g.values.push_back(v);
  };
  auto quoted = [](char ch) { return [ch] { return fmt::format("'{}'", ch); }; };

  if (node.is_string()) {
    std::string s = strip_row(node.as_string());
    int n = isqrt_exact(s.size());
    if (n < 0)
      node.fail("input.shape",
                fmt::format("expected n*n cell characters (81 for 9x9), found {} characters", s.size()));
    check_side(n, node, fmt::format("{} characters", s.size()));
    g.n = n;
    g.values.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) put(cell_char_value(s[i]), node, static_cast<int>(i), quoted(s[i]));
    return g;
  }
  if (!node.is_array()) node.expected("a string of n*n cells or an array of rows");
  auto rows = node.items();
  int n = static_cast<int>(rows.size());
  check_side(n, node, fmt::format("{} rows", n));
  g.n = n;
  for (int r = 0; r < n; ++r) {
    const JsonNode& row = rows[r];
    if (row.is_string()) {
      std::string s = strip_row(row.as_string());
      if (static_cast<int>(s.size()) != n)
        row.fail("input.shape", fmt::format("expected a row of {} cells, found {}", n, s.size()));
      for (int c = 0; c < n; ++c) put(cell_char_value(s[c]), row, c, quoted(s[c]));
    } else if (row.is_array()) {
      auto cells = row.items();
      if (static_cast<int>(cells.size()) != n)
        row.fail("input.shape", fmt::format("expected a row of {} cells, found {}", n, cells.size()));
      for (int c = 0; c < n; ++c) {
        if (cells[c].is_null()) {
          put(0, cells[c], c, [] { return std::string("null"); });
        } else {
          int limit = max_value ? max_value : n;
          auto v = cells[c].as_int(0, limit);
          put(static_cast<int>(v), cells[c], c, [v] { return std::to_string(v); });
        }
      }
    } else {
      row.expected("a row string or an array of numbers");
    }
  }
  return g;
}

nlohmann::json square_grid_json(int n, const std::vector<int>& values) {
  nlohmann::json rows = nlohmann::json::array();
  bool chars = true;
  for (int v : values)
    if (v > 35 || v < 0) chars = false;
  for (int r = 0; r < n; ++r) {
    if (chars) {
      std::string s;
      for (int c = 0; c < n; ++c) s += cell_value_char(values[r * n + c]);
      rows.push_back(s);
    } else {
      nlohmann::json row = nlohmann::json::array();
      for (int c = 0; c < n; ++c) row.push_back(values[r * n + c]);
      rows.push_back(row);
    }
  }
  return rows;
}

}  // namespace psmt
