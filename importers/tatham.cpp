// Game IDs of Simon Tatham's Portable Puzzle Collection: GAME:PARAMS:DESC as
// the collection prints them (`sgt-towers --generate`, "Game > Specific"),
// given as an argument, as the whole content of a file, or after the '#' of
// the collection's web page (…/puzzles/js/towers.html#5:…). Read here:
//   towers  PARAMS "W" or "WdX" (X the difficulty: e, h, x, u), W 3..9;
//           DESC "CLUES[,GRID]": 4W clues separated by '/', empty for none
//           (above columns 0..W-1, below them, left of rows 0..W-1, right
//           of them), and a run-length grid of givens (a..z: 1..26 blanks,
//           a number: a given, '_' between two numbers).
//   solo    PARAMS "CxR" or "N" with j (jigsaw), x (diagonals), k (killer)
//           → sudoku with boxes or regions, diagonals, killer cages;
//   keen    PARAMS "W" (generation settings dX, m ignored); DESC "CAGES,CLUES"
//           → kenken;
//   unequal PARAMS "N" with a (adjacent mode) → futoshiki with relations, or
//           with kropki white dots and the negative constraint
//   pattern PARAMS "WxH" or "N"; DESC column and row clues, known cells
//           → nonogram
// (see the functions below for the details).
// Other games of the collection are named and refused.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "importers/catalogue.h"
#include "importers/formats.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

// The collection's games (the Debian package's programs), for messages.
constexpr const char* kGames[] = {"blackbox", "bridges", "cube",    "dominosa", "fifteen", "filling", "flip",
                                  "flood",    "galaxies", "guess",  "inertia",  "keen",    "lightup", "loopy",
                                  "magnets",  "map",      "mines",  "mosaic",   "net",     "netslide", "palisade",
                                  "pattern",  "pearl",    "pegs",   "range",    "rect",    "samegame", "signpost",
                                  "singles",  "sixteen",  "slant",  "solo",     "tents",   "towers",  "tracks",
                                  "twiddle",  "undead",   "unequal", "unruly",  "untangle"};

[[noreturn]] void tatham_fail(const std::string& origin, const std::string& where, const std::string& msg) {
  throw InputError("input.game_id", kNoPath, where.empty() ? msg : where + ": " + msg, origin);
}

// The fields of `s` between `sep`s (empty ones included).
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  for (std::size_t a = 0;;) {
    std::size_t b = s.find(sep, a);
    out.push_back(s.substr(a, b == std::string::npos ? std::string::npos : b - a));
    if (b == std::string::npos) return out;
    a = b + 1;
  }
}

// Solo-style run-length givens: exactly `cells` cells.
std::vector<int> run_length_grid(const std::string& s, std::size_t cells, int max, const std::string& origin,
                                 const std::string& what = "grid") {
  std::vector<int> out;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c >= 'a' && c <= 'z') {
      out.insert(out.end(), static_cast<std::size_t>(c - 'a' + 1), 0);
      ++i;
    } else if (c == '_') {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) && j - i < 3) ++j;
      int v = std::stoi(s.substr(i, j - i));
      if (v < 1 || v > max)
        tatham_fail(origin, fmt::format("{}, character {}", what, i + 1), fmt::format("a value of {} (1..{} here)", v, max));
      out.push_back(v);
      i = j;
    } else {
      tatham_fail(origin, fmt::format("{}, character {}", what, i + 1),
           fmt::format("unexpected {} (a..z are runs of blanks, digits are values)", quote_input(std::string(1, c))));
    }
    if (out.size() > cells) tatham_fail(origin, what, fmt::format("more than the {} cells of the board", cells));
  }
  if (out.size() != cells) tatham_fail(origin, what, fmt::format("{} cells, the board has {}", out.size(), cells));
  return out;
}

