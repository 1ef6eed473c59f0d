#include "engine/session.h"

#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "engine/backend.h"
#include "engine/encoding.h"
#include "engine/solver_util.h"
#include "io/error.h"

namespace psmt {

using namespace detail;

struct Session::State {
  Context ctx;
  uint64_t guards = 0;         // names of clue scopes
  uint64_t since_renewal = 0;  // puzzles on the solver since it was renewed
  std::string key;
  std::optional<Encoding> base;  // the first puzzle's full encoding
  std::vector<Expr> vars;    // its decision variables, for the next puzzles' clues
  std::unique_ptr<Backend> solver;
  std::unique_ptr<Watchdog> watchdog;  // for --timeout; after ctx, so it stops first
};

Session::Session(const Encoder& encoder, std::string encoding, std::string solver)
    : encoder_(encoder),
      encoding_(encoding.empty() ? encoder.encodings().front().name : std::move(encoding)),
      solver_(std::move(solver)) {
  if (!encoder_.has_encoding(encoding_))
    throw UsageError(fmt::format("unknown encoding \"{}\" for kind {} (available: {})", encoding_, encoder_.kind(),
                                 encoder_.encoding_names()));
  if (solver_.empty()) solver_ = encoder_.default_solver(encoding_);  // no --solver: the encoding's own
}

Session::~Session() = default;

namespace {
bool is_literal(const Expr& e) {
  if (e.is_const() && e.is_bool() && !e.is_true() && !e.is_false()) return true;
  return e.op() == Op::Not && e.arg(0).is_const();
}
}  // namespace

Result Session::check(const Puzzle& puzzle, const Limits& limits) {
  auto t_start = limits.start.value_or(Clock::now());
  std::string key = encoder_.rules_key(puzzle);
  if (key.empty() || (state_ && state_->base && key != state_->key)) {
    RunOptions ro;
    ro.encoding = encoding_;
    ro.solver = solver_;
    ro.limit = 2;
    ro.keep = 2;
    ro.explain = false;
    ro.limits = limits;
    return run(encoder_, puzzle, ro);
  }
  // Retired guards and learned clauses accumulate in the solver: start it
  // afresh from the rules now and then (Backend::renew).
  if (state_ && state_->solver && renew_every_ && state_->since_renewal >= renew_every_) {
    state_->solver->renew();
    state_->since_renewal = 0;
    renewals_++;
  }
  if (!state_) state_ = std::make_unique<State>();
  auto& st = *state_;
  Result res;
  res.encoding = encoding_;
  res.solver = solver_;
  std::optional<Clock::time_point> deadline;
  if (limits.timeout_ms) deadline = t_start + std::chrono::milliseconds(*limits.timeout_ms);
  HaltScope halt_scope(deadline, limits.timeout_ms.value_or(0));
  try {
    auto t0 = Clock::now();
    std::vector<Expr> clues;
    if (!st.base) {
      st.base.emplace(encoder_.encode(puzzle, st.ctx, encoding_));
      st.key = key;
      st.solver = make_backend(solver_, st.ctx, *st.base, encoding_, true);
      for (unsigned i = 0; i < st.base->rules.size(); ++i) st.solver->add(st.base->rules[i]);
      st.solver->mark();
      for (const auto& c : st.base->clues) clues.push_back(c.constraint);
      for (unsigned i = 0; i < st.base->decision_vars.size(); ++i) st.vars.push_back(st.base->decision_vars[i]);
    } else {
      EncodeOptions eo;
      eo.clues_only = true;
      eo.reuse_vars = &st.vars;
      Encoding e = encoder_.encode(puzzle, st.ctx, encoding_, eo);
      for (const auto& c : e.clues) clues.push_back(c.constraint);
      reused_++;
    }
    res.stats.encode_ms = ms_since(t0);
    st.since_renewal++;
    Backend& s = *st.solver;
    const Encoding& enc = *st.base;
    bool literals = true;
    for (const auto& c : clues) literals = literals && is_literal(c);
    // Clues that are literals (givens) are assumptions; others sit behind a
    // guard literal of this puzzle, assumed and retired afterwards.
    std::vector<Expr> as;
    if (literals) {
      as = clues;
    } else {
      Expr scope = st.ctx.bool_const(fmt::format("psmt_scope_{}", st.guards++).c_str());
      for (const auto& c : clues) s.add(implies(scope, c));
      as.push_back(scope);
    }
    if (limits.timeout_ms && !st.watchdog && st.ctx.has_z3()) st.watchdog = std::make_unique<Watchdog>(st.ctx.z3());
    Budget budget(st.ctx, limits, t_start, st.watchdog.get());
    auto solve = [&](const std::vector<Expr>& assumptions) {
      res.stats.checks++;
      return s.check(budget, assumptions);
    };
    std::vector<int64_t> values;
    auto take = [&]() {
      auto tm = Clock::now();
      values = s.values();
      res.stats.z3["model_read_ms"] += ms_since(tm);
      tm = Clock::now();
      nlohmann::json sol = encoder_.decode(puzzle, encoding_, values);
      auto violations = encoder_.check(puzzle, sol);
      res.stats.z3["decode_check_ms"] += ms_since(tm);
      if (!violations.empty())
        throw InternalError("encoding " + encoding_ + " (shared solver) produced a solution that the independent checker rejects:\n  solution: " +
                            sol.dump() + "\n  violation: " + violations.front().message);
      res.solutions.push_back(sol);
      res.solutions_found++;
    };
    auto tc = Clock::now();
    z3::check_result r = solve(as);
    res.stats.first_model_ms = ms_since(tc);
    if (r == z3::sat) {
      take();
      // The first solution excluded for this one check (CaDiCaL's
      // constraint clause; on Z3 a guarded clause, retired after it: a
      // push/pop scope instead costs twice the time per puzzle).
      tc = Clock::now();
      res.stats.checks++;
      z3::check_result r2 = s.check_excluding(budget, as, every_var(enc), values);
      res.stats.uniqueness_ms = ms_since(tc);
      if (r2 == z3::sat) {
        take();
        res.status = Status::Multiple;
        res.differing_cells = encoder_.differences(puzzle, res.solutions[0], res.solutions[1]);
      } else if (r2 == z3::unsat) {
        res.certified += s.certify_unsat("no-second-solution");
        res.status = Status::Unique;
        res.complete = true;
      } else {
        res.status = Status::Solved;  // a solution; uniqueness unknown within the limit
        res.reason_unknown = s.reason_unknown(budget);
      }
    } else if (r == z3::unsat) {
      res.certified += s.certify_unsat("no-solution");
      res.status = Status::None;
      res.complete = true;
    } else {
      res.status = Status::Unknown;
      res.reason_unknown = s.reason_unknown(budget);
    }
    if (!literals) s.add(!as.front());  // retire this puzzle's clues
    st.ctx.forget_translations();
  } catch (const Halted& h) {  // a limit or Ctrl-C outside a check
    state_.reset();  // a clue scope may be left open
    res.status = Status::Unknown;
    res.solutions.clear();
    res.solutions_found = 0;
    res.reason_unknown = h.what();
  } catch (const z3::exception& e) {
    state_.reset();  // the shared solver may be unusable
    if (std::string(e.msg()).find("memory") == std::string::npos)
      throw InternalError(std::string("Z3 error: ") + e.msg());
    res.status = Status::Unknown;
    res.solutions.clear();
    res.solutions_found = 0;
    res.reason_unknown = memory_reason();
  }
  res.stats.wall_ms = ms_since(t_start);
  return res;
}

}  // namespace psmt
