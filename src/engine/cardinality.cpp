#include "engine/cardinality.h"

#include <algorithm>

#include <fmt/format.h>

namespace psmt {

void at_most_one_pairwise(const std::vector<Expr>& lits, ExprVector& out) {
  for (std::size_t i = 0; i < lits.size(); ++i)
    for (std::size_t j = i + 1; j < lits.size(); ++j) out.push_back(!lits[i] || !lits[j]);
}

namespace {
template <typename MakeConst>
void sequential(MakeConst make, const std::vector<Expr>& x, unsigned k, const std::string& prefix, ExprVector& out) {
  const std::size_t n = x.size();
  if (k >= n) return;
  if (k == 0) {
    for (const auto& l : x) out.push_back(!l);
    return;
  }
  // s[i][j]: at least j+1 of x[0..i] are true (j < k).
  std::vector<std::vector<Expr>> s;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    s.emplace_back();
    for (unsigned j = 0; j < k; ++j) s[i].push_back(make(fmt::format("{}!{}!{}", prefix, i, j)));
  }
  out.push_back(!x[0] || s[0][0]);
  for (unsigned j = 1; j < k; ++j) out.push_back(!s[0][j]);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    out.push_back(!x[i] || s[i][0]);
    out.push_back(!s[i - 1][0] || s[i][0]);
    for (unsigned j = 1; j < k; ++j) {
      out.push_back(!x[i] || !s[i - 1][j - 1] || s[i][j]);
      out.push_back(!s[i - 1][j] || s[i][j]);
    }
    out.push_back(!x[i] || !s[i - 1][k - 1]);
  }
  out.push_back(!x[n - 1] || !s[n - 2][k - 1]);
}

std::vector<Expr> wrapped(const std::vector<z3::expr>& lits) { return {lits.begin(), lits.end()}; }
}  // namespace

void at_most_k(Context& ctx, const std::vector<Expr>& x, unsigned k, const std::string& prefix, ExprVector& out) {
  sequential([&](const std::string& name) { return ctx.bool_const(name); }, x, k, prefix, out);
}

void at_most_k(z3::context& ctx, const std::vector<z3::expr>& x, unsigned k, const std::string& prefix, ExprVector& out) {
  sequential([&](const std::string& name) { return Expr(ctx.bool_const(name.c_str())); }, wrapped(x), k, prefix, out);
}

void at_most_one_pairwise(const std::vector<z3::expr>& lits, ExprVector& out) { at_most_one_pairwise(wrapped(lits), out); }

void exactly_k(Context& ctx, const std::vector<Expr>& x, unsigned k, const std::string& prefix,
               ExprVector& out) {
  const std::size_t n = x.size();
  if (k > n) {
    out.push_back(ctx.bool_val(false));
    return;
  }
  // Count whichever side is smaller (exactly k true is exactly n - k false),
  // so the register is n x min(k, n - k): an island of 40 among 800 cells
  // in reach is 32,000 auxiliary variables, not the 640,000 of a second
  // counter over the 760 negations.
  std::vector<Expr> y;
  unsigned m = k;
  if (k <= n - k) {
    y = x;
  } else {
    for (const auto& l : x) y.push_back(!l);
    m = static_cast<unsigned>(n - k);
  }
  if (m == 0) {
    for (const auto& l : y) out.push_back(!l);
    return;
  }
  // s[i][j] <-> at least j+1 of y[0..i] are true (j < m), both ways, so the
  // register is fixed by the solution; no y past the m-th; the m-th reached.
  std::vector<std::vector<Expr>> s(n);
  for (std::size_t i = 0; i < n; ++i)
    for (unsigned j = 0; j < m; ++j) s[i].push_back(ctx.bool_const(fmt::format("{}!{}!{}", prefix, i, j)));
  out.push_back(!y[0] || s[0][0]);
  out.push_back(!s[0][0] || y[0]);
  for (unsigned j = 1; j < m; ++j) out.push_back(!s[0][j]);
  for (std::size_t i = 1; i < n; ++i) {
    out.push_back(!y[i] || s[i][0]);
    for (unsigned j = 0; j < m; ++j) {
      out.push_back(!s[i - 1][j] || s[i][j]);
      out.push_back(!s[i][j] || s[i - 1][j] || y[i]);
      if (j > 0) {
        out.push_back(!y[i] || !s[i - 1][j - 1] || s[i][j]);
        out.push_back(!s[i][j] || s[i - 1][j - 1]);
      }
    }
    out.push_back(!y[i] || !s[i - 1][m - 1]);
  }
  out.push_back(s[n - 1][m - 1]);
}

