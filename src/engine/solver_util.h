// Internal helpers shared by the engine's modules (run, conflicts, diagnosis):
// the solver an encoding asks for, the time/resource budget of a run,
// reading models, and shrinking a set of clues to a minimal conflict.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <z3++.h>

#include "engine/backend.h"
#include "engine/encoding.h"
#include "engine/engine.h"
#include "engine/stop.h"
#include "engine/watchdog.h"
#include "io/halt.h"

namespace psmt::detail {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Why a run stopped at its wall-clock limit, as reports say it.
inline std::string timeout_reason(uint64_t timeout_ms) {
  return "timeout (--timeout " + std::to_string(timeout_ms) + " ms)";
}

// Budget shared by every check of one run: wall clock and Z3 resource units.
// The wall clock is enforced by a Watchdog (interrupting the context), not by
// Z3's `timeout` parameter; runs that share a context (a batch worker's
// session) share one watchdog thread.
class Budget {
 public:
  Budget(Context& ctx, const Limits& limits, Clock::time_point start = Clock::now(), Watchdog* shared = nullptr)
      : ctx_(ctx), limits_(limits), start_(start), watchdog_(shared) {}

  // Configure `s` for its next check; false if the budget is already spent
  // (or a stop was requested, or memory is above the cap: see halted()).
  bool arm(z3::solver& s, uint64_t rlimit_used) {
    if (spent()) return false;
    if (auto h = halt_due(); h && h->cause() != HaltCause::Timeout) {
      halted_ = h->what();
      return false;
    }
    if (limits_.rlimit) {
      if (rlimit_used >= *limits_.rlimit) return false;
      uint64_t left = *limits_.rlimit - rlimit_used;
      z3::params p(ctx_.z3());
      p.set("rlimit", static_cast<unsigned>(std::min<uint64_t>(left, UINT32_MAX)));
      s.set(p);
    }
    return true;
  }
  // s.check(assumptions) within the wall-clock limit (after arm()).
  z3::check_result check(z3::solver& s, const z3::expr_vector& assumptions) {
    CheckRegistration registered(ctx_.z3());  // Ctrl-C interrupts it
    if (stop_signal() || cancel_requested()) return z3::unknown;
    if (!limits_.timeout_ms) return s.check(assumptions);
    if (!watchdog_) {
      own_ = std::make_unique<Watchdog>(ctx_.z3());
      watchdog_ = own_.get();
    }
    watchdog_->arm(start_ + std::chrono::milliseconds(*limits_.timeout_ms));
    z3::check_result r = z3::unknown;
    try {
      r = s.check(assumptions);
    } catch (...) {
      interrupted_ = watchdog_->disarm() || interrupted_;
      throw;
    }
    interrupted_ = watchdog_->disarm() || interrupted_;
    return r;
  }
  z3::check_result check(z3::solver& s) { return check(s, z3::expr_vector(s.ctx())); }

  // Milliseconds left (UINT64_MAX without a wall-clock limit).
  uint64_t remaining_ms() const {
    if (!limits_.timeout_ms) return UINT64_MAX;
    double left = static_cast<double>(*limits_.timeout_ms) - ms_since(start_);
    return left <= 0 ? 0 : static_cast<uint64_t>(left);
  }
  // A budget for one check: at most `ms` of what is left, sharing this
  // budget's watchdog (the slice's watchdog is created on first use).
  Budget slice(uint64_t ms) {
    Limits l = limits_;
    if (!limits_.timeout_ms) return Budget(ctx_, l, Clock::now(), watchdog_);  // no limit, no slice
    l.timeout_ms = std::min(ms, remaining_ms());
    if (!watchdog_ && limits_.timeout_ms && ctx_.has_z3()) {
      own_ = std::make_unique<Watchdog>(ctx_.z3());
      watchdog_ = own_.get();
    }
    return Budget(ctx_, l, Clock::now(), watchdog_);
  }

