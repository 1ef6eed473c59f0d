// puzz.link (pzprjs) URLs: https://puzz.link/p?PID/[FLAG/]COLS/ROWS/BODY,
// and the same query on pzv.jp and other pzprjs hosts. Read here: kakuro
// (FORMATS.md §5, after pzprjs's decodeKakuro):
//   BODY part (a): the COLS x ROWS inner cells in reading order: k..z skip
//   1..16 white cells, '.' a block, any other character starts a clue cell
//   of two characters, its down sum then its across sum; part (b): one
//   character per column whose top inner cell is white (the down sum in the
//   frame above it), then one per row whose left inner cell is white (the
//   across sum in the frame to its left). A sum character is 0-9, a-j
//   (10..19) or A-Z (20..45); '-' (and 0) is no sum.
// The frame becomes the top row and the left column of our board. Also
// skyscrapers and nonogram (FORMATS.md §5b, see below).
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "importers/catalogue.h"
#include "importers/formats.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

[[noreturn]] void puzzlink_fail(const std::string& origin, const std::string& msg) {
  throw InputError("input.link", kNoPath, msg, origin);
}

// A size field (columns, rows): digits only, then within 1..most; a number
// out of that range is said as such, not as "not a number".
int side_number(const std::string& s, const std::string& genre, const char* what, int most, const std::string& origin) {
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    puzzlink_fail(origin, fmt::format("{} {}: {} is not a number", genre, what, quote_input(s)));
  const std::size_t digits = s.find_first_not_of('0') == std::string::npos ? 1 : s.size() - s.find_first_not_of('0');
  const long v = digits > 6 ? 10000000 : std::stol(s);
  if (v < 1 || v > most)
    puzzlink_fail(origin, fmt::format("{} {}: {} is out of range (1 to {})", genre, what, quote_input(s, 20), most));
  return static_cast<int>(v);
}

// A sum character: its value, 0 for none.
int sum_value(char c, std::size_t pos, const std::string& origin) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'j') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 20;
  if (c == '-') return 0;
  puzzlink_fail(origin, fmt::format("kakuro data, character {}: {} is not a sum (0-9, a-j, A-Z, or - for none)", pos + 1,
                           quote_input(std::string(1, c))));
}

