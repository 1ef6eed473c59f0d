// Sudoku family: sudoku (n x n with boxes or irregular regions), variant
// sudoku, greater-than sudoku, futoshiki.
//
// Rules: every cell holds 1..n; each row, column and region (the boxes, or
// the jigsaw regions given in `regions`) holds each digit at most once (once
// exactly when it has n cells). Clues: givens, relations "cell a < cell b"
// (the seed's greater_than notation or general `relations`), and the items of
// the constraint families (family.h, families/): cages, lines, dots, outside
// clues, global rules, each with its own clue id.
//
// Encodings:
//   bool-pairwise (default) one Bool per cell and digit; exactly-one as one
//                 clause plus pairwise at-most-one clauses: plain CNF, no
//                 cardinality, on Z3's QF_FD solver; sums by partial-sum
//                 clauses. The fastest for check on 17-clue sudokus
//                 (scripts/bench-check-encodings: 18.7 ms mean vs 24.4
//                 onehot vs 423 int-distinct).
//   bool-onehot   one Bool per cell and digit; exactly-one per cell and per
//                 unit/digit, and sums, as pseudo-Boolean constraints. Runs on
//                 Z3's QF_FD (incremental SAT + PB) solver: with Z3 4.8.12
//                 the default solver loses models of pbeq after the first
//                 check (undercounts), as it does for atmost/atleast.
//   int-distinct  one Int per cell in 1..n, Distinct per unit, sums and
//                 comparisons in linear arithmetic (the z3py tutorial's).
// A relation a < b is, one-hot: a=d -> b>d and b=d -> a<d, for every d.
//
// The model and checker in this header use no Z3 (sudoku_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/encoder.h"
#include "family.h"

namespace psmt::sudoku {

inline constexpr int kMaxSide = 36;

struct Relation {
  Cell a, b;
  char op = '<';  // a op b, '<' or '>'
  std::string id, label;
};

// The items of one family present in a puzzle.
struct FamilyItems {
  const Family* family = nullptr;
  std::vector<Item> items;
};

struct Grid : Puzzle {
  bool boxes = true;  // false: futoshiki (Latin square)
  int n = 9;
  int box_rows = 3, box_cols = 3;
  // Irregular regions (`regions`): region_of[r*n + c] is the cell's region
  // (-1: none); empty when the regions are the boxes.
  std::vector<int> region_of;
  std::vector<std::string> region_names;  // the characters of the region map, for messages
  std::vector<int> givens;  // n*n, 0 = blank
  std::vector<Relation> relations;
  std::vector<FamilyItems> families;  // in the order of families()
  // Metadata shown in reports (imported puzzles carry them).
  std::string author, rules;

  int at(Cell c) const { return givens[c.row * n + c.col]; }
  bool jigsaw() const { return !region_of.empty(); }
  // The rule region of a cell (box or irregular region), -1 if none.
  int region(Cell c) const;
  // The items of the family with this key (nullptr if none).
  const std::vector<Item>* items(std::string_view key) const;
  bool has_variants() const;
};

struct Unit {
  std::string id;    // "rule/row/3"
  std::string name;  // "row 3"
  std::vector<Cell> cells;
};

// Rows, columns, and the regions (boxes or irregular) when the grid has them.
std::vector<Unit> units(const Grid& g);

// Parsing helpers shared by the families: a cell ([row, col] from 0, or
// "r3c7"), a list of cells (an array of cells, or "r1c1 r1c2 ..."), checked
// to lie on the grid; `distinct` rejects a repeated cell.
Cell parse_cell(const JsonNode& node, int n);
std::vector<Cell> parse_cells(const JsonNode& node, int n, std::size_t min_size = 1, bool distinct = true);
// "r1c1–r2c1" (first and last cell) or "r3c4" for one cell.
std::string span_label(const std::vector<Cell>& cells);
// True when a and b share an edge.
bool orthogonal(Cell a, Cell b);

// Independent checker over a complete grid of values (row-major).
std::vector<Violation> check_values(const Grid& g, const std::vector<int>& values);
// The same from a solution in canonical JSON (row strings or arrays).
std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& solution);

const Encoder& sudoku_encoder();
const Encoder& futoshiki_encoder();
const Encoder& skyscrapers_encoder();  // a Latin square with tower counts (the "skyscrapers" family)
const Encoder& kenken_encoder();       // a Latin square with cages (the "kenken" family)

}  // namespace psmt::sudoku
