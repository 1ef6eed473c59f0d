// An encoding's constraints as CNF, for SAT back ends (CaDiCaL).
//
// Turns each asserted formula (engine/expr.h: native, or a Z3 term read
// through the same view) into clauses over integer literals as it is added,
// so a back end can take rules, guarded clues, blocking clauses and cube
// literals one by one, without Z3 for everything but the last case:
//
// - Boolean structure (and, or, not, implies, =, xor, ite over Booleans) is
//   translated here, by Tseitin definitions cached per subterm;
// - at-most-one / exactly-one with unit coefficients, asserted, become a
//   clause plus pairwise (or sequential-counter) at-most-one;
// - other cardinality and pseudo-Boolean sums become decision diagrams
//   (over one-hot groups where the clauses show them, else over the terms);
//   a sum used as a literal is defined both ways by two such sums;
// - anything else (bit-vector and other non-Boolean atoms of Z3 terms) goes
//   through Z3's own tactics, as `export --dimacs` does: simplify, card2bv,
//   bit-blast, tseitin-cnf, one assertion at a time, and the resulting
//   clauses are read back literal by literal.
//
// Every Boolean constant keeps one CNF variable, so the decision variables,
// clue guards and assumptions of the engine are plain literals. A bit-vector
// decision variable is replaced by its bits (fresh Boolean constants) before
// translation, so that assertions translated apart share them. Anything
// else that is not Boolean (Int variables, bit-vector auxiliaries) cannot be
// translated soundly one assertion at a time: UsageError naming the
// encoding, never a silent fallback.
//
// Each step keeps the set of solutions projected on the Boolean constants
// (Tseitin and bit-blasting add only defined auxiliaries), so enumeration
// over the decision variables counts exactly what the Z3 back end counts.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <z3++.h>

#include "engine/expr.h"

#include "io/error.h"

namespace psmt::detail {

// An encoding that cannot become clauses: the message names the encoding for
// --solver cadical; why() is the reason alone (for export --dimacs).
class NotClauses : public UsageError {
 public:
  NotClauses(const std::string& encoding, const std::string& why, bool z3_runs_it)
      : UsageError("encoding " + encoding + " cannot run on CaDiCaL: " + why + (z3_runs_it ? " (--solver z3 runs it)" : "")),
        why_(why) {}
  const std::string& why() const { return why_; }

 private:
  std::string why_;
};

class CnfBuilder {
 public:
  using Sink = std::function<void(const std::vector<int>&)>;
  // Refuses (UsageError) an encoding whose decision variables are not Bool
  // or bit-vector constants.
  CnfBuilder(Context& ctx, const ExprVector& decision_vars, std::string encoding, Sink sink);

  // The translation state (variables, cached definitions), to go back to
  // later with restore(): a back end that starts its SAT solver afresh
  // from the clauses it had at that point (Backend::renew).
  struct Snapshot;
  Snapshot snapshot() const;
  void restore(const Snapshot& s);

  void add(const Expr& e);          // assert e
  int literal(const Expr& e);       // a literal equivalent to e (defined by clauses if needed)
  // The literals of decision variable i: one for a Bool, the bits of a
  // bit-vector, least significant first.
  const std::vector<int>& bits(unsigned i) const { return bits_.at(i); }
  std::size_t decision_count() const { return bits_.size(); }  // the decision variables it was made with
  int vars() const { return next_var_; }
  // Sums translated as diagrams over one-hot groups (grouped_sum).
  uint64_t grouped_sums() const { return grouped_sums_; }
  // Assertions that went through Z3's tactics (what no translation of ours
  // takes: bit-vector and other non-Boolean atoms).
  uint64_t through_z3() const { return through_z3_; }
  // The variable of a Boolean constant already seen, else 0.
  int known(const Expr& constant) const {
    if (const uint32_t s = constant.serial(); s && s < by_serial_.size() && by_serial_[s]) return by_serial_[s];
    auto it = vars_.find(constant.name());
    return it == vars_.end() ? 0 : it->second;
  }

 private:
  void add_under(const Expr& e, std::vector<int>& guard);  // clauses of e, each with the guard's literals
  bool boolean_structure(const Expr& e);
  bool cardinality(const Expr& e, std::vector<int>& guard);
  bool grouped_sum(const std::vector<int>& lits, const std::vector<int64_t>& w, int64_t k, bool at_most,
                   bool at_least, const std::vector<int>& guard);
  bool exclusive(int a, int b) const;
  void through_tactics(const Expr& e);
  int var_of(const std::string& name);
  int var_of(const Expr& constant);  // by its serial when it is native, else by name
  // A literal for e when it is a constant or a negated one, else 0.
  int plain_literal(const Expr& e);
  bool flat_literals(const Expr& x, bool negate, std::vector<int>& out);
  int fresh() { return ++next_var_; }
  void clause(std::vector<int> c);
  // not a or not b, a pair of an at-most-one the caller records whole
  // (pairwise_log_): as clause({-a, -b}) without a vector made per clause
  // (a 9x9 sudoku's rules are 11,000 of them).
  void exclude_pair(int a, int b);

