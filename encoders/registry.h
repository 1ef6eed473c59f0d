// Kind name -> encoder. One table, sorted by kind, one line per kind.
#pragma once

#include <string_view>
#include <vector>

#include "encoder.h"

namespace psmt {

// nullptr if no kind of that name exists.
const Encoder* find_encoder(std::string_view kind);
std::vector<const Encoder*> all_encoders();
// "futoshiki, sudoku" for messages.
std::string kind_names();

}  // namespace psmt
