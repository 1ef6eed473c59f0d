// The tables of what is read (catalogue.h), and the lists made from them.
#include "importers/catalogue.h"

#include <algorithm>

#include <fmt/format.h>

namespace psmt::importers {

const std::vector<PzprGenre>& puzzlink_genres() {
  static const std::vector<PzprGenre> all = [] {
    std::vector<PzprGenre> v;
    for (auto part : {puzzlink_number_genres, puzzlink_pencil_genres})
      for (auto& g : part()) v.push_back(std::move(g));
    // One line per genre of importers/pencil/.
    for (auto one : {akari_pzpr, aqre_pzpr, arukone_pzpr, chocobanana_pzpr, dbchoco_pzpr, lits_pzpr, magnets_pzpr, norinori_pzpr, nurimisaki_pzpr, numlin_pzpr, ripple_pzpr, sashigane_pzpr, simpleloop_pzpr, shakashaka_pzpr, shikaku_pzpr, starbattle_pzpr, tapa_pzpr, tents_pzpr}) v.push_back(one());
    std::sort(v.begin(), v.end(), [](const PzprGenre& a, const PzprGenre& b) { return a.pid < b.pid; });
    return v;
  }();
  return all;
}

const std::vector<TathamGame>& tatham_games() {
  static const std::vector<TathamGame> all = [] {
    std::vector<TathamGame> v;
    for (auto part : {tatham_number_games, tatham_pencil_games})
      for (auto& g : part()) v.push_back(std::move(g));
    // One line per game of importers/pencil/.
    for (auto one : {akari_tatham, binairo_tatham, magnets_tatham, shikaku_tatham, tents_tatham}) v.push_back(one());
    std::sort(v.begin(), v.end(), [](const TathamGame& a, const TathamGame& b) { return a.game < b.game; });
    return v;
  }();
  return all;
}

const PzprGenre* find_puzzlink_genre(std::string_view pid) {
  for (const auto& g : puzzlink_genres()) {
    if (g.pid == pid) return &g;
    for (auto a : g.aliases)
      if (a == pid) return &g;
  }
  return nullptr;
}

const TathamGame* find_tatham_game(std::string_view game) {
  for (const auto& g : tatham_games())
    if (g.game == game) return &g;
  return nullptr;
}

std::vector<std::string> puzzlink_pids() {
  std::vector<std::string> out;
  for (const auto& g : puzzlink_genres()) out.emplace_back(g.pid);
  return out;
}

std::string puzzlink_genre_list() {
  std::string out;
  for (const auto& g : puzzlink_genres()) {
    out += (out.empty() ? "" : ", ") + std::string(g.pid);
    if (!g.aliases.empty()) {
      std::string a;
      for (auto x : g.aliases) a += (a.empty() ? "" : ", ") + std::string(x);
      out += " (" + a + ")";
    }
  }
  return out;
}

std::string tatham_game_list() {
  std::string out;
  for (const auto& g : tatham_games()) out += (out.empty() ? "" : ", ") + std::string(g.game);
  return out;
}

std::string links_read() {
  return fmt::format(
      "f-puzzles ?load= links; SudokuPad links with the puzzle in them (fpuz..., scl..., ctc...); puzz.link and "
      "pzv.jp links (p?GENRE/..., also p.html?GENRE/... on other hosts) of {} genres: {}; and the game pages of "
      "Simon Tatham's collection (.../puzzles/js/GAME.html#ID) of {} games: {}",
      puzzlink_genres().size(), puzzlink_genre_list(), tatham_games().size(), tatham_game_list());
}

std::string inputs_read() {
  // Made once: every run's command line help names it.
  static const std::string text = fmt::format(
      "our JSON (puzzle-smt kinds lists the kinds); an f-puzzles export; links: {}; game IDs of those games "
      "(GAME:PARAMS:DESC); a file holding a link or a game ID; a sudoku grid as text "
      "(.sdk, .ss, n rows of n cells, one line of n*n cells); a .non nonogram; - reads standard input",
      links_read());
  return text;
}

}  // namespace psmt::importers
