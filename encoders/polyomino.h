// Polyomino tiling: place pieces on a board so that every board cell is
// covered exactly once, each piece used exactly its count, colours matching
// where both board and piece are coloured (the seed's two-coloured
// checkerboard), in the orientations each piece allows (fixed, rotations, or
// all 8 with reflections).
//
// Pieces that are identical (same orientations, same colours) are merged into
// one piece type with a count: a solution is then a set of placements, and
// solutions that only swap identical pieces are the same solution. `count`
// reports that number and the labelled one (times the factorials of the
// counts); `count --up-to-symmetry` also counts solutions up to the
// colour-preserving symmetries of the board.
//
// Encodings: one Bool per legal placement (precomputed, deduplicated):
//   pb       exactly-one per cell and exactly-count per piece as pbeq (QF_FD)
//   clauses  pairwise at-most-one per cell plus a covering clause; exactly
//            count per piece by a sequential counter (QF_FD)
//
// The model and checker in this header use no Z3 (polyomino_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::polyomino {

inline constexpr int kMaxSide = 64;
inline constexpr std::size_t kMaxPlacements = 200000;

struct Square {
  int r = 0, c = 0;
  char colour = 0;  // 'B', 'W' or 0
  auto operator<=>(const Square&) const = default;
};
using Shape = std::vector<Square>;  // normalised: sorted, min row/col 0

// A piece type's count when any number of copies may be used (an
// unlimited supply: "count": "any").
inline constexpr int kAnyCount = -1;

struct PieceType {
  std::string name;
  char letter = 'A';
  Shape shape;
  int count = 1;  // how many copies are placed, or kAnyCount
  std::string turns = "all";  // all | rotate | fixed
  std::vector<std::string> sources;  // JSON paths of the pieces merged into it
  std::vector<Shape> orientations;
};

struct Placement {
  int type = 0;
  std::vector<int> cells;  // board indices r*cols+c, sorted
};

// A fixed piece: this board cell is covered by a piece of this type (the
// extra givens of a tiling).
struct Covered {
  int cell = 0;  // board index r*cols+c
  int type = 0;
};

struct Tiling : Puzzle {
  int rows = 0, cols = 0;
  std::vector<char> board;  // 0 = not on the board, '#' uncoloured, 'B', 'W'
  std::vector<PieceType> types;
  std::vector<Covered> covered;
  std::vector<Placement> placements;
  std::vector<std::vector<int>> symmetries;  // cell permutations mapping the board onto itself (incl. identity)
  // The piece type that comes first in the canonical form of a solution (see
  // symmetry_anchor); -1 when no type is placed exactly once.
  int anchor = -1;
  int cells_on_board() const;
};

Shape normalise(Shape s);
std::vector<Shape> orientations(const Shape& s, const std::string& turns);
// All legal placements of every type (deduplicated by covered cells).
std::vector<Placement> legal_placements(const Tiling& t);
// Colour-preserving symmetries of the board (as cell permutations).
std::vector<std::vector<int>> board_symmetries(const Tiling& t);

// The type to anchor symmetry breaking on: among the types placed exactly
// once, the one with the fewest placements that are the least of their
// images (so that forbidding the others prunes most). -1 if there is none or
// the board has no symmetry but the identity.
int symmetry_anchor(const Tiling& t);
// Is this placement's cell set the least (as a sorted vector of cell
// indices) of its images under the board's symmetries? In a canonical
// solution the anchor's placement always is, so the others may be forbidden.
bool least_image(const Tiling& t, const std::vector<int>& cells);

// Canonical solution: {"grid": [row strings of piece letters, '.' off the
// board], "placements": [{"piece": "A", "cells": [[r, c], ...]}, ...]}.
nlohmann::json solution_json(const Tiling& t, const std::vector<int>& chosen_placements);
std::vector<Violation> check_solution(const Tiling& t, const nlohmann::json& solution);
// The canonical form of a solution is its sorted list of (anchor first,
// piece letter, covered cells); a solution is canonical when that list is the
// least among its images under the board's symmetries. Returns the size of
// its orbit (distinct images) when it is canonical, 0 when it is not.
uint64_t canonical_orbit_size(const Tiling& t, const nlohmann::json& solution);

const Encoder& polyomino_encoder();

}  // namespace psmt::polyomino
