// Internal helpers shared by the engine's modules (run, conflicts, diagnosis):
// the solver an encoding asks for, the time/resource budget of a run,
// reading models, and shrinking a set of clues to a minimal conflict.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <z3++.h>

#include "engine/encoding.h"
#include "engine/engine.h"

namespace psmt::detail {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Budget shared by every check of one run: wall clock and Z3 resource units.
class Budget {
 public:
  Budget(z3::context& ctx, const Limits& limits, Clock::time_point start = Clock::now())
      : ctx_(ctx), limits_(limits), start_(start) {}

  // Configure `s` for its next check; false if the budget is already spent.
  bool arm(z3::solver& s, uint64_t rlimit_used) {
    z3::params p(ctx_);
    if (limits_.timeout_ms) {
      double left = static_cast<double>(*limits_.timeout_ms) - ms_since(start_);
      if (left < 1) return false;
      p.set("timeout", static_cast<unsigned>(std::min(left, 4.0e9)));
    }
    if (limits_.rlimit) {
      if (rlimit_used >= *limits_.rlimit) return false;
      uint64_t left = *limits_.rlimit - rlimit_used;
      p.set("rlimit", static_cast<unsigned>(std::min<uint64_t>(left, UINT32_MAX)));
    }
    s.set(p);
    return true;
  }
  bool spent() const {
    return limits_.timeout_ms && ms_since(start_) >= static_cast<double>(*limits_.timeout_ms);
  }
  // Why a check stopped, when the solver does not say (QF_FD leaves it empty).
  std::string reason(const std::string& from_solver, uint64_t rlimit_used) const {
    auto vague = [](const std::string& r) { return r.empty() || r == "unknown" || r == "no reason given"; };
    if (!vague(from_solver)) return from_solver;
    if (limits_.timeout_ms && ms_since(start_) >= static_cast<double>(*limits_.timeout_ms) * 0.95) return "timeout";
    if (limits_.rlimit && rlimit_used >= *limits_.rlimit * 95 / 100) return "resource limit (--rlimit)";
    if (limits_.timeout_ms) return "timeout";
    if (limits_.rlimit) return "resource limit (--rlimit)";
    return "unknown";
  }

 private:
  z3::context& ctx_;
  Limits limits_;
  Clock::time_point start_;
};

z3::solver make_solver(z3::context& ctx, const Encoding& enc);
uint64_t rlimit_count(const z3::solver& s);
void add_stats(std::map<std::string, double>& into, const z3::solver& s);
std::vector<int64_t> model_values(const z3::model& m, const z3::expr_vector& vars);
// The clause that excludes a solution (the decision variables' values, as
// model_values read them).
z3::expr blocking_clause(z3::context& ctx, const Encoding& enc, const std::vector<int64_t>& values);

// A solver holding the rules, with every clue behind its own assumption
// literal, for conflicts, repairs and redundancy.
struct TrackedSolver {
  TrackedSolver(z3::context& ctx, const Encoding& enc);
  z3::check_result check(const std::vector<std::size_t>& clue_subset, Budget& budget,
                         const std::vector<z3::expr>& extra = {});
  std::vector<std::size_t> core() const;  // clue indices in the last unsat core, sorted

  z3::context& ctx;
  z3::solver solver;
  std::vector<z3::expr> tracker;
  uint64_t checks = 0;
};

// Shrink an unsat set of clues to a minimal one (deletion with core
// refinement). `minimal` is false when the budget ran out first.
std::vector<std::size_t> shrink_conflict(TrackedSolver& ts, std::vector<std::size_t> core, Budget& budget,
                                         bool& minimal, std::string& note);

}  // namespace psmt::detail
