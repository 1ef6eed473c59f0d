// Resolving the Z3_* stubs of cmake/LazyZ3.cmake: libz3 is opened by its
// soname on the first call of any Z3 function, and each function's slot
// then points at the function itself.
#include "engine/lazy_z3.h"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

#if PSMT_LAZY_Z3
extern "C" {
extern void* psmt_z3_slots[];
extern const char* const psmt_z3_names[];
extern const unsigned psmt_z3_function_count;
extern const char psmt_z3_soname[];
void* psmt_z3_resolve(unsigned index);
}

namespace {
std::atomic<bool> g_loaded{false};

[[noreturn]] void cannot(const char* what, const char* detail) {
  // No exception can cross the stub that called us: one line and exit 1,
  // as for any internal error.
  std::fprintf(stderr, "puzzle-smt: error: internal error: %s: %s\n", what, detail ? detail : "");
  std::fflush(stderr);
  ::_exit(1);
}

void* library() {
  static void* handle = [] {
    void* h = ::dlopen(psmt_z3_soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) cannot("cannot load Z3's library", ::dlerror());
    g_loaded = true;
    return h;
  }();
  return handle;
}
}  // namespace

extern "C" void* psmt_z3_resolve(unsigned index) {
  if (index >= psmt_z3_function_count) cannot("a Z3 stub out of range", psmt_z3_names[0]);
  void* f = ::dlsym(library(), psmt_z3_names[index]);
  if (!f) cannot("Z3's library lacks a function", psmt_z3_names[index]);
  __atomic_store_n(&psmt_z3_slots[index], f, __ATOMIC_RELEASE);
  return f;
}

namespace psmt {
bool z3_library_loaded() { return g_loaded.load(); }
bool z3_loaded_lazily() { return true; }
}  // namespace psmt
#endif
