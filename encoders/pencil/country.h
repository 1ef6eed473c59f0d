// Country Road (puzz.link's country): the board is divided into rooms; draw
// one loop through the centres of cells, moving orthogonally, never
// branching or crossing, that passes through every room exactly once
// (entering and leaving it once); a room's number is how many of its cells
// the loop visits; two cells the loop leaves empty are never side by side
// across a room border (pzprjs's checklist: checkBranchLine,
// checkCrossLine, checkRoomPassOnce, checkRoadCount, checkNoRoadCountry,
// checkSideAreaGrass, checkDeadendLine, checkOneLoop). With "empty_rooms"
// (puzz.link's flag e) a room may be left unvisited.
//
// Input: heyawake's board (encoders/pencil/rooms.h): "rooms", "grid" (a
// room's number in one of its cells, '?' none); "empty_rooms" (optional).
// Solution: the loop as drawn (kit.h's loop_drawing): 2*rows-1 strings:
// "o" a cell the loop visits, "." one it does not, "-" and "|" its steps.
//
// Variables: a Bool per step; a cell is visited when one of its steps is.
// Rules: degree 0 or 2 at every cell; per room, at most two steps across
// its border and (unless empty_rooms) a visited cell; a clause per pair of
// cells across a border (one of them visited); some step; the room numbers
// as clues (counters over the visited cells, "room 3 (4 on the loop)").
//   cuts   (default) one loop by cut clauses between checks (engine/graph.h)
//   eager  one loop as reachability clauses
//
// The checker uses no Z3 (country_check.cpp).
#pragma once

#include <vector>

#include "encoders/pencil/rooms.h"

namespace psmt::country {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr const char* kOnTheLoop = "on the loop";

struct Board : pencil::RoomBoard {
  bool empty_rooms = false;
};

nlohmann::json solution_json(const Board& b, const std::vector<bool>& step);
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
// The steps between two cells of different rooms, per room.
std::vector<std::vector<int>> border_steps(const Board& b);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& country_encoder();

}  // namespace psmt::country
