// Norinori (puzz.link's norinori): the board is divided into regions; shade
// exactly two cells of every region so that the shaded cells form dominoes:
// every shaded cell has exactly one shaded neighbour (up, down, left, right).
//
// Input: "regions", one array per row of region numbers (cells with the same
// number form a region, one connected piece).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: a shaded cell has
// one shaded neighbour and no two; each region's "exactly two" is a clue
// (regions/3, "region 3 (r1c1-r3c2) holds 2 shaded cells") that diagnose can
// blame. Two encodings of "exactly":
//   counter   (default) sequential counters
//   pairwise  plain clauses over subsets (a counter where they would be too many)
//
// The checker uses no Z3 (norinori_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/region_shading.h"

namespace psmt::norinori {

inline constexpr int kMaxSide = kMaxBoardSide;

using Board = pencil::RegionBoard;

std::string region_label(const Board& b, int region);  // "region 3 (r1c1-r3c2) holds 2 shaded cells"
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& norinori_encoder();

}  // namespace psmt::norinori
