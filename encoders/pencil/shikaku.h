// Shikaku (puzz.link's shikaku, Tatham's rect): divide the board into
// rectangles, each holding exactly one number, the number its area ('?' a
// number not given: any area).
//
// Input: "grid", one array per row: '.' a cell, a number, or '?'.
// Solution: one array per row, the rectangle of each cell named by its
// number's place in reading order (from 1).
//
// Variables: per number, a Bool for every rectangle that holds its cell and
// no other number (every area: the clue says which). Rules: exactly one
// rectangle per number, every cell in exactly one chosen rectangle. Clues:
// each number (grid/r2c3, "area 4 at r2c3": its rectangle has that area;
// dropped, it becomes '?'), changed over every area its rectangles can
// have. Two encodings:
//   owners   (default) per cell a Bool for each number that can reach it,
//            exactly one of them (pairwise: a few numbers reach a cell); a
//            chosen rectangle owns its cells, and a cell a number owns lies
//            in one of that number's chosen rectangles (3x to 10x faster
//            than counter from 10x10 to 40x40)
//   counter  exactly one rectangle per cell, counted over the rectangles
//            that cover it (sequential counters)
//   open     what explain needs: per cell a Bool for each number whose box
//            with the cell holds no other number, exactly one; each
//            number's cells a rectangle holding it (each cell's neighbours
//            toward the number are the number's too, and no 2x2 window has
//            three of its cells: a rule per number, "the cells of the 3 at
//            r1c5 are a rectangle"); each area a count of its own, which
//            also rules out at once the cells whose box with the number is
//            larger. Nothing is narrowed by the areas.
//
// The checker uses no solver (shikaku_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::shikaku {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kNone = 0, kUnknown = -1;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> number;  // per cell: kNone, kUnknown ('?') or an area
  std::vector<int> numbered() const;  // the numbered cells in reading order
};

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "area 4 at r2c3", "? at r2c3"
std::vector<int> owners_of(const Board& b, const nlohmann::json& solution);  // InputError naming the row
nlohmann::json solution_json(const Board& b, const std::vector<int>& owner);
std::vector<Violation> check_owners(const Board& b, const std::vector<int>& owner);

const Encoder& shikaku_encoder();

}  // namespace psmt::shikaku
