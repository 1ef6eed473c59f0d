// Comparing a run's result with what the puzzle file says to expect.
#pragma once

#include <string>
#include <vector>

#include "engine/engine.h"
#include "io/puzzle_file.h"

namespace psmt {

// Mismatches between `res` and `lp.expect`, one sentence each; empty if the
// result agrees with every expectation it can be compared with (an `unknown`
// or an incomplete count is compared only where it already contradicts).
std::vector<std::string> compare_expectation(const LoadedPuzzle& lp, const Result& res);

}  // namespace psmt
