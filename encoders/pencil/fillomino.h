// Fillomino (puzz.link's fillomino, Tatham's filling): write a number in
// every cell so that each area (cells joined to their neighbours with the
// same number) has as many cells as its number. Some numbers are given;
// walls given between two cells (puz.link's drawn borders) separate areas.
//
// Input: "grid", one array per row: a number given, "." (or "?") a cell
// to fill; optional "walls": ["r1c1|r1c2", "r1c1_r2c1"] (right of, below).
// Solution: one array per row of numbers.
//
// Variables: a Bool per cell and size it may hold (one-hot; the answer) and
// per pair of neighbours "the same area", defined by equal sizes. A cell
// holding k lies in a connected area of k cells, each blank or a given k:
// so k is at most the size of the cell's component among those, which
// prunes most sizes (a given cell keeps its own). That reasons from the
// givens, so diagnose edits the puzzle (Encoding::clues_in_rules). The rule
// "each area has the size its cells say" is the engine's sized-areas rule
// (engine/graph.h), made to hold by cut clauses between checks:
//   cuts         pruned sizes, and helper clauses that follow from the
//                rules (a 1 has no neighbour in its area, a larger number
//                has one)
//   cuts-plain   every size from 1 to the board's cells, no helpers: the
//                reference to check them against (no eager form of the
//                sized-areas rule is written)
// A given number is a clue.
//
// The checker uses no Z3 (fillomino_check.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::fillomino {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kFirstTryCap = 4;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> given;  // per cell: 0 none, else the number
  std::vector<bool> wall;  // per step of the lattice (cell_graph edge): a wall between the two cells
  // No area without a given number has more cells than this (0: no such
  // bound): the first try (Encoder::first_try), never read from a file. The
  // sizes are narrowed as if it held; a solution found is a solution of the
  // board without it all the same.
  int cap = 0;
};

std::string given_id(Cell c);           // "grid/r2c3"
std::string given_label(Cell c, int n);  // "4 at r2c3"
std::string step_label(const pencil::Lattice& L, int step);  // "r1c1|r1c2", "r1c1_r2c1"
nlohmann::json solution_json(const Board& b, const std::vector<int>& number);
std::vector<int> numbers_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_numbers(const Board& b, const std::vector<int>& number);
// The sizes each cell may hold in the `cuts` encoding: what the given
// numbers allow, narrowed (empty everywhere: no solution).
std::vector<std::vector<int>> sizes_of(const Board& b);
// The sizes each cell may hold (`start`, per cell, ascending) narrowed by
// reasoning no solution escapes (fillomino_narrow.cpp); none: the board has
// no solution.
std::optional<std::vector<std::vector<int>>> narrow_sizes(const Board& b, const std::vector<std::vector<int>>& start);

const Encoder& fillomino_encoder();

}  // namespace psmt::fillomino