// The puzzle's "grid": n rows of numbers, 0 for a blank.
// towers: PARAMS "W" or "WdX".
Imported towers(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i]))) ++i;
  if (i == 0 || i > 2) tatham_fail(origin, "parameters", fmt::format("{} is not a towers size (W, or WdX, e.g. 5 or 6dh)", quote_input(params)));
  const int w = std::stoi(params.substr(0, i));
  if (w < 3 || w > 9) tatham_fail(origin, "parameters", fmt::format("size {} (towers are 3 to 9 wide)", w));
  std::string rest = params.substr(i);
  if (!rest.empty() && !(rest.size() == 2 && rest[0] == 'd' && std::string("ehxu").find(rest[1]) != std::string::npos))
    tatham_fail(origin, "parameters", fmt::format("{} after the size: expected nothing or d and a difficulty (e, h, x, u)", quote_input(rest)));
  std::string clues = desc, grid;
  if (auto comma = desc.find(','); comma != std::string::npos) {
    clues = desc.substr(0, comma);
    grid = desc.substr(comma + 1);
  }
  const std::vector<std::string> parts = split(clues, '/');
  if (parts.size() != static_cast<std::size_t>(4 * w))
    tatham_fail(origin, "clues", fmt::format("{} entries separated by '/', a {}x{} board has {} (4 sides of {})", parts.size(), w, w, 4 * w, w));
  Builder b("Tatham towers");
  std::vector<int> counts(static_cast<std::size_t>(4 * w), 0);
  for (int i = 0; i < 4 * w; ++i) {
    const std::string& e = parts[static_cast<std::size_t>(i)];
    if (e.empty()) continue;
    if (e.size() > 2 || !std::all_of(e.begin(), e.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      tatham_fail(origin, fmt::format("clue {}", i + 1), fmt::format("{} is not a count", quote_input(e)));
    const int v = std::stoi(e);
    if (v < 1 || v > w) tatham_fail(origin, fmt::format("clue {}", i + 1), fmt::format("{} (a count is 1..{})", v, w));
    counts[static_cast<std::size_t>(i)] = v;
  }
  const char* sides[] = {"top", "bottom", "left", "right"};
  set_skyscrapers_clues(b, counts, w, [&](int s, int k) { return fmt::format("clue {} ({} {})", s * w + k + 1, sides[s], k + 1); });
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "skyscrapers";
  p["name"] = fmt::format("Towers {}", params);
  p["source"] = id;
  p["size"] = w;
  if (!grid.empty()) {
    auto givens = run_length_grid(grid, static_cast<std::size_t>(w * w), w, origin);
    nlohmann::json rows = nlohmann::json::array();
    for (int r = 0; r < w; ++r) {
      std::string row;
      for (int c = 0; c < w; ++c) {
        int v = givens[static_cast<std::size_t>(r * w + c)];
        row += v ? static_cast<char>('0' + v) : '.';
      }
      rows.push_back(row);
    }
    p["grid"] = rows;
    b.from("/grid", "the grid of givens");
  }
  return b.out;
}

// The block/cage structure encoding shared by solo and keen (FORMATS.md):
// for each of the 2n(n-1) internal lines, then a virtual one, how many
// non-lines come before the next line. Returns the region of each cell,
// numbered in order of each region's first cell.
std::vector<int> decode_blocks(const std::string& s, int n, int z_run, bool repeats, const std::string& origin,
                               const std::string& what) {
  const int lines = 2 * n * (n - 1);
  std::vector<int> parent(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n * n; ++i) parent[static_cast<std::size_t>(i)] = i;
  std::function<int(int)> find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  };
  auto join = [&](int k) {
    int a, b;
    if (k < n * (n - 1)) {
      int y = k / (n - 1), x = k % (n - 1);
      a = y * n + x;
      b = a + 1;
    } else {
      int k2 = k - n * (n - 1), x = k2 / (n - 1), y = k2 % (n - 1);
      a = y * n + x;
      b = a + n;
    }
    parent[static_cast<std::size_t>(find(a))] = find(b);
  };
  int pos = 0;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i++];
    int nonlines = 0;
    bool line = true;
    if (c == '_') nonlines = 0;
    else if (c >= 'a' && c <= 'y') nonlines = c - 'a' + 1;
    else if (c == 'z') {
      nonlines = z_run;
      line = false;
    } else {
      tatham_fail(origin, fmt::format("{}, character {}", what, i), fmt::format("unexpected {} (a..z and _ describe the lines)", quote_input(std::string(1, c))));
    }
    int times = 1;
    if (repeats && i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) && j - i < 4) ++j;
      times = std::stoi(s.substr(i, j - i));
      i = j;
    }
    for (int t = 0; t < times; ++t) {
      for (int k = 0; k < nonlines; ++k, ++pos) {
        if (pos >= lines) tatham_fail(origin, what, fmt::format("describes more than the {} lines of a {}x{} board", lines, n, n));
        join(pos);
      }
      if (line) ++pos;
      if (pos > lines + 1) tatham_fail(origin, what, fmt::format("describes more than the {} lines of a {}x{} board", lines, n, n));
    }
  }
  if (pos != lines + 1)
    tatham_fail(origin, what, fmt::format("describes {} of the {} lines of a {}x{} board and the final one", std::min(pos, lines + 1), lines, n, n));
  std::vector<int> region(static_cast<std::size_t>(n * n), -1), id_of(static_cast<std::size_t>(n * n), -1);
  int next = 0;
  for (int i = 0; i < n * n; ++i) {
    int r = find(i);
    if (id_of[static_cast<std::size_t>(r)] < 0) id_of[static_cast<std::size_t>(r)] = next++;
    region[static_cast<std::size_t>(i)] = id_of[static_cast<std::size_t>(r)];
  }
  return region;
}

