// Magnets (Tatham's magnets, after janko.at's Magnete; puzz.link's magnets):
// the board is cut into plates; each plate holds one whole magnet, two
// cells side by side, one + and the other -, or stays neutral, blank. No
// two + cells and no two - cells are side by side (in puzz.link's "anti"
// magnets instead: poles of different magnets side by side are alike); a
// number outside a row or column counts its + cells or its - cells.
//
// Input: the plates, either "plates", one string per row ('L' and 'R' the
// left and right cells of a plate across, 'T' and 'B' the top and bottom
// of one down, '*' a cell alone, always neutral: the collection's form), or
// "regions", rows of region numbers (plates of any size and shape:
// puzz.link's form); optional "poles", one string per row: '+' and '-'
// given poles (puzz.link's circles), '#' a cell that is not on the board,
// '.' otherwise; optional "anti"; optional "plus_columns", "plus_rows",
// "minus_columns", "minus_rows": a count per column (row), null for none.
// Solution: one string per row, '+', '-' or '.' (neutral, or off the board).
//
// Variables: per cell two Bools (+, -), never both. Rules: a plate of two
// cells side by side: its cells opposite (this one + exactly when that one
// is -, both ways); a plate of more cells: at most two poles, each beside
// another pole of the plate, the two opposite; a plate with fewer than two
// cells on the board (or two apart): blank. No two + and no two - side by
// side (anti: no + beside a - of another plate). Each count is a clue
// (plus/rows/3, "row 3 has 2 +"), exactly k of the line's + (or -) Bools;
// each given pole a clue (poles/r2c3, "the + at r2c3"):
//   totalizer (default) a tree of merged counts (random 40x40 boards with
//             every count: 90 s -> 34 s against the counter)
//   counter   a sequential counter
//   pairwise  plain clauses over subsets (the counter where they would be
//             too many)
//
// The checker uses no solver (magnets_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::magnets {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kNoCount = -1;
inline constexpr int kPlus = 1, kMinus = -1, kBlank = 0;  // a cell's value

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> plate;               // per cell: its plate, 0.. in reading order of each plate's first cell
  std::vector<std::vector<int>> plates;  // per plate: its cells on the board, in reading order
  std::vector<bool> hole;                // per cell: not on the board
  std::vector<int> given;                // per cell: a given pole (kPlus, kMinus) or kBlank
  bool anti = false;                     // poles of different magnets side by side are alike
  bool regions_form = false;             // plates written as regions (puzz.link's form, where poles can be given)
  // [0] the + counts, [1] the - counts; per line, kNoCount or the count.
  std::vector<int> col_count[2], row_count[2];
};

std::string count_id(bool plus, bool row, int k);             // "plus/rows/3"
std::string count_label(bool plus, bool row, int k, int n);   // "row 3 has 2 +"
std::string pole_id(Cell c);                                  // "poles/r2c3"
std::string pole_label(Cell c, int sign);                     // "the + at r2c3"
// Two cells of a plate of two that are side by side: a magnet or neutral.
bool is_domino(const Board& b, int plate);
std::vector<Violation> check_values(const Board& b, const std::vector<int>& value);

const Encoder& magnets_encoder();

}  // namespace psmt::magnets