  bool has_rlimit() const { return limits_.rlimit.has_value(); }
  bool spent() const {
    return limits_.timeout_ms && ms_since(start_) >= static_cast<double>(*limits_.timeout_ms);
  }
  // Why a check stopped: Z3's reason, or the limit that stopped it (QF_FD
  // leaves the reason empty; an interrupt by the watchdog is the timeout).
  std::string reason(const std::string& from_solver, uint64_t rlimit_used) const {
    auto vague = [](const std::string& r) {
      return r.empty() || r == "unknown" || r == "no reason given" || r == "interrupted" || r == "canceled";
    };
    std::string timeout = limits_.timeout_ms ? timeout_reason(*limits_.timeout_ms) : "";
    if (stop_signal()) return stop_reason();
    if (cancel_requested()) return kCancelReason;
    if (!halted_.empty()) return halted_;
    if (from_solver.find("memory") != std::string::npos) return memory_reason();
    if (interrupted_) return timeout;
    if (!vague(from_solver)) return from_solver;
    if (limits_.rlimit && rlimit_used >= *limits_.rlimit * 95 / 100) return "resource limit (--rlimit)";
    if (limits_.timeout_ms && ms_since(start_) >= static_cast<double>(*limits_.timeout_ms) * 0.95) return timeout;
    if (limits_.rlimit) return "resource limit (--rlimit)";
    if (limits_.timeout_ms) return timeout;
    return from_solver.empty() ? "unknown" : from_solver;
  }

 private:
  Context& ctx_;
  Limits limits_;
  Clock::time_point start_;
  Watchdog* watchdog_ = nullptr;
  std::unique_ptr<Watchdog> own_;
  bool interrupted_ = false;
  std::string halted_;  // why arm() refused: a stop or the memory cap
};

z3::solver make_solver(z3::context& ctx, const Encoding& enc);
uint64_t rlimit_count(const z3::solver& s);
void add_stats(std::map<std::string, double>& into, const z3::solver& s);
std::vector<int64_t> model_values(const z3::model& m, const z3::expr_vector& vars);
// The clause that excludes a solution (the decision variables' values, as
// model_values read them).
Expr blocking_clause(Context& ctx, const Encoding& enc, const std::vector<int64_t>& values);
// The same over some of the decision variables (indices), values in that order.
Expr blocking_clause(Context& ctx, const Encoding& enc, const std::vector<unsigned>& vars,
                         const std::vector<int64_t>& values);

// A solver holding the rules, with every clue behind its own assumption
// literal, for conflicts, repairs and redundancy, on the back end `solver`.
struct TrackedSolver {
  TrackedSolver(Context& ctx, const Encoding& enc, const std::string& solver = default_solver(),
                const std::string& encoding = "");
  z3::check_result check(const std::vector<std::size_t>& clue_subset, Budget& budget,
                         const std::vector<Expr>& extra = {});
  std::vector<std::size_t> core() const;  // clue indices in the last unsat core, sorted

  Context& ctx;
  std::unique_ptr<Backend> solver;
  std::vector<Expr> tracker;
  uint64_t checks = 0;
};

// Shrink an unsat set of clues to a minimal one (deletion with core
// refinement). `minimal` is false when the budget ran out first.
// Kinds whose encodings reason from their clues (Encoding::clues_in_rules):
// a check of the puzzle with the clues `drop` left out (Encoder::edit), a
// fresh encoding of its own, up to `limit` solutions (the first into
// `first`), the search starting from `hint`'s values where the kind gives
// them (Encoder::phases); and a minimal conflict found by deleting clues
// that way.
Status check_edited(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding,
                    const std::vector<std::string>& drop, Budget& budget, uint64_t limit, nlohmann::json* first,
                    const std::string& solver, const nlohmann::json* hint = nullptr);
Conflict explain_by_edits(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding, const Encoding& enc,
                          Budget& budget, const std::string& solver);

// `needed_already`: clues of `core` shown needed beforehand (kept, never
// taken out).
std::vector<std::size_t> shrink_conflict(TrackedSolver& ts, std::vector<std::size_t> core, Budget& budget,
                                         bool& minimal, std::string& note, const std::vector<std::size_t>& needed_already = {});

}  // namespace psmt::detail