nlohmann::json cell_list(const std::vector<int>& region, int id, int n) {
  nlohmann::json cells = nlohmann::json::array();
  for (int i = 0; i < n * n; ++i)
    if (region[static_cast<std::size_t>(i)] == id) cells.push_back({i / n, i % n});
  return cells;
}

// solo: PARAMS "CxR" or "N", then any of j (jigsaw), x (diagonals), k
// (killer), and generation settings that do not change the puzzle (rN, mN,
// mdN, a: symmetry; dX: difficulty).
Imported solo(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  auto number = [&]() {
    std::size_t j = i;
    while (j < params.size() && std::isdigit(static_cast<unsigned char>(params[j])) && j - i < 2) ++j;
    if (j == i) tatham_fail(origin, "parameters", fmt::format("{} is not a solo size (CxR or N, e.g. 3x3, 2x3, 9j)", quote_input(params)));
    int v = std::stoi(params.substr(i, j - i));
    i = j;
    return v;
  };
  int c = number(), r = c;
  bool has_r = false;
  if (i < params.size() && params[i] == 'x' && i + 1 < params.size() && std::isdigit(static_cast<unsigned char>(params[i + 1]))) {
    ++i;
    r = number();
    has_r = true;
  }
  bool jigsaw = false, diagonals = false, killer = false;
  while (i < params.size()) {
    const char f = params[i++];
    if (f == 'j') jigsaw = true;
    else if (f == 'x') diagonals = true;
    else if (f == 'k') killer = true;
    else if (f == 'a') continue;
    else if (f == 'r' || f == 'm') {  // symmetry: r2 r4 m2 m4 m8 md2 md4
      if (i < params.size() && params[i] == 'd') ++i;
      while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i]))) ++i;
    } else if (f == 'd' && i < params.size() && std::string("tbiaeu").find(params[i]) != std::string::npos) {
      ++i;
    } else {
      tatham_fail(origin, "parameters", fmt::format("{} in {}: expected j, x, k, a symmetry (r2, m4, ...) or a difficulty (dt, db, di, da, de, du)",
                                             quote_input(std::string(1, f)), quote_input(params)));
    }
  }
  // "N" is NxN, except that "Nj" is a jigsaw of side N; "CxR" has side C*R.
  const int n = has_r ? c * r : jigsaw ? c : c * c;
  if (n < 2 || n > 36) tatham_fail(origin, "parameters", fmt::format("a {}x{} grid (solo is 2x2 to 36x36)", n, n));
  const std::vector<std::string> parts = split(desc, ',');
  const std::size_t want = 1 + (jigsaw ? 1 : 0) + (killer ? 2 : 0);
  if (parts.size() != want)
    tatham_fail(origin, "", fmt::format("{} comma-separated parts, a{}{} solo ID has {} (the grid{}{})", parts.size(),
                                 jigsaw ? " jigsaw" : "", killer ? " killer" : "", want, jigsaw ? ", the regions" : "",
                                 killer ? ", the cages, their sums" : ""));
  Builder b("Tatham solo");
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "sudoku";
  p["name"] = fmt::format("Solo {}", params);
  p["source"] = id;
  p["size"] = n;
  set_givens(b, run_length_grid(parts[0], static_cast<std::size_t>(n * n), n, origin), n, "the grid of givens");
  std::size_t next = 1;
  if (jigsaw) {
    auto region = decode_blocks(parts[next++], n, 26, false, origin, "regions");
    int count = *std::max_element(region.begin(), region.end()) + 1;
    if (count != n) tatham_fail(origin, "regions", fmt::format("{} regions, a {}x{} jigsaw has {}", count, n, n, n));
    nlohmann::json regions = nlohmann::json::array();
    for (int k = 0; k < n; ++k) {
      regions.push_back(cell_list(region, k, n));
      if (static_cast<int>(regions.back().size()) != n)
        tatham_fail(origin, "regions", fmt::format("region {} has {} cells, each has {}", k + 1, regions.back().size(), n));
    }
    p["regions"] = regions;
    b.from("/regions", "the regions");
  } else if (n > 1) {
    p["box"] = {c, r};  // blocks R cells wide and C cells tall
  }
  if (diagonals) p["diagonals"] = {{"main", true}, {"anti", true}};
  if (killer) {
    auto cage = decode_blocks(parts[next], n, 26, false, origin, "cages");
    auto sums = run_length_grid(parts[next + 1], static_cast<std::size_t>(n * n), n * (n + 1) / 2, origin, "cage sums");
    int cages = *std::max_element(cage.begin(), cage.end()) + 1;
    nlohmann::json list = nlohmann::json::array();
    for (int k = 0; k < cages; ++k) {
      nlohmann::json cells = cell_list(cage, k, n);
      int first = cells[0][0].get<int>() * n + cells[0][1].get<int>(), sum = 0;
      for (int i2 = 0; i2 < n * n; ++i2) {
        if (cage[static_cast<std::size_t>(i2)] != k || !sums[static_cast<std::size_t>(i2)]) continue;
        if (i2 != first)
          tatham_fail(origin, "cage sums", fmt::format("the sum of cage {} is at r{}c{}, not at its first cell r{}c{}", k + 1,
                                                i2 / n + 1, i2 % n + 1, first / n + 1, first % n + 1));
        sum = sums[static_cast<std::size_t>(i2)];
      }
      if (!sum) tatham_fail(origin, "cage sums", fmt::format("cage {} (first cell r{}c{}) has no sum", k + 1, first / n + 1, first % n + 1));
      list.push_back({{"cells", cells}, {"sum", sum}});
      b.from(fmt::format("/killer/{}", k), fmt::format("cage {}", k + 1));
    }
    p["killer"] = list;
  }
  return b.out;
}

