// puzz.link (pzprjs) URLs of the pencil genres (FORMATS.md §7): the query is
// PID/[FLAGS/]COLS/ROWS/BODY, the body read with pzprjs's shared readers
// (importers/pzpr_readers.h). A flag this reader does not know is refused by
// name: a dropped variant rule would change the verdict.
//   slither (slitherlink): 4Cell over the cells (0-4, '.' a "?" clue);
//     flag f: the loop passes through every lattice point.
//   mashu (masyu, pearl): Circle over the cells (1 white, 2 black); flag f:
//     the loop visits every cell; flag u (uramashu) only swaps the colours
//     on screen and is refused, since its rules differ.
//   nurikabe: Number16 over the cells ('.' an island of unknown size).
//   gokigen: 4Cross over the (COLS+1) x (ROWS+1) lattice points; the legacy
//     one-character form (flag d) is refused by name.
//   hitori: its own reader (base-36 numbers, '%'/'@' a "?" number).
//   kurodoko: Number16 over the cells ('.' a number not given).
//   hashikake (hashi, bridges): Number16 over the cells: an island and its
//     number ('.' an island whose number is not given).
//   yajilin (yajirin): ArrowNumber16 over the cells; flag b (how clue cells
//     are drawn) is read, flag o (yajilin_out: the loop may leave the
//     board) is refused by name; a number without an arrow is a clue cell whose
//     number says nothing ("x3"), as pzprjs reads it.
//   fillomino: Number16 over the cells ('.' a number not given: a cell to
//     fill), then (if present) Border: walls drawn between cells; flag t
//     (fillomino_tri, the numbers 1 to 3 only) is refused by name.
//   tentaisho: Dot over the (2*COLS-1) x (2*ROWS-1) places a dot can sit,
//     then (if present) Empty: the holes.
//   heyawake (heyawacky), ayeheya, shimaguni, country (flag e: rooms may
//     be left empty): Border (the rooms' walls), then RoomNumber16: a
//     Number16 value per room in reading order of its first cell, drawn in
//     that cell.
#include <fmt/format.h>

#include "importers/catalogue.h"
#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "grid/grid.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

using namespace pencil_kit;




Imported slither(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                 const std::string& link) {
  refuse_variant(flags, "slither", origin);
  bool full = false;
  for (const auto& f : flags) {
    if (f == "f") full = true;
    else pencil_fail(origin, fmt::format("slither: the flag {} is not read (puzzle-smt reads f, the loop through every point)", quote_input(f)));
  }
  if (fields.size() != 3)
    pencil_fail(origin, fmt::format("a slither link is p?slither/[f/]COLS/ROWS/DATA, this one has {} parts after the name", fields.size()));
  const int cols = size_field(fields[0], "slither", "columns", kMaxBoardSide, origin), rows = size_field(fields[1], "slither", "rows", kMaxBoardSide, origin);
  const std::string& body = fields[2];
  const auto read = pzpr::four_cell(body, 0, rows * cols, "slither", origin);
  if (read.end != body.size())
    pencil_fail(origin, fmt::format("slither data, character {}: {} more characters than the {}x{} board needs", read.end + 1,
                                    body.size() - read.end, cols, rows));
  Builder b("puzz.link slither");
  nlohmann::json clues = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    std::string s;
    for (int c = 0; c < cols; ++c) {
      const int v = read.values[static_cast<std::size_t>(r * cols + c)];
      s += v == pzpr::kNone ? '.' : v == pzpr::kUnknown ? '?' : static_cast<char>('0' + v);
    }
    clues.push_back(s);
  }
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "slitherlink";
  p["name"] = fmt::format("puzz.link slither {}x{}", cols, rows);
  p["source"] = link;
  p["clues"] = clues;
  if (full) p["full"] = true;
  b.from("/clues", "slither data");
  return b.out;
}



