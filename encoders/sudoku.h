// Sudoku family: sudoku (n x n with boxes), greater-than sudoku, futoshiki.
//
// Rules: every cell holds 1..n; each row, column and (for sudoku) box holds
// each digit once. Clues: givens, and relations "cell a < cell b" written in
// the seed's greater_than notation (one string per row for horizontal signs,
// one per column for vertical signs, between box-internal neighbours or
// between all neighbours) or as general `relations`.
//
// Encodings:
//   bool-pairwise (default) one Bool per cell and digit; exactly-one as one
//                 clause plus pairwise at-most-one clauses: plain CNF, no
//                 cardinality, on Z3's QF_FD solver. The fastest for check on
//                 17-clue sudokus (scripts/bench-check-encodings: 18.7 ms
//                 mean vs 24.4 onehot vs 423 int-distinct).
//   bool-onehot   one Bool per cell and digit; exactly-one per cell and per
//                 unit/digit as pseudo-Boolean equalities (pbeq). Runs on
//                 Z3's QF_FD (incremental SAT + PB) solver: with Z3 4.8.12
//                 the default solver loses models of pbeq after the first
//                 check (undercounts), as it does for atmost/atleast.
//   int-distinct  one Int per cell in 1..n, Distinct per unit (the z3py
//                 tutorial's and the seed's encoding).
// A relation a < b is, one-hot: a=d -> b>d and b=d -> a<d, for every d.
//
// The model and checker in this header use no Z3 (sudoku_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoder.h"

namespace psmt::sudoku {

inline constexpr int kMaxSide = 36;

struct Relation {
  Cell a, b;
  char op = '<';  // a op b, '<' or '>'
  std::string id, label;
};

struct Grid : Puzzle {
  bool boxes = true;  // false: futoshiki (Latin square)
  int n = 9;
  int box_rows = 3, box_cols = 3;
  std::vector<int> givens;  // n*n, 0 = blank
  std::vector<Relation> relations;

  int at(Cell c) const { return givens[c.row * n + c.col]; }
};

struct Unit {
  std::string id;    // "rule/row/3"
  std::string name;  // "row 3"
  std::vector<Cell> cells;
};

// Rows, columns, and boxes when the grid has them.
std::vector<Unit> units(const Grid& g);

// Independent checker over a complete grid of values (row-major).
std::vector<Violation> check_values(const Grid& g, const std::vector<int>& values);
// The same from a solution in canonical JSON (row strings or arrays).
std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& solution);

const Encoder& sudoku_encoder();
const Encoder& futoshiki_encoder();

}  // namespace psmt::sudoku
