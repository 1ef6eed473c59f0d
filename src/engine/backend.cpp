#include "engine/backend.h"

#include "engine/graph.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <cadical.hpp>
#include <fmt/format.h>

#include "engine/cnf.h"
#include "engine/solver_util.h"
#include "io/error.h"
#include "io/halt.h"

namespace psmt {
namespace {
std::string g_proof_dir;
bool g_certify = false;
std::atomic<uint64_t> g_proof_steps{0};
std::vector<std::pair<std::string, int>> g_cadical_options;  // --cadical, in order
}  // namespace

const std::vector<std::string>& solver_names() {
  static const std::vector<std::string> names = {"z3", "cadical"};
  return names;
}

namespace {
std::string& default_solver_name() {
  static std::string name;  // none asked for: each encoding's own (EncodingInfo::solver)
  return name;
}
}  // namespace

void check_solver_name(const std::string& name) {
  const auto& all = solver_names();
  if (std::find(all.begin(), all.end(), name) == all.end())
    throw UsageError(fmt::format("unknown solver {} (available: z3, cadical)", quote_input(name, 40)));
}

void set_default_solver(const std::string& name) {
  check_solver_name(name);
  default_solver_name() = name;
}

const std::string& default_solver() { return default_solver_name(); }

std::string solver_versions() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
#ifndef PSMT_CADICAL_PACKAGE
#define PSMT_CADICAL_PACKAGE ""
#endif
  const std::string package = PSMT_CADICAL_PACKAGE;
  return fmt::format("Z3 {}.{}.{}, CaDiCaL {}{}", major, minor, build, CaDiCaL::Solver::version(),
                     package.empty() ? "" : " (Debian package " + package + ")");
}

const char* proof_checker_name() { return "CaDiCaL 1.5.3's proof checker (checkproof: every learned clause by unit propagation)"; }

bool certify_wanted() { return g_certify; }

void set_certify(bool on) { g_certify = on; }

void set_proof_dir(const std::string& dir) {
  g_proof_dir = dir;
  if (!dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
      throw UsageError(fmt::format("cannot create the directory {} ({})", quote_input(dir, 60), ec.message()));
  }
}

bool proofs_wanted() { return g_certify || !g_proof_dir.empty(); }