Imported kakuro(const std::vector<std::string>& fields, const std::string& origin, const std::string& link) {
  // fields: cols, rows, body
  auto number = [&](const std::string& s, const char* what) { return side_number(s, "kakuro", what, 59, origin); };
  const int cols = number(fields[0], "columns"), rows = number(fields[1], "rows");
  const std::string& body = fields[2];
  // Our board: the frame row and column, then the inner cells.
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r <= rows; ++r) grid.push_back(nlohmann::json::array());
  std::vector<std::vector<char>> kind(static_cast<std::size_t>(rows), std::vector<char>(static_cast<std::size_t>(cols), 'w'));
  std::vector<nlohmann::json> inner(static_cast<std::size_t>(rows * cols), ".");
  Builder b("puzz.link kakuro");
  std::size_t pos = 0;
  int cell = 0;
  while (cell < rows * cols) {
    if (pos >= body.size()) puzzlink_fail(origin, fmt::format("kakuro data ends after {} of the {} cells", cell, rows * cols));
    const char c = body[pos];
    if (c >= 'k' && c <= 'z') {
      const int skip = c - 'k' + 1;
      if (cell + skip > rows * cols)
        puzzlink_fail(origin, fmt::format("kakuro data, character {}: {} white cells after cell {}, the board has {}", pos + 1, skip, cell, rows * cols));
      cell += skip;
      ++pos;
      continue;
    }
    const int r = cell / cols, col = cell % cols;
    if (c == '.') {
      inner[static_cast<std::size_t>(cell)] = "#";
      kind[static_cast<std::size_t>(r)][static_cast<std::size_t>(col)] = 'b';
      ++pos;
    } else {
      if (pos + 1 >= body.size()) puzzlink_fail(origin, fmt::format("kakuro data, character {}: a clue cell needs two characters", pos + 1));
      const int down = sum_value(c, pos, origin), across = sum_value(body[pos + 1], pos + 1, origin);
      inner[static_cast<std::size_t>(cell)] = nlohmann::json::array({down ? nlohmann::json(down) : nlohmann::json(nullptr),
                                                                      across ? nlohmann::json(across) : nlohmann::json(nullptr)});
      kind[static_cast<std::size_t>(r)][static_cast<std::size_t>(col)] = 'c';
      b.from(fmt::format("/grid/{}/{}", r + 1, col + 1), fmt::format("the clue cell at characters {}-{}", pos + 1, pos + 2));
      pos += 2;
    }
    ++cell;
  }
  // The frame: the top row, then the left column.
  std::vector<nlohmann::json> top(static_cast<std::size_t>(cols), "#"), left(static_cast<std::size_t>(rows), "#");
  for (int pass = 0; pass < 2; ++pass) {
    const int count = pass == 0 ? cols : rows;
    for (int k = 0; k < count; ++k) {
      const bool white = pass == 0 ? kind[0][static_cast<std::size_t>(k)] == 'w' : kind[static_cast<std::size_t>(k)][0] == 'w';
      if (!white) continue;
      if (pos >= body.size())
        puzzlink_fail(origin, fmt::format("kakuro data ends before the frame's sum {} {}", pass == 0 ? "above column" : "left of row", k + 1));
      const int v = sum_value(body[pos], pos, origin);
      const nlohmann::json s = v ? nlohmann::json(v) : nlohmann::json(nullptr);
      if (pass == 0) top[static_cast<std::size_t>(k)] = nlohmann::json::array({s, nullptr});
      else left[static_cast<std::size_t>(k)] = nlohmann::json::array({nullptr, s});
      b.from(pass == 0 ? fmt::format("/grid/0/{}", k + 1) : fmt::format("/grid/{}/0", k + 1),
             fmt::format("the frame's sum at character {}", pos + 1));
      ++pos;
    }
  }
  if (pos != body.size())
    puzzlink_fail(origin, fmt::format("kakuro data, character {}: {} more characters than the {}x{} board needs", pos + 1, body.size() - pos, cols, rows));
  grid[0].push_back("#");
  for (const auto& t : top) grid[0].push_back(t);
  for (int r = 0; r < rows; ++r) {
    grid[static_cast<std::size_t>(r + 1)].push_back(left[static_cast<std::size_t>(r)]);
    for (int c = 0; c < cols; ++c) grid[static_cast<std::size_t>(r + 1)].push_back(inner[static_cast<std::size_t>(r * cols + c)]);
  }
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "kakuro";
  p["name"] = fmt::format("puzz.link kakuro {}x{}", cols, rows);
  p["source"] = link;
  p["grid"] = grid;
  return b.out;
}

// pzprjs's reader of the numbers outside the grid (decodeNumber16ExCell),
// one slot per step: a number16 code; '.' a "?" clue (refused); g..z leave
// 1..20 slots empty (0). It stops when every slot is read; `end` is where
// the rest of the body starts.
// A number of pzprjs's number16 codes at body[i]: one hex digit 0-9 a-f,
// or '-' and two hex digits (16..255). Its value and its length in
// characters; none when body[i] starts no number.
std::optional<std::pair<int, std::size_t>> number16(const std::string& body, std::size_t i, const std::string& where,
                                                    const std::string& origin) {
  const char c = body[i];
  if (std::isdigit(static_cast<unsigned char>(c))) return std::pair{c - '0', std::size_t{1}};
  if (c >= 'a' && c <= 'f') return std::pair{c - 'a' + 10, std::size_t{1}};
  if (c != '-') return std::nullopt;
  if (i + 2 >= body.size() || !std::isxdigit(static_cast<unsigned char>(body[i + 1])) || !std::isxdigit(static_cast<unsigned char>(body[i + 2])))
    puzzlink_fail(origin, where + ": '-' is followed by two hex digits");
  return std::pair{std::stoi(body.substr(i + 1, 2), nullptr, 16), std::size_t{3}};
}