Imported mashu(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
               const std::string& link) {
  refuse_variant(flags, "mashu", origin);
  bool full = false;
  for (const auto& f : flags) {
    if (f == "f") full = true;
    else pencil_fail(origin, fmt::format("mashu: the flag {} is not read (puzzle-smt reads f, the loop through every cell)", quote_input(f)));
  }
  const Board b = board_fields(fields, "mashu", "mashu/[f/]COLS/ROWS/DATA", origin);
  const auto read = pzpr::circle(b.body, 0, b.rows * b.cols, "mashu", origin);
  no_trailing("mashu", b, read.end, origin);
  Builder out("puzz.link mashu");
  nlohmann::json pearls = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    std::string s;
    for (int c = 0; c < b.cols; ++c) {
      const int v = read.values[static_cast<std::size_t>(r * b.cols + c)];
      s += v == 1 ? 'W' : v == 2 ? 'B' : '.';
    }
    pearls.push_back(s);
  }
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "masyu";
  p["name"] = fmt::format("puzz.link mashu {}x{}", b.cols, b.rows);
  p["source"] = link;
  p["pearls"] = pearls;
  if (full) p["full"] = true;
  out.from("/pearls", "mashu data");
  return out.out;
}

Imported nurikabe(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                  const std::string& link) {
  refuse_variant(flags, "nurikabe", origin);
  for (const auto& f : flags) pencil_fail(origin, fmt::format("nurikabe: the flag {} is not read", quote_input(f)));
  const Board b = board_fields(fields, "nurikabe", "nurikabe/COLS/ROWS/DATA", origin);
  const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, "nurikabe", origin);
  no_trailing("nurikabe", b, read.end, origin);
  Builder out("puzz.link nurikabe");
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.cols; ++c) {
      const int v = read.values[static_cast<std::size_t>(r * b.cols + c)];
      if (v == 0) pencil_fail(origin, fmt::format("nurikabe data: an island of size 0 at r{}c{}", r + 1, c + 1));
      if (v == pzpr::kNone) row.push_back(".");
      else if (v == pzpr::kUnknown) row.push_back("?");
      else row.push_back(v);
    }
    grid.push_back(row);
  }
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "nurikabe";
  p["name"] = fmt::format("puzz.link nurikabe {}x{}", b.cols, b.rows);
  p["source"] = link;
  p["grid"] = grid;
  out.from("/grid", "nurikabe data");
  return out.out;
}

Imported gokigen(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                 const std::string& link) {
  refuse_variant(flags, "gokigen", origin);
  for (const auto& f : flags)
    pencil_fail(origin, fmt::format("gokigen: the flag {} is not read{}", quote_input(f),
                                    f == "d" ? " (the old one-character form of the clues)" : ""));
  const Board b = board_fields(fields, "gokigen", "gokigen/COLS/ROWS/DATA", origin);
  const auto read = pzpr::four_cell(b.body, 0, (b.rows + 1) * (b.cols + 1), "gokigen", origin, "lattice points");
  no_trailing("gokigen", b, read.end, origin);
  Builder out("puzz.link gokigen");
  nlohmann::json clues = nlohmann::json::array();
  for (int r = 0; r <= b.rows; ++r) {
    std::string s;
    for (int c = 0; c <= b.cols; ++c) {
      const int v = read.values[static_cast<std::size_t>(r * (b.cols + 1) + c)];
      s += v == pzpr::kNone ? '.' : v == pzpr::kUnknown ? '?' : static_cast<char>('0' + v);
    }
    clues.push_back(s);
  }
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "gokigen";
  p["name"] = fmt::format("puzz.link gokigen {}x{}", b.cols, b.rows);
  p["source"] = link;
  p["clues"] = clues;
  out.from("/clues", "gokigen data");
  return out.out;
}


Imported number_genre(const std::string& pid, const std::string& kind, const pzpr::Read& read, const Board& b,
                      const std::string& link) {
  Builder out("puzz.link " + pid);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = kind;
  p["name"] = fmt::format("puzz.link {} {}x{}", pid, b.cols, b.rows);
  p["source"] = link;
  p["grid"] = number_rows(read.values, b.cols, b.rows);
  out.from("/grid", pid + " data");
  return out.out;
}

