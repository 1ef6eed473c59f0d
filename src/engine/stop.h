// Ctrl-C and SIGTERM stop a run within about a second, whatever it is doing.
//
// install_stop_signals() (main, before any other thread starts) blocks
// SIGINT and SIGTERM in every thread and waits for them on a thread of its
// own. The first one records the stop (io/halt.h: poll_halt() then throws
// in parsers and encoders, budgets count as spent) and interrupts every Z3
// check in progress, again every few milliseconds, so that a check starting
// just then stops too. A second signal ends the process at once with
// 128 + signal. Commands then report what they have as partial and exit
// with 128 + signal (130, 143).
#pragma once

#include <memory>

#include <z3++.h>

namespace psmt {

void install_stop_signals();

// While alive, a stop interrupts Z3 checks on `ctx` (one check at a time per
// context). On destruction after a stop, the context's cancel flag is
// cleared, so models can still be read.
class CheckRegistration {
 public:
  explicit CheckRegistration(z3::context& ctx);
  ~CheckRegistration();
  CheckRegistration(const CheckRegistration&) = delete;
  CheckRegistration& operator=(const CheckRegistration&) = delete;

 private:
  z3::context& ctx_;
};

// Interrupt every Z3 check in progress whose thread's cancel flag (io/halt.h:
// CancelScope) is set. Whoever cancels calls it every few milliseconds until
// the cancelled work has ended (a check that starts just then stops too).
void interrupt_cancelled_checks();

// Tell Z3 the memory cap of io/halt.h (its global memory_max_size); done by
// new_context() before each context, so a change of the cap reaches the next.
void apply_memory_cap_to_z3();

}  // namespace psmt

namespace psmt {

// A run stopped by a limit may leave a huge context (a 1 GB encoding takes
// most of a second to free). reap() frees it on a thread of its own, so
// that the verdict is not late; main() then ends the process without
// waiting for it (reaping_pending()).
void reap(std::unique_ptr<z3::context> ctx);
// The same for anything else large (a parsed puzzle of 10 MB).
void reap(std::shared_ptr<const void> object);
bool reaping_pending();

// A new Z3 context. Z3 makes none once its own allocations reach its memory
// limit (apply_memory_cap_to_z3), and z3::context then crashes; contexts
// still being reaped may hold that memory. So: near the cap, wait (up to
// ten seconds) for the reaping to finish; still near it, Halted (memory),
// which the engine turns into `unknown (memory)`, never a crash.
std::unique_ptr<z3::context> new_context();

}  // namespace psmt
