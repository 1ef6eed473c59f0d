// Heyawake (puzz.link's heyawake): the board is divided into rooms; shade
// cells so that no two shaded cells are side by side, the unshaded cells
// are connected, a room's number is how many of its cells are shaded, and
// no straight run of unshaded cells crosses two room borders (it spans at
// most two rooms).
//
// Input: "rooms", one array per row of room numbers (any integers: cells
// with the same one form a room); "grid", one array per row: "." or a
// room's number drawn in one of its cells ("?" a number not given, which
// constrains nothing): encoders/pencil/rooms.h, shared with aqre; optional
// "shaded" and "unshaded" (encoders/pencil/shading.h). Rooms are named for
// people in reading order of their first cell ("room 7").
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: no shaded
// neighbours; between two neighbouring borders of a row or column, the
// cells from just before the first to just after the second are not all
// unshaded; a room's count (a sequential counter) is its clue; the
// unshaded cells connected (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from the first unshaded cell
//
// The checker uses no Z3 (heyawake_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/rooms.h"

namespace psmt::heyawake {

inline constexpr int kMaxSide = kMaxBoardSide;

using Board = pencil::RoomBoard;  // rooms and their numbers (rooms.h)

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

// Heyawake's rules and room numbers over `shaded` (a Bool per cell), the
// encoding of Ekawayeh too (ayeheya.h): some cell shaded, no two side by
// side, the unshaded cells connected (cuts unless `eager`), no unshaded run
// across two borders, the room numbers as clues.
void heyawake_rules(const Board& b, const std::vector<Expr>& shaded, bool eager, Context& ctx, Encoding& enc,
                    const EncodeOptions& eo);

const Encoder& heyawake_encoder();

}  // namespace psmt::heyawake
