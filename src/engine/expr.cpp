#include "engine/expr.h"

#include <atomic>
#include <chrono>
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "engine/stop.h"
#include "io/error.h"

namespace psmt {
namespace {

std::atomic<uint64_t> g_contexts{0};

NodePtr node(Op op, std::vector<Expr> args, int64_t k = 0, std::vector<int64_t> w = {}) {
  auto n = std::__make_shared<ExprNode, __gnu_cxx::_S_single>();
  n->op = op;
  n->args = std::move(args);
  n->k = k;
  if (!w.empty()) {
    n->extra = std::make_unique<ExprExtra>();
    n->extra->weights = std::move(w);
  }
  return n;
}

// Per thread: a formula's count is not atomic (NodePtr, expr.h).
const Expr& true_expr() {
  static thread_local const Expr t(node(Op::True, {}));
  return t;
}
const Expr& false_expr() {
  static thread_local const Expr f(node(Op::False, {}));
  return f;
}

// Z3's view of a wrapped term.
Op z3_op(const z3::expr& e) {
  if (!e.is_app()) return Op::Other;
  switch (e.decl().decl_kind()) {
    case Z3_OP_TRUE: return Op::True;
    case Z3_OP_FALSE: return Op::False;
    case Z3_OP_UNINTERPRETED: return e.num_args() == 0 && e.is_bool() ? Op::Const : Op::Other;
    case Z3_OP_NOT: return Op::Not;
    case Z3_OP_AND: return Op::And;
    case Z3_OP_OR: return Op::Or;
    case Z3_OP_IMPLIES: return Op::Implies;
    case Z3_OP_IFF: return Op::Iff;
    case Z3_OP_EQ: return e.num_args() == 2 && e.arg(0).is_bool() ? Op::Iff : Op::Other;
    case Z3_OP_XOR: return Op::Xor;
    case Z3_OP_ITE: return e.is_bool() ? Op::Ite : Op::Other;
    case Z3_OP_PB_AT_MOST: return Op::AtMost;
    case Z3_OP_PB_AT_LEAST: return Op::AtLeast;
    case Z3_OP_PB_LE: return Op::PbLe;
    case Z3_OP_PB_GE: return Op::PbGe;
    case Z3_OP_PB_EQ: return Op::PbEq;
    default: return Op::Other;
  }
}

int64_t z3_int_param(const z3::expr& e, unsigned i) {
  Z3_context c = e.ctx();
  Z3_func_decl d = e.decl();
  if (i >= Z3_get_decl_num_parameters(c, d) || Z3_get_decl_parameter_kind(c, d, i) != Z3_PARAMETER_INT)
    throw InternalError("a cardinality or pseudo-Boolean term without its integer parameter: " + e.to_string());
  return Z3_get_decl_int_parameter(c, d, i);
}

const char* op_name(Op op) {
  switch (op) {
    case Op::Not: return "not";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Implies: return "=>";
    case Op::Iff: return "=";
    case Op::Xor: return "xor";
    case Op::Ite: return "ite";
    case Op::AtMost: return "atmost";
    case Op::AtLeast: return "atleast";
    case Op::PbLe: return "pble";
    case Op::PbGe: return "pbge";
    case Op::PbEq: return "pbeq";
    default: return "?";
  }
}

void print(const Expr& e, std::string& out, std::size_t cap) {
  if (out.size() > cap) return;
  switch (e.op()) {
    case Op::True: out += "true"; return;
    case Op::False: out += "false"; return;
    case Op::Const: out += e.name(); return;
    case Op::Other: out += e.z3().to_string(); return;
    default: break;
  }
  out += '(';
  out += op_name(e.op());
  if (e.op() == Op::AtMost || e.op() == Op::AtLeast || e.op() == Op::PbLe || e.op() == Op::PbGe || e.op() == Op::PbEq)
    out += fmt::format(" {}", e.bound());
  for (unsigned i = 0; i < e.num_args() && out.size() <= cap; ++i) {
    out += ' ';
    if (e.op() >= Op::PbLe && e.op() <= Op::PbEq) out += fmt::format("{}*", e.weight(i));
    print(e.arg(i), out, cap);
  }
  out += ')';
}

void need_bool(const Expr& e, const char* what) {
  if (!e.is_bool()) throw InternalError(std::string("a term that is not Boolean in ") + what + ": " + e.to_string());
}

}  // namespace

Expr::Expr(const z3::expr& e) {
  auto n = std::__make_shared<ExprNode, __gnu_cxx::_S_single>();
  n->op = Op::Other;
  n->extra = std::make_unique<ExprExtra>();
  n->extra->z = e;
  n_ = std::move(n);
}

const z3::expr& Expr::z3() const {
  const z3::expr* z = wrapped();
  if (!z) throw InternalError("a native formula used as a Z3 term (Context::to_z3 translates it): " + to_string());
  return *z;
}

Op Expr::op_of_wrapped() const {
  if (!n_) throw InternalError("an empty formula");
  return z3_op(*wrapped());
}

unsigned Expr::num_args_of_wrapped() const {
  if (!n_) throw InternalError("an empty formula");
  const z3::expr& z = *wrapped();
  return z.is_app() ? z.num_args() : 0;
}

Expr Expr::arg_of_wrapped(unsigned i) const {
  if (!n_) throw InternalError("an empty formula");
  return Expr(wrapped()->arg(i));
}

int64_t Expr::bound() const {
  if (const z3::expr* z = wrapped()) return z3_int_param(*z, 0);
  return n_->k;
}

bool Expr::pairwise() const {
  if (wrapped()) return false;
  return n_->op == Op::AtMost && n_->extra && n_->extra->pairwise;
}

bool Expr::counter() const {
  if (wrapped()) return false;
  return n_->op == Op::AtMost && n_->extra && n_->extra->counter;
}

int64_t Expr::weight(unsigned i) const {
  const Op o = op();
  if (o == Op::AtMost || o == Op::AtLeast) return 1;
  if (const z3::expr* z = wrapped()) return z3_int_param(*z, i + 1);
  return n_->extra->weights.at(i);
}

std::string Expr::name() const {
  if (const z3::expr* z = wrapped()) return z->decl().name().str();
  return n_->extra ? n_->extra->name : std::string();
}

bool Expr::is_var() const {
  if (const z3::expr* z = wrapped())
    return z->is_app() && z->num_args() == 0 && z->decl().decl_kind() == Z3_OP_UNINTERPRETED;
  return n_->op == Op::Const;
}

bool Expr::is_bool() const {
  if (const z3::expr* z = wrapped()) return z->is_bool();
  return true;
}

uint64_t Expr::id() const {
  if (const z3::expr* z = wrapped()) return (uint64_t{1} << 63) | z->id();
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(n_.get()));
}

