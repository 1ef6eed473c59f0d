// The engine's formulas: Boolean structure, cardinality and pseudo-Boolean
// sums of our own, so that a Boolean encoding never needs Z3.
//
// An Expr is either native (a node of this file: a Boolean constant, not,
// and, or, implies, iff, xor, ite, at-most/at-least k, and weighted sums
// <=, >=, = k over Boolean terms) or a Z3 term wrapped as it is (what the
// integer and bit-vector encodings build). Both read alike through the view
// below (op, args, bound, weights), so the CNF translation (engine/cnf.h),
// the component split and the leaf evaluator are written once.
//
// A Context hands out native constants and owns the z3::context, which it
// creates only when something asks for it: an encoder that builds Z3 terms,
// the Z3 back end (which translates native formulas to Z3 terms), a Z3
// fallback of the CNF translation (sums no encoding of ours takes), or
// `export`. A Boolean encoding solved on CaDiCaL never creates one
// (z3_contexts_made() counts them; tests hold it to that).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <z3++.h>

namespace psmt {

class Context;
struct ExprNode;

// What a formula is, as the view reads it. Other: a Z3 term none of the
// rest describes (an arithmetic atom, a bit-vector comparison, a term that
// is not Boolean).
enum class Op : uint8_t {
  True, False, Const, Not, And, Or, Implies, Iff, Xor, Ite,
  AtMost, AtLeast,  // unit weights, bound k
  PbLe, PbGe, PbEq,  // weights, bound k
  Other
};

struct ExprExtra;

// A formula's nodes are counted without atomic instructions (libstdc++'s
// single-threaded policy): every process has threads (the stop signals', a
// batch's workers), so std::shared_ptr's count was a locked instruction on
// every copy of an Expr, and building and translating formulas copies them
// all the time (the 29 published variants in batch 116.6 -> 111.7 ms). The
// rule that makes it safe: a formula belongs to the thread that made it and
// its Context; no formula is handed to another thread (a batch's workers
// have a session each; true_expr() and false_expr() are per thread).
using NodePtr = std::__shared_ptr<const ExprNode, __gnu_cxx::_S_single>;
using NodeWeak = std::__weak_ptr<const ExprNode, __gnu_cxx::_S_single>;

class Expr {
 public:
  Expr() = default;  // empty (only to be assigned)
  Expr(const z3::expr& e);  // NOLINT(google-explicit-constructor): Z3 terms are formulas too
  explicit Expr(NodePtr n) : n_(std::move(n)) {}

  bool empty() const { return !n_; }
  bool is_z3() const { return wrapped() != nullptr; }
  // The wrapped Z3 term (InternalError for a native formula: ask
  // Context::to_z3, which translates).
  const z3::expr& z3() const;

  // The view (inline for native nodes: the CNF translation asks it for
  // every node it meets).
  Op op() const;
  unsigned num_args() const;
  Expr arg(unsigned i) const;
  int64_t bound() const;               // AtMost, AtLeast, Pb*
  // AtMost 1 made by at_most_one_pairwise: every back end writes it as one
  // clause per pair of its arguments.
  bool pairwise() const;
  // AtMost 1 made by at_most_one_counter: every back end writes it as
  // clauses (a sequential counter where a pair per clause would be too many).
  bool counter() const;
  int64_t weight(unsigned i) const;    // Pb* (1 for AtMost, AtLeast)
  std::string name() const;            // Const
  bool is_bool() const;
  bool is_true() const { return op() == Op::True; }
  bool is_false() const { return op() == Op::False; }
  bool is_const() const { return op() == Op::Const; }
  // A constant of any sort (a Boolean one, or a Z3 Int or bit-vector one).
  bool is_var() const;
  // Identity for caches: equal for the same node (native) or the same Z3
  // term; keep the Expr alive while the id is used as a key.
  uint64_t id() const;
  std::string to_string() const;

