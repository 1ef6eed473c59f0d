// Hidoku / Hidato and its family (seed #6): place 1..N on the N cells of a
// board of any shape so that consecutive numbers are neighbours. Neighbours
// ("adjacency"):
//   king        the 8 surrounding cells (Hidoku, Hidato; the seed)
//   orthogonal  the 4 edge neighbours (Numbrix)
//   knight      knight moves (Holy Knight's tour: start given, the rest free)
//   hopido      hop over one cell diagonally or two orthogonally (Hopido)
//
// Board notation (src/grid/token_grid.h): numbers are givens; blanks are
// "_"/"__"/"___", 0 (Numbrix files) or "x" (knight boards); "." and ".." are
// not part of the board (Rosetta Code's notation); "s" is the start (1).
//
// Encodings:
//   bool      a Bool per (cell, number) that distance to the givens allows
//             (breadth-first distance on the move graph, as the seed's
//             distance checks); exactly one per cell and per number
//             (sequential counter), successor and predecessor clauses (QF_FD)
//   cell      an Int per cell, Distinct, successor: v[n] = v[c] + 1 for some
//             neighbour n, unless v[c] = N
//   position  row and column Ints per number, the move relation between
//             k and k+1 in linear arithmetic (|dr| <= 1 and |dc| <= 1 for king)
//   open      bool's clauses over every number on every cell, nothing pruned
//             by the givens, so each given is a constraint of its own and
//             explain can cite it (bool's domains carry what the givens say)
//
// The model and checker use no Z3 (hidoku_check.cpp).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/encoder.h"

namespace psmt::hidoku {

inline constexpr int kMaxSide = 40;

struct Board : Puzzle {
  int rows = 0, cols = 0;
  std::vector<bool> on;         // rows*cols: part of the board
  std::vector<int> givens;      // rows*cols: 0 = blank
  std::string adjacency = "king";
  int cells() const;            // N
  std::vector<std::pair<int, int>> moves() const;  // (dr, dc) of the adjacency
  std::vector<std::vector<int>> neighbours() const;  // per cell index (on-board only)
};

// Canonical solution: {"grid": [[number or null (off the board)] per row]}.
nlohmann::json solution_json(const Board& b, const std::vector<int>& values);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& hidoku_encoder();

}  // namespace psmt::hidoku