namespace {
// Merge two sums in the order encoding (index i: "at least i + 1") into one
// cut at `limit`.
std::vector<Expr> merge_unary(Context& ctx, const std::vector<Expr>& a, const std::vector<Expr>& b, unsigned limit,
                              const std::string& name, ExprVector& out) {
  const std::size_t m = std::min<std::size_t>(a.size() + b.size(), limit);
  std::vector<Expr> c;
  for (std::size_t v = 1; v <= m; ++v) c.push_back(ctx.bool_const(fmt::format("{}!{}", name, v)));
  for (std::size_t v = 1; v < m; ++v) out.push_back(!c[v] || c[v - 1]);
  // at least i (a) and at least j (b) -> at least i + j (literal 0: "at least 0", true).
  for (std::size_t i = 0; i <= a.size(); ++i)
    for (std::size_t j = 0; j <= b.size() && i + j <= m; ++j) {
      if (i + j == 0) continue;
      ExprVector cl(ctx);
      if (i) cl.push_back(!a[i - 1]);
      if (j) cl.push_back(!b[j - 1]);
      cl.push_back(c[i + j - 1]);
      out.push_back(mk_or(cl));
    }
  // at most i (a) and at most j (b) -> at most i + j, i.e. not "at least i + j + 1".
  for (std::size_t i = 0; i <= a.size(); ++i)
    for (std::size_t j = 0; j <= b.size() && i + j + 1 <= m; ++j) {
      ExprVector cl(ctx);
      if (i < a.size()) cl.push_back(a[i]);
      if (j < b.size()) cl.push_back(b[j]);
      cl.push_back(!c[i + j]);
      out.push_back(mk_or(cl));
    }
  return c;
}
}  // namespace

std::vector<Expr> unary_sum(Context& ctx, const std::vector<std::vector<Expr>>& chains, unsigned limit,
                            const std::string& prefix, ExprVector& out) {
  std::vector<std::vector<Expr>> level;
  for (const auto& ch : chains) level.emplace_back(ch.begin(), ch.begin() + std::min<std::size_t>(ch.size(), limit));
  unsigned merged = 0;
  while (level.size() > 1) {  // balanced: pairs of neighbours, level by level
    std::vector<std::vector<Expr>> next;
    for (std::size_t i = 0; i + 1 < level.size(); i += 2)
      next.push_back(merge_unary(ctx, level[i], level[i + 1], limit, fmt::format("{}~{}", prefix, merged++), out));
    if (level.size() % 2) next.push_back(std::move(level.back()));
    level = std::move(next);
  }
  return level.empty() ? std::vector<Expr>{} : level.front();
}

void exactly_k_tree(Context& ctx, const std::vector<Expr>& lits, unsigned k, const std::string& prefix,
                    ExprVector& defs, ExprVector& out) {
  const std::size_t n = lits.size();
  if (k > n) {
    out.push_back(ctx.bool_val(false));
    return;
  }
  const bool negated = k > n - k;
  const unsigned m = negated ? static_cast<unsigned>(n - k) : k;
  std::vector<std::vector<Expr>> chains;
  for (const auto& l : lits) chains.push_back({negated ? !l : l});
  const std::vector<Expr> sum = unary_sum(ctx, chains, m + 1, prefix, defs);
  if (m > 0) out.push_back(sum[m - 1]);  // at least m
  if (sum.size() > m) out.push_back(!sum[m]);  // not m + 1
}

std::vector<Expr> set_supports(const std::vector<Expr>& present, const std::vector<uint64_t>& sets,
                               const std::vector<Expr>& choices) {
  std::vector<Expr> out;
  if (sets.size() < 2) return out;
  for (std::size_t i = 0; i < present.size(); ++i) {
    std::vector<Expr> with{!present[i]}, without{present[i]};
    for (std::size_t j = 0; j < sets.size(); ++j) (sets[j] >> i & 1u ? with : without).push_back(choices[j]);
    out.push_back(mk_or(with));
    out.push_back(mk_or(without));
  }
  return out;
}

}  // namespace psmt
