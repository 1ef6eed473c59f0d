// Writing output files whole or not at all: write to a temporary file in the
// same directory, then rename it over the target.
#pragma once

#include <string>

namespace psmt {

// InputError-free: failures are UsageError ("cannot write FILE: reason").
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace psmt
