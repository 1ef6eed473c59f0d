// Masyu (puzz.link's mashu, Tatham's pearl): draw one simple closed loop
// through the centres of cells, moving orthogonally. The loop passes through
// every pearl. On a white pearl it goes straight through and turns in the
// cell before or after it (or both); on a black pearl it turns and goes
// straight through the cells before and after it. The `full` variant
// (puzz.link flag f) asks the loop to visit every cell.
//
// Input: "pearls", one string per row, a character per cell: "W" white, "B"
// black, "." none; "full" (optional, false).
// Solution: the loop as drawn, 2*rows-1 strings of 2*cols-1 characters: at
// even positions "o" (a cell the loop visits) or "." (one it does not), "-"
// and "|" for the loop's steps between neighbouring cells, spaces elsewhere.
//
// Encodings (a Bool per pair of neighbouring cells in both; degree 0 or 2 at
// every cell and each pearl's rule as clauses):
//   cuts   (default) one loop by cut clauses between checks (engine/graph.h)
//   eager  one loop as clauses: reachability from the first cell on the loop
//
// The checker uses no Z3 (masyu_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::masyu {

inline constexpr int kMaxSide = kMaxBoardSide;

enum class Pearl { None, White, Black };

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<Pearl> pearl;  // per cell
  bool full = false;
};

std::string pearl_id(Cell c);                   // "pearls/r4c4"
std::string pearl_label(Cell c, Pearl p);       // "black pearl at r4c4"
// The steps of the loop, one per edge of the lattice's cell graph (rightward
// steps row by row, then downward ones), as a drawing and back.
nlohmann::json solution_json(const Board& b, const std::vector<bool>& step);
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& masyu_encoder();

}  // namespace psmt::masyu