Imported hitori(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                const std::string& link) {
  no_flags(flags, "hitori", origin);
  const Board b = board_fields(fields, "hitori", "hitori/COLS/ROWS/DATA", origin);
  const auto read = pzpr::hitori(b.body, 0, b.rows * b.cols, "hitori", origin);
  no_trailing("hitori", b, read.end, origin);
  return number_genre("hitori", "hitori", read, b, link);
}

Imported kurodoko(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                  const std::string& link) {
  no_flags(flags, "kurodoko", origin);
  const Board b = board_fields(fields, "kurodoko", "kurodoko/COLS/ROWS/DATA", origin);
  const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, "kurodoko", origin);
  no_trailing("kurodoko", b, read.end, origin);
  for (std::size_t i = 0; i < read.values.size(); ++i)
    if (read.values[i] == 0)
      pencil_fail(origin, fmt::format("kurodoko data: a 0 at r{}c{} (a cell sees at least itself)", i / static_cast<std::size_t>(b.cols) + 1,
                                      i % static_cast<std::size_t>(b.cols) + 1));
  return number_genre("kurodoko", "kurodoko", read, b, link);
}

Imported hashikake(const std::string& pid, const std::vector<std::string>& flags, const std::vector<std::string>& fields,
                   const std::string& origin, const std::string& link) {
  no_flags(flags, pid, origin);
  const Board b = board_fields(fields, pid, pid + "/COLS/ROWS/DATA", origin);
  const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, pid, origin);
  no_trailing(pid, b, read.end, origin);
  for (std::size_t i = 0; i < read.values.size(); ++i)
    if (read.values[i] == 0 || read.values[i] > 16)
      pencil_fail(origin, fmt::format("{} data: an island of {} bridges at r{}c{} (1 to 16)", pid, read.values[i],
                                      i / static_cast<std::size_t>(b.cols) + 1, i % static_cast<std::size_t>(b.cols) + 1));
  return number_genre(pid, "hashi", read, b, link);
}

Imported yajilin(const std::string& pid, const std::vector<std::string>& flags, const std::vector<std::string>& fields,
                 const std::string& origin, const std::string& link) {
  refuse_variant(flags, pid, origin);
  for (const auto& f : flags)
    if (f.find_first_not_of("b") != std::string::npos)
      pencil_fail(origin, fmt::format("{}: the flag {} is not read{}", pid, quote_input(f),
                                      f.find('o') != std::string::npos ? " (o: the variant whose loop may run outside the board)" : ""));
  const Board b = board_fields(fields, pid, pid + "/[b/]COLS/ROWS/DATA", origin);
  std::vector<int> dirs;
  const auto read = pzpr::arrow_number16(b.body, 0, b.rows * b.cols, dirs, pid, origin);
  no_trailing(pid, b, read.end, origin);
  static const char* arrow = "x^v<>";
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.cols; ++c) {
      const auto k = static_cast<std::size_t>(r * b.cols + c);
      const int v = read.values[k], d = dirs[k];
      if (v == pzpr::kNone) row.push_back(".");
      else if (v == -3) row.push_back("x");
      else row.push_back(std::string(1, arrow[d]) + (v == pzpr::kUnknown ? std::string("?") : std::to_string(v)));  // d 0: "x3", a number without an arrow
    }
    grid.push_back(row);
  }
  Builder out("puzz.link " + pid);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "yajilin";
  p["name"] = fmt::format("puzz.link {} {}x{}", pid, b.cols, b.rows);
  p["source"] = link;
  p["grid"] = grid;
  out.from("/grid", pid + " data");
  return out.out;
}

