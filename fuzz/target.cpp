// One libFuzzer target; PSMT_FUZZ_TARGET names which body it runs
// (fuzz/bodies.h). The `kind` target runs the kind named by the environment
// variable PSMT_FUZZ_KIND (target kind_<kind>); the `pzpr` target the
// puzz.link genre named by PSMT_FUZZ_PID (target pzpr_<pid>). Built by fuzz/CMakeLists.txt,
// run by scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/bodies.h"

#ifndef PSMT_FUZZ_TARGET
#error "PSMT_FUZZ_TARGET must name a target"
#endif

namespace {
std::string target_name() {
  std::string t = PSMT_FUZZ_TARGET;
  if (t == "pzpr") {
    const char* pid = std::getenv("PSMT_FUZZ_PID");
    if (!pid || !*pid) {
      std::fprintf(stderr, "fuzz_pzpr: set PSMT_FUZZ_PID to a puzz.link genre (puzzle-smt formats)\n");
      std::exit(2);
    }
    return "pzpr_" + std::string(pid);
  }
  if (t != "kind") return t;
  const char* k = std::getenv("PSMT_FUZZ_KIND");
  if (!k || !*k) {
    std::fprintf(stderr, "fuzz_kind: set PSMT_FUZZ_KIND to a kind (puzzle-smt kinds)\n");
    std::exit(2);
  }
  return "kind_" + std::string(k);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string name = target_name();
  psmt::fuzz::run_target(name, data, size);
  return 0;
}
