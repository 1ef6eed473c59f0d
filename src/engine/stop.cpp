#include "engine/stop.h"

#include <fmt/format.h>

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <ctime>
#include <limits>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "io/halt.h"

namespace psmt {
namespace {

std::mutex g_mu;
// Contexts in a check now, with their thread's cancel flag (or null).
std::multiset<std::pair<z3::context*, const std::atomic<bool>*>> g_checking;

sigset_t stop_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

void interrupt_all() {
  std::lock_guard<std::mutex> lock(g_mu);
  for (const auto& [c, flag] : g_checking) c->interrupt();
}

void signal_loop() {
  sigset_t set = stop_set();
  int sig = 0;
  if (sigwait(&set, &sig) != 0) return;
  request_stop(sig);
  if (::isatty(STDERR_FILENO)) {
    static const char msg[] = "\npuzzle-smt: stopping (again to quit at once)\n";
    (void)!::write(STDERR_FILENO, msg, sizeof msg - 1);
  }
  // Interrupt the checks in progress until the process ends; a second
  // signal ends it now.
  timespec every{0, 5'000'000};
  for (;;) {
    interrupt_all();
    siginfo_t info;
    int again = sigtimedwait(&set, &info, &every);
    if (again > 0) ::_exit(128 + again);
  }
}

}  // namespace

void install_stop_signals() {
  sigset_t set = stop_set();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);  // inherited by every thread started later
  std::thread(signal_loop).detach();
}

CheckRegistration::CheckRegistration(z3::context& ctx) : ctx_(ctx) {
  std::lock_guard<std::mutex> lock(g_mu);
  g_checking.insert({&ctx_, cancel_flag()});
}

CheckRegistration::~CheckRegistration() {
  {
    std::lock_guard<std::mutex> lock(g_mu);
    g_checking.erase(g_checking.find({&ctx_, cancel_flag()}));
  }
  if (stop_signal() || cancel_requested()) {  // an interrupt may have landed after the check ended
    try {
      z3::solver reset(ctx_);
      (void)reset.check();
    } catch (...) {
    }
  }
}

void interrupt_cancelled_checks() {
  std::lock_guard<std::mutex> lock(g_mu);
  for (const auto& [c, flag] : g_checking)
    if (flag && flag->load()) c->interrupt();
}

void apply_memory_cap_to_z3() {
  // Once per value: setting a Z3 parameter starts Z3's global parameter
  // tables, which a run that never makes a context (CaDiCaL) does not need.
  static std::mutex mu;
  static uint64_t applied = std::numeric_limits<uint64_t>::max();
  std::lock_guard<std::mutex> lock(mu);
  const uint64_t mb = memory_cap_mb();
  if (mb == applied) return;
  // 0 is Z3's "no limit" too.
  z3::set_param("memory_max_size", static_cast<int>(std::min<uint64_t>(mb, 1u << 30)));
  applied = mb;
}

}  // namespace psmt

namespace psmt {
namespace {
std::atomic<int> g_reaping{0};
}

void reap(std::unique_ptr<z3::context> ctx) {
  g_reaping++;
  std::thread([c = std::move(ctx)]() mutable {
    c.reset();
    g_reaping--;
  }).detach();
}

void reap(std::shared_ptr<const void> object) {
  g_reaping++;
  std::thread([o = std::move(object)]() mutable {
    o.reset();
    g_reaping--;
  }).detach();
}

bool reaping_pending() { return g_reaping.load() > 0; }

std::unique_ptr<z3::context> new_context() {
  apply_memory_cap_to_z3();
  const uint64_t cap = memory_cap_mb();
  auto near_cap = [&] { return cap > 0 && Z3_get_estimated_alloc_size() / (1u << 20) >= cap * 9 / 10; };
  for (int i = 0; i < 200 && near_cap() && reaping_pending(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  if (near_cap())
    throw Halted(HaltCause::Memory, fmt::format("memory (Z3 holds {} MB, the cap is {} MB: --memory)",
                                                Z3_get_estimated_alloc_size() / (1u << 20), cap));
  return std::make_unique<z3::context>();
}

}  // namespace psmt