  Context& ctx_;
  std::string encoding_;
  Sink sink_;
  std::vector<int> pair_;  // exclude_pair's clause
  int next_var_ = 0;
  int true_ = 0;
  std::unordered_map<std::string, int> vars_;  // name of a Boolean constant -> variable
  std::vector<int> by_serial_;                 // a native constant's serial -> its variable (0: not yet)
  std::unordered_map<uint64_t, int> defined_;  // Expr id of a subterm -> its Tseitin literal
  std::vector<Expr> alive_;                    // keeps the formulas of both maps alive (ids stay unique)
  std::vector<std::vector<int>> bits_;
  std::vector<z3::expr> bv_from_, bv_to_;      // bit-vector decision variables and their bits
  // What the clauses so far say about positive literals, for sums over
  // one-hot groups (grouped_sum): pairs that are never both true (a
  // clause -a -b, or an at-most-one written as a counter), and sets of
  // which one at least is true (a clause of positive literals, sorted).
  std::vector<uint64_t> excl_log_;               // in the order the clauses came
  uint64_t clauses_made_ = 0;                    // to poll the deadline and memory cap every 4,096
  mutable std::unordered_set<uint64_t> excl_;    // excl_log_[0 .. excl_hashed_), hashed
  mutable std::size_t excl_hashed_ = 0;
  std::unordered_map<int, std::vector<uint32_t>> cliques_of_;  // literal -> its at-most-one counters
  uint32_t cliques_ = 0;
  // At-most-ones written pairwise, each its literals and a 0, in the order
  // they came; indexed by literal when a sum first asks (exclusive()), not
  // pair by pair: hashing a 9x9 sudoku's 8,748 pairs took 0.3 ms of every
  // variant with a sum.
  std::vector<int> pairwise_log_;
  mutable std::unordered_map<int, std::vector<uint32_t>> pairwise_of_;
  mutable uint32_t pairwise_count_ = 0;
  mutable std::size_t pairwise_hashed_ = 0;
  std::vector<int> alo_log_;                     // clauses of positive literals, each with a 0, in order
  std::set<std::vector<int>> alo_;               // alo_log_[0 .. alo_hashed_), sorted
  std::size_t alo_hashed_ = 0;
  uint64_t grouped_sums_ = 0, through_z3_ = 0;
};

// What restore() goes back to: the sizes of the state, which only grows
// between a snapshot and its restores (variables and definitions are added,
// logs appended), so that going back removes what came after instead of
// copying the whole state back (a variant's renewal in a batch copied the
// rules' maps every time).
struct CnfBuilder::Snapshot {
  int next_var = 0;
  std::size_t vars = 0;       // vars_.size(): the names added later have variables past next_var
  std::size_t by_serial = 0;  // by_serial_.size()
  std::size_t alive = 0;      // alive_.size(): alive_[i] for i past it are the definitions added later
  std::size_t excl = 0;
  uint32_t cliques = 0;
  std::size_t pairwise_log = 0;
  uint32_t pairwise_groups = 0;  // the at-most-ones in pairwise_log_[0 .. pairwise_log)
  std::size_t alo_log = 0;
};

// Clauses (0-terminated, flat) simplified by their unit clauses, as a SAT
// solver's top level would: the units propagated to a fixpoint, then the
// fixed literals as unit clauses, followed by every clause that no fixed
// literal satisfies, without its false literals. The same models. When the
// units conflict, or there is no unit, the clauses as they were.
std::vector<int> simplify_by_units(const std::vector<int>& clauses);

// simplify_by_units for clauses that begin with the same base every time
// (a shape's rules, then a puzzle's own): the base's occurrence lists are
// built once, here, and each call builds those of its extra clauses only.
// simplify(extra) is simplify_by_units(base followed by extra).
class UnitSimplifier {
 public:
  explicit UnitSimplifier(std::vector<int> base = {});
  std::vector<int> simplify(const std::vector<int>& extra) const;

 private:
  struct Index {
    std::vector<std::size_t> start;  // clause c: literals start[c] .. start[c+1]-2
    std::vector<std::size_t> first;  // per literal (2v for v, 2v+1 for -v): its occurrences from first[i]
    std::vector<uint32_t> occ;       // clause numbers
    int vars = 0;
    bool unit = false;  // a unit clause among them
    bool empty = false;  // the empty clause among them
  };
  static Index index(const std::vector<int>& clauses, uint32_t offset);
  std::vector<int> base_;
  Index ix_;
};

}  // namespace psmt::detail
