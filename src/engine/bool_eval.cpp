#include "engine/bool_eval.h"

#include <algorithm>

namespace psmt::detail {

std::optional<BoolEval> BoolEval::compile(const Expr& e, const std::function<long(const Expr&)>& index) {
  BoolEval b;
  std::unordered_map<uint64_t, unsigned> memo;  // expression id -> node
  if (!b.build(e, index, memo, b.root_)) return std::nullopt;
  std::sort(b.vars_.begin(), b.vars_.end());
  b.vars_.erase(std::unique(b.vars_.begin(), b.vars_.end()), b.vars_.end());
  return b;
}

bool BoolEval::build(const Expr& e, const std::function<long(const Expr&)>& index,
                     std::unordered_map<uint64_t, unsigned>& memo, unsigned& out) {
  if (auto it = memo.find(e.id()); it != memo.end()) {
    out = it->second;
    return true;
  }
  if (!e.is_bool()) return false;
  Node n{Op::True, 0, 0, {}, {}};
  const psmt::Op kind = e.op();
  switch (kind) {
    case psmt::Op::True: n.op = Op::True; break;
    case psmt::Op::False: n.op = Op::False; break;
    case psmt::Op::Const: {
      const long v = index(e);
      if (v < 0) return false;  // an auxiliary constant: a solver's job
      n.op = Op::Var;
      n.var = static_cast<unsigned>(v);
      vars_.push_back(n.var);
      break;
    }
    case psmt::Op::Not: n.op = Op::Not; break;
    case psmt::Op::And: n.op = Op::And; break;
    case psmt::Op::Or: n.op = Op::Or; break;
    case psmt::Op::Iff: n.op = Op::Iff; break;
    case psmt::Op::Xor: n.op = Op::Xor; break;
    case psmt::Op::Ite: n.op = Op::Ite; break;
    case psmt::Op::Implies: n.op = Op::Or; break;  // the first argument negated below
    case psmt::Op::AtMost:
    case psmt::Op::AtLeast:
      n.op = kind == psmt::Op::AtMost ? Op::AtMost : Op::AtLeast;
      n.k = e.bound();
      break;
    case psmt::Op::PbLe:
    case psmt::Op::PbGe:
    case psmt::Op::PbEq:
      n.op = kind == psmt::Op::PbLe ? Op::Le : kind == psmt::Op::PbGe ? Op::Ge : Op::Eq;
      n.k = e.bound();
      for (unsigned i = 0; i < e.num_args(); ++i) n.weights.push_back(e.weight(i));
      break;
    default:
      return false;
  }
  if ((n.op == Op::Not && e.num_args() != 1) || (n.op == Op::Ite && e.num_args() != 3) ||
      (n.op == Op::Iff && e.num_args() != 2) || (n.op == Op::Xor && e.num_args() != 2))
    return false;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    unsigned kid = 0;
    const Expr a = e.arg(i);
    if (!a.is_bool() || !build(a, index, memo, kid)) return false;
    if (kind == psmt::Op::Implies && i == 0) {  // implies(a, b) = or(not a, b)
      nodes_.push_back({Op::Not, 0, 0, {kid}, {}});
      kid = static_cast<unsigned>(nodes_.size() - 1);
    }
    n.kids.push_back(kid);
  }
  nodes_.push_back(std::move(n));
  out = static_cast<unsigned>(nodes_.size() - 1);
  memo.emplace(e.id(), out);
  return true;
}

bool BoolEval::value(long only) const { return eval(root_, only); }

bool BoolEval::eval(unsigned i, long only) const {
  const Node& n = nodes_[i];
  switch (n.op) {
    case Op::True: return true;
    case Op::False: return false;
    case Op::Var: return static_cast<long>(n.var) == only;
    case Op::Not: return !eval(n.kids[0], only);
    case Op::And:
      for (unsigned k : n.kids)
        if (!eval(k, only)) return false;
      return true;
    case Op::Or:
      for (unsigned k : n.kids)
        if (eval(k, only)) return true;
      return false;
    case Op::Iff: return eval(n.kids[0], only) == eval(n.kids[1], only);
    case Op::Xor: return eval(n.kids[0], only) != eval(n.kids[1], only);
    case Op::Ite: return eval(n.kids[0], only) ? eval(n.kids[1], only) : eval(n.kids[2], only);
    default: break;
  }
  int64_t sum = 0;
  for (std::size_t k = 0; k < n.kids.size(); ++k)
    if (eval(n.kids[k], only)) sum += n.weights.empty() ? 1 : n.weights[k];
  switch (n.op) {
    case Op::AtMost:
    case Op::Le: return sum <= n.k;
    case Op::AtLeast:
    case Op::Ge: return sum >= n.k;
    default: return sum == n.k;  // Eq
  }
}

}  // namespace psmt::detail
