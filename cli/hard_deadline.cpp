#include "cli/hard_deadline.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace psmt::cli {

HardDeadline::HardDeadline(std::optional<Clock::time_point> start, std::optional<uint64_t> timeout_ms,
                           std::function<void()> last_word) {
  if (!start || !timeout_ms) {
    state_ = Claimed;  // nothing to watch
    return;
  }
  const auto hard = *start + std::chrono::milliseconds(*timeout_ms + *timeout_ms / 20 + 50);
  watch_ = std::thread([this, hard, last_word = std::move(last_word)]() {
    std::unique_lock<std::mutex> lock(mu_);
    if (cv_.wait_until(lock, hard, [this]() { return stop_; })) return;
    int armed = Armed;
    if (!state_.compare_exchange_strong(armed, Fired)) return;
    last_word();
    std::cout.flush();
    std::fflush(stdout);
    std::cerr.flush();
    std::_Exit(30);
  });
}

HardDeadline::~HardDeadline() {
  if (!watch_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (state_ == Fired) {  // the watch is ending the process: never return into a half-finished run
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
  }
  watch_.join();
}

void HardDeadline::claim() {
  int armed = Armed;
  if (state_.compare_exchange_strong(armed, Claimed) || armed == Claimed) return;
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));  // Fired: the process is ending
}

}  // namespace psmt::cli
