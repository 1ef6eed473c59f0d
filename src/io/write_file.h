// Writing output files whole or not at all: write to a temporary file in the
// same directory, then rename it over the target. A symlink is written
// through (it stays a link to the new file); a FIFO, /dev/stdout or another
// non-regular file is written directly, never renamed over.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace psmt {

// InputError-free: failures are UsageError ("cannot write FILE: reason").
void write_file_atomically(const std::string& path, const std::string& content);
// Several files, all or none: a failure on any leaves none of them written
// (export --smt2 A --dimacs B).
void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace psmt