// keen: PARAMS "W", or "W" with generation settings that do not change the
// puzzle (dX: difficulty e, n, h, x, u; m: multiplication only); DESC
// "CAGES,CLUES": the block structure (z = 25, repeat counts) and one clue per
// cage in order of the cages' first cells: a sum, m product, s difference,
// d quotient, each followed by its value.
Imported keen(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i]))) ++i;
  if (i == 0 || i > 2) tatham_fail(origin, "parameters", fmt::format("{} is not a keen size (W, or W with dX and m, e.g. 5 or 6dhm)", quote_input(params)));
  const int w = std::stoi(params.substr(0, i));
  if (w < 3 || w > 9) tatham_fail(origin, "parameters", fmt::format("size {} (keen is 3 to 9 wide)", w));
  while (i < params.size()) {
    const char f = params[i++];
    if (f == 'm') continue;
    if (f == 'd' && i < params.size() && std::string("enhxu").find(params[i]) != std::string::npos) {
      ++i;
      continue;
    }
    const std::string what = f == 'd' ? params.substr(i - 1, 2) : std::string(1, f);
    tatham_fail(origin, "parameters", fmt::format("{} in {}: expected a difficulty (de, dn, dh, dx, du) or m", quote_input(what),
                                           quote_input(params)));
  }
  const std::vector<std::string> parts = split(desc, ',');
  if (parts.size() != 2)
    tatham_fail(origin, "", fmt::format("{} comma-separated parts, a keen ID has 2 (the cages, their clues)", parts.size()));
  auto cage = decode_blocks(parts[0], w, 25, true, origin, "cages");
  const int cages = *std::max_element(cage.begin(), cage.end()) + 1;
  Builder b("Tatham keen");
  nlohmann::json list = nlohmann::json::array();
  const std::string& clues = parts[1];
  std::size_t k = 0;
  for (int c = 0; c < cages; ++c) {
    nlohmann::json cells = cell_list(cage, c, w);
    const std::string where = fmt::format("clues, character {}", k + 1);
    if (k >= clues.size()) tatham_fail(origin, "clues", fmt::format("{} clues for the {} cages", c, cages));
    const char op = clues[k++];
    const char* ops = "amsd";
    const char* ours[] = {"+", "*", "-", "/"};
    const char* at = std::strchr(ops, op);
    if (!at || op == '\0') tatham_fail(origin, where, fmt::format("{} is not an operation (a sum, m product, s difference, d quotient)", quote_input(std::string(1, op))));
    std::size_t j = k;
    while (j < clues.size() && std::isdigit(static_cast<unsigned char>(clues[j])) && j - k < 10) ++j;
    if (j == k) tatham_fail(origin, where, fmt::format("the {} of cage {} has no value", quote_input(std::string(1, op)), c + 1));
    const long long v = std::stoll(clues.substr(k, j - k));
    if (v < 1 || v > 1000000000) tatham_fail(origin, where, fmt::format("a value of {} (1..1000000000)", v));
    k = j;
    const std::string our = ours[at - ops];
    if ((our == "-" || our == "/") && cells.size() != 2)
      tatham_fail(origin, where, fmt::format("cage {} (first cell r{}c{}) has {} cells; {} clues are for two", c + 1,
                                      cells[0][0].get<int>() + 1, cells[0][1].get<int>() + 1, cells.size(), op));
    list.push_back({{"cells", cells}, {"op", cells.size() == 1 ? "=" : our}, {"value", v}});
    b.from(fmt::format("/kenken/{}", c), fmt::format("the clue of cage {}", c + 1));
  }
  if (k != clues.size())
    tatham_fail(origin, fmt::format("clues, character {}", k + 1), fmt::format("more clues than the {} cages", cages));
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "kenken";
  p["name"] = fmt::format("Keen {}", params);
  p["source"] = id;
  p["size"] = w;
  p["kenken"] = list;
  return b.out;
}