std::string Expr::to_string() const {
  std::string out;
  print(*this, out, 2000);
  return out;
}

Expr bool_val(bool b) { return b ? true_expr() : false_expr(); }

Expr operator!(const Expr& a) {
  need_bool(a, "not");
  switch (a.op()) {
    case Op::True: return false_expr();
    case Op::False: return true_expr();
    case Op::Not: return a.arg(0);
    default: break;
  }
  const ExprNode* an = a.node();
  if (!an || an->op != Op::Const) return Expr(node(Op::Not, {a}));
  if (auto n = an->extra->negation.lock()) return Expr(std::move(n));
  auto n = node(Op::Not, {a});
  an->extra->negation = n;
  return Expr(std::move(n));
}

namespace {
Expr junction(Op op, std::vector<Expr>&& es);
}  // namespace

Expr operator&&(const Expr& a, const Expr& b) { return junction(Op::And, std::vector<Expr>{a, b}); }
Expr operator||(const Expr& a, const Expr& b) { return junction(Op::Or, std::vector<Expr>{a, b}); }

Expr implies(const Expr& a, const Expr& b) {
  need_bool(a, "implies");
  need_bool(b, "implies");
  if (a.is_true()) return b;
  if (a.is_false() || b.is_true()) return true_expr();
  if (b.is_false()) return !a;
  return Expr(node(Op::Implies, {a, b}));
}

