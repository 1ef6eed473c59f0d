#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace psmt::cli {

bool ProgressLine::wanted(bool quiet) {
  const char* env = std::getenv("PSMT_PROGRESS");
  if (env && std::strcmp(env, "never") == 0) return false;
  if (quiet) return false;
  if (env && std::strcmp(env, "always") == 0) return true;
  return ::isatty(STDERR_FILENO) != 0;
}

ProgressLine::ProgressLine(bool quiet, Text text) : text_(std::move(text)), start_(std::chrono::steady_clock::now()) {
  if (wanted(quiet)) thread_ = std::thread([this] { loop(); });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
  if (drawn_) {
    std::string blank = "\r" + std::string(width_, ' ') + "\r";
    std::fwrite(blank.data(), 1, blank.size(), stderr);
    std::fflush(stderr);
  }
}

void ProgressLine::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  if (cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) return;
  for (;;) {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::string line = text_(s);
    std::size_t w = line.size();
    if (w < width_) line += std::string(width_ - w, ' ');  // cover a longer previous line
    width_ = std::max(width_, w);
    line = "\r" + line;
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
    drawn_ = true;
    if (cv_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) return;
  }
}

std::string elapsed_text(double s) {
  if (s < 60) return fmt::format("{:.1f} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  return fmt::format("{} h {:02} min", static_cast<int>(s) / 3600, (static_cast<int>(s) / 60) % 60);
}

}  // namespace psmt::cli
