// A wall-clock deadline for Z3 checks, enforced by interrupting the context.
//
// Z3's own `timeout` parameter starts a timer from a thread pool for every
// check; in Debian's 4.8.12 that pool can deadlock when a timer fires as a
// check ends (Z3Prover/z3#5371, #5990: seen here once, a `check --timeout`
// hung for 9 minutes under ASan). A Watchdog is one thread per context that
// sleeps until the armed deadline and then calls Z3_interrupt, again every
// few milliseconds until the check is disarmed (an interrupt that arrives
// just before Z3 starts a check is reset by it). It only interrupts between
// arm() and disarm(): an interrupt while no check runs would leave the
// context cancelled, and model evaluation or simplification would throw.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <z3++.h>

namespace psmt::detail {

class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Watchdog(z3::context& ctx);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Interrupt the context at `deadline` (and after) until disarm().
  void arm(Clock::time_point deadline);
  // Stop interrupting; true if an interrupt was sent since arm(). After a
  // fired check the context's cancel flag is cleared (a trivial check), so
  // the caller can still read models and build expressions.
  bool disarm();

 private:
  void loop();

  z3::context& ctx_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::optional<Clock::time_point> deadline_;
  bool fired_ = false, stop_ = false;
  std::thread thread_;
};

}  // namespace psmt::detail