Imported tentaisho(const std::string& pid, const std::vector<std::string>& flags, const std::vector<std::string>& fields,
                   const std::string& origin, const std::string& link) {
  no_flags(flags, pid, origin);
  const Board b = board_fields(fields, pid, pid + "/COLS/ROWS/DATA", origin);
  const int w = 2 * b.cols - 1, h = 2 * b.rows - 1;
  const auto dots = pzpr::dot(b.body, 0, w * h, pid, origin);
  const auto holes = pzpr::empty(b.body, dots.end, b.cols * b.rows, pid, origin);
  no_trailing(pid, b, holes.end, origin);
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < h; ++y) {
    std::string s;
    for (int x = 0; x < w; ++x) {
      const int v = dots.values[static_cast<std::size_t>(y * w + x)];
      const bool hole = y % 2 == 0 && x % 2 == 0 && holes.values[static_cast<std::size_t>((y / 2) * b.cols + x / 2)];
      if (hole && v != pzpr::kNone)
        pencil_fail(origin, fmt::format("{} data: a dot on the hole r{}c{}", pid, y / 2 + 1, x / 2 + 1));
      s += hole ? 'X' : v == 1 ? 'o' : v == 2 ? '*' : '.';
    }
    rows.push_back(s);
  }
  Builder out("puzz.link " + pid);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "tentaisho";
  p["name"] = fmt::format("puzz.link {} {}x{}", pid, b.cols, b.rows);
  p["source"] = link;
  p["dots"] = rows;
  out.from("/dots", pid + " data");
  return out.out;
}

Imported fillomino(const std::string& pid, const std::vector<std::string>& flags, const std::vector<std::string>& fields,
                   const std::string& origin, const std::string& link) {
  refuse_variant(flags, pid, origin);
  for (const auto& f : flags)
    pencil_fail(origin, fmt::format("{}: the flag {} is not read{}", pid, quote_input(f), f == "t" ? " (t: only the numbers 1 to 3)" : ""));
  const Board b = board_fields(fields, pid, pid + "/COLS/ROWS/DATA", origin);
  const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, pid, origin);
  std::size_t end = read.end;
  nlohmann::json walls = nlohmann::json::array();
  if (end < b.body.size()) {
    const auto border = pzpr::border(b.body, end, b.cols, b.rows, pid, origin);
    end = border.end;
    const int vertical = (b.cols - 1) * b.rows;
    for (int k = 0; k < static_cast<int>(border.values.size()); ++k) {
      if (!border.values[static_cast<std::size_t>(k)]) continue;
      if (k < vertical) {
        const int r = k / (b.cols - 1), c = k % (b.cols - 1);
        walls.push_back(fmt::format("r{}c{}|r{}c{}", r + 1, c + 1, r + 1, c + 2));
      } else {
        const int r = (k - vertical) / b.cols, c = (k - vertical) % b.cols;
        walls.push_back(fmt::format("r{}c{}_r{}c{}", r + 1, c + 1, r + 2, c + 1));
      }
    }
  }
  no_trailing(pid, b, end, origin);
  for (std::size_t i = 0; i < read.values.size(); ++i)
    if (read.values[i] == 0 || read.values[i] > b.cols * b.rows)
      pencil_fail(origin, fmt::format("{} data: a {} at r{}c{} (1 to the {} cells of the board)", pid, read.values[i],
                                      i / static_cast<std::size_t>(b.cols) + 1, i % static_cast<std::size_t>(b.cols) + 1, b.cols * b.rows));
  Imported out = number_genre(pid, "fillomino", read, b, link);
  if (!walls.empty()) {
    out.puzzle["walls"] = walls;
    out.provenance.emplace_back("/walls", pid + " data (borders)");
  }
  return out;
}

