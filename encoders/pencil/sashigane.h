// Sashigane (puzz.link's sashigane): divide the board into L shapes of
// width 1 (kit: lshapes.h); a circle is the corner of its L, a number in a
// circle is its L's size, an arrow is an end of its L and points toward
// the corner (pzprjs's checklist: checkArrowCorner1, checkArrowCorner2,
// checkCircleCorner, checkNumberAndSize, checkBorderDeadend, checkLblock).
//
// Input: "grid", one array per row: "." a plain cell, "o" a circle, a
// number (a circle holding it), "<", ">", "^", "v" an arrow pointing left,
// right, up, down.
// Solution: one array per row, each cell's L numbered from 1 in reading
// order of the L's first cell.
//
// Each circle and arrow is a clue (grid/r2c3: "circle 4 at r2c3", "arrow
// up at r5c1") that diagnose can blame and drop (the cell then plain).
// With several solutions, diagnose adds the fewest circles (each with its
// L's size) and arrows that leave one.
//
// Encodings: `corners` (default) a Bool per pair of neighbouring cells ("in
// one L"), and per cell "the corner" or "an arm cell whose corner lies left
// / right / up / down" (lshapes.h); a numbered circle is one of the
// placements of its L's two arms. `corners-sizes`: the same, a numbered
// circle's size held by cut clauses (sized areas) instead.
//
// The checker uses no Z3 (sashigane_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::sashigane {

inline constexpr int kMaxSide = kMaxBoardSide;

// Per cell: kPlain, kCircle (no number), a circle's number (>= 1), or an
// arrow (kArrow + direction, pencil::kLeft..kDown).
inline constexpr int kPlain = 0, kCircle = -1, kArrow = -10;
inline bool is_arrow(int v) { return v <= kArrow && v > kArrow - 4; }
inline int arrow_dir(int v) { return kArrow - v; }

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> mark;  // per cell
};

std::string clue_id(Cell c);                // "grid/r2c3"
std::string clue_label(Cell c, int mark);   // "circle 4 at r2c3", "circle at r2c3", "arrow up at r5c1"
std::string mark_text(int mark);            // "o", "4", "^"
// The division: a region number per cell (0..), from the solution's rows;
// and the rows again from the steps (in one L or not).
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
nlohmann::json solution_json(const Board& b, const std::vector<bool>& join);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& sashigane_encoder();

}  // namespace psmt::sashigane
