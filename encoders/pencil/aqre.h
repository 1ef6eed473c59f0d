// Aqre (puzz.link's aqre): the board is divided into rooms; shade cells so
// that the shaded cells are connected, a room's number is how many of its
// cells are shaded, and no four cells in a row or column are all shaded or
// all unshaded. With "borders" (pzprjs's flag b), two cells side by side
// across a room border are never the same colour.
//
// Input: "rooms" and "grid" as heyawake's (encoders/pencil/rooms.h);
// optional "borders" (false unless given), "shaded" and "unshaded"
// (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: in every four
// cells in a row or column one is shaded and one is not (no_runs, shared
// with the genres that forbid runs of one colour); with "borders", the two
// cells across each room border differ; a room's count (a sequential
// counter) is its clue; the shaded cells connected (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from the first shaded cell
//
// The checker uses no solver (aqre_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/rooms.h"

namespace psmt::aqre {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kLongestRun = 3;  // four of one colour in a line is one too many

struct Board : pencil::RoomBoard {
  bool borders = false;  // cells across a room border differ in colour
};

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& aqre_encoder();

}  // namespace psmt::aqre