void set_cadical_option(const std::string& key, const std::string& value) {
  if (!CaDiCaL::Solver::is_valid_option(key.c_str()))
    throw UsageError(fmt::format("--cadical {}: CaDiCaL has no option of that name", quote_input(key + "=" + value, 60)));
  int v = 0;
  if (value == "true" || value == "false") {
    v = value == "true";
  } else {
    std::size_t used = 0;
    long long n = 0;
    try {
      n = std::stoll(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != value.size() || n < INT32_MIN || n > INT32_MAX)
      throw UsageError(fmt::format("--cadical {}: expected true, false or a whole number after =", quote_input(key + "=" + value, 60)));
    v = static_cast<int>(n);
  }
  // CaDiCaL clips a value outside the option's range without a word: refuse
  // it instead, so that what was asked for is what runs.
  CaDiCaL::Solver probe;
  probe.set(key.c_str(), v);
  if (probe.get(key.c_str()) != v)
    throw UsageError(fmt::format("--cadical {}={}: outside the range CaDiCaL allows (it would use {})", key, value,
                                 probe.get(key.c_str())));
  g_cadical_options.emplace_back(key, v);
}

namespace detail {

std::vector<int64_t> Backend::values() {
  return values(every_var(enc_));
}

z3::check_result Backend::check_values(Budget& budget, const std::vector<int64_t>& values) {
  std::vector<Expr> as;
  as.reserve(values.size());
  for (unsigned i = 0; i < values.size(); ++i) as.push_back(values[i] ? enc_.decision_vars[i] : !enc_.decision_vars[i]);
  return check(budget, as);
}

namespace {

// Stops a CaDiCaL search at the run's deadline, on Ctrl-C and at the memory
// cap (io/halt.h, polled from the solving thread).
// Why it stopped a search (a stop or the memory cap) goes to `why`, for the
// report: "unknown" alone would hide the memory cap.
class Stopper : public CaDiCaL::Terminator {
 public:
  Stopper(const Budget& budget, std::string& why) : budget_(budget), why_(why) {}
  bool terminate() override {
    if (++calls_ % 16) return false;
    if (budget_.spent()) return true;
    if (auto h = halt_due()) {
      why_ = h->what();
      return true;
    }
    return false;
  }

 private:
  const Budget& budget_;
  std::string& why_;
  unsigned calls_ = 0;
};

// A failed --certify check inside CaDiCaL ends in abort(): report it as the
// internal error it is (exit 1), not as a crash.
void proof_check_failed(int) {
  const char msg[] = "puzzle-smt: internal error: CaDiCaL's proof checker rejected a proof of an UNSAT step\n";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(1);
}

class CadicalBackend : public Backend {
 public:
  CadicalBackend(Context& ctx, const Encoding& enc, const std::string& encoding, bool renewable = false)
      : Backend(enc),
        keep_(proofs_wanted()),
        logging_(renewable),
        sat_(configured(enc)),
        cnf_(ctx, enc.decision_vars, encoding, [this](const std::vector<int>& c) { take(c); }) {
  }

  void mark() override {
    if (!logging_) throw InternalError("Backend::mark on a back end not made renewable");
    // Nothing given to CaDiCaL yet (the usual case): the rules wait for the
    // first solve, simplified with the first puzzle's units as after a
    // renewal (the first of the published variants in a batch, 5.95 ->
    // 5.29 ms).
    if (deferring_) {
      pending_.clear();
      with_rules_ = true;
    } else {
      flush();
    }
    logging_ = false;
    marked_ = true;
    mark_clauses_ = clauses_;
    mark_store_ = store_.size();
    snapshot_ = cnf_.snapshot();
    rules_ = UnitSimplifier(std::move(log_));
    log_.clear();
  }

  void renew() override {
    if (!marked_) throw InternalError("Backend::renew before mark");
    sat_ = configured(enc_);
    to_freeze_ = frozen_;
    // The rules wait for the first solve as at the start (flush), so that
    // the units of what the next puzzle adds simplify them too.
    pending_.clear();  // clauses since mark() are dropped
    deferring_ = true;
    with_rules_ = true;
    clauses_ = mark_clauses_;
    store_.resize(mark_store_);
    cnf_.restore(snapshot_);
    constraint_.clear();
    last_constraint_.clear();
    lits_.clear();
    assumed_.clear();
  }

  void add(const Expr& e) override { cnf_.add(e); }

  void block(const std::vector<unsigned>& vars, const std::vector<int64_t>& values, const Expr* guard) override {
    std::vector<int> c = blocking(vars, values);
    if (guard) c.push_back(-cnf_.literal(*guard));
    take(c);
  }

  z3::check_result check(Budget& budget, const std::vector<Expr>& assumptions) override {
    assume(assumptions);
    return solve(budget);
  }

  z3::check_result check_excluding(Budget& budget, const std::vector<Expr>& assumptions,
                                   const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override {
    assume(assumptions);
    constraint_ = blocking(vars, values);
    return solve(budget);
  }

  z3::check_result check_values(Budget& budget, const std::vector<int64_t>& values) override {
    assumed_.clear();
    lits_.clear();
    // The true literals first: where they imply the rest (an exact cover)
    // that is a decision level each for a few instead of every variable. A
    // model that differs from `values` confirms nothing: then all of them.
    for (unsigned i = 0; i < values.size(); ++i)
      if (values[i]) lits_.push_back(cnf_.bits(i).at(0));
    z3::check_result r = solve(budget);
    if (r != z3::sat) return r;
    bool same = true;
    for (unsigned i = 0; i < values.size() && same; ++i) same = (sat_->val(cnf_.bits(i)[0]) > 0) == (values[i] != 0);
    if (same) return r;
    lits_.clear();
    for (unsigned i = 0; i < values.size(); ++i) {
      const auto& bits = cnf_.bits(i);
      lits_.push_back(values[i] ? bits.at(0) : -bits.at(0));
    }
    return solve(budget);
  }

  void prefer(const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override {
    flush();
    sat_->reserve(cnf_.vars());
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const auto& bits = cnf_.bits(vars[k]);
      if (bits.size() == 1) sat_->phase(values[k] ? bits[0] : -bits[0]);
    }
  }

  std::vector<int64_t> values(const std::vector<unsigned>& vars) override {
    std::vector<int64_t> out;
    out.reserve(vars.size());
    for (unsigned i : vars) {
      const auto& bits = cnf_.bits(i);
      int64_t v = 0;
      for (std::size_t j = 0; j < bits.size(); ++j)
        if (sat_->val(bits[j]) > 0) v |= int64_t{1} << j;
      out.push_back(v);
    }
    return out;
  }

  void freeze(const std::vector<Expr>& constants) override {
    for (const auto& c : constants)
      if (const int v = cnf_.known(c)) {
        frozen_.push_back(v);
        to_freeze_.push_back(v);
      }
  }

  std::vector<bool> truth(const std::vector<Expr>& constants) override {
    std::vector<bool> out;
    for (const auto& c : constants) {
      const int v = cnf_.known(c);
      out.push_back(v != 0 && sat_->val(v) > 0);
    }
    return out;
  }

  std::vector<Expr> core() override {
    std::vector<Expr> out;
    for (std::size_t k = 0; k < assumed_.size(); ++k)  // none after check_values
      if (sat_->failed(lits_[k])) out.push_back(assumed_[k]);
    return out;
  }

  std::string reason_unknown(const Budget& budget) override { return budget.reason(stopped_, 0); }

  void add_stats(std::map<std::string, double>& into) override {
    into["cadical checks"] += static_cast<double>(checks_);
    into["cadical variables"] = std::max(into["cadical variables"], static_cast<double>(cnf_.vars()));
    into["cadical clauses"] = std::max(into["cadical clauses"], static_cast<double>(clauses_));
    into["cadical excluded before search"] += static_cast<double>(excluded_);
    into["cadical fixed before search"] += static_cast<double>(fixed_);
  }

  bool certify_unsat(const std::string& step) override { return prove(step, lits_, last_constraint_); }

  std::vector<int> literals(const std::vector<Expr>& es) {
    std::vector<int> out;
    for (const auto& e : es) out.push_back(cnf_.literal(e));
    return out;
  }

  // The clauses so far and `units` as unit clauses, solved again on a fresh
  // CaDiCaL with a DRAT trace (to --proof DIR) and, with --certify, its
  // proof checker on. Throws when that solver does not say UNSAT.
  bool prove(const std::string& step, const std::vector<int>& units, const std::vector<int>& extra = {}) {
    if (!proofs_wanted()) return false;
    CaDiCaL::Solver p;
    p.set("quiet", 1);
    for (const auto& [k, v] : g_cadical_options) p.set(k.c_str(), v);
    const uint64_t n = ++g_proof_steps;
    std::string base;
    if (!g_proof_dir.empty()) {
      base = fmt::format("{}/step{:04}-{}", g_proof_dir, n, step);
      p.set("binary", 0);  // text DRAT, for any checker
      if (!p.trace_proof((base + ".drat").c_str()))
        throw InternalError("--proof: cannot write " + base + ".drat");
      write_cnf(base + ".cnf", units, extra);
    }
    if (g_certify) p.set("checkproof", 1);
    for (int lit : store_) p.add(lit);
    for (int u : units) {
      p.add(u);
      p.add(0);
    }
    if (!extra.empty()) {  // the one-check clause of check_excluding
      for (int lit : extra) p.add(lit);
      p.add(0);
    }
    auto previous = std::signal(SIGABRT, proof_check_failed);
    const int r = p.solve();
    std::signal(SIGABRT, previous);
    if (!base.empty()) p.close_proof_trace();
    if (r != 20)
      throw InternalError(fmt::format("proof of UNSAT step {} ({}): a fresh CaDiCaL says {} on the same clauses", n,
                                      step, r == 10 ? "SAT" : "unknown"));
    return g_certify;
  }

 private:
  // The next solve's assumptions, kept as given (for core()) and as literals.
  void assume(const std::vector<Expr>& assumptions) {
    assumed_ = assumptions;
    lits_.clear();
    for (const auto& a : assumptions) lits_.push_back(cnf_.literal(a));
  }

  // One solve() under lits_ (the assumptions as literals).
  z3::check_result solve(Budget& budget) {
    stopped_.clear();
    if (auto h = halt_due()) stopped_ = h->what();
    if (budget.spent() || !stopped_.empty()) {
      last_ = 0;
      return z3::unknown;
    }
    flush();
    sat_->reserve(cnf_.vars());
    for (int v : to_freeze_) sat_->freeze(v);
    to_freeze_.clear();
    for (int l : lits_) sat_->assume(l);
    // The clause of check_excluding, for this solve only.
    last_constraint_.swap(constraint_);
    constraint_.clear();
    if (!last_constraint_.empty()) {
      for (int l : last_constraint_) sat_->constrain(l);
      sat_->constrain(0);
    }
    Stopper stop(budget, stopped_);
    sat_->connect_terminator(&stop);
    last_ = sat_->solve();
    sat_->disconnect_terminator();
    checks_++;
    return last_ == 10 ? z3::sat : last_ == 20 ? z3::unsat : z3::unknown;
  }

  // The clause excluding these values of decision variables `vars`.
  std::vector<int> blocking(const std::vector<unsigned>& vars, const std::vector<int64_t>& values) {
    std::vector<int> c;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const auto& bits = cnf_.bits(vars[k]);
      const int64_t v = values.at(k);
      if (bits.size() == 1 && enc_.block_true_literals) {
        if (v) c.push_back(-bits[0]);
        continue;
      }
      for (std::size_t j = 0; j < bits.size(); ++j) c.push_back(((v >> j) & 1) ? -bits[j] : bits[j]);
    }
    return c;
  }

  void take(const std::vector<int>& c) {
    if (deferring_) {
      pending_.insert(pending_.end(), c.begin(), c.end());
      pending_.push_back(0);
    } else {
      for (int l : c) sat_->add(l);
      sat_->add(0);
    }
    clauses_++;
    if (logging_) {
      log_.insert(log_.end(), c.begin(), c.end());
      log_.push_back(0);
    }
    if (keep_) {
      store_.insert(store_.end(), c.begin(), c.end());
      store_.push_back(0);
    }
  }

  void write_cnf(const std::string& path, const std::vector<int>& units, const std::vector<int>& extra) {
    std::ofstream out(path);
    out << "c puzzle-smt: the clauses of one UNSAT step, the assumptions as unit clauses\n";
    out << "p cnf " << cnf_.vars() << ' ' << clauses_ + units.size() + (extra.empty() ? 0 : 1) << '\n';
    for (int lit : store_) out << lit << (lit ? ' ' : '\n');
    for (int u : units) out << u << " 0\n";
    if (!extra.empty()) {
      for (int lit : extra) out << lit << ' ';
      out << "0\n";
    }
    if (!out) throw InternalError("--proof: cannot write " + path);
  }

  // Options are set before the first clause (CaDiCaL allows most only then).
  static std::unique_ptr<CaDiCaL::Solver> configured(const Encoding& enc) {
    auto s = std::make_unique<CaDiCaL::Solver>();
    s->set("quiet", 1);  // nothing on standard output
    s->set("profile", 0);  // no timers: getrusage() on every solve() call was 4% of a 17-clue batch
    // No chronological backtracking: puzzles have a few hundred decision
    // levels at most, and the out-of-order trail it keeps cost 12% of the
    // search's instructions on 17-clue sudokus (callgrind); batch ran 4-8%
    // faster on 17-clue and forum-hardest corpora, single checks no slower
    // (README, "Solver back ends"). --cadical chrono=1 puts it back.
    s->set("chrono", 0);
    for (const auto& [k, v] : enc.cadical_options) s->set(k.c_str(), v);
    for (const auto& [k, v] : g_cadical_options) s->set(k.c_str(), v);
    return s;
  }

  // The clauses before the first solve wait in pending_; then their unit
  // clauses are propagated and only what is left reaches CaDiCaL, the fixed
  // literals as units (simplify_by_units). Adding a clause to CaDiCaL costs
  // about 130 ns: a 9x9 sudoku's 12,019 clauses took 1.6 ms, and after its
  // givens' propagation, 650 units and 388 clauses, 0.6 ms with it. Proofs
  // and renew() start from the clauses as they were (store_, rules_).
  void flush() {
    if (!deferring_) return;
    deferring_ = false;
    // Every variable at once: met one by one, CaDiCaL grew its tables per
    // new variable (8% of a batch of nonograms).
    sat_->reserve(cnf_.vars());
    const std::vector<int> simple = with_rules_ ? rules_.simplify(pending_) : simplify_by_units(pending_);
    with_rules_ = false;
    count_fixed(simple);
    for (int lit : simple) sat_->add(lit);
    pending_.clear();
    pending_.shrink_to_fit();
  }

  // How much of the answer unit propagation alone settles before the first
  // search: the literals of Boolean decision variables that the unit clauses
  // of `simple` fix false (a candidate excluded: "r1c1 is not 5") and true.
  // A measure of an encoding's strength where search begins (--stats).
  void count_fixed(const std::vector<int>& simple) {
    std::vector<signed char> unit(static_cast<std::size_t>(cnf_.vars()) + 1, 0);  // per variable: +1, -1, 0
    bool any = false;
    for (std::size_t i = 0; i + 1 < simple.size(); ++i)
      if (simple[i] && simple[i + 1] == 0 && (i == 0 || simple[i - 1] == 0)) {
        const auto v = static_cast<std::size_t>(std::abs(simple[i]));
        if (v < unit.size()) unit[v] = simple[i] > 0 ? 1 : -1;
        any = true;
      }
    if (!any) return;
    // (The decision variables the clause builder was made with: a symmetry
    // break may add more to the encoding later, none of them a candidate.)
    for (unsigned v = 0; v < cnf_.decision_count(); ++v) {
      const auto& bits = cnf_.bits(v);
      if (bits.size() != 1) continue;  // bit-vector variables: their bits are not candidates
      const auto b = static_cast<std::size_t>(std::abs(bits[0]));
      if (b >= unit.size() || !unit[b]) continue;
      if ((unit[b] > 0) == (bits[0] > 0)) fixed_++;
      else excluded_++;
    }
  }

  uint64_t excluded_ = 0, fixed_ = 0;  // count_fixed
  std::vector<int> frozen_, to_freeze_;  // freeze(): every variable, those not yet given to sat_
  bool keep_;
  bool logging_;  // renewable, not marked yet: clauses go to log_ too
  bool marked_ = false;
  std::unique_ptr<CaDiCaL::Solver> sat_;
  std::vector<int> store_;  // every clause, 0-terminated (with proofs only)
  std::vector<int> log_;    // the clauses up to mark(), 0-terminated (renewable only, until mark())
  UnitSimplifier rules_;    // the clauses up to mark(), for renew()
  bool with_rules_ = false;  // renewed: pending_ follows them
  std::vector<int> pending_;  // the clauses not yet given to CaDiCaL, 0-terminated (flush)
  std::string stopped_;       // why the last search was stopped (Stopper), or empty
  bool deferring_ = true;
  uint64_t clauses_ = 0, checks_ = 0;
  uint64_t mark_clauses_ = 0;
  std::size_t mark_store_ = 0;
  CnfBuilder::Snapshot snapshot_;
  CnfBuilder cnf_;  // after what take() uses: its constructor adds a clause
  std::vector<Expr> assumed_;
  std::vector<int> lits_;
  std::vector<int> constraint_, last_constraint_;  // check_excluding's clause: next solve, last solve
  int last_ = 0;
};

class Z3Backend : public Backend {
 public:
  Z3Backend(Context& ctx, const Encoding& enc, const std::string& encoding, bool renewable = false)
      : Backend(enc), ctx_(ctx), s_(make_solver(ctx.z3(), enc)), vars_(ctx.z3()), logging_(renewable) {
    for (const auto& v : enc.decision_vars) vars_.push_back(ctx.to_z3(v));
    if (!proofs_wanted()) return;
    try {
      shadow_ = std::make_unique<CadicalBackend>(ctx, enc, encoding, renewable);
    } catch (const UsageError& e) {
      throw UsageError(std::string("--proof/--certify need clauses: ") + e.what());
    }
  }

  void add(const Expr& e) override {
    retire();
    s_.add(ctx_.to_z3(e));
    if (logging_) log_.push_back(e);
    if (shadow_) shadow_->add(e);
  }

  void mark() override {
    if (!logging_) throw InternalError("Backend::mark on a back end not made renewable");
    retire();
    logging_ = false;
    marked_ = true;
    if (shadow_) shadow_->mark();
  }

  void renew() override {
    if (!marked_) throw InternalError("Backend::renew before mark");
    pending_.reset();
    s_ = make_solver(ctx_.z3(), enc_);
    for (unsigned i = 0; i < log_.size(); ++i) s_.add(ctx_.to_z3(log_[i]));
    started_ = armed_ = rlimit_set_ = false;
    assumed_.clear();
    if (shadow_) shadow_->renew();
  }

  void block(const std::vector<unsigned>& vars, const std::vector<int64_t>& values, const Expr* guard) override {
    retire();
    Expr clause = blocking_clause(ctx_, enc_, vars, values);
    s_.add(ctx_.to_z3(guard ? (!*guard || clause) : clause));
    if (shadow_) shadow_->block(vars, values, guard);
  }

  z3::check_result check_excluding(Budget& budget, const std::vector<Expr>& assumptions,
                                   const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override {
    Expr guard = ctx_.bool_const(fmt::format("psmt_exclude_{}", excluded_++));
    block(vars, values, &guard);
    std::vector<Expr> as = assumptions;
    as.push_back(guard);
    z3::check_result r = check(budget, as);
    pending_ = std::make_unique<Expr>(guard);  // retired by the next add, block or check
    return r;
  }

  z3::check_result check(Budget& budget, const std::vector<Expr>& assumptions) override {
    retire();
    assumed_ = assumptions;
    if (!started_) {
      rl0_ = rlimit_count(s_);
      started_ = true;
    }
    if (!budget.has_rlimit() && rlimit_set_) {  // an earlier run's rlimit must not linger (batch)
      z3::params p(ctx_.z3());
      p.set("rlimit", 0u);
      s_.set(p);
      rlimit_set_ = false;
    }
    const uint64_t used = budget.has_rlimit() ? rlimit_count(s_) - rl0_ : 0;
    armed_ = budget.arm(s_, used);
    rlimit_set_ = rlimit_set_ || budget.has_rlimit();
    if (!armed_) return z3::unknown;
    z3::expr_vector as(ctx_.z3());
    for (const auto& a : assumptions) as.push_back(ctx_.to_z3(a));
    return budget.check(s_, as);
  }

  std::vector<int64_t> values(const std::vector<unsigned>& vars) override {
    z3::model m = s_.get_model();
    z3::expr_vector vs(ctx_.z3());
    for (unsigned i : vars) vs.push_back(vars_[i]);
    return model_values(m, vs);
  }

  std::vector<bool> truth(const std::vector<Expr>& constants) override {
    z3::model m = s_.get_model();
    std::vector<bool> out;
    for (const auto& c : constants) out.push_back(m.eval(ctx_.to_z3(c), true).is_true());
    return out;
  }

  std::vector<Expr> core() override {
    // The assumptions as given (native or Z3), matched by their Z3 terms.
    std::unordered_map<unsigned, std::size_t> given;
    for (std::size_t k = 0; k < assumed_.size(); ++k) given.emplace(ctx_.to_z3(assumed_[k]).id(), k);
    std::vector<Expr> out;
    z3::expr_vector uc = s_.unsat_core();
    for (unsigned k = 0; k < uc.size(); ++k)
      if (auto it = given.find(uc[k].id()); it != given.end()) out.push_back(assumed_[it->second]);
    return out;
  }

  std::string reason_unknown(const Budget& budget) override {
    return budget.reason(armed_ ? s_.reason_unknown() : "", budget.has_rlimit() ? rlimit_count(s_) - rl0_ : 0);
  }

  void add_stats(std::map<std::string, double>& into) override { detail::add_stats(into, s_); }

  void minimize_cores() override {
    z3::params p(ctx_.z3());
    p.set("core.minimize", true);
    s_.set(p);
  }

  bool certify_unsat(const std::string& step) override {
    if (!shadow_) return false;
    // The shadow has every clause the Z3 solver has; the assumptions of the
    // unsat check become its unit clauses.
    return shadow_->prove(step, shadow_->literals(assumed_));
  }

 private:
  // The guard of the last check_excluding: false from the next add, block
  // or check on (the model and core of its check stay readable till then).
  void retire() {
    if (!pending_) return;
    Expr off = !*pending_;
    pending_.reset();
    add(off);
  }

  Context& ctx_;
  z3::solver s_;
  z3::expr_vector vars_;  // the decision variables as Z3 terms
  uint64_t rl0_ = 0;
  bool started_ = false, armed_ = false, rlimit_set_ = false;
  std::vector<Expr> assumed_;
  std::unique_ptr<CadicalBackend> shadow_;
  std::unique_ptr<Expr> pending_;
  uint64_t excluded_ = 0;
  bool logging_, marked_ = false;
  std::vector<Expr> log_;  // what was added up to mark() (renewable only)
};

}  // namespace

std::unique_ptr<Backend> make_backend(const std::string& solver, Context& ctx, const Encoding& enc,
                                      const std::string& encoding_name, bool renewable) {
  // Lazy graph rules: the chosen back end, with cuts added between checks.
  if (solver.empty() || solver == "z3") return graph::with_cuts(std::make_unique<Z3Backend>(ctx, enc, encoding_name, renewable), enc);
  check_solver_name(solver);
  return graph::with_cuts(std::make_unique<CadicalBackend>(ctx, enc, encoding_name, renewable), enc);
}

}  // namespace detail
}  // namespace psmt