  // The native node (nullptr for a Z3 term).
  const ExprNode* node() const;
  // Const: its serial number in its Context (0 for a Z3 constant).
  uint32_t serial() const;

 private:
  const z3::expr* wrapped() const;
  Op op_of_wrapped() const;
  unsigned num_args_of_wrapped() const;
  Expr arg_of_wrapped(unsigned i) const;
  NodePtr n_;
};

// 16 bytes of Expr per argument and a small node: a 9x9 sudoku's pairwise
// rules are 11,664 clauses, built and translated in a few milliseconds.
struct ExprNode {
  Op op = Op::True;
  uint32_t serial = 0;  // Const: 1, 2, ... in the order its Context made them
  int64_t k = 0;        // the bound of a sum
  std::vector<Expr> args;
  std::unique_ptr<ExprExtra> extra;  // Const, Pb*, a Z3 term
};

struct ExprExtra {
  std::string name;              // Const
  std::vector<int64_t> weights;  // Pb*: one per argument
  bool pairwise = false;         // AtMost 1 from at_most_one_pairwise
  bool counter = false;          // AtMost 1 from at_most_one_counter
  std::optional<z3::expr> z;     // a wrapped Z3 term (the node's op is then Other)
  // A constant's negation, once made (so that "not x" is one node however
  // often it is written: a sudoku's pairwise rules say "not b_1_1_1" 40 times).
  mutable NodeWeak negation;
};

inline const z3::expr* Expr::wrapped() const { return n_ && n_->extra && n_->extra->z ? &*n_->extra->z : nullptr; }
inline const ExprNode* Expr::node() const { return wrapped() ? nullptr : n_.get(); }
inline uint32_t Expr::serial() const { return n_ ? n_->serial : 0; }
inline Op Expr::op() const {
  if (const ExprNode* n = node()) return n->op;
  return op_of_wrapped();
}
inline unsigned Expr::num_args() const {
  if (const ExprNode* n = node()) return static_cast<unsigned>(n->args.size());
  return num_args_of_wrapped();
}
inline Expr Expr::arg(unsigned i) const {
  if (const ExprNode* n = node()) return n->args.at(i);
  return arg_of_wrapped(i);
}

// A list of formulas, shaped like z3::expr_vector for the code that used one.
class ExprVector {
 public:
  ExprVector() = default;
  explicit ExprVector(Context&) {}
  void push_back(const Expr& e) { v_.push_back(e); }
  unsigned size() const { return static_cast<unsigned>(v_.size()); }
  bool empty() const { return v_.empty(); }
  const Expr& operator[](unsigned i) const { return v_[i]; }
  Expr& operator[](unsigned i) { return v_[i]; }
  auto begin() const { return v_.begin(); }
  auto end() const { return v_.end(); }
  void resize(unsigned n) { v_.resize(n); }
  void clear() { v_.clear(); }
  const std::vector<Expr>& items() const { return v_; }