struct Slots {
  std::vector<int> value;
  std::vector<std::size_t> at;  // the character (from 1) that set each slot
  std::size_t end = 0;
};

Slots read_outside_numbers(const std::string& body, int total, const std::string& genre, const std::string& origin) {
  Slots s;
  s.value.assign(static_cast<std::size_t>(total), 0);
  s.at.assign(static_cast<std::size_t>(total), 0);
  int ec = 0;
  std::size_t i = 0;
  while (i < body.size() && ec < total) {
    const char c = body[i];
    const std::string where = fmt::format("{} data, character {}", genre, i + 1);
    if (c >= 'g' && c <= 'z') {
      ec += c - 'g' + 1;
      ++i;
      continue;
    }
    if (c == '.') puzzlink_fail(origin, where + ": a \"?\" clue (pzprjs counts it as never met); puzzle-smt does not guess what it stands for");
    const auto number = number16(body, i, where, origin);
    if (!number) puzzlink_fail(origin, fmt::format("{}: unexpected {}", where, quote_input(std::string(1, c))));
    if (number->first == 0) puzzlink_fail(origin, where + ": a clue of 0 (pzprjs never accepts it)");
    s.at[static_cast<std::size_t>(ec)] = i + 1;
    s.value[static_cast<std::size_t>(ec++)] = number->first;
    i += number->second;
  }
  pzpr::note_short(ec, total, "clue places");
  s.end = i;
  return s;
}


// skyscrapers (pid also "building"): 4n outside numbers (above the columns
// 0..n-1, below them, left of the rows 0..n-1, right of them), then the
// given digits in reading order with pzprjs's decodeNumber16 (0-9 a-f,
// '-' two hex digits, g..z skip 1..20 cells); links made before Nov 2023
// have no givens part.
Imported skyscrapers(const std::vector<std::string>& fields, const std::string& origin, const std::string& link) {
  const int cols = side_number(fields[0], "skyscrapers", "columns", 999, origin), rows = side_number(fields[1], "skyscrapers", "rows", 999, origin);
  if (cols != rows || cols > 36)
    puzzlink_fail(origin, fmt::format("a {}x{} skyscrapers grid: puzzle-smt reads square ones, 1x1 to 36x36 (a Latin square)", cols, rows));
  const int n = cols;
  const std::string& body = fields[2];
  const Slots slots = read_outside_numbers(body, 4 * n, "skyscrapers", origin);
  for (int k = 0; k < 4 * n; ++k)
    if (slots.value[static_cast<std::size_t>(k)] > n)
      puzzlink_fail(origin, fmt::format("skyscrapers data, character {}: a clue of {} on a {}x{} grid (1..{})", slots.at[static_cast<std::size_t>(k)],
                               slots.value[static_cast<std::size_t>(k)], n, n, n));
  // The given digits.
  std::vector<int> givens(static_cast<std::size_t>(n * n), 0);
  bool any_given = false;
  int cell = 0;
  for (std::size_t i = slots.end; i < body.size();) {
    const char c = body[i];
    const std::string where = fmt::format("skyscrapers data, character {}", i + 1);
    if (cell >= n * n) puzzlink_fail(origin, fmt::format("{}: more than the {} clues and {} cells of a {}x{} grid", where, 4 * n, n * n, n, n));
    if (c >= 'g' && c <= 'z') {
      cell += c - 'g' + 1;
      ++i;
      continue;
    }
    if (c == '.') puzzlink_fail(origin, where + ": a \"?\" in a cell; puzzle-smt does not guess what it stands for");
    const auto number = number16(body, i, where, origin);
    if (!number) puzzlink_fail(origin, fmt::format("{}: unexpected {} in the given digits", where, quote_input(std::string(1, c))));
    const int v = number->first;
    i += number->second;
    if (v < 1 || v > n) puzzlink_fail(origin, fmt::format("{}: a given {} in a {}x{} grid (1..{})", where, v, n, n, n));
    givens[static_cast<std::size_t>(cell++)] = v;
    any_given = true;
  }
  if (cell > n * n) puzzlink_fail(origin, fmt::format("skyscrapers data: the given digits skip past the {} cells of a {}x{} grid", n * n, n, n));
  Builder b("puzz.link skyscrapers");
  const char* sides[] = {"top", "bottom", "left", "right"};
  set_skyscrapers_clues(b, slots.value, n, [&](int s, int k) {
    return fmt::format("the clue {} {} {}", s < 2 ? "of column" : "of row", k + 1, sides[s]);
  });
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "skyscrapers";
  p["name"] = fmt::format("puzz.link skyscrapers {}x{}", n, n);
  p["source"] = link;
  p["size"] = n;
  if (any_given) set_givens(b, givens, n, "the given digits");
  return b.out;
}

