// Which importer reads an argument: links by their host, game IDs by their
// game, foreign JSON by its shape; our own JSON goes through untouched.
#include <cctype>
#include <fstream>

#include <fmt/format.h>

#include "importers/catalogue.h"
#include "importers/formats.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool looks_like_link(const std::string& s) {
  std::string l;
  for (std::size_t i = 0; i < s.size() && i < 16; ++i) l += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  return starts_with(l, "http://") || starts_with(l, "https://") || starts_with(l, "sudokupad://");
}

// f-puzzles' own JSON: "size" and a "grid" of rows, and no "kind".
bool looks_like_fpuzzles(const nlohmann::json& doc) {
  return doc.is_object() && !doc.contains("kind") && doc.contains("size") && doc.contains("grid") &&
         doc["grid"].is_array();
}

[[noreturn]] void unknown_link(const std::string& origin) {
  throw InputError("input.link", kNoPath, "not a link puzzle-smt can read (it reads " + links_read() + ")", origin);
}

// A game ID of the collection without its game's name, as its generators
// print it and its "Game ID" box shows it: "10x10t0:a2a1...", "5:3/2/...":
// parameters that start with a digit and run to the first ':' without a
// path's '/' or '\\', then a description; no spaces anywhere.
bool bare_game_id(const std::string& s) {
  const auto colon = s.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 24 || colon + 1 >= s.size()) return false;
  if (!std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  if (s.find_first_of("/\\") < colon) return false;
  for (char c : s)
    if (std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

std::string shorten(const std::string& s, std::size_t max) {
  std::string one;
  for (char c : s) one += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  if (one.size() <= max) return valid_utf8(one);
  std::size_t cut = max > 3 ? max - 1 : max;
  while (cut > 0 && (static_cast<unsigned char>(one[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
  return valid_utf8(one.substr(0, cut)) + "…";
}

std::string rc_label(int row, int col) { return fmt::format("r{}c{}", row + 1, col + 1); }

// The collection's web pages carry the game ID after '#':
// https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/towers.html#5:...
static std::optional<std::pair<std::string, std::string>> tatham_page(const std::string& link) {
  auto page = link.find("/puzzles/js/");
  auto hash = link.find('#');
  if (link.find("chiark.greenend.org.uk") == std::string::npos || page == std::string::npos || hash == std::string::npos ||
      hash < page)
    return std::nullopt;
  std::string file = link.substr(page + 12, hash - page - 12);  // "towers.html"
  if (file.size() < 6 || file.compare(file.size() - 5, 5, ".html") != 0) return std::nullopt;
  return split_game_id(file.substr(0, file.size() - 5) + ":" + percent_decode(link.substr(hash + 1)));
}

bool is_link_argument(const std::string& argument) {
  return looks_like_link(argument) || (split_game_id(trim(argument)) && !std::ifstream(argument).good());
}

bool is_link_text(const std::string& text) {
  std::string t = trim(text);
  return looks_like_link(t) || split_game_id(t).has_value();
}

std::optional<Imported> import_text(const std::string& text_in, const std::string& origin, const ImportOptions& options) {
  std::string text = trim(text_in);
  if (auto g = split_game_id(text)) {
    Imported im = import_game_id(g->first, g->second, origin);
    return im;
  }
  if (looks_like_link(text)) {
    if (text.find_first_of(" \n\t") != std::string::npos && text.find('\n') != std::string::npos)
      text = text.substr(0, text.find('\n'));  // one link per argument; the rest is not read
    if (auto g = tatham_page(text)) return import_game_id(g->first, g->second, origin);
    if (auto q = puzzlink_query(text)) return import_puzzlink(*q, origin, text);
    auto imported = import_link(text, origin, options);
    if (!imported) unknown_link(origin);
    return imported;
  }
  return std::nullopt;
}

std::string decoded_foreign_data(const std::string& argument) {
  const bool link_argument = is_link_argument(argument);
  std::string text = trim(link_argument ? argument : read_text_file(argument));
  const std::string origin = link_argument ? shorten(text) : argument;
  text = text.substr(0, text.find('\n'));
  nlohmann::json doc;
  if (auto g = split_game_id(text); g || tatham_page(text)) {  // a game ID, or the collection's page
    if (!g) g = tatham_page(text);
    const auto colon = g->second.find(':');
    doc = {{"format", "Simon Tatham's collection, game ID"}, {"game", g->first},
           {"params", g->second.substr(0, colon)},
           {"description", colon == std::string::npos ? std::string() : g->second.substr(colon + 1)}};
    if (const TathamGame* t = find_tatham_game(g->first)) doc["kind"] = t->kind;
  } else if (!looks_like_link(text)) {
    throw InputError("input.link", kNoPath, "--decoded needs a link or a game ID (or a file holding one)", origin);
  } else if (auto q = puzzlink_query(text)) {
    const PzprLink parts = split_puzzlink(*q, origin, text);
    doc = {{"format", "puzz.link"}, {"pid", parts.pid}, {"flags", parts.flags}, {"fields", parts.fields}};
    if (const PzprGenre* g = find_puzzlink_genre(parts.pid)) {
      doc["genre"] = g->pid;
      doc["kind"] = g->kind;
    }
    if (parts.fields.size() >= 3) {
      doc["columns"] = parts.fields[0];
      doc["rows"] = parts.fields[1];
    }
  } else {
    auto d = decode_link(text, origin);
    if (!d) unknown_link(origin);
    doc = d->format == "f-puzzles" ? parse_json_text(d->text, origin) : sudokupad_unzip(d->text, origin);
  }
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Argument read_argument(const std::string& argument, const ImportOptions& options) {
  Argument a;
  if (is_link_argument(argument)) {  // a link, or a game ID that is not a file's name
    a.origin = shorten(trim(argument));
    a.imported = import_text(argument, a.origin, options);
    return a;
  }
  a.origin = argument;
  if (bare_game_id(trim(argument)) && !std::ifstream(argument).good())
    throw InputError("input.game_id", kNoPath,
                     "a game ID of Simon Tatham's collection without its game's name: put the game first, GAME:ID "
                     "(e.g. loopy:10x10t0:..., towers:5:...); puzzle-smt reads " + tatham_game_list(),
                     shorten(trim(argument)));
  return read_text_argument(read_text_file(argument), argument, options);
}

Argument read_text_argument(const std::string& text, const std::string& argument, const ImportOptions& options) {
  Argument a;
  a.origin = argument;
  std::string t = trim(text);
  if (looks_like_link(t) || split_game_id(t)) {
    a.imported = import_text(t, argument, options);
    return a;
  }
  // Not JSON (and not a .json file, whose errors are JSON's): sudoku written
  // as text (.sdk, .ss, a line of 81 cells), or a message naming what is read.
  const bool json_name = argument.size() > 5 && argument.compare(argument.size() - 5, 5, ".json") == 0;
  const bool json_start = !t.empty() && (t[0] == '{' || (t[0] == '[' && !(t.size() > 1 && std::isalpha(static_cast<unsigned char>(t[1])))));
  const bool non_name = argument.size() > 4 && argument.compare(argument.size() - 4, 4, ".non") == 0;
  if (!json_name && !json_start && (non_name || looks_like_non(text))) {
    a.imported = import_non(text, argument);
    return a;
  }
  if (!json_name && !json_start && !t.empty()) {
    a.imported = sudoku_text(text, argument, options);
    if (!a.imported)
      throw InputError("input.format", kNoPath,
                       "not a puzzle puzzle-smt reads: our JSON, an f-puzzles export, a link or a game ID (or a file holding "
                       "one), a sudoku grid as text (one line of n*n cells, SadMan .sdk, Simple Sudoku .ss, n rows of n "
                       "cells), or a .non nonogram (puzzle-smt --help lists the links and games)",
                       argument);
    if (!a.imported->puzzle.contains("source")) a.imported->puzzle["source"] = argument;
    return a;
  }
  a.doc = parse_json_text(text, argument);
  if (looks_like_fpuzzles(a.doc)) {
    a.imported = import_fpuzzles(a.doc, argument, "f-puzzles export " + argument, options);
    a.doc = nullptr;
  }
  return a;
}

bool is_puzzle_text(const std::string& text) {
  const std::string t = trim(text);
  if (t.empty() || t[0] == '{' || t[0] == '[') return false;
  if (looks_like_non(text)) return true;
  try {
    return sudoku_text(text, "", ImportOptions{}).has_value();
  } catch (const InputError&) {
    return false;  // text that starts like a grid and then is not one (a line corpus, say)
  }
}

Imported import_foreign_text_file(const std::string& text, const std::string& origin, const ImportOptions& options) {
  if ((origin.size() > 4 && origin.compare(origin.size() - 4, 4, ".non") == 0) || looks_like_non(text)) return import_non(text, origin);
  auto imported = sudoku_text(text, origin, options);
  if (!imported) throw InputError("input.format", kNoPath, "not a sudoku grid as text (.sdk or .ss)", origin);
  return *imported;
}

std::string foreign_place(const Imported& imported, const std::string& pointer) {
  std::string best, place;
  for (const auto& [ours, theirs] : imported.provenance) {
    bool prefix = pointer.rfind(ours, 0) == 0 && (pointer.size() == ours.size() || pointer[ours.size()] == '/');
    if (prefix && ours.size() >= best.size()) {
      best = ours;
      place = theirs;
    }
  }
  return place;
}

void settle_drawings(Imported& imported, const std::vector<std::string>& drawings, const std::string& origin,
                     const ImportOptions& options, std::string_view what_to_do) {
  if (drawings.empty()) return;
  if (!options.partial) {
    std::string list;
    for (std::size_t i = 0; i < drawings.size() && i < 3; ++i) list += (i ? "; " : "") + drawings[i];
    if (drawings.size() > 3) list += fmt::format("; and {} more", drawings.size() - 3);
    throw InputError("input.drawings", kNoPath,
                     fmt::format("{} part{} of the puzzle that may carry rules puzzle-smt cannot read: {}; {}",
                                 drawings.size(), drawings.size() == 1 ? "" : "s", list, what_to_do),
                     origin);
  }
  imported.ignored = drawings;
  nlohmann::json& notes = imported.puzzle["notes"];
  if (notes.is_null()) notes = nlohmann::json::array();
  for (const auto& d : drawings) notes.push_back("drawing left out (--partial): " + d);
}

}  // namespace psmt::importers
