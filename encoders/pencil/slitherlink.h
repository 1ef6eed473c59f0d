// Slitherlink (puzz.link's slither, Tatham's loopy on squares): draw one
// simple closed loop along the edges of the grid; a number in a cell is how
// many of its four edges the loop uses. A "?" clue is a numbered cell whose
// number is not given (no constraint). The `full` variant (puzz.link flag
// `f`) asks the loop to pass through every lattice point.
//
// Input: "clues", one string per row, a character per cell: 0-4 a clue, "."
// none, "?" a clue of unknown value; "full" (optional, false).
// Solution: the loop as drawn, 2*rows+1 strings of 2*cols+1 characters: at
// even rows "+" at the lattice points and "-" (on) or " " (off) between
// them; at odd rows "|" or " " at the vertical edges and " " in the cells.
//
// Encodings (a Bool per edge in both; degree 0 or 2 at every point and each
// clue's count as clauses):
//   cuts   (default) the loop's connectedness by cut clauses between checks
//          (engine/graph.h): a model with two loops gets the clause "not an
//          edge of this loop, or not one of that loop, or an edge leaving
//          this loop's points"
//   eager  connectedness as clauses: reachability from the first point on
//          the loop, in up to rows*cols steps
//
// The checker uses no Z3 (slitherlink_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::slitherlink {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kNoClue = -1, kUnknownClue = -2;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> clue;  // per cell: kNoClue, kUnknownClue or 0..4
  bool full = false;
};

std::string clue_id(Cell c);                  // "clues/r2c5"
std::string clue_label(Cell c, int value);    // "clue 3 at r2c5"
// The loop drawing of an edge assignment, and back (InputError at `where` when malformed).
nlohmann::json solution_json(const Board& b, const std::vector<bool>& on);
std::vector<bool> edges_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& slitherlink_encoder();

}  // namespace psmt::slitherlink
