// Sudoku written as text, as corpora and desktop programs keep it: one line
// of n*n cells (81 for 9x9, 256 for 16x16), SadMan Software's .sdk (comment
// lines "#A author", then 9 rows), Simple Sudoku's .ss (rows with '|' between
// boxes and lines of '-' between bands), or n rows of n cells. Out comes our
// sudoku JSON with the givens as numbers, so no later reading of letters can
// differ from the one chosen here.
//
// 16x16 grids are written in two alphabets that read the same characters
// differently: 1-9 then A-G (0 a blank), or 0-9 then A-F for 1-16. Which one
// is never guessed when both fit: --alphabet says it.
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "grid/grid.h"
#include "importers/formats.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

const char* const kAccepted =
    "puzzle-smt reads our JSON, f-puzzles exports, links (or a file holding one), and sudoku grids as text: one line of "
    "n*n cells (81 for 9x9, 256 for 16x16), SadMan .sdk, Simple Sudoku .ss, or n rows of n cells";

bool is_blank(char c, bool zero_is_value) {
  return c == '.' || c == '_' || c == '-' || c == 'x' || c == 'X' || c == '*' || (c == '0' && !zero_is_value);
}

// The value of `c` in a grid of side n with the given alphabet; 0 for a
// blank, -1 if it is not a symbol of that alphabet.
int value_of(char c, int n, const std::string& alphabet) {
  const bool zero_f = n == 16 && alphabet == "0-F";
  if (is_blank(c, zero_f)) return 0;
  int v = cell_char_value(c);  // 1-9 then A-Z for 10-35, as our own grids read
  if (zero_f) {
    char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    v = u >= '0' && u <= '9' ? u - '0' + 1 : u >= 'A' && u <= 'F' ? u - 'A' + 11 : -1;
  }
  return v >= 1 && v <= n ? v : -1;
}

struct Row {
  int line = 0;      // 1-based line in the text
  std::string text;  // the cells, separators removed
  std::vector<int> columns;  // 1-based column of each cell in the line
};

int side_of_cells(std::size_t cells) {
  for (int n : {4, 6, 8, 9, 10, 12, 15, 16, 20, 25})
    if (static_cast<std::size_t>(n * n) == cells) return n;
  return 0;
}

// The alphabet for a 16x16 grid: the one asked for, or the only one that
// reads every character; an InputError when both do and read differently.
std::string choose_alphabet(const std::vector<Row>& rows, const std::string& asked, const std::string& origin) {
  if (!asked.empty()) return asked;
  bool one_g = true, zero_f = true, differ = false;
  for (const auto& r : rows)
    for (char c : r.text) {
      int a = value_of(c, 16, "1-G"), b = value_of(c, 16, "0-F");
      one_g = one_g && a >= 0;
      zero_f = zero_f && b >= 0;
      differ = differ || a != b;
    }
  if (one_g && zero_f && differ)
    throw InputError("input.alphabet", kNoPath,
                     "a 16x16 grid in characters that both alphabets read, differently (1-9 then A-G, or 0-9 then A-F "
                     "for 1-16): say which with --alphabet 1-G or --alphabet 0-F",
                     origin);
  return zero_f && !one_g ? "0-F" : "1-G";
}

Imported grid_from_rows(const std::vector<Row>& rows, int n, const std::string& origin, const ImportOptions& options,
                        const std::string& format) {
  const std::string alphabet = n == 16 ? choose_alphabet(rows, options.alphabet, origin) : std::string();
  nlohmann::json grid = nlohmann::json::array();
  for (const auto& r : rows) {
    // Rows of digits up to 9x9, as people write them; numbers above 9 stay numbers.
    nlohmann::json row = nlohmann::json::array();
    std::string digits;
    for (std::size_t k = 0; k < r.text.size(); ++k) {
      int v = value_of(r.text[k], n, alphabet);
      if (v < 0) {
        std::string valid = n <= 9 ? fmt::format("1-{}", n)
                            : n == 16 ? (alphabet == "0-F" ? "0-9 and A-F (--alphabet 0-F)" : "1-9 and A-G (--alphabet 1-G)")
                                      : fmt::format("1-9 and A-{}", static_cast<char>('A' + n - 10));
        throw InputError("input.value", kNoPath,
                         fmt::format("line {}, column {}: '{}' is not a value of a {}x{} sudoku ({}; blanks '.', '0', '_')",
                                     r.line, r.columns[k], shorten(std::string(1, r.text[k])), n, n, valid),
                         origin);
      }
      if (n <= 9) digits += cell_value_char(v);
      else row.push_back(v);
    }
    if (n <= 9) grid.push_back(std::move(digits));
    else grid.push_back(std::move(row));
  }
  Builder b(format);
  b.out.puzzle = {{"kind", "sudoku"}, {"grid", grid}};
  (void)options;
  return b.out;
}

// Cells of one line: separators and spaces removed, columns kept.
Row cells_of(const std::string& line, int line_no) {
  Row r;
  r.line = line_no;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == ' ' || c == '\t' || c == '|' || c == '+' || c == '\r') continue;
    r.text += c;
    r.columns.push_back(static_cast<int>(i) + 1);
  }
  return r;
}

// A line of '-' between bands (.ss); not a row of blanks, which has n or n*n cells.
bool separator_line(const std::string& cells, std::size_t row_cells) {
  return cells.size() > 1 && cells.size() != row_cells && !side_of_cells(cells.size()) &&
         std::all_of(cells.begin(), cells.end(), [](char c) { return c == '-' || c == '=' || c == '*'; });
}

