#include "engine/watchdog.h"

namespace psmt::detail {

namespace {
constexpr auto kRepeat = std::chrono::milliseconds(5);
}

Watchdog::Watchdog(z3::context& ctx) : ctx_(ctx), thread_([this]() { loop(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void Watchdog::arm(Clock::time_point deadline) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    deadline_ = deadline;
    fired_ = false;
  }
  cv_.notify_all();
}

bool Watchdog::disarm() {
  bool fired;
  {
    std::lock_guard<std::mutex> lock(mu_);
    deadline_.reset();
    fired = fired_;
    fired_ = false;
  }
  if (fired) {
    // An interrupt that landed after the check returned leaves the context
    // cancelled until its next check: run one on an empty solver.
    z3::solver reset(ctx_);
    (void)reset.check();
  }
  return fired;
}

void Watchdog::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (stop_) return;
    if (!deadline_) {
      cv_.wait(lock);
      continue;
    }
    if (Clock::now() < *deadline_) {
      cv_.wait_until(lock, *deadline_);
      continue;
    }
    // Past the deadline and still armed. Holding the lock, so no interrupt
    // follows disarm(); one that lands between the end of the check and
    // disarm() is undone there.
    ctx_.interrupt();
    fired_ = true;
    cv_.wait_for(lock, kRepeat);
  }
}

}  // namespace psmt::detail
