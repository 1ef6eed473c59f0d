// Tents (puzz.link's tents, Tatham's tents): put a tent beside every tree
// (up, down, left or right), each tent attached to one tree and each tree
// to one tent; no two tents touch, not even diagonally; a number outside a
// row or column counts its tents.
//
// Input: "grid", one string per row: "." a cell, "T" a tree; "columns" and
// "rows": a count per column (left to right) and per row (top to bottom),
// null where there is none; optional "tents" and "no_tents": cells given as
// a tent or as none ("r2c3"), as Tatham's IDs may give them.
// Solution: one string per row, "#" a tent and "." none.
//
// Variables: a Bool per cell (a tent), the answer; per tree and side a Bool
// "the tree's tent is there", and per tree a Bool "a tree stands here" (its
// clue). Rules: a tree's cell holds no tent and the tree has exactly one
// attachment; a cell holds a tent exactly when one tree is attached to it;
// tents do not touch. pzprjs checks instead that each group of trees and
// tents joined side by side has as many of each: with tents apart a tree has
// at most two tents beside it (on opposite sides), and then equal numbers in
// a group always admit the attachment, so the two rules agree. Clues: each
// tree (grid/r2c3, "tree at r2c3": dropping it leaves the cell free) and
// each count (rows/3, columns/2: "row 3 has 2 tents"), changed over every
// count the line can hold. Two encodings of the counts:
//   counter   (default) sequential counters
//   pairwise  plain clauses over subsets (a counter where they would be too many)
//
// The checker uses no Z3 (tents_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::tents {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kNoCount = -1;

struct Board : pencil::ShadeBoard {
  std::vector<bool> tree;      // per cell
  std::vector<bool> uprooted;  // per cell: a tree dropped by diagnose (the cell then free)
  std::vector<int> col_count, row_count;  // kNoCount where none
};

std::string tree_id(Cell c);  // "grid/r2c3"
std::string tree_label(Cell c);
std::string count_id(bool row, int k);  // "rows/3", "columns/2" (from 1)
std::string count_label(bool row, int k, int n);  // "row 3 has 2 tents"
std::vector<Violation> check_tents(const Board& b, const std::vector<bool>& tent);

const Encoder& tents_encoder();

}  // namespace psmt::tents
