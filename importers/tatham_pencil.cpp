// Game IDs of Simon Tatham's collection for the pencil genres (FORMATS.md
// §7.3-7.4), GAME:PARAMS:DESC:
//   loopy WxHt<type>[d<diff>]: slitherlink; only t0 (squares) maps, every
//     other tiling is refused by name. DESC: one symbol per face, row-major:
//     0-9 a clue, a-z 1..26 faces without one.
//   slant WxH[d<diff>]: gokigen; DESC: (W+1)(H+1) point clues row-major, 0-4
//     a clue, a-z 1..26 points without one.
//   pearl WxH[d<diff>][n]: masyu; DESC row-major: B black, W white, a-z
//     1..26 cells without a pearl.
//   singles WxH[d<diff>]: hitori; DESC: one character per cell, 0-9 a-z A-Z
//     the numbers 0 to 61.
//   bridges WxH[i<n>][e<n>][m<k>][L][d<n>]: hashi; m the most bridges
//     between two islands (default 2), L no loops; i, e, d the generator's.
//     DESC row-major: 1-9 and A-G (10-16) an island's number, a-z 1..26 sea.
//   galaxies WxH[d<diff>]: tentaisho; DESC over the (2W-1) x (2H-1) places
//     a dot can sit, row-major: a-y skip 0..24 places then a dot, A-Y the
//     same with a black dot, z skip 25 places.
//   filling WxH: fillomino; DESC row-major: a character per given number,
//     its value the character's code less '0' (so ':' is 10), '0' a blank,
//     a-z 1..26 blanks.
//   range WxH: kurodoko; DESC row-major: decimal numbers ("_" between two
//     in a row), a-z 1..26 cells without one.
#include <cctype>

#include <fmt/format.h>

#include "importers/catalogue.h"
#include "importers/formats.h"
#include "grid/grid.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

[[noreturn]] void tatham_pencil_fail(const std::string& origin, const std::string& where, const std::string& msg) {
  throw InputError("input.game_id", kNoPath, where.empty() ? msg : where + ": " + msg, origin);
}

// WxH at the start of PARAMS (both 1..most); `i` moves past it.
std::pair<int, int> read_size(const std::string& params, std::size_t& i, const std::string& game, int most,
                              const std::string& origin) {
  auto number = [&]() {
    std::size_t j = i;
    while (j < params.size() && std::isdigit(static_cast<unsigned char>(params[j])) && j - i < 4) ++j;
    if (j == i) tatham_pencil_fail(origin, "parameters", fmt::format("{} is not a {} size (WxH)", quote_input(params), game));
    const int v = std::stoi(params.substr(i, j - i));
    i = j;
    return v;
  };
  const int w = number();
  int h = w;
  if (i < params.size() && params[i] == 'x') {
    ++i;
    h = number();
  }
  if (w < 1 || h < 1 || w > most || h > most)
    tatham_pencil_fail(origin, "parameters", fmt::format("a {}x{} {} (1 to {} on each side)", w, h, game, most));
  return {w, h};
}

// The tilings loopy names by number (Debian's build), for refusals.
constexpr const char* kLoopyTypes[] = {"squares", "triangular", "honeycomb", "snub-square", "Cairo", "great-hexagonal",
                                       "octagonal", "kites", "floret", "dodecagonal", "great-dodecagonal",
                                       "Penrose P2 (kite/dart)", "Penrose P3 (rhombs)", "great-great-dodecagonal",
                                       "compass-dodecagonal", "hats", "spectres"};

Imported loopy(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "loopy", kMaxBoardSide, origin);
  int type = 0;
  if (i < params.size() && params[i] == 't') {
    std::size_t j = ++i;
    while (j < params.size() && std::isdigit(static_cast<unsigned char>(params[j]))) ++j;
    if (j == i) tatham_pencil_fail(origin, "parameters", "a t without a grid type number");
    type = std::stoi(params.substr(i, std::min<std::size_t>(j - i, 3)));
    i = j;
  }
  if (i < params.size() && params[i] == 'd') i = params.size();  // difficulty: the generator's, not the puzzle's
  if (i != params.size())
    tatham_pencil_fail(origin, "parameters", fmt::format("{} after the size in {}", quote_input(params.substr(i)), quote_input(params)));
  if (type != 0) {
    const std::string name = type < static_cast<int>(std::size(kLoopyTypes)) ? kLoopyTypes[type] : "unknown";
    tatham_pencil_fail(origin, "parameters", fmt::format("loopy grid type t{} ({} tiling) is not read: puzzle-smt reads t0, squares", type, name));
  }
  std::vector<int> clue;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c >= '0' && c <= '4') clue.push_back(c - '0');
    else if (c >= 'a' && c <= 'z') clue.insert(clue.end(), static_cast<std::size_t>(c - 'a' + 1), -1);
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (0-4 a clue on a square, a-z 1..26 faces without one)", quote_input(std::string(1, c))));
    if (static_cast<int>(clue.size()) > w * h)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("more than the {} faces of a {}x{} grid", w * h, w, h));
  }
  if (static_cast<int>(clue.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} faces, a {}x{} grid has {}", clue.size(), w, h, w * h));
  Builder b("Tatham loopy");
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < h; ++r) {
    std::string s;
    for (int c = 0; c < w; ++c) {
      const int v = clue[static_cast<std::size_t>(r * w + c)];
      s += v < 0 ? '.' : static_cast<char>('0' + v);
    }
    rows.push_back(s);
  }
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "slitherlink";
  p["name"] = fmt::format("Loopy {}", params);
  p["source"] = id;
  p["clues"] = rows;
  b.from("/clues", "description");
  return b.out;
}

