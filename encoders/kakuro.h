// Kakuro (cross sums; puzz.link's kakuro): a rectangular board of white
// cells, blocks and clue cells. Every run of white cells (a maximal row or
// column segment) holds distinct digits 1..9; a clue cell gives the sum of
// the run to its right (across) and of the run below it (down). A run with
// no sum still holds distinct digits. Optional given digits are clues too.
//
// Input: "grid", one array per row; each entry is "." (a white cell), a
// digit 1..9 (a given white cell), "#" (a block), or [down, across] (a clue
// cell; null or 0 for no sum in that direction).
// Solution: one string per row, a digit per white cell and '#' elsewhere.
//
// Encodings:
//   onehot  (default) a Bool per white cell and digit, exactly one per cell
//           (clauses), distinct digits per run (pairwise), sums as
//           pseudo-Boolean equalities (QF_FD)
//   int     an Int 1..9 per white cell, Distinct per run, linear sums
//           (Z3's default solver)
// In both, each sum clue also states the digits its run can hold at all (the
// union of the digit sets of that many distinct digits with that sum).
//
// The model and checker use no Z3 (kakuro_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::kakuro {

inline constexpr int kMaxSide = 60;

enum class Square { White, Block, Clue };

struct Run {
  bool across = true;
  int clue = -1;           // index of the clue cell before the run, or -1 (the board's edge, a block)
  int sum = 0;             // 0: no sum
  std::vector<int> cells;  // indices of the white cells, in order
};

struct Board : Puzzle {
  int rows = 0, cols = 0;
  std::vector<Square> squares;  // rows*cols
  std::vector<int> given;       // white cells: 0 or a digit
  std::vector<int> down, across;  // clue cells: 0 for no sum
  std::vector<Run> runs;          // every run of white cells, across ones first
  Cell cell(int i) const { return {i / cols, i % cols}; }
};

// The runs of white cells with their sums, from the squares and clues.
std::vector<Run> find_runs(const Board& b);
std::string run_id(const Board& b, const Run& r);     // "grid/r2c3/down"
std::string run_label(const Board& b, const Run& r);  // "down 16 at r2c3 (r3c3–r5c3)"
// Smallest and largest sum of k distinct digits 1..9.
std::pair<int, int> sum_range(int k);
// Digits that occur in some set of k distinct digits 1..9 summing to s.
std::vector<int> usable_digits(int k, int s);
// Canonical solution from the digits of the white cells (0 elsewhere).
nlohmann::json solution_json(const Board& b, const std::vector<int>& digits);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& kakuro_encoder();

}  // namespace psmt::kakuro
