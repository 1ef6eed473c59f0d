// A progress line on standard error while a long command runs (count,
// enumerate, bench): shown only when standard error is a terminal and
// --quiet was not given, first drawn after a second (quick runs print
// nothing), redrawn four times a second, erased when the command ends.
// PSMT_PROGRESS=always draws it on any stream (for tests and logs),
// PSMT_PROGRESS=never never does.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace psmt::cli {

class ProgressLine {
 public:
  // `text` is called from the drawing thread with the seconds elapsed; it
  // reads the command's counters (atomics) and returns one line.
  using Text = std::function<std::string(double elapsed_s)>;

  ProgressLine(bool quiet, Text text);
  ~ProgressLine();  // stops the thread and erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool shown() const { return thread_.joinable(); }

  // Whether a line would be drawn for a command run with `quiet`.
  static bool wanted(bool quiet);

 private:
  void loop();

  Text text_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false, drawn_ = false;
  std::size_t width_ = 0;
  std::thread thread_;
};

// "1.2 s", "3 min 05 s": elapsed time for a progress line.
std::string elapsed_text(double seconds);

}  // namespace psmt::cli