 private:
  std::vector<Expr> v_;
};

// Native formulas (simplified where a constant decides them).
Expr bool_val(bool b);
Expr operator!(const Expr& a);
Expr operator&&(const Expr& a, const Expr& b);
Expr operator||(const Expr& a, const Expr& b);
Expr implies(const Expr& a, const Expr& b);
Expr iff(const Expr& a, const Expr& b);
Expr xor_of(const Expr& a, const Expr& b);
Expr ite(const Expr& c, const Expr& a, const Expr& b);  // Booleans
// == and != on Booleans are iff and xor; on Z3 terms of other sorts they are
// Z3's own (an Int or bit-vector decision variable against its value).
Expr operator==(const Expr& a, const Expr& b);
Expr operator!=(const Expr& a, const Expr& b);
Expr mk_and(const std::vector<Expr>& es);
Expr mk_or(const std::vector<Expr>& es);
Expr mk_and(std::vector<Expr>&& es);  // the vector is taken over (no copy)
Expr mk_or(std::vector<Expr>&& es);
inline Expr mk_and(const ExprVector& es) { return mk_and(es.items()); }
inline Expr mk_or(const ExprVector& es) { return mk_or(es.items()); }
Expr atmost(const std::vector<Expr>& es, int64_t k);
// At most one of es, written as one clause "not a or not b" per pair on every
// back end (what an encoding named pairwise promises), but one node: a 9x9
// sudoku's 8,748 pairwise house clauses are 243 formulas.
Expr at_most_one_pairwise(const std::vector<Expr>& es);
// At most one of es, written as clauses on every back end, never as Z3's
// atmost (the hazard in tests/data/z3-hazards): CNF as its own at-most-one
// (a sequential counter beyond 64 literals), Z3 as Sinz's sequential
// counter over fresh constants. One node, so that what it says can be read
// back (the cover search's groups proved by reading, engine.cpp), where a
// counter written as clauses by the encoder hides it among auxiliaries.
Expr at_most_one_counter(const std::vector<Expr>& es);
Expr atleast(const std::vector<Expr>& es, int64_t k);
inline Expr atmost(const ExprVector& es, int64_t k) { return atmost(es.items(), k); }
inline Expr atleast(const ExprVector& es, int64_t k) { return atleast(es.items(), k); }
Expr pble(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k);
Expr pbge(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k);
Expr pbeq(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k);
// The same formula (same node, same Z3 term, or constants of one name).
bool same(const Expr& a, const Expr& b);

// Dense keys for constants, one per variable: a native constant and a Z3
// constant of the same name get the same key (an encoder may write a
// variable natively and, inside a Z3 term, as its translation), so analyses
// over formulas (components, the cover search's groups) see one variable.
class ConstKeys {
 public:
  uint32_t key(const Expr& constant);                  // a new key for a constant not seen yet
  std::optional<uint32_t> find(const Expr& constant);  // none for a constant not seen yet
  uint32_t size() const { return next_; }

 private:
  std::vector<int64_t> by_serial_;  // native: serial -> key (-1: not yet)
  std::unordered_map<std::string, uint32_t> by_name_;
  uint32_t next_ = 0;
};

class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // A native Boolean constant; the same name gives the same constant.
  Expr bool_const(std::string_view name);
  // A Boolean constant no other call gives, named prefix~N (a definition's
  // variable): not looked up, and not kept by name.
  Expr fresh_bool(std::string_view prefix);
  Expr bool_val(bool b) const { return psmt::bool_val(b); }

  // The Z3 context, created on first use (engine/stop.h's new_context:
  // Halted when memory is near the cap).
  z3::context& z3();
  bool has_z3() const { return z3_ != nullptr; }
  // How long creating it took (0 if it was not).
  double z3_ms() const { return z3_ms_; }
  // A formula as a Z3 term (native nodes translated once, then cached).
  z3::expr to_z3(const Expr& e);
  // Drop the cached translations (Z3 shares equal terms anyway, so a later
  // translation gives the same term): a long batch keeps no puzzle's.
  void forget_translations() { cache_.clear(); }
  // Hand the Z3 context to a thread that deletes it (a run a limit stopped:
  // its context may be large, engine/stop.h).
  void reap();

  // Z3 contexts this process has made through any Context.
  static uint64_t z3_contexts_made();
  // Native constants made so far (the translations and the clause builder's
  // tables keep a slot per constant for the Context's life).
  std::size_t constants() const { return serials_; }

 private:
  std::unique_ptr<z3::context> z3_;
  double z3_ms_ = 0;
  std::unordered_map<std::string, Expr> consts_;
  uint32_t serials_ = 0;
  z3::expr const_to_z3(const ExprNode* n);
  std::unordered_map<const ExprNode*, std::pair<Expr, z3::expr>> cache_;
  std::vector<std::optional<z3::expr>> const_z3_;  // a native constant's serial -> its Z3 constant
};

}  // namespace psmt
