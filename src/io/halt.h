// Hard stops that any long loop must honour — parsers, importers, encoders
// and the engine alike:
//   - the wall-clock deadline of the puzzle this thread works on (--timeout,
//     counted from the moment its input is read), set by a HaltScope;
//   - the memory cap of the process (--memory), as resident memory;
//   - a stop requested by SIGINT or SIGTERM (src/engine/stop.h);
//   - the cancel flag of the request this thread works on (CancelScope: the
//     page for setters cancels a run whose page was closed).
// poll_halt() throws Halted when one of them applies; it is cheap (a clock
// read; resident memory is read at most every few milliseconds), so loops
// call it per row, per placement, per line. The engine turns Halted into the
// verdict `unknown` with the reason, never into a guess.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace psmt {

enum class HaltCause { Timeout, Memory, Signal, Cancel };

class Halted : public std::runtime_error {
 public:
  Halted(HaltCause cause, std::string reason) : std::runtime_error(reason), cause_(cause) {}
  HaltCause cause() const { return cause_; }

 private:
  HaltCause cause_;
};

using HaltClock = std::chrono::steady_clock;

// The deadline of the current thread's work, for as long as the scope lives
// (scopes nest; the inner one wins). `timeout_ms` names the limit in the
// reason ("timeout (--timeout 500 ms)").
class HaltScope {
 public:
  HaltScope(std::optional<HaltClock::time_point> deadline, uint64_t timeout_ms);
  ~HaltScope();
  HaltScope(const HaltScope&) = delete;
  HaltScope& operator=(const HaltScope&) = delete;

 private:
  std::optional<HaltClock::time_point> saved_deadline_;
  uint64_t saved_timeout_ms_;
};

// The cancel flag of the current thread's work, for as long as the scope
// lives (scopes nest; the inner one wins). Once the flag is set, halt_due()
// reports HaltCause::Cancel and Z3 checks of the thread stop
// (engine/stop.h: interrupt_cancelled_checks).
class CancelScope {
 public:
  explicit CancelScope(const std::atomic<bool>* flag);
  ~CancelScope();
  CancelScope(const CancelScope&) = delete;
  CancelScope& operator=(const CancelScope&) = delete;

 private:
  const std::atomic<bool>* saved_;
};
// The current thread's cancel flag (null outside a CancelScope).
const std::atomic<bool>* cancel_flag();
// True when the current thread's work was cancelled.
bool cancel_requested();
inline constexpr const char* kCancelReason = "cancelled (the request was closed)";

// The reason a timeout is reported with: "timeout (--timeout 500 ms)" inside
// a HaltScope that names its limit, else "timeout".
std::string timeout_reason();

// Throws Halted if the thread's deadline has passed, a stop was requested,
// or resident memory is above the cap.
void poll_halt();
// The same test without throwing.
std::optional<Halted> halt_due();

// --- the process-wide parts ---

// A stop requested by this signal (SIGINT, SIGTERM); 0 when none.
void request_stop(int signal);
int stop_signal();
// "SIGINT", "SIGTERM"; and "interrupted (SIGINT)".
std::string stop_signal_name();
std::string stop_reason();
// Exit status after a stop: 128 + signal (130 for SIGINT, 143 for SIGTERM).
int stop_exit_status();

// The memory cap in MiB (0: none). Also what Z3 is told (src/engine/stop.h).
void set_memory_cap_mb(uint64_t mb);
uint64_t memory_cap_mb();
inline constexpr uint64_t kDefaultMemoryMb = 4096;
// "memory (--memory 4096 MB)".
std::string memory_reason();
// Resident memory of the process in MiB (/proc/self/statm).
uint64_t resident_mb();

// The largest input read whole (a file, standard input, a link), in bytes.
void set_max_input_bytes(uint64_t bytes);
uint64_t max_input_bytes();
inline constexpr uint64_t kDefaultMaxInputBytes = 64ull << 20;

}  // namespace psmt
