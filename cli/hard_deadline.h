// The last word on time. --timeout covers everything from reading the input
// to the report, but some work cannot be cut short: a Z3 check that is
// still preprocessing a huge formula ignores interrupts for seconds (a
// 36x36 sudoku in int-distinct: 6 s past a 3 s limit), and freeing a parsed
// 36 MB document takes a quarter of a second. For a command's last (or
// only) puzzle, a HardDeadline therefore watches the clock: when the run
// is still busy at the limit plus 5% plus 50 ms, it prints the report the
// run would have printed — `unknown`, the reason, whatever the run counted
// so far — and ends the process with status 30. A run that finishes first
// claims the right to speak (claim()) and the watch ends.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace psmt::cli {

class HardDeadline {
 public:
  using Clock = std::chrono::steady_clock;
  // `last_word` prints the unknown report; it runs on the watch thread,
  // while the run's own thread is still busy.
  HardDeadline(std::optional<Clock::time_point> start, std::optional<uint64_t> timeout_ms, std::function<void()> last_word);
  ~HardDeadline();
  HardDeadline(const HardDeadline&) = delete;
  HardDeadline& operator=(const HardDeadline&) = delete;

  // The run is about to print its own report: from now on the watch stays
  // silent. If the watch has already spoken, claim() never returns (the
  // process is ending with the watch's report).
  void claim();

 private:
  enum State { Armed, Claimed, Fired };
  std::atomic<int> state_{Armed};
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread watch_;
};

}  // namespace psmt::cli
