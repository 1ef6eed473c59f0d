// Magnets (Tatham's magnets, after janko.at's Magnete): the board is cut
// into plates of two cells (a cell alone is always neutral); each plate is
// a magnet, one cell + and the other -, or neutral, both blank. No two +
// cells and no two - cells are side by side; a number outside a row or
// column counts its + cells (top and left in the collection) or its -
// cells (bottom and right).
//
// Input: "plates", one string per row: 'L' and 'R' the left and right
// cells of a plate across, 'T' and 'B' the top and bottom of one down, '*'
// a cell alone; optional "plus_columns", "plus_rows", "minus_columns",
// "minus_rows": a count per column (row), null for none.
// Solution: one string per row, '+', '-' or '.' (neutral).
//
// Variables: per cell two Bools (+, -), never both. Rules: a plate's two
// cells opposite (this one + exactly when that one is -, both ways, which
// also makes a neutral plate blank on both cells); a cell alone blank; no
// two + and no two - side by side. Each count is a clue (plus/rows/3,
// "row 3 has 2 +"), exactly k of the line's + (or -) Bools:
//   counter   (default) a sequential counter
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
  std::vector<int> mate;  // per cell: the other cell of its plate (itself: a cell alone)
  // [0] the + counts, [1] the - counts; per line, kNoCount or the count.
  std::vector<int> col_count[2], row_count[2];
};

std::string count_id(bool plus, bool row, int k);             // "plus/rows/3"
std::string count_label(bool plus, bool row, int k, int n);   // "row 3 has 2 +"
std::vector<Violation> check_values(const Board& b, const std::vector<int>& value);

const Encoder& magnets_encoder();

}  // namespace psmt::magnets
