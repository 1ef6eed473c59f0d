// Gokigen (puzz.link's gokigen, Tatham's slant): draw a diagonal in every
// cell, "\" or "/", so that the diagonals form no loop; a number at a
// lattice point is how many diagonals touch it.
//
// Input: "clues", one string per row of lattice points (rows+1 strings of
// cols+1 characters): 0-4 a clue, "." none.
// Solution: one string per row of cells, "\" or "/" each.
//
// Variables: a Bool per cell ("\"). The diagonals are the edges of a graph
// on the lattice points (each cell offers two, one of them drawn); the
// clues count them. No loop (engine/graph.h):
//   cuts   (default) a cycle in a model gets the clause "not every one of
//          these diagonals"
//   eager  the diagonals peeled from points with fewer than two, round by
//          round, must all go
//
// The checker uses no Z3 (gokigen_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::gokigen {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kNoClue = -1;
inline constexpr int kUnknownClue = -2;  // a '?' at a point (pzprjs allows it): drawn, constrains nothing

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> clue;  // per lattice point: kNoClue or 0..4
};

std::string clue_id(Cell point);                // "clues/p2c3" (point row 2, column 3, from 1)
std::string clue_label(Cell point, int value);  // "clue 2 at point p2c3" (the top left corner of r2c3)
// The diagonals' graph: edge 2i is cell i's "\" (its top-left to bottom-right
// points), edge 2i+1 its "/".
graph::Graph diagonal_graph(const pencil::Lattice& L);
// The lattice points a cell's diagonals touch: "\" then "/", two each.
std::array<int, 4> diagonal_points(const pencil::Lattice& L, int r, int c);
nlohmann::json solution_json(const Board& b, const std::vector<bool>& backslash);
std::vector<bool> backslashes_of(const Board& b, const nlohmann::json& solution);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& gokigen_encoder();

}  // namespace psmt::gokigen
