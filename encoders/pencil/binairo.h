// Binairo (Tatham's unruly; also sold as Takuzu): fill every cell with 0 or
// 1 so that each row and each column holds as many 0s as 1s, no three cells
// in a row or column are alike, and (with "unique") no two rows and no two
// columns are the same.
//
// Input: "grid", one string per row: "." empty, "0" or "1" given (the
// collection draws 0 white and 1 black); optional "unique" (false unless
// given). Both sides even.
// Solution: one string per row, "#" a 1 and "." a 0 (the shading genres'
// answer: a 1 is a black cell).
//
// Variables: a Bool per cell (a 1), the answer. Rules: in every three cells
// in a line one 0 and one 1 (no_runs, shared with aqre); half of each line
// 1s; with "unique", two lines differ somewhere (a Bool per cell pair,
// their difference). Clues: each given digit (grid/r2c3, "1 at r2c3"), which
// diagnose can drop or change to the other digit; a digit is the extra clue
// of a puzzle with several solutions. Two encodings of "half of each line":
//   counter  (default) sequential counters
//   pairwise plain clauses over subsets (a counter where they would be too many)
//
// The checker uses no solver (binairo_check.cpp). check and solve without
// an encoding are decided by the kind's own search (binairo_search.cpp:
// line rules, probing, splits), the solver past its limit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::binairo {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kLongestRun = 2;  // three alike in a line is one too many

struct Board : pencil::ShadeBoard {
  std::vector<int> digit;  // per cell: -1 empty, 0 or 1 given
  bool unique = false;     // no two rows, no two columns alike
};

std::string digit_id(Cell c);              // "grid/r2c3"
std::string digit_label(Cell c, int d);    // "1 at r2c3"
std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& ones);

// The kind's own search (binairo_search.cpp): Complete, `found` holds every
// solution (fewer than `limit`); Limit, `limit` were found; Stopped, more than
// `max_work` lines were settled first. Each solution: per cell, a 1.
enum class BinairoSearch { Complete, Limit, Stopped };
BinairoSearch search(const Board& b, std::size_t limit, std::vector<std::vector<bool>>& found, uint64_t max_work);

const Encoder& binairo_encoder();

}  // namespace psmt::binairo
