// Game IDs of Simon Tatham's Portable Puzzle Collection: GAME:PARAMS:DESC as
// the collection prints them (`sgt-towers --generate`, "Game > Specific"),
// given as an argument, as the whole content of a file, or after the '#' of
// the collection's web page (…/puzzles/js/towers.html#5:…). Read here:
//   towers  PARAMS "W" or "WdX" (X the difficulty: e, h, x, u), W 3..9;
//           DESC "CLUES[,GRID]": 4W clues separated by '/', empty for none
//           (above columns 0..W-1, below them, left of rows 0..W-1, right
//           of them), and a run-length grid of givens (a..z: 1..26 blanks,
//           a number: a given, '_' between two numbers).
// A solved ID ("S" and W² digits after the DESC's grid) is not a puzzle
// and is refused. Other games of the collection are named and refused.
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "io/error.h"

namespace psmt::importers {
namespace {

// The collection's games (the Debian package's programs), for messages.
constexpr const char* kGames[] = {"blackbox", "bridges", "cube",    "dominosa", "fifteen", "filling", "flip",
                                  "flood",    "galaxies", "guess",  "inertia",  "keen",    "lightup", "loopy",
                                  "magnets",  "map",      "mines",  "mosaic",   "net",     "netslide", "palisade",
                                  "pattern",  "pearl",    "pegs",   "range",    "rect",    "samegame", "signpost",
                                  "singles",  "sixteen",  "slant",  "solo",     "tents",   "towers",  "tracks",
                                  "twiddle",  "undead",   "unequal", "unruly",  "untangle"};

[[noreturn]] void fail(const std::string& origin, const std::string& where, const std::string& msg) {
  throw InputError("input.game_id", kNoPath, where.empty() ? msg : where + ": " + msg, origin);
}

// Solo-style run-length givens: exactly `cells` cells.
std::vector<int> run_length_grid(const std::string& s, std::size_t cells, int max, const std::string& origin) {
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
        fail(origin, fmt::format("grid, character {}", i + 1), fmt::format("a given of {} (givens are 1..{})", v, max));
      out.push_back(v);
      i = j;
    } else {
      fail(origin, fmt::format("grid, character {}", i + 1),
           fmt::format("unexpected {} (a..z are runs of blanks, digits are givens)", quote_input(std::string(1, c))));
    }
    if (out.size() > cells) fail(origin, "grid", fmt::format("more than the {} cells of the board", cells));
  }
  if (out.size() != cells) fail(origin, "grid", fmt::format("{} cells, the board has {}", out.size(), cells));
  return out;
}

// towers: PARAMS "W" or "WdX".
Imported towers(const std::string& params, const std::string& desc, const std::string& origin, const std::string& id) {
  std::size_t i = 0;
  while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i]))) ++i;
  if (i == 0 || i > 2) fail(origin, "parameters", fmt::format("{} is not a towers size (W, or WdX, e.g. 5 or 6dh)", quote_input(params)));
  const int w = std::stoi(params.substr(0, i));
  if (w < 3 || w > 9) fail(origin, "parameters", fmt::format("size {} (towers are 3 to 9 wide)", w));
  std::string rest = params.substr(i);
  if (!rest.empty() && !(rest.size() == 2 && rest[0] == 'd' && std::string("ehxu").find(rest[1]) != std::string::npos))
    fail(origin, "parameters", fmt::format("{} after the size: expected nothing or d and a difficulty (e, h, x, u)", quote_input(rest)));
  std::string clues = desc, grid;
  if (auto comma = desc.find(','); comma != std::string::npos) {
    clues = desc.substr(0, comma);
    grid = desc.substr(comma + 1);
  }
  std::vector<std::string> parts;
  for (std::size_t a = 0;;) {
    std::size_t b = clues.find('/', a);
    parts.push_back(clues.substr(a, b == std::string::npos ? std::string::npos : b - a));
    if (b == std::string::npos) break;
    a = b + 1;
  }
  if (parts.size() != static_cast<std::size_t>(4 * w))
    fail(origin, "clues", fmt::format("{} entries separated by '/', a {}x{} board has {} (4 sides of {})", parts.size(), w, w, 4 * w, w));
  Builder b("Tatham towers");
  nlohmann::json sky = nlohmann::json::object();
  const char* sides[] = {"top", "bottom", "left", "right"};
  for (int s = 0; s < 4; ++s) {
    nlohmann::json list = nlohmann::json::array();
    for (int k = 0; k < w; ++k) {
      const std::string& e = parts[static_cast<std::size_t>(s * w + k)];
      if (e.empty()) {
        list.push_back(nullptr);
        continue;
      }
      if (e.size() > 2 || !std::all_of(e.begin(), e.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        fail(origin, fmt::format("clue {}", s * w + k + 1), fmt::format("{} is not a count", quote_input(e)));
      int v = std::stoi(e);
      if (v < 1 || v > w) fail(origin, fmt::format("clue {}", s * w + k + 1), fmt::format("{} (a count is 1..{})", v, w));
      list.push_back(v);
      b.from(fmt::format("/skyscrapers/{}/{}", sides[s], k), fmt::format("clue {} ({} {})", s * w + k + 1, sides[s], k + 1));
    }
    sky[sides[s]] = list;
  }
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
  p["skyscrapers"] = sky;
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
    fail(origin, "", "a game ID has no spaces (paste it whole, as the collection prints it)");
  auto colon = id.find(':');
  if (colon == std::string::npos)
    fail(origin, "", fmt::format("{} has no description: a game ID is GAME:PARAMS:DESC (the collection's \"Game ID\", "
                                 "not its \"Random seed\")",
                                 quote_input(full)));
  const std::string params = id.substr(0, colon), desc = id.substr(colon + 1);
  if (desc.empty()) fail(origin, "", "the description after PARAMS: is empty");
  if (game == "towers") return towers(params, desc, origin, full);
  fail(origin, "", fmt::format("{} is a game of Simon Tatham's collection that puzzle-smt does not read yet (it reads towers)", game));
}

}  // namespace psmt::importers
