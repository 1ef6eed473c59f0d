// Numberlink (puzz.link's numlin; arukone, the same rules with letters and,
// unless its flag "e" says otherwise, every cell used): join each pair of
// equal numbers by a line through cell centres, moving orthogonally; lines
// never branch, cross or pass over a number, and every line joins two
// numbers (pzprjs's checklist: checkLineExist, checkBranchLine,
// checkCrossLine, checkTripleObject, checkLinkSameNumber,
// checkLineOverLetter, checkDeadendConnectLine, checkDisconnectLine,
// checkNoLineObject; arukone adds checkNoLine, "every cell is used").
// Numberlink as pzprjs checks it leaves cells unused: `every_cell` is
// arukone's rule. A '?' (a number not given) joins only another '?', as
// pzprjs's checkLinkSameNumber has it.
//
// Input: "grid", one array per row: '.' an empty cell, a number, '?';
// "every_cell" (optional, false): every cell must be used.
// Solution: the lines as drawn (kit.h's loop_drawing): 2*rows-1 strings of
// 2*cols-1 characters: at even positions "o" a cell a line uses and "." one
// it does not, "-" and "|" its steps.
//
// Each number is a clue ("4 at r2c3", grid/r2c3): diagnose can blame it and
// drop it (the cell then an empty one; while searching, a dropped number
// lets its cell end a line, carry one or stay empty, a relaxation of it).
//
// Encodings (a Bool per pair of neighbouring cells; a number's cell has one
// step, any other cell none or two; per cell and number a Bool "this cell's
// line joins number n", equal across every step, set at each number; a used
// cell joins exactly the one number at the ends of its line):
//   cuts   (default) no line closes on itself, by cut clauses between
//          checks (engine/graph.h's Acyclic)
//   eager  the same as clauses (repeated peeling of cells with fewer than
//          two steps)
// Both carry a normal form for solve and check (Encoding::normal_rules,
// numlin.cpp's normal_form) where cells may stay unused: no line runs
// beside itself, nor round one or two unused cells or a corner it could
// take instead. A count, --certify and diagnose go without it.
//
// The checker uses no Z3 (numlin_check.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "encoders/pencil/shading.h"
#include "engine/encoder.h"

namespace psmt::numlin {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> number;  // per cell: pencil::kNoNumber, kUnknownNumber or the number
  bool every_cell = false;  // arukone: every cell is used
};

std::string number_id(Cell c);            // "grid/r2c3"
std::string number_label(Cell c, int n);  // "4 at r2c3", "? at r2c3"
nlohmann::json solution_json(const Board& b, const std::vector<bool>& step);
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);
// Another way for one line of a solution `step` (a reroute; another
// solution when `step` is one, nothing when there is none of the kind):
//  - shortcut: two side-by-side cells of one line without a step between
//    them get one, the part of the line between them left unused;
//  - detour: an area of cells no line uses that touches two cells of one
//    line takes the line from one to the other instead of its own way.
std::optional<std::vector<bool>> shortcut(const Board& b, const std::vector<bool>& step);
std::optional<std::vector<bool>> detour(const Board& b, const std::vector<bool>& step);

const Encoder& numlin_encoder();

}  // namespace psmt::numlin