Imported heyawake(const std::string& pid, const std::vector<std::string>& flags, const std::vector<std::string>& fields,
                  const std::string& origin, const std::string& link) {
  no_flags(flags, pid, origin);
  const Board b = board_fields(fields, pid, pid + "/COLS/ROWS/DATA", origin);
  const RoomNumbers rooms = room_numbers(b, pid, origin);
  no_trailing(pid, b, rooms.end, origin);
  // pzprjs's rules look at the walls drawn (a run across two, an island
  // beside a wall), ours at the rooms: a wall inside a room would be a rule
  // we do not hold.
  if (!rooms.inner_wall.empty())
    pencil_fail(origin, fmt::format("{}: the wall {} lies inside a room; puzzle-smt's rules are about room borders and cannot read it",
                                    pid, rooms.inner_wall));
  Builder out("puzz.link " + pid);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = pid == "heyawacky" ? "heyawake" : pid;
  p["name"] = fmt::format("puzz.link {} {}x{}", pid, b.cols, b.rows);
  p["source"] = link;
  p["rooms"] = rooms.rooms;
  p["grid"] = rooms.grid;
  out.from("/rooms", pid + " data (walls)");
  out.from("/grid", pid + " data (room numbers)");
  return out.out;
}

// Country Road: heyawake's body; the flag e lets rooms be left empty.
Imported country(const std::vector<std::string>& flags, const std::vector<std::string>& fields, const std::string& origin,
                 const std::string& link) {
  refuse_variant(flags, "country", origin);
  bool empty_rooms = false;
  for (const auto& f : flags) {
    if (f != "e") pencil_fail(origin, fmt::format("country: the flag {} is not read", quote_input(f)));
    empty_rooms = true;
  }
  Imported out = heyawake("country", {}, fields, origin, link);
  if (empty_rooms) {
    out.puzzle["empty_rooms"] = true;
    out.provenance.emplace_back("/empty_rooms", "country flag e");
  }
  return out;
}

}  // namespace

// A grid of numbers, one array per row: '.' none, '?' unknown, or the value.
nlohmann::json number_rows(const std::vector<int>& values, int cols, int rows) {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < cols; ++c) {
      const int v = values[static_cast<std::size_t>(r * cols + c)];
      if (v == pzpr::kNone) row.push_back(".");
      else if (v == pzpr::kUnknown) row.push_back("?");
      else row.push_back(v);
    }
    grid.push_back(row);
  }
  return grid;
}

std::vector<PzprGenre> puzzlink_pencil_genres() {
  return {
      {"slither", {"slitherlink"}, "slitherlink", [](const PzprLink& q) { return slither(q.flags, q.fields, q.origin, q.link); }},
      {"mashu", {"masyu", "pearl"}, "masyu", [](const PzprLink& q) { return mashu(q.flags, q.fields, q.origin, q.link); }},
      {"nurikabe", {}, "nurikabe", [](const PzprLink& q) { return nurikabe(q.flags, q.fields, q.origin, q.link); }},
      {"gokigen", {}, "gokigen", [](const PzprLink& q) { return gokigen(q.flags, q.fields, q.origin, q.link); }},
      {"hitori", {}, "hitori", [](const PzprLink& q) { return hitori(q.flags, q.fields, q.origin, q.link); }},
      {"fillomino", {}, "fillomino", [](const PzprLink& q) { return fillomino(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"tentaisho", {}, "tentaisho", [](const PzprLink& q) { return tentaisho(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"yajilin", {"yajirin"}, "yajilin", [](const PzprLink& q) { return yajilin(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"kurodoko", {}, "kurodoko", [](const PzprLink& q) { return kurodoko(q.flags, q.fields, q.origin, q.link); }},
      {"hashikake", {"hashi", "bridges"}, "hashi", [](const PzprLink& q) { return hashikake(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"heyawake", {"heyawacky"}, "heyawake", [](const PzprLink& q) { return heyawake(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"ayeheya", {}, "ayeheya", [](const PzprLink& q) { return heyawake(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"shimaguni", {}, "shimaguni", [](const PzprLink& q) { return heyawake(q.pid, q.flags, q.fields, q.origin, q.link); }},
      {"country", {}, "country", [](const PzprLink& q) { return country(q.flags, q.fields, q.origin, q.link); }},
  };
}

}  // namespace psmt::importers
