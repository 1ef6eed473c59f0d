// Nurimisaki (puzz.link's nurimisaki): shade cells so that the unshaded
// cells are connected, no 2x2 block is all shaded or all unshaded, and the
// circles are exactly the unshaded cells with one unshaded neighbour (the
// promontories); a number in a circle is how many cells it sees in a
// straight line, itself included (lines of sight as kurodoko's).
//
// Input: "grid", one array per row: "." a plain cell, a number (2 or more:
// a circle with it), "?" a circle without a number; optional "shaded" and
// "unshaded" (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: some cell
// shaded; a clause per 2x2 block each way (no_2x2); a circle unshaded with
// exactly one unshaded neighbour; an unshaded cell without a circle has
// none or two or more; the unshaded cells connected (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from a circle
// A number is its circle's clue: the sight Booleans (shading.h's
// sight_count) add up to it; dropped, the circle stays ("circle at r2c3").
//
// The checker uses no solver (nurimisaki_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::nurimisaki {

inline constexpr int kMaxSide = kMaxBoardSide;
// Per cell (`number`): pencil::kNoNumber (no circle), kUnknownNumber (a
// circle without a number) or the circle's number.
struct Board : pencil::NumberBoard {};

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "circle 4 at r2c3", "circle ? at r2c3"
// How many unshaded neighbours a cell has.
int open_neighbours(const pencil::Lattice& L, const std::vector<bool>& shaded, int cell);
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& nurimisaki_encoder();

}  // namespace psmt::nurimisaki