Expr iff(const Expr& a, const Expr& b) {
  need_bool(a, "=");
  need_bool(b, "=");
  if (a.is_true()) return b;
  if (b.is_true()) return a;
  if (a.is_false()) return !b;
  if (b.is_false()) return !a;
  return Expr(node(Op::Iff, {a, b}));
}

Expr xor_of(const Expr& a, const Expr& b) {
  need_bool(a, "xor");
  need_bool(b, "xor");
  if (a.is_false()) return b;
  if (b.is_false()) return a;
  if (a.is_true()) return !b;
  if (b.is_true()) return !a;
  return Expr(node(Op::Xor, {a, b}));
}

Expr ite(const Expr& c, const Expr& a, const Expr& b) {
  need_bool(c, "ite");
  if (c.is_true()) return a;
  if (c.is_false()) return b;
  need_bool(a, "ite");
  need_bool(b, "ite");
  return Expr(node(Op::Ite, {c, a, b}));
}

Expr operator==(const Expr& a, const Expr& b) {
  if (a.is_bool() && b.is_bool()) return iff(a, b);
  return Expr(a.z3() == b.z3());
}

Expr operator!=(const Expr& a, const Expr& b) {
  if (a.is_bool() && b.is_bool()) return xor_of(a, b);
  return Expr(a.z3() != b.z3());
}

namespace {
// And/Or over es, taken over: constants fold; without any (most clauses) the
// vector becomes the node's arguments as it is, one allocation for the node.
Expr junction(Op op, std::vector<Expr>&& es) {
  const bool is_and = op == Op::And;
  std::size_t constants = 0;
  for (const auto& e : es) {
    need_bool(e, is_and ? "and" : "or");
    if (is_and ? e.is_false() : e.is_true()) return is_and ? false_expr() : true_expr();
    if (is_and ? e.is_true() : e.is_false()) constants++;
  }
  if (constants) {
    std::vector<Expr> keep;
    keep.reserve(es.size() - constants);
    for (auto& e : es)
      if (!(is_and ? e.is_true() : e.is_false())) keep.push_back(std::move(e));
    es = std::move(keep);
  }
  if (es.empty()) return is_and ? true_expr() : false_expr();
  if (es.size() == 1) return es[0];
  return Expr(node(op, std::move(es)));
}
}  // namespace

Expr mk_and(const std::vector<Expr>& es) { return junction(Op::And, std::vector<Expr>(es)); }
Expr mk_or(const std::vector<Expr>& es) { return junction(Op::Or, std::vector<Expr>(es)); }
Expr mk_and(std::vector<Expr>&& es) { return junction(Op::And, std::move(es)); }
Expr mk_or(std::vector<Expr>&& es) { return junction(Op::Or, std::move(es)); }

namespace {
Expr sum(Op op, const std::vector<Expr>& es, std::vector<int64_t> w, int64_t k) {
  for (const auto& e : es) need_bool(e, op_name(op));
  if ((op == Op::PbLe || op == Op::PbGe || op == Op::PbEq) && w.size() != es.size())
    throw InternalError("a pseudo-Boolean sum with a weight count unlike its term count");
  return Expr(node(op, es, k, std::move(w)));
}
}  // namespace

Expr atmost(const std::vector<Expr>& es, int64_t k) { return sum(Op::AtMost, es, {}, k); }
namespace {
// An AtMost 1 node whose flag says how every back end writes it.
Expr at_most_one_as(const std::vector<Expr>& es, bool ExprExtra::*how) {
  for (const auto& e : es) need_bool(e, "at-most-one");
  if (es.size() < 2) return true_expr();
  auto n = std::__make_shared<ExprNode, __gnu_cxx::_S_single>();
  n->op = Op::AtMost;
  n->k = 1;
  n->args = es;
  n->extra = std::make_unique<ExprExtra>();
  n->extra.get()->*how = true;
  return Expr(NodePtr(std::move(n)));
}
}  // namespace
Expr at_most_one_pairwise(const std::vector<Expr>& es) { return at_most_one_as(es, &ExprExtra::pairwise); }
Expr at_most_one_counter(const std::vector<Expr>& es) { return at_most_one_as(es, &ExprExtra::counter); }
Expr atleast(const std::vector<Expr>& es, int64_t k) { return sum(Op::AtLeast, es, {}, k); }
Expr pble(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k) { return sum(Op::PbLe, es, w, k); }
Expr pbge(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k) { return sum(Op::PbGe, es, w, k); }
Expr pbeq(const std::vector<Expr>& es, const std::vector<int64_t>& w, int64_t k) { return sum(Op::PbEq, es, w, k); }