// nonogram: ceil(rows/2) outside numbers per column (columns 0..c-1), then
// ceil(cols/2) per row; within a line the first slot touches the grid, so
// the clue, read top to bottom (left to right), is the line's non-empty
// slots from the last to the first. A line with no number has no filled
// cell (pzprjs's checkNonogram); a run longer than its line is kept (the
// picture then has no solution, and diagnose says which line).
Imported nonogram(const std::vector<std::string>& fields, const std::string& origin, const std::string& link) {
  const int cols = side_number(fields[0], "nonogram", "columns", 200, origin), rows = side_number(fields[1], "nonogram", "rows", 200, origin);
  const int per_col = (rows + 1) / 2, per_row = (cols + 1) / 2;
  const std::string& body = fields[2];
  const Slots slots = read_outside_numbers(body, cols * per_col + rows * per_row, "nonogram", origin);
  if (slots.end != body.size())
    puzzlink_fail(origin, fmt::format("nonogram data, character {}: more than the {} clue places of a {}x{} picture", slots.end + 1,
                             cols * per_col + rows * per_row, cols, rows));
  Builder b("puzz.link nonogram");
  nlohmann::json lines[2] = {nlohmann::json::array(), nlohmann::json::array()};
  for (int pass = 0; pass < 2; ++pass) {
    const int count = pass == 0 ? cols : rows, per = pass == 0 ? per_col : per_row;
    const int first = pass == 0 ? 0 : cols * per_col;
    const char* name = pass == 0 ? "column" : "row";
    for (int k = 0; k < count; ++k) {
      nlohmann::json runs = nlohmann::json::array();
      for (int s = per - 1; s >= 0; --s) {
        const int v = slots.value[static_cast<std::size_t>(first + k * per + s)];
        if (!v) continue;
        runs.push_back(v);
      }
      lines[pass].push_back(runs);
      b.from(fmt::format("/{}/{}", pass == 0 ? "columns" : "rows", k), fmt::format("the clue of {} {}", name, k + 1));
    }
  }
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "nonogram";
  p["name"] = fmt::format("puzz.link nonogram {}x{}", cols, rows);
  p["source"] = link;
  p["rows"] = lines[1];
  p["columns"] = lines[0];
  return b.out;
}

}  // namespace

std::optional<std::string> puzzlink_query(const std::string& link) {
  auto scheme = link.find("://");
  if (scheme == std::string::npos) return std::nullopt;
  std::string rest = link.substr(scheme + 3);
  const auto slash = rest.find('/');
  std::string host = rest.substr(0, slash);
  for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (host.rfind("www.", 0) == 0) host = host.substr(4);
  const bool known = host == "puzz.link" || host == "pzv.jp" || host == "pzprxs.vercel.app";
  const auto q = rest.find('?');
  if (q == std::string::npos) {
    if (known) return std::string();
    return std::nullopt;
  }
  std::string query = rest.substr(q + 1);
  if (auto hash = query.find('#'); hash != std::string::npos) query = query.substr(0, hash);
  query = percent_decode(query);
  if (known) return query;
  // pzprjs served from another host (a mirror, a setter's own site): the
  // page is p or p.html and the query names a genre pzprjs has and we read.
  const std::string path = slash == std::string::npos || slash > q ? std::string() : rest.substr(slash, q - slash);
  const bool pzpr_page = path.size() >= 2 && (path.compare(path.size() - 2, 2, "/p") == 0 ||
                                              (path.size() >= 7 && path.compare(path.size() - 7, 7, "/p.html") == 0));
  if (!pzpr_page) return std::nullopt;
  std::string pid = query.substr(0, query.find('/'));
  while (pid.find('=') != std::string::npos && pid.find('&') != std::string::npos) pid = pid.substr(pid.find('&') + 1);
  for (const char* mode : {"_edit", "_play"})
    if (pid.size() > 5 && pid.compare(pid.size() - 5, 5, mode) == 0) pid.resize(pid.size() - 5);
  if (!find_puzzlink_genre(pid)) return std::nullopt;
  return query;
}