// unequal: PARAMS "N" (3..32) with a (adjacent mode) and a difficulty (dX:
// t, e, k, x, r) that does not change the puzzle; DESC: N² entries in
// reading order, each NUMBER[FLAGS] and a comma (0 blank), a lowercase
// letter before an entry skipping 1..26 blank cells. Unequal mode: flag U,
// R, D or L says the cell is greater than that neighbour → futoshiki
// relations. Adjacent mode: a flag on both sides of an edge says the two
// differ by 1, and no flag that they do not → kropki white dots with the
// negative constraint.
Imported unequal(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i]))) ++i;
  if (i == 0 || i > 2) tatham_fail(origin, "parameters", fmt::format("{} is not an unequal size (N, Na, NdX, e.g. 5 or 6adk)", quote_input(params)));
  const int n = std::stoi(params.substr(0, i));
  if (n < 3 || n > 32) tatham_fail(origin, "parameters", fmt::format("order {} (unequal is 3 to 32)", n));
  bool adjacent = false;
  while (i < params.size()) {
    const char f = params[i++];
    if (f == 'a') {
      adjacent = true;
      continue;
    }
    if (f == 'd' && i < params.size() && std::string("tekxr").find(params[i]) != std::string::npos) {
      ++i;
      continue;
    }
    const std::string what = f == 'd' ? params.substr(i - 1, 2) : std::string(1, f);
    tatham_fail(origin, "parameters", fmt::format("{} in {}: expected a (adjacent) or a difficulty (dt, de, dk, dx, dr)", quote_input(what), quote_input(params)));
  }
  const std::size_t cells = static_cast<std::size_t>(n * n);
  std::vector<int> given;
  std::vector<std::string> flags;
  for (std::size_t k = 0; k < desc.size();) {
    const std::string where = fmt::format("description, character {}", k + 1);
    const char c = desc[k];
    if (c >= 'a' && c <= 'z') {
      given.insert(given.end(), static_cast<std::size_t>(c - 'a' + 1), 0);
      flags.insert(flags.end(), static_cast<std::size_t>(c - 'a' + 1), "");
      ++k;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = k;
      while (j < desc.size() && std::isdigit(static_cast<unsigned char>(desc[j])) && j - k < 3) ++j;
      const int v = std::stoi(desc.substr(k, j - k));
      if (v > n) tatham_fail(origin, where, fmt::format("a given of {} (1..{}, or 0 for a blank)", v, n));
      std::string f;
      while (j < desc.size() && std::strchr("URDL", desc[j]) && desc[j] != '\0') {
        if (f.find(desc[j]) != std::string::npos) tatham_fail(origin, fmt::format("description, character {}", j + 1), fmt::format("flag {} twice on one cell", desc[j]));
        f += desc[j++];
      }
      given.push_back(v);
      flags.push_back(f);
      if (j < desc.size() && desc[j] != ',')
        tatham_fail(origin, fmt::format("description, character {}", j + 1),
             fmt::format("unexpected {} after an entry (flags are U, R, D, L; entries end with a comma)", quote_input(std::string(1, desc[j]))));
      k = j + 1;
    } else {
      tatham_fail(origin, where, fmt::format("unexpected {} (an entry is a number and flags U R D L)", quote_input(std::string(1, c))));
    }
    if (given.size() > cells) tatham_fail(origin, "description", fmt::format("more than the {} cells of a {}x{} board", cells, n, n));
  }
  if (given.size() != cells) tatham_fail(origin, "description", fmt::format("{} cells, a {}x{} board has {}", given.size(), n, n, cells));
  Builder b(adjacent ? "Tatham unequal (adjacent)" : "Tatham unequal");
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "futoshiki";
  p["name"] = fmt::format("Unequal {}", params);
  p["source"] = id;
  p["size"] = n;
  set_givens(b, given, n, "the grid of givens");
  struct Dir {
    char flag, back;
    int dy, dx;
  };
  const Dir dirs[] = {{'U', 'D', -1, 0}, {'R', 'L', 0, 1}, {'D', 'U', 1, 0}, {'L', 'R', 0, -1}};
  nlohmann::json relations = nlohmann::json::array(), dots = nlohmann::json::array();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const std::string& f = flags[static_cast<std::size_t>(y * n + x)];
      for (const Dir& d : dirs) {
        if (f.find(d.flag) == std::string::npos) continue;
        const int y2 = y + d.dy, x2 = x + d.dx;
        const std::string cell = fmt::format("cell {} (r{}c{})", y * n + x + 1, y + 1, x + 1);
        if (y2 < 0 || x2 < 0 || y2 >= n || x2 >= n) tatham_fail(origin, cell, fmt::format("flag {} points off the board", d.flag));
        if (!adjacent) {
          b.from(fmt::format("/relations/{}", relations.size()), fmt::format("the sign {} of {}", d.flag, cell));
          relations.push_back({{"cells", {{y, x}, {y2, x2}}}, {"op", ">"}});
          continue;
        }
        if (flags[static_cast<std::size_t>(y2 * n + x2)].find(d.back) == std::string::npos)
          tatham_fail(origin, cell, fmt::format("flag {} has no {} on r{}c{} (adjacent mode marks a bar on both cells)", d.flag, d.back, y2 + 1, x2 + 1));
        if (d.flag == 'R' || d.flag == 'D') {  // each bar once
          b.from(fmt::format("/kropki/white/{}", dots.size()), fmt::format("the bar between r{}c{} and r{}c{}", y + 1, x + 1, y2 + 1, x2 + 1));
          dots.push_back({{"cells", {{y, x}, {y2, x2}}}});
        }
      }
    }
  if (adjacent) {
    p["kropki"] = {{"white", dots}, {"negative", {"white"}}};
    b.from("/kropki/negative", "no bar: the neighbours do not differ by 1");
  } else {
    p["relations"] = relations;
  }
  return b.out;
}

