// Differential checking across encodings of one puzzle (bench): every
// encoding that reached a verdict must reach the same one, unique puzzles
// must have the same solution, and complete enumerations the same solution
// set. Returns one message per disagreement (empty: all agree).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/engine.h"

namespace psmt {

std::vector<std::string> disagreements(const std::vector<std::pair<std::string, Result>>& by_encoding, bool compare_sets);

}  // namespace psmt
