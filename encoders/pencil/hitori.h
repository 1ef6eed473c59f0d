// Hitori (puzz.link's hitori, Tatham's singles): shade cells so that no
// number appears twice unshaded in a row or a column, no two shaded cells
// are side by side, and the unshaded cells are connected.
//
// Input: "grid", one array per row: a number (0 or more), "." a cell
// without a number, "?" a number not given (it repeats nothing); optional
// "shaded" and "unshaded" (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: of two cells of
// one row or column with the same number, one is shaded; no shaded
// neighbours; the unshaded cells connected (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from the first unshaded cell
// A number is a clue only where it repeats in its row or column (elsewhere
// it constrains nothing). A repeat is a clause over two numbers, so the
// encodings keep the numbers in the rules (Encoding::clues_in_rules) and
// diagnose drops a number from the puzzle itself: the cell keeps no number.
//
// The checker uses no Z3 (hitori_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::hitori {

inline constexpr int kMaxSide = kMaxBoardSide, kMaxNumber = 1295;

struct Board : pencil::ShadeBoard {
  std::vector<int> number;  // per cell: pencil::kNoNumber, kUnknownNumber or the number
};

std::string number_id(Cell c);              // "grid/r2c3"
std::string number_label(Cell c, int n);    // "7 at r2c3"
// Whether the cell's number repeats in its row or column (a clue).
bool repeats(const Board& b, int cell);
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& hitori_encoder();

}  // namespace psmt::hitori
