#include "io/write_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "io/error.h"

namespace psmt {
namespace {

[[noreturn]] void cannot(const std::string& path, int err) {
  throw UsageError("cannot write " + path + ": " + std::strerror(err));
}

// Where the bytes go: a symlink is written through to its target (the link
// stays a link); anything that is not a regular file (a FIFO, /dev/stdout,
// a device) is written directly, never renamed over.
struct Target {
  std::string path;  // the file to replace (the link's target)
  bool direct = false;
};

Target target_of(const std::string& path) {
  Target t{path, false};
  struct stat st {};
  // Not a regular file once links are followed (a FIFO, a device, a pipe
  // behind /dev/stdout), or a stream path (/dev/..., /proc/...): written
  // directly, through the path given.
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && (!S_ISREG(st.st_mode) || path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0)) {
    t.direct = true;
    return t;
  }
  namespace fs = std::filesystem;
  for (int hops = 0; hops < 40 && ::lstat(t.path.c_str(), &st) == 0 && S_ISLNK(st.st_mode); ++hops) {
    std::error_code ec;
    fs::path to = fs::read_symlink(t.path, ec);
    if (ec) break;
    t.path = (to.is_absolute() ? to : fs::path(t.path).parent_path() / to).string();  // a dangling link too
  }
  return t;
}

void write_all(int fd, const std::string& content, const std::string& path) {
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      cannot(path, err);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

// The temporary file beside the target, written whole; its name.
std::string write_temp(const Target& t, const std::string& shown, const std::string& content) {
  std::string tmp = t.path + ".tmp." + std::to_string(getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) cannot(shown, errno);
  try {
    write_all(fd, content, shown);
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    cannot(shown, err);
  }
  return tmp;
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& content) {
  write_files_atomically({{path, content}});
}

void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  // Every regular file is first written beside its target; only when all
  // are written are they renamed into place, so that a failure leaves none
  // of them. Direct targets (FIFOs, devices) are written last.
  std::vector<std::pair<std::string, std::string>> renames;  // temp -> target
  std::vector<std::pair<Target, const std::string*>> direct;
  try {
    for (const auto& [path, content] : files) {
      Target t = target_of(path);
      if (t.direct) direct.emplace_back(t, &content);
      else renames.emplace_back(write_temp(t, path, content), t.path);
    }
  } catch (...) {
    for (const auto& r : renames) std::remove(r.first.c_str());
    throw;
  }
  for (const auto& [tmp, target] : renames)
    if (std::rename(tmp.c_str(), target.c_str()) != 0) {
      int err = errno;
      for (const auto& r : renames) std::remove(r.first.c_str());
      cannot(target, err);
    }
  for (const auto& [t, content] : direct) {
    int fd = ::open(t.path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) cannot(t.path, errno);
    write_all(fd, *content, t.path);
    ::close(fd);
  }
}

}  // namespace psmt
