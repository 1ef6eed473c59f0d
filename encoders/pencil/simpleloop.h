// Simple Loop (puzz.link's simpleloop): draw one loop through the centres
// of cells, moving orthogonally, that passes through every cell but the
// blocked ones, never branching or crossing (pzprjs's checklist:
// checkBranchLine, checkCrossLine, checkDeadendLine, checkOneLoop,
// checkNoLine).
//
// Input: "grid", one string per row, a character per cell: "#" blocked,
// "." a cell the loop passes through.
// Solution: the loop as drawn (masyu's drawing, kit.h's loop_drawing):
// 2*rows-1 strings of 2*cols-1 characters: at even positions "o" a cell
// the loop visits and "#" a blocked cell, "-" and "|" its steps.
//
// Each blocked cell is a clue ("r2c3 is blocked", grid/r2c3): diagnose can
// blame it and drop it (the cell then one the loop visits; while searching,
// a dropped block lets the loop visit the cell or not, a relaxation of it).
// A cell that is not blocked has two steps (a rule).
//
// Encodings (a Bool per pair of neighbouring cells; degree 0 or 2 at every
// cell as clauses):
//   cuts   (default) one loop by cut clauses between checks (engine/graph.h)
//   eager  one loop as clauses: reachability from the first cell on the loop
//
// The checker uses no Z3 (simpleloop_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::simpleloop {

inline constexpr int kMaxSide = kMaxBoardSide;

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<bool> blocked;  // per cell
};

std::string block_id(Cell c);     // "grid/r2c3"
std::string block_label(Cell c);  // "r2c3 is blocked"
nlohmann::json solution_json(const Board& b, const std::vector<bool>& step);
std::vector<bool> steps_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& simpleloop_encoder();

}  // namespace psmt::simpleloop
