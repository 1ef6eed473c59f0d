// Akari, Light Up (puzz.link's lightup and akari, Tatham's lightup): put
// lights in white cells so that every white cell is lit (a light lights
// its row and column up to the nearest wall or edge), no light lights
// another, and a numbered wall has that many lights beside it (up, down,
// left, right).
//
// Input: "grid", one string per row: "." a white cell, "#" a wall without a
// number, "0"-"4" a numbered wall.
// Solution: one string per row, "#" a light and "." none.
//
// Variables: a Bool per cell (a light; false on walls), the answer. Rules:
// at most one light in each straight run of white cells (two encodings:
// a counter, the default, or pairwise); every white cell has a light in its row's or
// its column's run; each numbered wall's count is a clue (grid/r2c3, "wall 2
// at r2c3") that diagnose can blame or change (0 to the white cells beside
// it).
//
// The checker uses no Z3 (akari_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::akari {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kWhite = -1, kPlainWall = -2;

struct Board : pencil::ShadeBoard {
  std::vector<int> cell;  // per cell: kWhite, kPlainWall or a numbered wall's number
};

std::string wall_id(Cell c);             // "grid/r2c3"
std::string wall_label(Cell c, int n);   // "wall 2 at r2c3", "wall at r2c3"
// The straight runs of white cells, rows' then columns'.
std::vector<std::vector<int>> runs(const Board& b);
std::vector<Violation> check_lights(const Board& b, const std::vector<bool>& light);

const Encoder& akari_encoder();

}  // namespace psmt::akari
