// What puzzle-smt reads, in one table: every puzz.link genre (its pid, the
// aliases pzprjs accepts, the kind it becomes, its reader) and every game of
// Simon Tatham's collection (the game, the kind, its reader). The importers
// dispatch through these tables, and every message and help text that lists
// what is read is made from them (catalogue.cpp), so a new genre appears
// everywhere at once and no list goes stale. Internal to importers/ but for
// the lists, which importer.h offers to the command line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "importers/importer.h"

namespace psmt::importers {

// A puzz.link query, split: PID/[v:ID/][FLAGS/]COLS/ROWS/BODY... (fields
// are what follows the flags: the size and the body, or more for genres
// with a field before the size such as starbattle's stars).
struct PzprLink {
  std::string pid;                  // as written in the link (an alias, maybe)
  std::vector<std::string> flags;   // the variant mark v:ID and the flags, in order
  std::vector<std::string> fields;  // the rest
  std::string origin, link;
};
using PzprReader = Imported (*)(const PzprLink&);
// The query of a puzz.link link (after '?') split into its parts; an
// InputError when it names no genre.
PzprLink split_puzzlink(const std::string& query, const std::string& origin, const std::string& link);

struct PzprGenre {
  std::string_view pid;                   // pzprjs's name, as its links write it
  std::vector<std::string_view> aliases;  // other names pzprjs accepts for it
  std::string_view kind;                  // ours
  PzprReader read;
};

// A game ID of the collection, split.
struct TathamId {
  std::string game, params, desc, origin, id;  // id: the whole GAME:PARAMS:DESC
};
using TathamReader = Imported (*)(const TathamId&);

struct TathamGame {
  std::string_view game;
  std::string_view kind;
  TathamReader read;
};

// Each file's part of the tables.
std::vector<PzprGenre> puzzlink_number_genres();  // puzzlink.cpp: kakuro, nonogram, skyscrapers
std::vector<PzprGenre> puzzlink_pencil_genres();  // puzzlink_pencil.cpp
std::vector<TathamGame> tatham_number_games();    // tatham.cpp: towers, solo, keen, unequal, pattern
std::vector<TathamGame> tatham_pencil_games();    // tatham_pencil.cpp
// The genres of importers/pencil/, one file each.
PzprGenre akari_pzpr();
TathamGame akari_tatham();
PzprGenre aqre_pzpr();
TathamGame binairo_tatham();
PzprGenre chocobanana_pzpr();
PzprGenre dbchoco_pzpr();
PzprGenre lits_pzpr();
PzprGenre magnets_pzpr();
TathamGame magnets_tatham();
PzprGenre norinori_pzpr();
PzprGenre numlin_pzpr();
PzprGenre arukone_pzpr();
PzprGenre sashigane_pzpr();
PzprGenre simpleloop_pzpr();
PzprGenre ripple_pzpr();
PzprGenre nurimisaki_pzpr();
PzprGenre shakashaka_pzpr();
PzprGenre shikaku_pzpr();
TathamGame shikaku_tatham();
PzprGenre starbattle_pzpr();
PzprGenre tapa_pzpr();
PzprGenre tents_pzpr();
TathamGame tents_tatham();

// The whole tables, sorted by name.
const std::vector<PzprGenre>& puzzlink_genres();
const std::vector<TathamGame>& tatham_games();
// The genre a pid or alias names (nullptr: none).
const PzprGenre* find_puzzlink_genre(std::string_view pid);
const TathamGame* find_tatham_game(std::string_view game);

}  // namespace psmt::importers
