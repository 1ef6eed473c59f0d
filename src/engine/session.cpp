#include "engine/session.h"

#include <algorithm>
#include <cstdint>
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
  bool dirty = false;          // a puzzle's own rules and clues are in the solver: renew first
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
  // The context keeps a slot for every constant it made, and the puzzles whose own
  // rules define constants (variants) add thousands each: past this many the
  // session starts over, the rules encoded again (a ms or two, every 25
  // variants or so). 870 published variants had grown the process to 79 MB
  // without it, 39 MB with it (a fresh context per puzzle: 22 MB); past
  // that, batch grows by what it reads (every record is read first).
  constexpr std::size_t kMaxConstants = 50000;
  if (state_ && state_->ctx.constants() > kMaxConstants) state_.reset();
  // Retired guards and learned clauses accumulate in the solver: start it
  // afresh from the rules now and then (Backend::renew).
  bool renewed = false;
  double renewal_ms = 0;
  if (state_ && state_->solver && renew_every_ && state_->since_renewal >= renew_every_) {
    const auto t_renew = Clock::now();
    state_->solver->renew();
    renewal_ms = ms_since(t_renew);
    state_->since_renewal = 0;
    renewals_++;
    renewed = true;
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
    std::vector<Expr> clues, own;  // own: this puzzle's rules (Encoding::shared_rules)
    bool fresh_solver = false;     // nothing of an earlier puzzle in it
    if (!st.base) {
      st.base.emplace(encoder_.encode(puzzle, st.ctx, encoding_));
      st.key = key;
      st.solver = make_backend(solver_, st.ctx, *st.base, encoding_, true);
      const std::size_t shared = std::min<std::size_t>(st.base->shared_rules, st.base->rules.size());
      for (unsigned i = 0; i < shared; ++i) st.solver->add(st.base->rules[i]);
      st.solver->mark();
      for (unsigned i = static_cast<unsigned>(shared); i < st.base->rules.size(); ++i) own.push_back(st.base->rules[i]);
      for (const auto& c : st.base->clues) clues.push_back(c.constraint);
      for (unsigned i = 0; i < st.base->decision_vars.size(); ++i) st.vars.push_back(st.base->decision_vars[i]);
      fresh_solver = true;
    } else {
      EncodeOptions eo;
      eo.clues_only = true;
      eo.reuse_vars = &st.vars;
      Encoding e = encoder_.encode(puzzle, st.ctx, encoding_, eo);
      for (const auto& c : e.clues) clues.push_back(c.constraint);
      if (st.base->shared_rules != SIZE_MAX)
        for (unsigned i = static_cast<unsigned>(std::min<std::size_t>(e.shared_rules, e.rules.size())); i < e.rules.size(); ++i)
          own.push_back(e.rules[i]);
      reused_++;
    }
    res.stats.encode_ms = ms_since(t0);
    st.since_renewal++;
    Backend& s = *st.solver;
    const Encoding& enc = *st.base;
    bool literals = own.empty();
    for (const auto& c : clues) literals = literals && is_literal(c);
    // Clues that are literals (givens) are assumptions. Others, where the
    // kind says which rules are the shape's (Encoding::shared_rules): the
    // solver renewed from the shape's rules, the puzzle's own rules and
    // clues asserted outright (its units then fix what they fix at the top;
    // the next puzzle renews again): the published variants 135.1 -> 130.4
    // ms in all against a fresh encoding and solver per puzzle, the small
    // ones 0.3-0.9 ms faster each (the shape's rules are not written
    // again). Else behind a guard literal of this puzzle, assumed and
    // retired afterwards (5x slower on the variants: what a puzzle's units
    // fix is then fixed at level 1, and every clause learnt from it carries
    // the guard).
    const bool outright = !literals && enc.shared_rules != SIZE_MAX;
    // Solver setup: the renewal and this puzzle's formulas turned into
    // clauses (a fifth of a variant's time in a batch; the rest of the
    // clauses' cost, CaDiCaL's own, is in the first model).
    const auto t_setup = Clock::now();
    if ((outright || st.dirty) && !fresh_solver && !renewed) s.renew();
    st.dirty = false;
    std::vector<Expr> as;
    if (outright) {
      for (const auto& r : own) s.add(r);
      for (const auto& c : clues) s.add(c);
      st.dirty = true;
    } else if (literals) {
      as = clues;
    } else {
      Expr scope = st.ctx.bool_const(fmt::format("psmt_scope_{}", st.guards++).c_str());
      for (const auto& c : clues) s.add(implies(scope, c));
      as.push_back(scope);
    }
    res.stats.setup_ms = renewal_ms + ms_since(t_setup);
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
      // push/pop scope instead costs twice the time per puzzle). On a
      // solver of this puzzle alone (outright), as a clause of its own, as
      // `check` does: Orbit's proof of uniqueness took 19 ms with the
      // constraint clause and 12 ms with a clause.
      tc = Clock::now();
      res.stats.checks++;
      z3::check_result r2;
      if (outright) {
        s.block(every_var(enc), values);
        r2 = s.check(budget, as);
      } else {
        r2 = s.check_excluding(budget, as, every_var(enc), values);
      }
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
    if (!literals && !outright) s.add(!as.front());  // retire this puzzle's clues
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
