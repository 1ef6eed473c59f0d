// Tentaisho (puzz.link's tentaisho, Tatham's galaxies): divide the board
// into galaxies, one per dot: each galaxy holds its dot (the cells the dot
// touches: the cell it is in, the two cells of the edge it sits on, or the
// four cells of its corner), is connected, and is the same after a half
// turn about its dot. Dots are white or black (only drawn differently);
// holes are not part of the board.
//
// Input: "dots", 2*rows-1 strings of 2*cols-1 characters, one per place a
// dot can sit (cell centres at even row and column, edges at one odd, cell
// corners at both odd): "." none, "o" a white dot, "*" a black dot, "X" a
// hole (at a cell centre only); optional "assigned": cells given to a
// galaxy, "r2c3:4" (the 4th dot in reading order), what diagnose offers as
// extra givens.
// Solution: one array per row: the galaxy of each cell, the number of its
// dot in reading order (from 1), 0 for a hole.
//
// Variables: a Bool per cell and dot it can belong to (its mirror about the
// dot is on the board, neither is a cell another dot keeps, and a held dot's
// galaxy reaches it through such cells), the answer. A dot keeps the cells
// only it touches, the cells left with it alone, and the cells (with their
// mirrors) without which a cell it keeps is cut off from it; repeated to a
// fixed point, this refutes most boards with a dot added before any search
// (and diagnose uses it to find the dots at fault: refutes_quickly). Rules: exactly one dot per cell; a cell
// and its mirror go together; each dot's cells connected (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability clauses from the dot
//   open   every dot a candidate of every cell whose mirror is on the board,
//          not narrowed by the dots (cuts, no anchor): each dot's holding
//          its cells is a constraint of its own, which explain needs
//          (diagnose does not shrink conflicts on it under assumptions:
//          without the narrowing, a 15x15 with a dot added showed none of
//          35 dots needed in 120 s, where fresh checks of "cuts" show some)
// A dot is a clue: the cells it touches are its galaxy's. Dropping it (what
// diagnose does to find the clues at fault) keeps its galaxy but lets it be
// empty or pass around the dot, a relaxation of the puzzle: removing the
// dot outright would not be one (its cells would lose a galaxy to join).
//
// The checker uses no Z3 (tentaisho_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::tentaisho {

inline constexpr int kMaxSide = 40;

struct Dot {
  int y = 0, x = 0;  // on the doubled grid: cell (r, c) is centred at (2r+1, 2c+1)
  bool black = false;
  bool holds = true;  // its galaxy holds the cells it touches (false: dropped by diagnose, the dot is there or not:
                      // no galaxy, or one that holds its cells)
};

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<Dot> dots;       // reading order
  std::vector<bool> hole;      // per cell
  std::vector<int> assigned;   // per cell: 0 none, else a dot number given
};

std::string dot_id(const Board& b, const Dot& d);     // "dots/r2c3-r2c4"
std::string dot_label(const Board& b, const Dot& d);  // "dot between r2c3 and r2c4"
// The cells a dot touches (one, two or four).
std::vector<int> touched(const Board& b, const Dot& d);
// The cell a half turn about the dot takes the cell to, or -1 off the board.
int mirror(const Board& b, const Dot& d, int cell);
// Per cell its galaxy (dot number from 1, 0 a hole), as the solution and back.
nlohmann::json solution_json(const Board& b, const std::vector<int>& galaxy);
std::vector<int> galaxies_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_galaxies(const Board& b, const std::vector<int>& galaxy);

const Encoder& tentaisho_encoder();

}  // namespace psmt::tentaisho
