// An encoding's constraints as CNF, for SAT back ends (CaDiCaL).
//
// Encodings stay Z3 expressions; this turns each asserted expression into
// clauses over integer literals as it is added, so a back end can take
// rules, guarded clues, blocking clauses and cube literals one by one:
//
// - Boolean structure (and, or, not, implies, =, xor, ite over Booleans) is
//   translated here, by Tseitin definitions cached per subterm;
// - at-most-one / exactly-one with unit coefficients, asserted, become a
//   clause plus pairwise (or sequential-counter) at-most-one;
// - anything else (pseudo-Boolean sums with weights, bit-vector atoms) goes
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
  CnfBuilder(z3::context& ctx, const z3::expr_vector& decision_vars, std::string encoding, Sink sink);

  // The translation state (variables, cached definitions), to go back to
  // later with restore(): a back end that starts its SAT solver afresh
  // from the clauses it had at that point (Backend::renew).
  struct Snapshot;
  Snapshot snapshot() const;
  void restore(const Snapshot& s);

  void add(const z3::expr& e);          // assert e
  int literal(const z3::expr& e);       // a literal equivalent to e (defined by clauses if needed)
  // The literals of decision variable i: one for a Bool, the bits of a
  // bit-vector, least significant first.
  const std::vector<int>& bits(unsigned i) const { return bits_.at(i); }
  int vars() const { return next_var_; }
  // Sums translated as diagrams over one-hot groups (grouped_sum).
  uint64_t grouped_sums() const { return grouped_sums_; }
  // The variable of a Boolean constant already seen, else 0.
  int known(const z3::expr& constant) const {
    auto it = vars_.find(constant.id());
    return it == vars_.end() ? 0 : it->second;
  }

 private:
  void add_under(const z3::expr& e, std::vector<int>& guard);  // clauses of e, each with the guard's literals
  bool boolean_structure(const z3::expr& e);
  bool cardinality(const z3::expr& e, std::vector<int>& guard);
  bool grouped_sum(const std::vector<int>& lits, const std::vector<int64_t>& w, int64_t k, bool at_most,
                   bool at_least, const std::vector<int>& guard);
  bool exclusive(int a, int b) const;
  void through_tactics(const z3::expr& e);
  int var_of(const z3::expr& constant);
  int fresh() { return ++next_var_; }
  void clause(std::vector<int> c);

  z3::context& ctx_;
  std::string encoding_;
  Sink sink_;
  int next_var_ = 0;
  int true_ = 0;
  std::unordered_map<unsigned, int> vars_;     // AST id of a Boolean constant -> variable
  std::unordered_map<unsigned, int> defined_;  // AST id of a subterm -> its Tseitin literal
  std::unordered_map<unsigned, bool> pure_;    // AST id -> only Boolean structure below
  z3::expr_vector alive_;                      // keeps the ASTs of both maps alive (ids stay unique)
  std::vector<std::vector<int>> bits_;
  z3::expr_vector bv_from_, bv_to_;            // bit-vector decision variables and their bits
  // What the clauses so far say about positive literals, for sums over
  // one-hot groups (grouped_sum): pairs that are never both true (a
  // clause -a -b, or an at-most-one written as a counter), and sets of
  // which one at least is true (a clause of positive literals, sorted).
  std::unordered_set<uint64_t> excl_;
  std::unordered_map<int, std::vector<uint32_t>> cliques_of_;  // literal -> its at-most-one counters
  uint32_t cliques_ = 0;
  std::set<std::vector<int>> alo_;
  uint64_t grouped_sums_ = 0;
};

struct CnfBuilder::Snapshot {
  int next_var = 0;
  std::unordered_map<unsigned, int> vars, defined;
  std::unordered_map<unsigned, bool> pure;
  std::unordered_set<uint64_t> excl;
  std::unordered_map<int, std::vector<uint32_t>> cliques_of;
  uint32_t cliques = 0;
  std::set<std::vector<int>> alo;
  std::vector<z3::expr> alive;  // a vector of its own: copies of a z3::expr_vector share it
};

}  // namespace psmt::detail
