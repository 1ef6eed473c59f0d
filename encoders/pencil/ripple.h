// Ripple Effect (puzz.link's ripple): the board is divided into rooms; write
// a number in every cell so that a room of n cells holds 1 to n, each once,
// and two equal numbers k in a row or column are at least k+1 cells apart
// (between them at least k other cells). Some numbers are given (pzprjs's
// checklist: checkDifferentNumberInRoom, checkRippleNumber,
// checkNoNumCell; a number entered is at most its room's size).
//
// Input: "rooms", one array per row of room numbers (each room one
// connected piece); "grid", one array per row: "." or a given number (1 to
// the size of its room).
// Solution: one array per row of numbers.
//
// Variables: a Bool per cell and number its room allows (one-hot, the
// answer). Rules: one number per cell; each number once per room; per pair
// of cells in a line within k of each other, not both k. A given number is
// a clue ("4 at r2c3", grid/r2c3): diagnose can blame it, drop it or change
// it to another number of its room. Encodings:
//   pairwise  (default) the room's "once" as pairwise clauses
//   counter   the room's "once" as a sequential counter per number
//
// The checker uses no Z3 (ripple_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "encoders/pencil/regions.h"
#include "engine/encoder.h"

namespace psmt::ripple {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : Puzzle {
  pencil::Lattice lat;
  pencil::Regions rooms;
  std::vector<int> given;  // per cell: 0 none, else the number
  int size_of(int cell) const { return static_cast<int>(rooms.cells[static_cast<std::size_t>(rooms.of[static_cast<std::size_t>(cell)])].size()); }
};

std::string given_id(Cell c);            // "grid/r2c3"
std::string given_label(Cell c, int n);  // "4 at r2c3"
std::string room_name(const Board& b, int room);  // "room 3 (r1c1-r2c2)"
nlohmann::json solution_json(const Board& b, const std::vector<int>& number);
std::vector<int> numbers_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_numbers(const Board& b, const std::vector<int>& number);

const Encoder& ripple_encoder();

}  // namespace psmt::ripple
