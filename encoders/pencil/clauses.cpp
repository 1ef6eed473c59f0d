#include "encoders/pencil/clauses.h"

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

z3::expr exactly(z3::context& ctx, const std::vector<z3::expr>& lits, int k) {
  const std::size_t n = lits.size();
  if (k < 0 || static_cast<std::size_t>(k) > n) return ctx.bool_val(false);
  z3::expr_vector clauses(ctx);
  subsets(n, static_cast<std::size_t>(k) + 1, [&](const std::vector<std::size_t>& s) {
    z3::expr_vector c(ctx);
    for (auto i : s) c.push_back(!lits[i]);
    clauses.push_back(z3::mk_or(c));
  });
  if (static_cast<std::size_t>(k) >= 1)
    subsets(n, n - static_cast<std::size_t>(k) + 1, [&](const std::vector<std::size_t>& s) {
      z3::expr_vector c(ctx);
      for (auto i : s) c.push_back(lits[i]);
      clauses.push_back(z3::mk_or(c));
    });
  return z3::mk_and(clauses);
}

z3::expr none_or_two(z3::context& ctx, const std::vector<z3::expr>& lits, bool at_least_one) {
  z3::expr_vector clauses(ctx);
  // Not exactly one: each literal brings another.
  for (std::size_t i = 0; i < lits.size(); ++i) {
    z3::expr_vector c(ctx);
    c.push_back(!lits[i]);
    for (std::size_t j = 0; j < lits.size(); ++j)
      if (j != i) c.push_back(lits[j]);
    clauses.push_back(z3::mk_or(c));
  }
  // Not three or more.
  subsets(lits.size(), 3, [&](const std::vector<std::size_t>& s) {
    clauses.push_back(!lits[s[0]] || !lits[s[1]] || !lits[s[2]]);
  });
  if (at_least_one) {
    z3::expr_vector any(ctx);
    for (const auto& l : lits) any.push_back(l);
    clauses.push_back(z3::mk_or(any));
  }
  return z3::mk_and(clauses);
}

z3::expr count_is(z3::context& ctx, const std::vector<z3::expr>& lits, int k, const std::string& prefix) {
  if (static_cast<int>(lits.size()) < k) return ctx.bool_val(false);
  z3::expr_vector parts(ctx);
  exactly_k(ctx, lits, static_cast<unsigned>(k), prefix, parts);
  return parts.empty() ? ctx.bool_val(true) : z3::mk_and(parts);
}

}  // namespace psmt::pencil
