// Ekawayeh (puzz.link's ayeheya): Heyawake (heyawake.h) whose rooms are
// point symmetric and whose shading is too: shade cells so that no two
// shaded cells are side by side, the unshaded cells are connected, a room's
// number is how many of its cells are shaded, no straight run of unshaded
// cells crosses two room borders, and the shaded cells of each room are
// symmetric under a half-turn about the room's centre (pzprjs's
// checkFractal). A room that is not point symmetric itself fails every
// answer (pzprjs's checkRoomSymm): such a board is refused as input, naming
// the room.
//
// Input and solution: heyawake's ("rooms", "grid", "shaded", "unshaded";
// rows of '#' and '.').
//
// Variables: a Bool per cell (shaded). Rules: heyawake's
// (heyawake_rules), and per pair of cells a half-turn apart in a room
// "both shaded or neither". Encodings as heyawake's: cuts (default), eager.
//
// The checker uses no Z3 (ayeheya_check.cpp).
#pragma once

#include <vector>

#include "encoders/pencil/heyawake.h"

namespace psmt::ayeheya {

using Board = heyawake::Board;

// Per cell, the cell a half-turn away about the centre of its room's
// bounding box (itself at the centre).
std::vector<int> half_turn_partner(const Board& b);
// Per room, whether the half-turn maps it onto itself.
std::vector<bool> symmetric_rooms(const Board& b, const std::vector<int>& partner);
// "room 3 (r1c1)": a room by its number and first cell.
std::string room_name(const Board& b, int room);

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& ayeheya_encoder();

}  // namespace psmt::ayeheya