Imported pearl(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "pearl", kMaxBoardSide, origin);
  while (i < params.size()) {  // d<difficulty>, n (no unique-solution check): the generator's settings
    if (params[i] == 'd' && i + 1 < params.size()) i += 2;
    else if (params[i] == 'n') i += 1;
    else tatham_pencil_fail(origin, "parameters", fmt::format("{} after the size in {}", quote_input(params.substr(i)), quote_input(params)));
  }
  std::string cells;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c == 'B' || c == 'W') cells += c;
    else if (c >= 'a' && c <= 'z') cells.append(static_cast<std::size_t>(c - 'a' + 1), '.');
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (B black, W white, a-z 1..26 cells without a pearl)", quote_input(std::string(1, c))));
    if (static_cast<int>(cells.size()) > w * h)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("more than the {} cells of a {}x{} board", w * h, w, h));
  }
  if (static_cast<int>(cells.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} cells, a {}x{} board has {}", cells.size(), w, h, w * h));
  Builder b("Tatham pearl");
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < h; ++r) rows.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "masyu";
  p["name"] = fmt::format("Pearl {}", params);
  p["source"] = id;
  p["pearls"] = rows;
  b.from("/pearls", "description");
  return b.out;
}

Imported slant(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "slant", kMaxBoardSide, origin);
  if (i < params.size() && params[i] == 'd' && i + 1 < params.size()) i += 2;  // difficulty: the generator's
  if (i != params.size())
    tatham_pencil_fail(origin, "parameters", fmt::format("{} after the size in {}", quote_input(params.substr(i)), quote_input(params)));
  const int points = (w + 1) * (h + 1);
  std::string clue;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c >= '0' && c <= '4') clue += c;
    else if (c >= 'a' && c <= 'z') clue.append(static_cast<std::size_t>(c - 'a' + 1), '.');
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (0-4 a clue, a-z 1..26 points without one)", quote_input(std::string(1, c))));
    if (static_cast<int>(clue.size()) > points)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("more than the {} points of a {}x{} grid", points, w, h));
  }
  if (static_cast<int>(clue.size()) != points)
    tatham_pencil_fail(origin, "description", fmt::format("{} points, a {}x{} grid has {}", clue.size(), w, h, points));
  Builder b("Tatham slant");
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r <= h; ++r) rows.push_back(clue.substr(static_cast<std::size_t>(r * (w + 1)), static_cast<std::size_t>(w + 1)));
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "gokigen";
  p["name"] = fmt::format("Slant {}", params);
  p["source"] = id;
  p["clues"] = rows;
  b.from("/clues", "description");
  return b.out;
}

// d<difficulty> after the size: the generator's setting, not the puzzle's.
void difficulty_only(const std::string& params, std::size_t i, const std::string& origin) {
  if (i < params.size() && params[i] == 'd' && i + 1 < params.size()) i += 2;
  if (i != params.size())
    tatham_pencil_fail(origin, "parameters", fmt::format("{} after the size in {}", quote_input(params.substr(i)), quote_input(params)));
}

// A puzzle of numbers in cells, row-major (-1 none), under "grid".
Imported number_puzzle(const std::string& game, const std::string& kind, const std::string& name, const std::string& id,
                       const std::vector<int>& numbers, int w, int h) {
  Builder b("Tatham " + game);
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = kind;
  p["name"] = name;
  p["source"] = id;
  p["grid"] = number_rows(numbers, w, h);
  b.from("/grid", "description");
  return b.out;
}