bool same(const Expr& a, const Expr& b) {
  if (a.node() && a.node() == b.node()) return true;
  if (a.is_z3() && b.is_z3()) return z3::eq(a.z3(), b.z3());
  return a.is_const() && b.is_const() && a.name() == b.name();
}

uint32_t ConstKeys::key(const Expr& c) {
  if (auto k = find(c)) return *k;
  const uint32_t k = next_++;
  by_name_.emplace(c.name(), k);
  if (const uint32_t s = c.serial()) by_serial_[s] = k;  // find() made room
  return k;
}

std::optional<uint32_t> ConstKeys::find(const Expr& c) {
  const uint32_t s = c.serial();
  if (s) {
    if (s >= by_serial_.size()) by_serial_.resize(std::max<std::size_t>(s + 1, by_serial_.size() * 2), -1);
    if (by_serial_[s] >= 0) return static_cast<uint32_t>(by_serial_[s]);
  }
  auto it = by_name_.find(c.name());
  if (it == by_name_.end()) return std::nullopt;
  if (s) by_serial_[s] = it->second;
  return it->second;
}

Context::Context() = default;

Context::~Context() {
  cache_.clear();  // Z3 terms before their context
  const_z3_.clear();
}

Expr Context::bool_const(std::string_view name) {
  auto it = consts_.find(std::string(name));
  if (it != consts_.end()) return it->second;
  auto n = std::__make_shared<ExprNode, __gnu_cxx::_S_single>();
  n->op = Op::Const;
  n->serial = ++serials_;
  n->extra = std::make_unique<ExprExtra>();
  n->extra->name = std::string(name);
  Expr e(std::move(n));
  consts_.emplace(std::string(name), e);
  return e;
}

Expr Context::fresh_bool(std::string_view prefix) {
  auto n = std::__make_shared<ExprNode, __gnu_cxx::_S_single>();
  n->op = Op::Const;
  n->serial = ++serials_;
  n->extra = std::make_unique<ExprExtra>();
  n->extra->name = fmt::format("{}~{}", prefix, n->serial);
  return Expr(std::move(n));
}

