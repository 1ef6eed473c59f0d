#include "engine/bool_eval.h"

#include <algorithm>

namespace psmt::detail {

std::optional<BoolEval> BoolEval::compile(const z3::expr& e, const std::unordered_map<unsigned, unsigned>& index) {
  BoolEval b;
  std::unordered_map<unsigned, unsigned> memo;  // expression id -> node
  if (!b.build(e, index, memo, b.root_)) return std::nullopt;
  std::sort(b.vars_.begin(), b.vars_.end());
  b.vars_.erase(std::unique(b.vars_.begin(), b.vars_.end()), b.vars_.end());
  return b;
}

bool BoolEval::build(const z3::expr& e, const std::unordered_map<unsigned, unsigned>& index,
                     std::unordered_map<unsigned, unsigned>& memo, unsigned& out) {
  if (auto it = memo.find(e.id()); it != memo.end()) {
    out = it->second;
    return true;
  }
  if (!e.is_app() || !e.is_bool()) return false;
  Node n{Op::True, 0, 0, {}, {}};
  Z3_context c = e.ctx();
  Z3_func_decl d = e.decl();
  const auto kind = e.decl().decl_kind();
  const unsigned np = Z3_get_decl_num_parameters(c, d);
  auto int_param = [&](unsigned i, int64_t& v) {
    if (i >= np || Z3_get_decl_parameter_kind(c, d, i) != Z3_PARAMETER_INT) return false;
    v = Z3_get_decl_int_parameter(c, d, i);
    return true;
  };
  switch (kind) {
    case Z3_OP_TRUE: n.op = Op::True; break;
    case Z3_OP_FALSE: n.op = Op::False; break;
    case Z3_OP_UNINTERPRETED: {
      auto it = e.num_args() == 0 ? index.find(e.id()) : index.end();
      if (it == index.end()) return false;  // an auxiliary constant: a solver's job
      n.op = Op::Var;
      n.var = it->second;
      vars_.push_back(it->second);
      break;
    }
    case Z3_OP_NOT: n.op = Op::Not; break;
    case Z3_OP_AND: n.op = Op::And; break;
    case Z3_OP_OR: n.op = Op::Or; break;
    case Z3_OP_IFF: n.op = Op::Iff; break;
    case Z3_OP_EQ:
      if (e.num_args() != 2 || !e.arg(0).is_bool()) return false;
      n.op = Op::Iff;
      break;
    case Z3_OP_XOR: n.op = Op::Xor; break;
    case Z3_OP_ITE: n.op = Op::Ite; break;
    case Z3_OP_IMPLIES: n.op = Op::Or; break;  // the first argument negated below
    case Z3_OP_PB_AT_MOST:
    case Z3_OP_PB_AT_LEAST:
      n.op = kind == Z3_OP_PB_AT_MOST ? Op::AtMost : Op::AtLeast;
      if (!int_param(0, n.k)) return false;
      break;
    case Z3_OP_PB_LE:
    case Z3_OP_PB_GE:
    case Z3_OP_PB_EQ:
      n.op = kind == Z3_OP_PB_LE ? Op::Le : kind == Z3_OP_PB_GE ? Op::Ge : Op::Eq;
      if (!int_param(0, n.k) || np != e.num_args() + 1) return false;
      for (unsigned i = 1; i < np; ++i) {
        int64_t w = 0;
        if (!int_param(i, w)) return false;
        n.weights.push_back(w);
      }
      break;
    default:
      return false;
  }
  if ((n.op == Op::Not && e.num_args() != 1) || (n.op == Op::Ite && e.num_args() != 3) ||
      (n.op == Op::Iff && e.num_args() != 2) || (n.op == Op::Xor && e.num_args() != 2))
    return false;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    unsigned kid = 0;
    if (!e.arg(i).is_bool() || !build(e.arg(i), index, memo, kid)) return false;
    if (kind == Z3_OP_IMPLIES && i == 0) {  // implies(a, b) = or(not a, b)
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