namespace {
// COLS/ROWS/BODY, the fields of kakuro, nonogram and skyscrapers links.
const std::vector<std::string>& size_and_body(const PzprLink& q) {
  if (q.fields.size() != 3)
    puzzlink_fail(q.origin, fmt::format("a {0} link is p?{0}/COLS/ROWS/DATA, this one has {1} parts after the name", q.pid, q.fields.size()));
  return q.fields;
}
}  // namespace

PzprLink split_puzzlink(const std::string& query, const std::string& origin, const std::string& link) {
  std::vector<std::string> fields;
  for (std::size_t a = 0;;) {
    std::size_t e = query.find('/', a);
    fields.push_back(query.substr(a, e == std::string::npos ? std::string::npos : e - a));
    if (e == std::string::npos) break;
    a = e + 1;
  }
  // Leading name=value& pairs (type=editor&), a suffix _edit or _play.
  while (fields[0].find('=') != std::string::npos && fields[0].find('&') != std::string::npos)
    fields[0] = fields[0].substr(fields[0].find('&') + 1);
  std::string pid = fields[0];
  for (const char* mode : {"_edit", "_play"})
    if (pid.size() > 5 && pid.compare(pid.size() - 5, 5, mode) == 0) pid.resize(pid.size() - 5);
  if (pid.empty()) puzzlink_fail(origin, "a puzz.link link names its puzzle after '?': p?kakuro/COLS/ROWS/DATA");
  fields.erase(fields.begin());
  // An optional variant mark v:ID (no effect on decoding), then optional flags before the size: fields that are not a number.
  std::vector<std::string> flags;
  if (!fields.empty() && fields[0].rfind("v:", 0) == 0) {
    flags.push_back(fields[0]);  // the pencil genres refuse it; the others read the body as before
    fields.erase(fields.begin());
  }
  while (fields.size() > 3 && !fields[0].empty() && !std::isdigit(static_cast<unsigned char>(fields[0][0]))) {
    flags.push_back(fields[0]);
    fields.erase(fields.begin());
  }
  if (fields.size() == 4 && fields[3].empty()) fields.pop_back();  // a trailing '/'
  return {pid, flags, fields, origin, link};
}

Imported import_puzzlink(const std::string& query, const std::string& origin, const std::string& link) {
  PzprLink q = split_puzzlink(query, origin, link);
  if (const PzprGenre* g = find_puzzlink_genre(q.pid)) {
    pzpr::take_short_notes();  // none of an earlier link's
    Imported im = g->read(q);
    im.warnings = pzpr::take_short_notes();
    return im;
  }
  puzzlink_fail(origin, fmt::format("puzz.link's {} is not read by puzzle-smt (it reads {})", quote_input(q.pid), puzzlink_genre_list()));
}

std::vector<PzprGenre> puzzlink_number_genres() {
  return {
      {"kakuro", {}, "kakuro", [](const PzprLink& q) { return kakuro(size_and_body(q), q.origin, q.link); }},
      {"nonogram", {}, "nonogram", [](const PzprLink& q) { return nonogram(size_and_body(q), q.origin, q.link); }},
      {"skyscrapers", {"building", "skyscraper"}, "skyscrapers",
       [](const PzprLink& q) { return skyscrapers(size_and_body(q), q.origin, q.link); }},
  };
}

}  // namespace psmt::importers