// Characters a grid can hold: digits, capitals, the lower-case hex letters
// and x, and the blanks. Prose has other lower-case letters and punctuation.
bool grid_like(const std::string& cells) {
  return std::all_of(cells.begin(), cells.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || std::isupper(static_cast<unsigned char>(c)) ||
           (c >= 'a' && c <= 'g') || c == 'x' || c == '.' || c == '_' || c == '-' || c == '*';
  });
}

}  // namespace

std::string check_alphabet(const std::string& a) {
  if (a.empty() || a == "1-G" || a == "0-F") return a;
  if (a == "1-9A-G" || a == "1-g") return "1-G";
  if (a == "0-9A-F" || a == "0-f") return "0-F";
  throw UsageError("--alphabet: expected 1-G (1-9 then A-G, 0 a blank) or 0-F (0-9 then A-F for 1-16), got \"" +
                   shorten(a, 20) + "\"");
}

namespace {

// One row of n*n cells cut into n rows of n.
Imported from_one_row(const Row& r, const std::string& origin, const ImportOptions& options, const std::string& format) {
  const int n = side_of_cells(r.text.size());
  if (!n)
    throw InputError("input.shape", kNoPath,
                     fmt::format("{} cells: a sudoku line has n*n cells (16, 36, 64, 81, 144, 256, ...)", r.text.size()),
                     origin);
  std::vector<Row> rows;
  for (int k = 0; k < n; ++k) {
    Row one;
    one.line = r.line;
    one.text = r.text.substr(static_cast<std::size_t>(k * n), static_cast<std::size_t>(n));
    one.columns.assign(r.columns.begin() + k * n, r.columns.begin() + (k + 1) * n);
    rows.push_back(one);
  }
  return grid_from_rows(rows, n, origin, options, format);
}

}  // namespace

Imported sudoku_line(const std::string& line, const std::string& origin, const ImportOptions& options) {
  return from_one_row(cells_of(line, 1), origin, options, "sudoku line");
}

std::optional<Imported> sudoku_text(const std::string& text, const std::string& origin, const ImportOptions& options) {
  std::vector<Row> rows;
  nlohmann::json meta = nlohmann::json::object();
  std::vector<std::string> comments;
  bool sdk = false, ss = false, other_section = false;
  int line_no = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? text.size() + 1 : end + 1;
    line_no++;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    if (line[first] == '#') {  // .sdk metadata: #A author, #D description, #C comment, #S source, #U link
      sdk = true;
      std::string value = line.size() > first + 2 ? line.substr(first + 2) : "";
      char tag = line.size() > first + 1 ? static_cast<char>(std::toupper(static_cast<unsigned char>(line[first + 1]))) : ' ';
      if (tag == 'A' && !value.empty()) meta["author"] = value;
      else if (tag == 'D' && !value.empty()) meta["name"] = value;
      else if ((tag == 'S' || tag == 'U') && !value.empty()) meta["source"] = value;
      else if (tag == 'C' && !value.empty()) comments.push_back(value);
      continue;
    }
    if (line[first] == '[') {  // .sdk sections: the grid is in [Puzzle]; [State] and others are not read
      sdk = true;
      std::string section = line.substr(first);
      other_section = section.rfind("[Puzzle]", 0) != 0;
      continue;
    }
    if (other_section) continue;
    if (line.find('|') != std::string::npos) ss = true;
    Row r = cells_of(line, line_no);
    if (separator_line(r.text, rows.empty() ? 0 : rows.front().text.size())) {
      ss = true;
      continue;
    }
    if (!grid_like(r.text)) {
      if (rows.empty() && !sdk) return std::nullopt;  // not a grid: the caller names the formats
      auto bad = std::find_if(r.text.begin(), r.text.end(), [](char c) { return !grid_like(std::string(1, c)); });
      std::size_t k = static_cast<std::size_t>(bad - r.text.begin());
      throw InputError("input.value", kNoPath,
                       fmt::format("line {}, column {}: '{}' is not a cell of a sudoku grid ({})", line_no, r.columns[k],
                                   shorten(std::string(1, *bad)), kAccepted),
                       origin);
    }
    rows.push_back(r);
  }
  if (rows.empty()) return std::nullopt;
  Imported out;
  if (rows.size() == 1) {
    out = from_one_row(rows.front(), origin, options, sdk ? "SadMan .sdk" : "sudoku line");
  } else {
    const int n = static_cast<int>(rows.size());
    for (const auto& r : rows)
      if (r.text.size() != rows.front().text.size())
        throw InputError("input.shape", kNoPath,
                         fmt::format("line {}: {} cells, but line {} has {}: a sudoku grid has n rows of n cells", r.line,
                                     r.text.size(), rows.front().line, rows.front().text.size()),
                         origin);
    if (static_cast<int>(rows.front().text.size()) != n || !side_of_cells(static_cast<std::size_t>(n * n)))
      throw InputError("input.shape", kNoPath,
                       fmt::format("{} rows of {} cells: a sudoku grid has n rows of n cells ({})", n, rows.front().text.size(),
                                   kAccepted),
                       origin);
    out = grid_from_rows(rows, n, origin, options, sdk ? "SadMan .sdk" : ss ? "Simple Sudoku .ss" : "sudoku grid");
  }
  for (auto it = meta.begin(); it != meta.end(); ++it) out.puzzle[it.key()] = it.value();
  if (!comments.empty()) out.puzzle["notes"] = comments;
  return out;
}

std::optional<Imported> import_line(const std::string& line_kind, const std::string& line, const std::string& origin,
                                    const ImportOptions& options) {
  if (line_kind != "sudoku") return std::nullopt;
  return sudoku_line(line, origin, options);
}

}  // namespace psmt::importers
