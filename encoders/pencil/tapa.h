// Tapa (puzz.link's tapa): shade cells so that the shaded cells are
// connected and no 2x2 block is all shaded; a clue cell is unshaded, and its
// numbers are the lengths of the runs of shaded cells among its eight
// neighbours, read round the cell (in any order; "?" a run of any length;
// 0 no shaded neighbour).
//
// Input: "grid", one array per row: "." a plain cell, a clue: a number 0-8,
// "?", or an array of 1 to 4 numbers (1-8) and "?"s that fit round a cell
// (each run and a gap after it: at most 8); optional "shaded" and
// "unshaded" (encoders/pencil/shading.h).
// Solution: one string per row, "#" shaded and "." unshaded.
//
// Variables: a Bool per cell (shaded), the answer. Rules: some cell shaded,
// no shaded 2x2 (no_2x2), clue cells unshaded, the shaded cells connected
// (engine/graph.h):
//   cuts   (default) cut clauses between checks
//   eager  reachability from the first shaded cell
// A clue: a clause against each arrangement of its neighbours whose runs are
// not the clue's (at most 256); its changes in diagnose are every other clue
// the neighbours can show, each as the arrangements that show it.
//
// The checker uses no solver (tapa_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::tapa {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kAnyRun = pencil::kUnknownNumber;  // "?" in a clue

struct Board : pencil::ShadeBoard {
  std::vector<std::vector<int>> clue;  // per cell: empty (no clue) or its numbers (kAnyRun for "?")
};

std::string clue_id(Cell c);                                  // "grid/r2c3"
std::string clue_text(const std::vector<int>& clue);          // "3 1 ?"
std::string clue_label(Cell c, const std::vector<int>& clue);  // "clue 3 1 ? at r2c3"
// The eight neighbours of a cell in order round it (-1 off the board).
std::vector<int> ring(const pencil::Lattice& L, int cell);
// The runs of the true entries of a ring of eight, read round ({0} if none,
// {8} if all), longest first; and those of the shaded cells round a cell.
std::vector<int> runs_round(const std::vector<bool>& on);
std::vector<int> runs(const pencil::Lattice& L, const std::vector<bool>& shaded, int cell);
// Every clue a cell's neighbours can show (no "?"), in a fixed order: the
// values diagnose changes a clue to, and the extra clues it proposes.
std::vector<std::vector<int>> clues_that_fit(const pencil::Lattice& L, int cell);
// Whether runs (as runs() gives them) show the clue.
bool shows(const std::vector<int>& clue, std::vector<int> runs);
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded);

const Encoder& tapa_encoder();

}  // namespace psmt::tapa