z3::context& Context::z3() {
  if (!z3_) {
    const auto t0 = std::chrono::steady_clock::now();
    z3_ = new_context();
    g_contexts++;
    z3_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  return *z3_;
}

void Context::reap() {
  cache_.clear();
  const_z3_.clear();
  if (z3_) psmt::reap(std::move(z3_));
}

uint64_t Context::z3_contexts_made() { return g_contexts.load(); }

z3::expr Context::const_to_z3(const ExprNode* n) {
  if (n->serial >= const_z3_.size()) const_z3_.resize(std::max<std::size_t>(n->serial + 1, const_z3_.size() * 2));
  auto& slot = const_z3_[n->serial];
  if (!slot) slot = z3().bool_const(n->extra->name.c_str());
  return *slot;
}

z3::expr Context::to_z3(const Expr& e) {
  if (e.is_z3()) return e.z3();
  const ExprNode* n = e.node();
  if (n->op == Op::Const && n->serial) return const_to_z3(n);
  // A clause or conjunction of literals (most rules): translated without
  // the cache, which would cost more than it saves on terms used once.
  if (n->op == Op::Or || n->op == Op::And) {
    bool plain = true;
    for (const auto& a : n->args) {
      const ExprNode* x = a.node();
      if (x && x->op == Op::Not) x = x->args[0].node();
      plain = plain && x && x->op == Op::Const && x->serial;
    }
    if (plain) {
      z3::expr_vector v(z3());
      for (const auto& a : n->args) {
        const ExprNode* x = a.node();
        v.push_back(x->op == Op::Not ? !const_to_z3(x->args[0].node()) : const_to_z3(x));
      }
      return n->op == Op::Or ? z3::mk_or(v) : z3::mk_and(v);
    }
  }
  if (auto it = cache_.find(n); it != cache_.end()) return it->second.second;
  z3::context& c = z3();
  auto args = [&]() {
    z3::expr_vector v(c);
    for (const auto& a : n->args) v.push_back(to_z3(a));
    return v;
  };
  auto weights = [&]() {
    std::vector<int> w;
    for (int64_t x : n->extra->weights) {
      if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max())
        throw InternalError("a pseudo-Boolean weight beyond Z3's int range");
      w.push_back(static_cast<int>(x));
    }
    return w;
  };
  auto bound = [&]() {
    if (n->k < std::numeric_limits<int>::min() || n->k > std::numeric_limits<int>::max())
      throw InternalError("a pseudo-Boolean bound beyond Z3's int range");
    return static_cast<int>(n->k);
  };
  z3::expr out(c);
  switch (n->op) {
    case Op::True: out = c.bool_val(true); break;
    case Op::False: out = c.bool_val(false); break;
    case Op::Const: out = c.bool_const(n->extra->name.c_str()); break;
    case Op::Not: out = !to_z3(n->args[0]); break;
    case Op::And: out = z3::mk_and(args()); break;
    case Op::Or: out = z3::mk_or(args()); break;
    case Op::Implies: out = z3::implies(to_z3(n->args[0]), to_z3(n->args[1])); break;
    case Op::Iff: out = to_z3(n->args[0]) == to_z3(n->args[1]); break;
    case Op::Xor: out = to_z3(n->args[0]) != to_z3(n->args[1]); break;
    case Op::Ite: out = z3::ite(to_z3(n->args[0]), to_z3(n->args[1]), to_z3(n->args[2])); break;
    case Op::AtMost:
    case Op::AtLeast: {
      const int k = bound();
      if (n->extra && n->extra->pairwise) {  // one clause per pair, as the encoding says
        z3::expr_vector a = args(), cls(c);
        for (unsigned i = 0; i < a.size(); ++i)
          for (unsigned j = i + 1; j < a.size(); ++j) cls.push_back(!a[i] || !a[j]);
        out = z3::mk_and(cls);
        break;
      }
      if (n->extra && n->extra->counter) {  // Sinz: s_i says "one of the first i + 1 is true"
        z3::expr_vector a = args(), cls(c);
        z3::expr prev = a[0];
        for (unsigned i = 1; i < a.size(); ++i) {
          cls.push_back(!prev || !a[i]);
          if (i + 1 == a.size()) break;
          z3::expr s(c, Z3_mk_fresh_const(c, "amo", c.bool_sort()));
          cls.push_back(!prev || s);
          cls.push_back(!a[i] || s);
          prev = s;
        }
        out = z3::mk_and(cls);
        break;
      }
      if (k < 0) {
        out = c.bool_val(n->op == Op::AtLeast);
      } else {
        out = n->op == Op::AtMost ? z3::atmost(args(), static_cast<unsigned>(k)) : z3::atleast(args(), static_cast<unsigned>(k));
      }
      break;
    }
    case Op::PbLe:
    case Op::PbGe:
    case Op::PbEq: {
      auto w = weights();
      z3::expr_vector v = args();
      const int k = bound();
      if (v.empty()) {
        out = c.bool_val(n->op == Op::PbLe ? 0 <= k : n->op == Op::PbGe ? 0 >= k : k == 0);
      } else {
        out = n->op == Op::PbLe ? z3::pble(v, w.data(), k) : n->op == Op::PbGe ? z3::pbge(v, w.data(), k) : z3::pbeq(v, w.data(), k);
      }
      break;
    }
    case Op::Other: throw InternalError("a native formula node of no kind");
  }
  cache_.emplace(n, std::make_pair(e, out));
  return out;
}

}  // namespace psmt
