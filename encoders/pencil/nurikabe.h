// Nurikabe (puzz.link's nurikabe): shade cells so that the shaded cells are
// connected and hold no 2x2 block, and the unshaded cells fall into islands
// (orthogonally connected areas), each holding exactly one number, which is
// its size. A "?" is a number not given: its island may have any size.
// Numbered cells are unshaded.
//
// Input: "grid", one array per row: "." a plain cell, a number (1 or more)
// or "?" a numbered cell; optional "shaded" and "unshaded": cells given as
// such (what diagnose offers as extra givens).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer; per island, a Bool per
// cell it can reach (within its size minus one steps of its number, and not
// another number): the island a cell belongs to, fixed by the solution.
// Rules: a cell is unshaded exactly when one island has it; neighbouring
// unshaded cells share their island; an island's size is its number (a
// sum); no 2x2 shaded block. Connectedness of the shaded cells and of each
// island (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability clauses (an island within its size; the shaded
//          cells from the first shaded cell)
//   open   nothing narrowed by the sizes: each island over every cell it
//          can reach without touching another number, connected by cuts;
//          a number says its home is in its island, the size, and that no
//          cell beyond size - 1 steps is in it (what explain needs)
// cuts and eager reason from the numbers (which cells an island can reach),
// so diagnose works on edited puzzles (Encoding::clues_in_rules). A number's
// size is the clue: dropping it leaves an island of any size there ("?"),
// which only relaxes the puzzle (dropping the island itself would not: the
// cells it frees must then be shaded). A "?" is a rule, never blamed.
//
// The checker uses no Z3 (nurikabe_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::nurikabe {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kPlain = 0, kUnknownSize = -2;

struct Board : pencil::ShadeBoard {
  std::vector<int> number;  // per cell: kPlain, kUnknownSize, or the island's size
};

std::string number_id(Cell c);  // "grid/r2c3"
std::string number_label(Cell c, int size);  // "island size 4 at r2c3"
nlohmann::json solution_json(const Board& b, const std::vector<bool>& shaded);
// The rules and numbers on a full shading (the givens: pencil::check_givens).
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& nurikabe_encoder();

}  // namespace psmt::nurikabe
