// Choco Banana (puzz.link's cbanana): shade cells so that every shaded area
// (cells of one colour joined side by side) is a rectangle and every
// unshaded area is not; a number is the size of its cell's area, whichever
// colour the cell is. "?" marks a number not given.
//
// Input: "grid", one array per row: "." a plain cell, a number (1 or more),
// "?"; optional "shaded" and "unshaded" (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules:
//   - no 2x2 window with exactly three shaded cells (the shaded areas are
//     rectangles: an area is one exactly when it has no inner corner);
//   - every unshaded area holds an inner corner, an unshaded cell in a
//     window with exactly one shaded cell (an area that is no rectangle has
//     one), by cut clauses (engine/graph.h: marked components);
//   - a number: its cell's area has that size (engine/graph.h: sized areas,
//     the areas joined by "same colour" Booleans, cut clauses); and, but
//     for "cuts-plain", if the cell is shaded its area is one of the
//     rectangles of that size around it, the cells beside it unshaded;
//   - and, in "cuts" but for diagnose's changed numbers, every cell may
//     carry one of the sizes given (at most one), the same as each
//     neighbour of its colour: a number's size reaches every cell of its
//     area by propagation, and the sized-areas cuts apply to each (the
//     published 15x15 in puzzles/: 0.5 -> 0.05 s).
// Both encodings use cuts: "cuts" (default) and "cuts-plain".
//
// The checker uses no solver (chocobanana_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::chocobanana {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : pencil::NumberBoard {};  // per cell: pencil::kNoNumber, kUnknownNumber or the number

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "area of 4 at r2c3"
// Per cell, the size of its area (the cells of its colour joined to it).
std::vector<int> area_sizes(const pencil::Lattice& L, const std::vector<bool>& shaded);
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& chocobanana_encoder();

}  // namespace psmt::chocobanana
