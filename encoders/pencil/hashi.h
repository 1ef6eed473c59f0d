// Hashiwokakero (puzz.link's hashikake, Tatham's bridges): join the islands
// by bridges. A bridge runs straight, horizontally or vertically, between
// two islands with only sea between them, or none: two islands side by side
// may be joined across their common border (pzprjs draws and accepts it;
// Tatham's bridges refuses such boards, and so does its importer); two islands have at most
// `max_bridges` bridges between them (2 unless set, 1 to 4); bridges do not
// cross; the number on an island is how many bridges end there; every
// island is reached from every other. `no_loops` (Tatham's L): the bridges
// form no cycle either.
//
// Input: "grid", one array per row: "." sea, a number an island (1 or
// more), "?" an island whose number is not given; "max_bridges",
// "no_loops"; "bridges" (optional): bridges given as "r1c1-r1c5=2"
// (what diagnose offers as extra givens; =0 no bridge there).
// Solution: the bridges as "r1c1-r1c5=2", one string per pair of islands
// with bridges, in reading order of the first island (rightward before
// downward).
//
// Variables: per pair of islands that see each other, max_bridges Bools
// "at least k bridges" (the answer, ordered); an island's number is a
// sequential counter over its pairs' Booleans (its clue); crossing pairs
// exclude each other. All islands connected over the pairs with a bridge,
// and no cycle with no_loops (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability clauses (and peeling for no cycle)
//
// The checker uses no Z3 (hashi_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::hashi {

inline constexpr int kMaxSide = kMaxBoardSide, kSea = -1, kUnknown = -2;

// Two islands that see each other: cells a before b (reading order).
struct Pair {
  int a = 0, b = 0;
  bool horizontal = false;
};

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> number;  // per cell: kSea, kUnknown or the island's number
  int max_bridges = 2;
  bool no_loops = false;
  std::vector<Pair> pairs;  // index_pairs()
  std::vector<int> given;   // per pair: -1 free, else its bridges as given
};

// Fills b.pairs (each island to the next island right of it and below it).
void index_pairs(Board& b);
// Whether two pairs' bridges would cross.
bool cross(const Board& b, const Pair& p, const Pair& q);
std::string pair_label(const Board& b, const Pair& p);             // "r1c1-r1c5"
std::string island_id(Cell c);                                       // "grid/r2c3"
std::string island_label(Cell c, int n);                             // "island 3 at r2c3"
std::string given_id(const Board& b, const Pair& p);                 // "bridges/r1c1-r1c5"
std::string given_label(const Board& b, const Pair& p, int count);   // "r1c1-r1c5: 2 bridges"
// Per pair, its bridges; as the solution's strings and back (InputError).
nlohmann::json solution_json(const Board& b, const std::vector<int>& count);
std::vector<int> counts_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_counts(const Board& b, const std::vector<int>& count);

const Encoder& hashi_encoder();

}  // namespace psmt::hashi