Imported singles(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "singles", kMaxBoardSide, origin);
  difficulty_only(params, i, origin);
  if (static_cast<int>(desc.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} characters, a {}x{} grid has {} cells (one each)", desc.size(), w, h, w * h));
  std::vector<int> numbers;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c >= '0' && c <= '9') numbers.push_back(c - '0');
    else if (c >= 'a' && c <= 'z') numbers.push_back(c - 'a' + 10);
    else if (c >= 'A' && c <= 'Z') numbers.push_back(c - 'A' + 36);
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (0-9, a-z, A-Z a number)", quote_input(std::string(1, c))));
    // The collection refuses a number outside 1 to the longer side ("Invalid
    // character in game description"): so does this reader.
    if (numbers.back() < 1 || numbers.back() > std::max(w, h))
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                         fmt::format("{} is not a number of a {}x{} singles grid (1 to {}); the collection refuses it", numbers.back(), w,
                                     h, std::max(w, h)));
  }
  return number_puzzle("singles", "hitori", fmt::format("Singles {}", params), id, numbers, w, h);
}

Imported range(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "range", kMaxBoardSide, origin);
  difficulty_only(params, i, origin);
  std::vector<int> numbers;
  for (std::size_t k = 0; k < desc.size();) {
    const char c = desc[k];
    if (c >= 'a' && c <= 'z') {
      numbers.insert(numbers.end(), static_cast<std::size_t>(c - 'a' + 1), -1);
      ++k;
    } else if (c >= '0' && c <= '9') {
      std::size_t j = k;
      while (j < desc.size() && std::isdigit(static_cast<unsigned char>(desc[j])) && j - k < 4) ++j;
      const int v = std::stoi(desc.substr(k, j - k));
      if (v < 1 || v > w + h - 1)
        tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("{} is out of range (1 to {})", v, w + h - 1));
      numbers.push_back(v);
      k = j;
      if (k < desc.size() && desc[k] == '_') ++k;
    } else {
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                         fmt::format("unexpected {} (a number, '_' between two numbers, a-z 1..26 cells without one)", quote_input(std::string(1, c))));
    }
    if (static_cast<int>(numbers.size()) > w * h)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
  }
  if (static_cast<int>(numbers.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} cells, a {}x{} grid has {}", numbers.size(), w, h, w * h));
  return number_puzzle("range", "kurodoko", fmt::format("Range {}", params), id, numbers, w, h);
}

Imported bridges(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "bridges", kMaxBoardSide, origin);
  int most = 2;
  bool no_loops = false;
  while (i < params.size()) {
    const char c = params[i++];
    std::size_t j = i;
    while (j < params.size() && std::isdigit(static_cast<unsigned char>(params[j])) && j - i < 3) ++j;
    const std::string digits = params.substr(i, j - i);
    if (c == 'L') {
      no_loops = true;
      continue;
    }
    if ((c != 'i' && c != 'e' && c != 'm' && c != 'd') || digits.empty())
      tatham_pencil_fail(origin, "parameters", fmt::format("{} after the size in {}", quote_input(params.substr(i - 1)), quote_input(params)));
    if (c == 'm') {
      most = std::stoi(digits);
      if (most < 1 || most > 4) tatham_pencil_fail(origin, "parameters", fmt::format("m{}: at most 1 to 4 bridges between two islands", most));
    }
    i = j;
  }
  std::vector<int> numbers;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c >= '1' && c <= '9') numbers.push_back(c - '0');
    else if (c >= 'A' && c <= 'G') numbers.push_back(c - 'A' + 10);
    else if (c >= 'a' && c <= 'z') numbers.insert(numbers.end(), static_cast<std::size_t>(c - 'a' + 1), -1);
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (1-9, A-G an island, a-z 1..26 sea)", quote_input(std::string(1, c))));
    if (static_cast<int>(numbers.size()) > w * h)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
  }
  if (static_cast<int>(numbers.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} cells, a {}x{} grid has {}", numbers.size(), w, h, w * h));
  // The collection refuses islands side by side ("Game description contains
  // joined islands") and a grid without two islands.
  int islands = 0;
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      if (numbers[static_cast<std::size_t>(r * w + c)] < 0) continue;
      ++islands;
      if ((c + 1 < w && numbers[static_cast<std::size_t>(r * w + c + 1)] >= 0) || (r + 1 < h && numbers[static_cast<std::size_t>((r + 1) * w + c)] >= 0))
        tatham_pencil_fail(origin, "description",
                           fmt::format("the islands at {} and {} are side by side: the collection refuses joined islands", rc_label(r, c),
                                       c + 1 < w && numbers[static_cast<std::size_t>(r * w + c + 1)] >= 0 ? rc_label(r, c + 1) : rc_label(r + 1, c)));
    }
  if (islands < 2) tatham_pencil_fail(origin, "description", fmt::format("{} island{}: the collection needs at least two", islands, islands == 1 ? "" : "s"));
  Imported out = number_puzzle("bridges", "hashi", fmt::format("Bridges {}", params), id, numbers, w, h);
  if (most != 2) out.puzzle["max_bridges"] = most;
  if (no_loops) out.puzzle["no_loops"] = true;
  return out;
}

