// Jodici (seed #5): a disc of rings x sectors (3 x 6 in the seed), digits
// lo..hi (1..9), every digit used `repeat` times (2), every sector summing to
// `sector_sum` (15) and every ring to `ring_sum` (30). Givens are clues.
//
// Input: "grid" in the seed's CSV notation, one ring per row
// ("3,7,_,_,_,_"), as a string with newlines or an array of row strings, or
// as arrays of integers with null for a blank; the parameters are optional
// fields with the seed's values as defaults.
//
// Encodings:
//   onehot  (default) a Bool per field and digit, exactly one per field
//           (clauses), sums and counts as pseudo-Boolean equalities (QF_FD)
//   int     an Int per field, linear sums, and per digit a count
//           sum(ite(x = d, 1, 0)) = repeat (no atmost/atleast: see the Z3 hazard)
//
// The model and checker use no Z3 (jodici_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::jodici {

inline constexpr int kMaxRings = 12;
inline constexpr int kMaxSectors = 36;

struct Disc : Puzzle {
  int rings = 3, sectors = 6;
  int lo = 1, hi = 9;
  int repeat = 2;
  int64_t sector_sum = 15, ring_sum = 30;
  std::vector<int> givens;  // rings*sectors, 0 = blank (digits are >= 1... or lo)
  std::vector<bool> given;  // which fields are given
  int at(int r, int s) const { return givens[r * sectors + s]; }
};

std::string field_label(int ring, int sector);  // "r1s2" (1-based)
// Canonical solution: {"rings": [[digit per sector] per ring]}.
nlohmann::json solution_json(const Disc& d, const std::vector<int>& values);
std::vector<Violation> check_solution(const Disc& d, const nlohmann::json& solution);

const Encoder& jodici_encoder();

}  // namespace psmt::jodici
