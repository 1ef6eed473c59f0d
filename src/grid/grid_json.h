// Reading and writing square grids of small numbers in the notations people
// publish them in:
//   - one string of n*n characters ("..3.49..8.1.5..."),
//   - an array of n row strings (["..3.49..8", ...]; spaces and '|' ignored),
//   - an array of n arrays of integers (0 or null for a blank).
// Characters: '.', '0', '_' blank; 1-9; A-Z (or a-z) for 10-35.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_node.h"

namespace psmt {

struct SquareGrid {
  int n = 0;
  std::vector<int> values;       // row-major, 0 = blank
};

// `size`: the expected side, if known; `max_side`: the largest side accepted;
// values must be in 0..max_value (max_value 0: the side n). With
// allow_blanks false, every cell must hold a value.
SquareGrid parse_square_grid(const JsonNode& node, std::optional<int> size, int max_side, int max_value,
                             bool allow_blanks);

// Canonical JSON for a complete or partial grid: row strings when every value
// fits one character (n <= 35), else arrays of integers.
nlohmann::json square_grid_json(int n, const std::vector<int>& values);

}  // namespace psmt