Imported galaxies(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "galaxies", 40, origin);
  difficulty_only(params, i, origin);
  const int W = 2 * w - 1, H = 2 * h - 1;
  std::string places(static_cast<std::size_t>(W * H), '.');
  std::size_t at = 0;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c == 'z') {
      at += 25;
      continue;
    }
    const bool white = c >= 'a' && c <= 'y', black = c >= 'A' && c <= 'Y';
    if (!white && !black)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                         fmt::format("unexpected {} (a-y or A-Y: skip then a dot, z: skip 25)", quote_input(std::string(1, c))));
    at += static_cast<std::size_t>(white ? c - 'a' : c - 'A');
    if (at >= places.size())
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("a dot past the {} places of a {}x{} grid", places.size(), w, h));
    places[at++] = white ? 'o' : '*';
  }
  // The collection refuses a board without a dot, and dots too close
  // together: two dots that both claim a cell (the cell a dot sits in, the
  // two cells of the edge it sits on, the four around the corner).
  std::vector<int> owner(static_cast<std::size_t>(w * h), -1);
  int dots = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      if (places[static_cast<std::size_t>(y * W + x)] == '.') continue;
      ++dots;
      for (int r = y / 2; r <= (y + 1) / 2; ++r)
        for (int c = x / 2; c <= (x + 1) / 2; ++c) {
          int& o = owner[static_cast<std::size_t>(r * w + c)];
          if (o >= 0 && o != y * W + x)
            tatham_pencil_fail(origin, "description",
                               fmt::format("the dots at half-steps ({}, {}) and ({}, {}) both need {}: the collection refuses dots too "
                                           "close together",
                                           o / W + 1, o % W + 1, y + 1, x + 1, rc_label(r, c)));
          o = y * W + x;
        }
    }
  if (dots == 0) tatham_pencil_fail(origin, "description", fmt::format("no dot in {}: a galaxies board has at least one", quote_input(desc)));
  Builder b("Tatham galaxies");
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < H; ++r) rows.push_back(places.substr(static_cast<std::size_t>(r * W), static_cast<std::size_t>(W)));
  nlohmann::json& p = b.out.puzzle;
  p["kind"] = "tentaisho";
  p["name"] = fmt::format("Galaxies {}", params);
  p["source"] = id;
  p["dots"] = rows;
  b.from("/dots", "description");
  return b.out;
}

Imported filling(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  const auto [w, h] = read_size(params, i, "filling", 30, origin);
  difficulty_only(params, i, origin);
  std::vector<int> numbers;
  for (std::size_t k = 0; k < desc.size(); ++k) {
    const char c = desc[k];
    if (c >= 'a' && c <= 'z') numbers.insert(numbers.end(), static_cast<std::size_t>(c - 'a' + 1), -1);
    else if (c >= '0' && c < 'a' && c - '0' <= w * h) numbers.push_back(c == '0' ? -1 : c - '0');
    else tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1),
                            fmt::format("unexpected {} (a number as its code less '0', a-z 1..26 blanks)", quote_input(std::string(1, c))));
    if (static_cast<int>(numbers.size()) > w * h)
      tatham_pencil_fail(origin, fmt::format("description, character {}", k + 1), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
  }
  if (static_cast<int>(numbers.size()) != w * h)
    tatham_pencil_fail(origin, "description", fmt::format("{} cells, a {}x{} grid has {}", numbers.size(), w, h, w * h));
  return number_puzzle("filling", "fillomino", fmt::format("Filling {}", params), id, numbers, w, h);
}

}  // namespace

std::vector<TathamGame> tatham_pencil_games() {
  return {
      {"loopy", "slitherlink", [](const TathamId& t) { return loopy(t.params, t.desc, t.origin, t.id); }},
      {"pearl", "masyu", [](const TathamId& t) { return pearl(t.params, t.desc, t.origin, t.id); }},
      {"slant", "gokigen", [](const TathamId& t) { return slant(t.params, t.desc, t.origin, t.id); }},
      {"singles", "hitori", [](const TathamId& t) { return singles(t.params, t.desc, t.origin, t.id); }},
      {"range", "kurodoko", [](const TathamId& t) { return range(t.params, t.desc, t.origin, t.id); }},
      {"bridges", "hashi", [](const TathamId& t) { return bridges(t.params, t.desc, t.origin, t.id); }},
      {"galaxies", "tentaisho", [](const TathamId& t) { return galaxies(t.params, t.desc, t.origin, t.id); }},
      {"filling", "fillomino", [](const TathamId& t) { return filling(t.params, t.desc, t.origin, t.id); }},
  };
}

}  // namespace psmt::importers