// pattern: PARAMS "WxH" or "N"; DESC W+H clues separated by '/' (the
// columns left to right, then the rows top to bottom), the runs of each
// separated by '.', empty for a line with no filled cell; an optional
// ",GIVENS" of known cells: a letter stands for k = letter - 'a' unknown
// cells, then a known one (lowercase empty, uppercase filled); z/Z are 25
// unknown cells with no known cell after them.
Imported pattern(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  auto number = [&]() {
    std::size_t j = i;
    while (j < params.size() && std::isdigit(static_cast<unsigned char>(params[j])) && j - i < 3) ++j;
    if (j == i) tatham_fail(origin, "parameters", fmt::format("{} is not a pattern size (WxH or N, e.g. 15x10 or 20)", quote_input(params)));
    int v = std::stoi(params.substr(i, j - i));
    i = j;
    return v;
  };
  const int w = number();
  int h = w;
  if (i < params.size() && params[i] == 'x') {
    ++i;
    h = number();
  }
  if (i != params.size())
    tatham_fail(origin, "parameters", fmt::format("{} after the size in {} (pattern takes WxH or N)", quote_input(params.substr(i)), quote_input(params)));
  if (w < 1 || h < 1 || w > 200 || h > 200) tatham_fail(origin, "parameters", fmt::format("a {}x{} picture (1 to 200 on each side)", w, h));
  std::string clues = desc, known;
  if (auto comma = desc.find(','); comma != std::string::npos) {
    clues = desc.substr(0, comma);
    known = desc.substr(comma + 1);
  }
  const std::vector<std::string> parts = split(clues, '/');
  if (parts.size() != static_cast<std::size_t>(w + h))
    tatham_fail(origin, "clues", fmt::format("{} clues separated by '/', a {}x{} picture has {} ({} columns, then {} rows)", parts.size(), w, h, w + h, w, h));
  Builder b("Tatham pattern");
  nlohmann::json columns = nlohmann::json::array(), rows = nlohmann::json::array();
  for (int k = 0; k < w + h; ++k) {
    const bool is_column = k < w;
    const int line = is_column ? k : k - w, length = is_column ? h : w;
    const std::string where = fmt::format("clue {} ({} {})", k + 1, is_column ? "column" : "row", line + 1);
    nlohmann::json runs = nlohmann::json::array();
    if (!parts[static_cast<std::size_t>(k)].empty())
      for (const auto& e : split(parts[static_cast<std::size_t>(k)], '.')) {
        if (e.empty() || e.size() > 3 || !std::all_of(e.begin(), e.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
          tatham_fail(origin, where, fmt::format("{} is not a run length", quote_input(e)));
        const int v = std::stoi(e);
        if (v < 1 || v > length) tatham_fail(origin, where, fmt::format("a run of {} (1..{} in a line of {})", v, length, length));
        runs.push_back(v);
      }
    // Runs that cannot fit their line make a puzzle without solution, not a malformed ID.
    (is_column ? columns : rows).push_back(runs);
    b.from(fmt::format("/{}/{}", is_column ? "columns" : "rows", line), where);
  }
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "nonogram";
  p["name"] = fmt::format("Pattern {}x{}", w, h);
  p["source"] = id;
  p["rows"] = rows;
  p["columns"] = columns;
  if (!known.empty()) {
    std::string cells(static_cast<std::size_t>(w * h), '.');
    std::size_t pos = 0;
    for (std::size_t k = 0; k < known.size(); ++k) {
      const char c = known[k];
      const bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z';
      if (!lower && !upper)
        tatham_fail(origin, fmt::format("given cells, character {}", k + 1), fmt::format("unexpected {} (letters a..z and A..Z)", quote_input(std::string(1, c))));
      pos += static_cast<std::size_t>(std::tolower(static_cast<unsigned char>(c)) - 'a');
      if (c == 'z' || c == 'Z') continue;  // 25 unknown cells and no known one
      if (pos >= cells.size()) tatham_fail(origin, "given cells", fmt::format("more than the {} cells of the picture", cells.size()));
      cells[pos++] = upper ? '#' : 'x';
    }
    if (pos > cells.size()) tatham_fail(origin, "given cells", fmt::format("more than the {} cells of the picture", cells.size()));
    nlohmann::json g = nlohmann::json::array();
    for (int r = 0; r < h; ++r) g.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
    p["givens"] = g;
    b.from("/givens", "the given cells");
  }
  return b.out;
}

}  // namespace

std::optional<std::pair<std::string, std::string>> split_game_id(const std::string& text) {
  auto colon = text.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 16) return std::nullopt;
  std::string game = text.substr(0, colon);
  for (char& c : game) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* g : kGames)
    if (game == g) return std::pair{game, text.substr(colon + 1)};
  return std::nullopt;
}

