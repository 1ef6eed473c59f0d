#include "grid/token_grid.h"

#include <cctype>

#include <fmt/format.h>

namespace psmt {
namespace {

std::string trim(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  std::size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

bool is_integer(const std::string& t) {
  std::size_t i = (t.size() > 1 && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
  if (i >= t.size() || t.size() - i > 12) return false;
  for (std::size_t k = i; k < t.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(t[k]))) return false;
  return true;
}

GridToken token_of(const std::string& raw, const JsonNode& where, int col, int64_t lo, int64_t hi) {
  GridToken t;
  t.text = trim(raw);
  if (t.text.empty()) where.fail("input.value", fmt::format("token {} is empty", col + 1));
  if (t.text.find_first_not_of('_') == std::string::npos) {
    t.kind = GridToken::Blank;
  } else if (is_integer(t.text)) {
    t.kind = GridToken::Number;
    t.number = std::stoll(t.text);
    if (t.number < lo || t.number > hi)
      where.fail("input.range", fmt::format("token {}: {} is outside {}..{}", col + 1, t.number, lo, hi));
  } else {
    t.kind = GridToken::Symbol;
  }
  return t;
}

}  // namespace

std::vector<std::string> split_row(const std::string& row) {
  std::vector<std::string> out;
  if (row.find(',') != std::string::npos) {
    std::size_t start = 0;
    for (;;) {
      auto end = row.find(',', start);
      out.push_back(row.substr(start, end == std::string::npos ? std::string::npos : end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
  } else if (trim(row).find_first_of(" \t") != std::string::npos) {
    std::string cur;
    for (char ch : row) {
      if (ch == ' ' || ch == '\t' || ch == '\r') {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
      } else {
        cur += ch;
      }
    }
    if (!cur.empty()) out.push_back(cur);
  } else {
    for (char ch : trim(row)) out.push_back(std::string(1, ch));
  }
  return out;
}

TokenGrid parse_token_grid(const JsonNode& node, int max_rows, int max_cols, int64_t lo, int64_t hi) {
  TokenGrid g;
  std::vector<std::vector<GridToken>> rows;
  auto add_row = [&](std::vector<GridToken> row, const JsonNode& where) {
    if (static_cast<int>(row.size()) > max_cols)
      where.fail("input.size", fmt::format("{} tokens in a row, more than the supported {}", row.size(), max_cols));
    if (!rows.empty() && row.size() != rows.front().size())
      where.fail("input.shape", fmt::format("ragged board: row {} has {} tokens, row 1 has {}", rows.size() + 1, row.size(),
                                            rows.front().size()));
    if (row.empty()) where.fail("input.shape", "an empty row");
    rows.push_back(std::move(row));
    g.rows_path.push_back(where.where());
    if (static_cast<int>(rows.size()) > max_rows)
      where.fail("input.size", fmt::format("more than the supported {} rows", max_rows));
  };
  if (node.is_string()) {
    std::string text = node.as_string();
    std::size_t start = 0;
    std::vector<std::string> lines;
    for (;;) {
      auto end = text.find('\n', start);
      lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    while (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();
    for (std::size_t r = 0; r < lines.size(); ++r) {
      std::vector<GridToken> row;
      auto toks = split_row(lines[r]);
      for (std::size_t c = 0; c < toks.size(); ++c) {
        try {
          row.push_back(token_of(toks[c], node, static_cast<int>(c), lo, hi));
        } catch (const InputError& e) {
          node.fail(e.id(), fmt::format("line {}: {}", r + 1, e.what()));
        }
      }
      add_row(std::move(row), node);
    }
  } else {
    for (const auto& rn : node.items()) {
      std::vector<GridToken> row;
      if (rn.is_string()) {
        auto toks = split_row(rn.as_string());
        for (std::size_t c = 0; c < toks.size(); ++c) row.push_back(token_of(toks[c], rn, static_cast<int>(c), lo, hi));
      } else if (rn.is_array()) {
        auto items = rn.items();
        for (std::size_t c = 0; c < items.size(); ++c) {
          const auto& it = items[c];
          if (it.is_null()) row.push_back({GridToken::Blank, 0, "_"});
          else if (it.is_number()) row.push_back({GridToken::Number, it.as_int(lo, hi), std::to_string(it.as_int(lo, hi))});
          else if (it.is_string()) row.push_back(token_of(it.as_string(), it, 0, lo, hi));
          else it.expected("a number, null (blank) or a string");
        }
      } else {
        rn.expected("a row: a string of tokens or an array");
      }
      add_row(std::move(row), rn);
    }
  }
  if (rows.empty()) node.fail("input.shape", "the board has no rows");
  g.rows = static_cast<int>(rows.size());
  g.cols = static_cast<int>(rows.front().size());
  for (auto& r : rows)
    for (auto& t : r) g.cells.push_back(std::move(t));
  return g;
}

}  // namespace psmt
