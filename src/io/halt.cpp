#include "io/halt.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace psmt {
namespace {

thread_local std::optional<HaltClock::time_point> t_deadline;
thread_local uint64_t t_timeout_ms = 0;
thread_local HaltClock::time_point t_next_memory_read{};
thread_local const std::atomic<bool>* t_cancel = nullptr;

std::atomic<int> g_signal{0};
std::atomic<uint64_t> g_memory_cap_mb{kDefaultMemoryMb};
std::atomic<uint64_t> g_max_input{kDefaultMaxInputBytes};

// Resident memory moves slowly next to the loops that poll: read it at most
// every 5 ms per thread.
constexpr auto kMemoryReadEvery = std::chrono::milliseconds(5);

}  // namespace

HaltScope::HaltScope(std::optional<HaltClock::time_point> deadline, uint64_t timeout_ms)
    : saved_deadline_(t_deadline), saved_timeout_ms_(t_timeout_ms) {
  t_deadline = deadline;
  t_timeout_ms = timeout_ms;
}

HaltScope::~HaltScope() {
  t_deadline = saved_deadline_;
  t_timeout_ms = saved_timeout_ms_;
}

CancelScope::CancelScope(const std::atomic<bool>* flag) : saved_(t_cancel) { t_cancel = flag; }
CancelScope::~CancelScope() { t_cancel = saved_; }
const std::atomic<bool>* cancel_flag() { return t_cancel; }
bool cancel_requested() { return t_cancel && t_cancel->load(std::memory_order_relaxed); }

std::optional<Halted> halt_due() {
  if (g_signal.load(std::memory_order_relaxed)) return Halted(HaltCause::Signal, stop_reason());
  if (cancel_requested()) return Halted(HaltCause::Cancel, kCancelReason);
  auto now = HaltClock::now();
  if (t_deadline && now >= *t_deadline) return Halted(HaltCause::Timeout, timeout_reason());
  if (now >= t_next_memory_read) {
    t_next_memory_read = now + kMemoryReadEvery;
    uint64_t cap = memory_cap_mb();
    if (cap && resident_mb() > cap) return Halted(HaltCause::Memory, memory_reason());
  }
  return std::nullopt;
}

std::string timeout_reason() {
  return t_timeout_ms ? "timeout (--timeout " + std::to_string(t_timeout_ms) + " ms)" : "timeout";
}

void poll_halt() {
  if (auto h = halt_due()) throw *h;
}

void request_stop(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);
}

int stop_signal() { return g_signal.load(); }

std::string stop_signal_name() {
  int s = stop_signal();
  return s == SIGINT ? "SIGINT" : s == SIGTERM ? "SIGTERM" : "signal " + std::to_string(s);
}

std::string stop_reason() { return "interrupted (" + stop_signal_name() + ")"; }

int stop_exit_status() { return 128 + stop_signal(); }

void set_memory_cap_mb(uint64_t mb) { g_memory_cap_mb = mb; }
uint64_t memory_cap_mb() { return g_memory_cap_mb.load(std::memory_order_relaxed); }
std::string memory_reason() { return "memory (--memory " + std::to_string(memory_cap_mb()) + " MB)"; }

uint64_t resident_mb() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  int n = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  if (n != 2) return 0;
  static const long page = ::sysconf(_SC_PAGESIZE);
  return resident * static_cast<unsigned long long>(page > 0 ? page : 4096) >> 20;
}

void set_max_input_bytes(uint64_t bytes) { g_max_input = bytes; }
uint64_t max_input_bytes() { return g_max_input.load(std::memory_order_relaxed); }

}  // namespace psmt
