#include "encoders/pencil/clauses.h"

#include <algorithm>
#include <functional>

#include "engine/cardinality.h"

namespace psmt::pencil {

namespace {

// Every subset of `lits` of size m, as index lists.
void subsets(std::size_t n, std::size_t m, const std::function<void(const std::vector<std::size_t>&)>& f) {
  std::vector<std::size_t> pick;
  std::function<void(std::size_t)> go = [&](std::size_t from) {
    if (pick.size() == m) {
      f(pick);
      return;
    }
    for (std::size_t i = from; i < n; ++i) {
      pick.push_back(i);
      go(i + 1);
      pick.pop_back();
    }
  };
  go(0);
}

}  // namespace

Expr exactly(Context& ctx, const std::vector<Expr>& lits, int k) {
  const std::size_t n = lits.size();
  if (k < 0 || static_cast<std::size_t>(k) > n) return ctx.bool_val(false);
  ExprVector clauses(ctx);
  std::vector<Expr> neg;  // each negation made once (a node each)
  for (const auto& l : lits) neg.push_back(!l);
  subsets(n, static_cast<std::size_t>(k) + 1, [&](const std::vector<std::size_t>& s) {
    ExprVector c(ctx);
    for (auto i : s) c.push_back(neg[i]);
    clauses.push_back(mk_or(c));
  });
  if (static_cast<std::size_t>(k) >= 1)
    subsets(n, n - static_cast<std::size_t>(k) + 1, [&](const std::vector<std::size_t>& s) {
      ExprVector c(ctx);
      for (auto i : s) c.push_back(lits[i]);
      clauses.push_back(mk_or(c));
    });
  return mk_and(clauses);
}

Expr none_or_two(Context& ctx, const std::vector<Expr>& lits, bool at_least_one) {
  ExprVector clauses(ctx);
  std::vector<Expr> neg;  // each negation made once (a node each)
  for (const auto& l : lits) neg.push_back(!l);
  // Not exactly one: each literal brings another.
  for (std::size_t i = 0; i < lits.size(); ++i) {
    ExprVector c(ctx);
    c.push_back(neg[i]);
    for (std::size_t j = 0; j < lits.size(); ++j)
      if (j != i) c.push_back(lits[j]);
    clauses.push_back(mk_or(c));
  }
  // Not three or more.
  subsets(lits.size(), 3, [&](const std::vector<std::size_t>& s) {
    clauses.push_back(mk_or({neg[s[0]], neg[s[1]], neg[s[2]]}));
  });
  if (at_least_one) {
    ExprVector any(ctx);
    for (const auto& l : lits) any.push_back(l);
    clauses.push_back(mk_or(any));
  }
  return mk_and(clauses);
}

Expr count_is(Context& ctx, const std::vector<Expr>& lits, int k, const std::string& prefix) {
  if (static_cast<int>(lits.size()) < k) return ctx.bool_val(false);
  ExprVector parts(ctx);
  exactly_k(ctx, lits, static_cast<unsigned>(k), prefix, parts);
  return parts.empty() ? ctx.bool_val(true) : mk_and(parts);
}

Count count_named(std::string_view encoding) {
  return encoding == "pairwise" ? Count::Pairwise : encoding == "counter" ? Count::Counter : Count::Totalizer;
}

Expr exactly_k(Context& ctx, const std::vector<Expr>& lits, int k, bool pairwise, const std::string& prefix) {
  return exactly_k(ctx, lits, k, pairwise ? Count::Pairwise : Count::Counter, prefix);
}

Expr exactly_k(Context& ctx, const std::vector<Expr>& lits, int k, Count how, const std::string& prefix) {
  if (how == Count::Totalizer) {
    if (static_cast<int>(lits.size()) < k) return ctx.bool_val(false);
    ExprVector defs(ctx), parts(ctx);
    exactly_k_tree(ctx, lits, static_cast<unsigned>(k), prefix, defs, parts);
    for (const auto& d : defs) parts.push_back(d);  // the count's own definitions: a dropped count drops them too
    return parts.empty() ? ctx.bool_val(true) : mk_and(parts);
  }
  const bool pairwise = how == Count::Pairwise;
  double subsets = 1;  // C(n, k + 1), the larger family of clauses
  const auto n = static_cast<int>(lits.size());
  for (int i = 0; i < std::min(k + 1, n); ++i) subsets = subsets * (n - i) / (i + 1);
  if (pairwise && subsets <= 4000) return exactly(ctx, lits, k);
  return count_is(ctx, lits, k, prefix);
}

}  // namespace psmt::pencil
