// Star Battle (puzz.link's starbattle): the board is divided into regions;
// place stars so that every row, every column and every region holds
// exactly `stars` of them, and no two stars touch, not even diagonally.
//
// Input: "regions", one array per row of region numbers (cells with the same
// number form a region, one connected piece); "stars", how many per row,
// column and region (1 or more).
// Solution: one string per row, "#" a star and "." none (as pzprjs writes it).
//
// Variables: a Bool per cell (a star), the answer. Rules: each row and
// column exactly `stars`, no two stars king-adjacent; each region's count is
// a clue (regions/3, "region 3 (r1c1-r3c2) holds 1 star") that diagnose can
// blame. Two encodings of "exactly k":
//   counter   (default) a sequential counter per line and region
//   pairwise  every k+1 of a line has an empty cell and every n-k+1 a star
//             (plain clauses; a counter where those would be too many)
//
// The checker uses no Z3 (starbattle_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/region_shading.h"

namespace psmt::starbattle {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : pencil::RegionBoard {
  int stars = 1;
};

std::string region_label(const Board& b, int region);  // "region 3 (r1c1-r3c2) holds 1 star"
std::vector<Violation> check_stars(const Board& b, const std::vector<bool>& star);

const Encoder& starbattle_encoder();

}  // namespace psmt::starbattle
