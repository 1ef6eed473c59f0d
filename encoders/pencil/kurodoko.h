// Kurodoko (puzz.link's kurodoko, Tatham's range): shade cells so that no
// two shaded cells are side by side, the unshaded cells are connected, and
// a number is how many unshaded cells its cell sees in a straight line
// (up, down, left and right until a shaded cell or the edge, itself
// included). Numbered cells are unshaded.
//
// Input: "grid", one array per row: "." a plain cell, a number (1 or
// more), "?" a numbered cell whose number is not given; optional "shaded"
// and "unshaded" (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer; per number and
// direction, "the first k cells that way are unshaded" for k up to the
// number (each defined both ways, fixed by the solution). A number: its
// cell unshaded and the sight Booleans adding up to the number minus one
// (a sequential counter). Connectedness of the unshaded cells
// (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from the first unshaded cell
//
// The checker uses no Z3 (kurodoko_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::kurodoko {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : pencil::NumberBoard {};  // per cell: pencil::kNoNumber, kUnknownNumber or the number

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "sees 4 at r2c3"
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& kurodoko_encoder();

}  // namespace psmt::kurodoko
