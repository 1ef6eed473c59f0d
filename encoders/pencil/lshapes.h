// A board divided into L shapes of width 1 (Sashigane; pzprjs's loute
// family: Loute, Sashikazune, Sashikabe divide the same way): an L is a
// corner cell and two straight arms of at least one cell each, at right
// angles (pzprjs's AreaLGraph: a region whose bounding box, less the region,
// is a rectangle one row and one column smaller at one of its corners).
//
// Variables: per step (a pair of neighbouring cells), "in one L" (the
// division); per cell, "the corner of its L" or "an arm cell whose corner
// lies left / right / up / down", exactly one. Rules, as clauses: an arm
// cell joins the cell toward its corner, which is the corner or an arm cell
// pointing the same way, and no cell beside it across the arm; a cell
// behind it in its L points the same way; a corner joins exactly one cell
// across and one up or down, each an arm cell pointing back at it. Every
// region of a model is then an L, and each variable is fixed by the
// division (counts over the steps are exact).
//
// The plain part (which cells form an L, its corner and ends) is in
// lshapes_check.cpp, without Z3.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/expr.h"

namespace psmt {
struct Encoding;
}

namespace psmt::pencil {

// Directions, as Lattice::cell_steps orders a cell's steps.
inline constexpr int kLeft = 0, kRight = 1, kUp = 2, kDown = 3;
inline constexpr int opposite(int dir) { return dir ^ 1; }
const char* direction_word(int dir);  // "left", "right", "up", "down"

struct LDivision {
  std::vector<Expr> join;                  // per step: its two cells lie in one L
  std::vector<Expr> corner;                // per cell: the corner of its L
  std::vector<std::array<Expr, 4>> arm;    // per cell and direction: an arm cell whose corner lies that way
};

// The variables and rules (as rule group "rule/l-shapes"); the steps are
// the encoding's decision variables, in Lattice step order.
LDivision l_division(const Lattice& L, Context& ctx, Encoding& enc);
// "corner at c, the L of n cells": every placement of the two arms, as one
// expression over the division's steps (false when none fits).
Expr l_of_size(const Lattice& L, const LDivision& d, Cell corner, int n, Context& ctx);

// An L of width 1, read from its cells (plain).
struct LShape {
  Cell corner;
  std::array<Cell, 2> ends;
};
std::optional<LShape> l_shape(const std::vector<Cell>& cells);

}  // namespace psmt::pencil
