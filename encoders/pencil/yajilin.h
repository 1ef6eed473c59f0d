// Yajilin (puzz.link's yajilin): shade some cells and draw one loop through
// the centres of all other cells that hold no clue, moving orthogonally;
// shaded cells are never side by side; a clue (an arrow and a number) is how
// many shaded cells lie in the arrow's direction, up to the edge. Clue cells
// are neither shaded nor on the loop.
//
// Input: "grid", one array per row: "." a plain cell, an arrow and a number
// ("^2" up, "v0" down, "<1" left, ">3" right; "?" for a number not given)
// or "x" a clue cell without an arrow; optional "given": cells as they are
// in the answer, "r3c4=#" shaded or "r2c2=LR" the loop's directions
// through it (L R U D), what diagnose offers as extra givens.
// Solution: the loop as drawn, 2*rows-1 strings of 2*cols-1 characters: at
// even positions "o" a cell on the loop, "#" a shaded cell, "." a clue
// cell; "-" and "|" the loop's steps; spaces elsewhere.
//
// Variables: a Bool per cell (shaded) and per pair of neighbouring cells
// (a step of the loop), the answer. Rules: a clue cell is neither; a
// shaded cell has no step, any other cell two (clauses); no shaded
// neighbours; an arrow's count is a sequential counter over the cells that
// way (its clue). One loop (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability clauses from the first cell on the loop
//
// The checker uses no Z3 (yajilin_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::yajilin {

inline constexpr int kMaxSide = kMaxBoardSide;
enum Dir { kNone = 0, kUp = 1, kDown = 2, kLeft = 3, kRight = 4 };
inline constexpr int kUnknownCount = -2;

struct Clue {
  bool present = false;  // a clue cell
  int dir = kNone;       // kNone: a clue cell without an arrow
  int count = 0;         // shaded cells that way, or kUnknownCount
  bool bare_number = false;  // kNone with a number shown ("x3"): pzprjs allows it; it says nothing
};

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<Clue> clue;     // per cell
  std::vector<std::string> given;  // per cell: "" none, "#" or the loop's directions ("LR")
};

std::string clue_text(const Clue& c);  // "^2", "x"
std::string clue_id(Cell c);                    // "grid/r3c4"
std::string clue_label(Cell c, const Clue& k);  // "2 shaded left of r3c4"
// A number without an arrow, for people: "2 at r3c4 without an arrow".
std::string bare_label(Cell c, const Clue& k);
// The cells an arrow points at, nearest first.
std::vector<int> pointed(const pencil::Lattice& L, int cell, int dir);
// A cell's state in a solution: "#" shaded, "." a clue cell (or off the
// loop), else the loop's directions through it ("LR", "UD", "RD"...).
std::vector<std::string> cell_states(const Board& b, const nlohmann::json& solution);
nlohmann::json solution_json(const Board& b, const std::vector<bool>& shaded, const std::vector<bool>& step);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& yajilin_encoder();

}  // namespace psmt::yajilin
