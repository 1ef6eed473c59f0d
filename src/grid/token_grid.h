// Boards of number-placement puzzles as people publish them, read into
// tokens (shared by jodici, hidoku, equation_grid):
//   - one string with a row per line, or an array of row strings; tokens in a
//     row are separated by commas ("3,7,_,_,_,_", the seeds' CSV) or by
//     whitespace ("__ 33 35 __ .."), or are single characters when the row
//     has neither ("sxx..x", Rosetta Code's knight boards);
//   - an array of arrays of JSON values (integers, null, strings).
// A token is an integer ("93", "-5"), a blank (one or more '_', or null), or
// a symbol (any other text: "..", "x", "s"); what symbols mean is the kind's
// business. Rows must have equal length unless the caller allows ragged rows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/json_node.h"

namespace psmt {

struct GridToken {
  enum Kind { Number, Blank, Symbol } kind = Blank;
  int64_t number = 0;
  std::string text;  // as written, trimmed
};

struct TokenGrid {
  int rows = 0, cols = 0;
  std::vector<GridToken> cells;  // row-major
  std::vector<std::string> rows_path;  // JSON path of each row (for errors)
  const GridToken& at(int r, int c) const { return cells[static_cast<std::size_t>(r) * cols + c]; }
};

// The board notation above as JSON Schema (src/io/schema.h): kinds refer to
// it as "#/$defs/board" and puzzle_schema() supplies it.
inline constexpr const char* kTokenGridSchema = R"json({"description": "a board: one string with a row per line, or an array of row strings (tokens separated by commas or spaces, or one character each), or an array of rows of numbers, null (a blank) and strings", "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "array", "items": {"type": "array", "items": {"type": ["integer", "null", "string"]}}}]})json";

// A row string's tokens as written: split at commas, else at whitespace,
// else one per character.
std::vector<std::string> split_row(const std::string& row);

// Numbers must lie in [lo, hi]; at most max_rows x max_cols tokens.
TokenGrid parse_token_grid(const JsonNode& node, int max_rows, int max_cols, int64_t lo, int64_t hi);

}  // namespace psmt
