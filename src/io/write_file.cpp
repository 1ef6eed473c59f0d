#include "io/write_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "io/error.h"

namespace psmt {

void write_file_atomically(const std::string& path, const std::string& content) {
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UsageError("cannot write " + path + ": " + std::strerror(errno));
    out << content;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw UsageError("cannot write " + path + ": " + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    throw UsageError("cannot write " + path + ": " + std::strerror(err));
  }
}

}  // namespace psmt
