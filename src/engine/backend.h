// The solver back end the engine talks to: Z3 (the default) or CaDiCaL.
//
// Encodings are the engine's formulas (engine/expr.h) either way. The Z3
// back end translates them to Z3 terms and asserts them on a z3::solver;
// the CaDiCaL back end turns each into clauses as it is added (engine/cnf.h,
// with no Z3 context unless the encoding holds Z3 terms) and keeps the literal of every decision variable and
// assumption, so projected enumeration (blocking clauses over the decision
// variables), clues as assumptions and failed-assumption cores work the same
// on both. An encoding CaDiCaL cannot take (Int variables) is a UsageError
// naming it, never a silent fallback to Z3.
//
// Proofs (--proof DIR, --certify): every UNSAT answer a verdict rests on is
// solved again on a fresh CaDiCaL instance from the clauses so far plus the
// assumptions as unit clauses, tracing a DRAT proof (written with the CNF to
// DIR) and, with --certify, with CaDiCaL's proof checker switched on (every
// derived clause checked by unit propagation as it is learned, the empty
// clause at the end). On the Z3 back end the same clauses are kept beside
// the Z3 solver for this purpose, so Z3's UNSAT answers are certified too.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <z3++.h>

#include "engine/encoding.h"

namespace psmt {

// The back ends --solver accepts, and the one runs use unless told
// (--solver; until set, empty: each encoding's own, EncodingInfo::solver).
const std::vector<std::string>& solver_names();
void check_solver_name(const std::string& name);   // UsageError for an unknown name
void set_default_solver(const std::string& name);  // checked as above
const std::string& default_solver();
// The solvers' own versions, as they report them ("Z3 4.8.12", "CaDiCaL
// 1.5.3"); asking for Z3's loads libz3.
std::string solver_versions();
// The checker --certify uses, as reports name it.
const char* proof_checker_name();
bool certify_wanted();
// Where --proof writes (empty: nowhere), and whether --certify is on; for
// every run of this process.
void set_proof_dir(const std::string& dir);  // UsageError when it cannot be made
void set_certify(bool on);
bool proofs_wanted();
// A CaDiCaL option for every CaDiCaL solver this process makes (the back
// end's and the proof solvers'), after puzzle-smt's own (--cadical
// KEY=VALUE, e.g. chrono=1). VALUE is true, false or a whole number; a name
// CaDiCaL does not know, or a value outside the option's range, is a
// UsageError at once.
void set_cadical_option(const std::string& key, const std::string& value);

namespace detail {

class Budget;

// The indices of every decision variable of an encoding, in order.
inline std::vector<unsigned> every_var(const Encoding& enc) {
  std::vector<unsigned> all(enc.decision_vars.size());
  for (unsigned i = 0; i < all.size(); ++i) all[i] = i;
  return all;
}

class Backend {
 public:
  virtual ~Backend() = default;
  virtual void add(const Expr& e) = 0;
  // Exclude these values of the decision variables `vars` (indices into the
  // encoding's decision_vars; values as values() reads them); with a guard,
  // only while the guard is assumed true.
  virtual void block(const std::vector<unsigned>& vars, const std::vector<int64_t>& values,
                     const Expr* guard = nullptr) = 0;
  // Assumptions are Boolean constants or their negations.
  virtual z3::check_result check(Budget& budget, const std::vector<Expr>& assumptions = {}) = 0;
  // A check under the assumptions that excludes, for this check only, these
  // values of the decision variables `vars` (what block() would exclude).
  // CaDiCaL takes the clause as its constraint, so nothing of it stays in
  // the solver; Z3 gets it behind a fresh guard literal, assumed for the
  // check and retired by the next call that adds or checks. After unsat,
  // certify_unsat() proves the check, clause included.
  virtual z3::check_result check_excluding(Budget& budget, const std::vector<Expr>& assumptions,
                                           const std::vector<unsigned>& vars, const std::vector<int64_t>& values) = 0;
  // A check under "every decision variable has this value" (Bool decision
  // variables only: one value, 0 or 1, per variable); core() is empty after
  // it.
  virtual z3::check_result check_values(Budget& budget, const std::vector<int64_t>& values);
  // After a sat check: the values of decision variables `vars`.
  virtual std::vector<int64_t> values(const std::vector<unsigned>& vars) = 0;
  std::vector<int64_t> values();  // of every decision variable
  // After a sat check: the truth of Boolean constants the added constraints
  // use (selectors, counters of auxiliary problems); one they never
  // mentioned reads false.
  virtual std::vector<bool> truth(const std::vector<Expr>& constants) = 0;
  // After an unsat check: the assumptions it used, as given.
  virtual std::vector<Expr> core() = 0;
  // Why the last check gave unknown.
  virtual std::string reason_unknown(const Budget& budget) = 0;
  virtual void add_stats(std::map<std::string, double>& into) = 0;
  // Ask for small cores where the solver can (Z3's core.minimize).
  virtual void minimize_cores() {}
  // Where the solver can (CaDiCaL's phases): decide decision variables
  // `vars` (Bool) to these values first. explain asks for the opposite of
  // the solution, so that each model breaks as many candidate facts as it
  // can.
  virtual void prefer(const std::vector<unsigned>& vars, const std::vector<int64_t>& values) {
    (void)vars;
    (void)values;
  }
  // Boolean constants that later clauses will mention (the literals of lazy
  // graph rules, which cuts use): CaDiCaL keeps them out of variable
  // elimination, so that a cut does not make it restore eliminated clauses
  // (restoring and extending were 3% of 688_20x20's nurikabe; the
  // collection's filling IDs 27.4 -> 25.9 ms, pearl 5.2 -> 4.9 ms).
  virtual void freeze(const std::vector<Expr>& constants) { (void)constants; }
  // mark() records what has been added so far (a batch's rules); renew()
  // starts the solver afresh from just that: what was added or blocked
  // after mark(), and everything learned, is gone. Long-lived solvers
  // (batch) renew now and then so that neither retired guards nor learned
  // clauses pile up.
  virtual void mark() = 0;
  virtual void renew() = 0;
  // With --proof or --certify: prove the last unsat answer again with a
  // proof; throws InternalError when it is not confirmed. Returns whether a
  // proof was checked (false without --certify).
  virtual bool certify_unsat(const std::string& step) = 0;

 protected:
  explicit Backend(const Encoding& enc) : enc_(enc) {}
  const Encoding& enc_;
};

// A back end for `enc` by name ("z3", "cadical"); rules and clues are not
// added. Throws UsageError for an unknown name or an encoding the back end
// cannot take. A renewable back end keeps what is added until mark(), for
// renew().
std::unique_ptr<Backend> make_backend(const std::string& solver, Context& ctx, const Encoding& enc,
                                      const std::string& encoding_name, bool renewable = false);

}  // namespace detail
}  // namespace psmt
