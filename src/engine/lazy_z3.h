// Whether libz3 is in the process (cmake/LazyZ3.cmake: with PSMT_LAZY_Z3 it
// is loaded by the first call of a Z3 function, so a run on CaDiCaL never
// loads it; otherwise it is linked and loaded at process start).
#pragma once

namespace psmt {
#if PSMT_LAZY_Z3
bool z3_library_loaded();
bool z3_loaded_lazily();
#else
inline bool z3_library_loaded() { return true; }
inline bool z3_loaded_lazily() { return false; }
#endif
}  // namespace psmt
