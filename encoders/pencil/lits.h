// LITS (puzz.link's lits): the board is divided into regions; shade four
// connected cells in every region (a tetromino: L, I, T or S, turned or
// mirrored), so that all shaded cells are connected, no 2x2 block is all
// shaded, and two tetrominoes of the same shape never touch across a region
// border.
//
// Input: "regions", one array per row of region numbers (cells with the same
// number form a region, one connected piece).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer; per region a Bool per
// tetromino placed inside it (helpers, fixed by the shading). Rules: no
// shaded 2x2; two placements of one shape in neighbouring regions that touch
// exclude each other; the shaded cells connected (engine/graph.h). Each
// region's "exactly one tetromino, and its cells are the shaded ones" is a
// clue (regions/3, "region 3 (r1c1-r3c2) holds a tetromino"):
//   cuts   (default) connectedness by cut clauses between checks
//   eager  reachability from the first shaded cell
//
// The checker uses no Z3 (lits_check.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "encoders/pencil/region_shading.h"

namespace psmt::lits {

inline constexpr int kMaxSide = kMaxBoardSide;
using Board = pencil::RegionBoard;

// The tetromino shapes, as pzprjs names them.
enum class Shape { L, I, T, S };
const char* shape_name(Shape s);
// A tetromino placed: its four cells (reading order) and its shape.
struct Placement {
  std::vector<int> cells;
  Shape shape;
};
// Every tetromino that lies inside the cells `in` (a region).
std::vector<Placement> placements_in(const pencil::Lattice& L, const std::vector<int>& in);
// The shape of four connected cells, if they are a tetromino.
std::optional<Shape> shape_of(const pencil::Lattice& L, std::vector<int> cells);

std::string region_label(const Board& b, int region);  // "region 3 (r1c1-r3c2) holds a tetromino"
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& lits_encoder();

}  // namespace psmt::lits
