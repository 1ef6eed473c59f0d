// One libFuzzer target; PSMT_FUZZ_TARGET names which body it runs
// (fuzz/bodies.h). Built by fuzz/CMakeLists.txt, run by scripts/fuzz.
#include <cstddef>
#include <cstdint>

#include "fuzz/bodies.h"

#ifndef PSMT_FUZZ_TARGET
#error "PSMT_FUZZ_TARGET must name a target"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  psmt::fuzz::run_target(PSMT_FUZZ_TARGET, data, size);
  return 0;
}
