// Kind name -> encoder: the table of every kind built in. One table, sorted
// by kind, one line per kind (registry.cpp). install_kinds() hands it to the
// engine's table (src/engine/kinds.h); lookups go through that table.
#pragma once

#include "engine/kinds.h"

namespace psmt {

// Fills the engine's kind table with every built-in kind (idempotent).
void install_kinds();

}  // namespace psmt
