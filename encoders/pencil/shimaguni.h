// Shimaguni (puzz.link's shimaguni, "Islands"): the board is divided into
// rooms; shade cells so that every room holds exactly one island (its
// shaded cells form one connected block, and there is at least one), no
// two shaded cells side by side across a room border, the islands of two
// rooms that share a border differ in size, and a room's number is its
// island's size (pzprjs's checklist: checkSideAreaShadeCell,
// checkSeqBlocksInRoom, checkShadeCellCount, checkSideAreaLandSide,
// checkNoShadeCellInArea).
//
// Input: heyawake's board (encoders/pencil/rooms.h): "rooms", "grid" (a
// room's number in one of its cells, '?' none), "shaded", "unshaded".
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded). Rules: a clause per pair of cells
// across a border; a clause per room (some cell shaded); a totalizer per
// room (its island's size in unary) and, per pair of neighbouring rooms and
// size k, "not both of size k"; each room's shaded cells connected within
// the room (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability clauses per room
//
// The checker uses no Z3 (shimaguni_check.cpp).
#pragma once

#include <vector>

#include "encoders/pencil/rooms.h"

namespace psmt::shimaguni {

inline constexpr int kMaxSide = kMaxBoardSide;

using Board = pencil::RoomBoard;

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& shimaguni_encoder();

}  // namespace psmt::shimaguni
