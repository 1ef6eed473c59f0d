// Double Choco (puzz.link's dbchoco): divide the board into blocks, each
// one white half and one grey half (each side by side within the block) of
// the same shape, turned or mirrored as need be; a number is how many cells
// its half has (pzprjs's checklist: checkSingleBlock, checkSmallNumberArea,
// checkLargeBlock, checkEqualShapes, checkLargeNumberArea,
// checkBorderDeadend).
//
// Input: "colours", one string per row ('.' white, '#' grey); "grid", one
// array per row: '.' no number, a number, '?' a number not given.
// Solution: one array per row, each cell's block numbered from 1 in
// reading order of the blocks' first cells.
//
// Each number is a clue ("half of 4 at r2c3", grid/r2c3) that diagnose can
// blame and drop; with several solutions it adds the fewest numbers (each
// its half's size) that leave one.
//
// Encodings: `cuts` (default) a Bool per pair of neighbouring cells ("in one
// block"); every cell in a block with another; each block a white half and
// a grey half of one shape by cut clauses between checks (engine/graph.h's
// CheckedAreas, with this file's plain test of a block); each number the
// size of its half (SizedAreas over the steps between cells of one colour).
// `cuts-plain`: the same without "every cell in a block with another".
//
// The checker uses no Z3 (dbchoco_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "encoders/pencil/shading.h"
#include "engine/encoder.h"

namespace psmt::dbchoco {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<bool> grey;   // per cell
  std::vector<int> number;  // per cell: pencil::kNoNumber, kUnknownNumber or the number
};

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "half of 4 at r2c3"
// What is wrong with one block (its cells in reading order), numbers left
// out: "" when it is a white half and a grey half of one shape.
std::string block_fault(const Board& b, const std::vector<Cell>& cells);
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
nlohmann::json solution_json(const Board& b, const std::vector<bool>& join);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& dbchoco_encoder();

}  // namespace psmt::dbchoco
