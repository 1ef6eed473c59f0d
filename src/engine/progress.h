// A player's partial solution (hint): the places filled in so far, read
// through the kind's own solution form, for any kind.
//
// Two forms are read:
// - the kind's solution form with the places not yet filled in written
//   "?" (rows as `solve --json` writes them: "53..7....", "#.?.", or arrays
//   of cells). Where the kind reads no value there, ".", "0", "_", "-", " ",
//   "" and null are read as "not filled in" too (a sudoku's "." and "0"; a
//   shading's "." stays "unshaded", a binairo's "0" a digit). Each cell of
//   the rows must be one place of the kind: the kind's normalization of the
//   solution with that cell changed must change that place and no other,
//   else the form is refused for the kind and the object form is named;
// - an object of place labels and their values as the kind writes them
//   ({"r1c1": "5", "r2c3": "shaded"}), for every kind.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/encoder.h"
#include "io/json_node.h"

namespace psmt {

struct ProgressEntry {
  std::size_t place = 0;  // index into Encoder::places
  std::string value;      // as Encoder::place_values writes it
  std::string text;       // as the player wrote it
  std::string path;       // where (a JSON pointer into the progress), for messages
  // Written as one of the marks for "not filled in" that the kind also
  // accepts as a value: when the place cannot take `value`, the entry is
  // read as not filled in.
  bool blank_mark = false;
};

// InputError (located in `node`) for a malformed progress; `solution` is
// the puzzle's solution in canonical form.
std::vector<ProgressEntry> read_progress(const Encoder& encoder, const Puzzle& puzzle, const nlohmann::json& solution,
                                         const JsonNode& node);

// True for the texts read as "not filled in" where the kind reads no value.
bool is_blank_mark(const nlohmann::json& cell);

}  // namespace psmt