Imported import_game_id(const std::string& game, const std::string& id, const std::string& origin) {
  const std::string full = game + ":" + id;
  if (id.find_first_of(" \t\r\n") != std::string::npos)
    tatham_fail(origin, "", "a game ID has no spaces (paste it whole, as the collection prints it)");
  auto colon = id.find(':');
  if (colon == std::string::npos)
    tatham_fail(origin, "", fmt::format("{} has no description: a game ID is GAME:PARAMS:DESC (the collection's \"Game ID\", "
                                 "not its \"Random seed\")",
                                 quote_input(full)));
  const std::string params = id.substr(0, colon), desc = id.substr(colon + 1);
  if (desc.empty()) tatham_fail(origin, "", "the description after PARAMS: is empty");
  if (const TathamGame* g = find_tatham_game(game)) return g->read({game, params, desc, origin, full});
  tatham_fail(origin, "", fmt::format("{} is a game of Simon Tatham's collection that puzzle-smt does not read yet (it reads {})",
                                      game, tatham_game_list()));
}

std::vector<TathamGame> tatham_number_games() {
  return {
      {"towers", "skyscrapers", [](const TathamId& t) { return towers(t.params, t.desc, t.origin, t.id); }},
      {"solo", "sudoku", [](const TathamId& t) { return solo(t.params, t.desc, t.origin, t.id); }},
      {"keen", "kenken", [](const TathamId& t) { return keen(t.params, t.desc, t.origin, t.id); }},
      {"unequal", "futoshiki", [](const TathamId& t) { return unequal(t.params, t.desc, t.origin, t.id); }},
      {"pattern", "nonogram", [](const TathamId& t) { return pattern(t.params, t.desc, t.origin, t.id); }},
  };
}

}  // namespace psmt::importers
