// The table of puzzle kinds, as the engine and the file readers see it.
//
// The engine knows no kind: the layer above it (encoders/registry.cpp,
// install_kinds()) fills this table once, before any puzzle is read. The
// command line, the tests and the fuzz targets call install_kinds() at
// start; a lookup before that is a programming error (std::logic_error).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/encoder.h"

namespace psmt {

// Sets the table (sorted by kind name, one encoder per kind). Called once.
void set_kind_table(std::vector<const Encoder*> kinds);

// nullptr if no kind of that name exists.
const Encoder* find_encoder(std::string_view kind);
std::vector<const Encoder*> all_encoders();
// "futoshiki, sudoku" for messages.
std::string kind_names();

}  // namespace psmt
