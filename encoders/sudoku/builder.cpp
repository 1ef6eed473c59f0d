#include "builder.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include <fmt/format.h>

#include "io/error.h"

namespace psmt::sudoku {

F Builder::among(Cell c, const std::function<bool(int)>& ok) {
  std::vector<F> fs;
  for (int d = 1; d <= n(); ++d)
    if (ok(d)) fs.push_back(is(c, d));
  return any(fs);
}

FormulaBuilder::FormulaBuilder(Context& ctx, Mode mode, int n, const std::vector<Expr>& cells)
    : ctx_(ctx), mode_(mode), n_(n), cells_(cells) {}

F FormulaBuilder::wrap(const Expr& e) {
  exprs_.push_back(e);
  return F{static_cast<int>(exprs_.size() - 1)};
}

T FormulaBuilder::wrap_term(const z3::expr& e) {
  terms_.push_back(e);
  return T{static_cast<int>(terms_.size() - 1)};
}

Expr FormulaBuilder::lit(Cell c, int d) const {
  if (d < 1 || d > n_) return bool_val(false);
  if (mode_ == Mode::Int) return Expr(cell(c) == d);
  return cells_[(static_cast<std::size_t>(c.row) * n_ + c.col) * n_ + (d - 1)];
}

void FormulaBuilder::need_int(const char* what) const {
  if (mode_ != Mode::Int)
    throw InternalError(std::string("a family used the integer term ") + what + " in a Boolean encoding");
}

F FormulaBuilder::is(Cell c, int d) { return wrap(lit(c, d)); }
F FormulaBuilder::truth(bool b) { return wrap(bool_val(b)); }
F FormulaBuilder::negate(F f) { return wrap(!get(f)); }

F FormulaBuilder::all(const std::vector<F>& fs) {
  std::vector<Expr> v;
  for (F f : fs) v.push_back(get(f));
  return wrap(mk_and(v));
}

F FormulaBuilder::any(const std::vector<F>& fs) {
  std::vector<Expr> v;
  for (F f : fs) v.push_back(get(f));
  return wrap(mk_or(v));
}

F FormulaBuilder::pair(Cell a, Cell b, const std::function<bool(int, int)>& ok) {
  // Support clauses both ways: a = da needs a partner digit of b, and b = db
  // one of a (in the integer encoding over the atoms x = d).
  std::vector<Expr> parts;
  for (int da = 1; da <= n_; ++da) {
    std::vector<Expr> partners;
    for (int db = 1; db <= n_; ++db)
      if (ok(da, db)) partners.push_back(lit(b, db));
    parts.push_back(psmt::implies(lit(a, da), mk_or(partners)));
  }
  for (int db = 1; db <= n_; ++db) {
    std::vector<Expr> partners;
    for (int da = 1; da <= n_; ++da)
      if (ok(da, db)) partners.push_back(lit(a, da));
    parts.push_back(psmt::implies(lit(b, db), mk_or(partners)));
  }
  return wrap(mk_and(parts));
}

F FormulaBuilder::less(Cell a, Cell b) {
  if (mode_ == Mode::Int) return wrap(Expr(cell(a) < cell(b)));
  std::vector<Expr> parts;
  for (int d = 1; d <= n_; ++d) {
    std::vector<Expr> above, below;
    for (int e = d + 1; e <= n_; ++e) above.push_back(lit(b, e));
    for (int e = 1; e < d; ++e) below.push_back(lit(a, e));
    parts.push_back(psmt::implies(lit(a, d), mk_or(above)));
    parts.push_back(psmt::implies(lit(b, d), mk_or(below)));
  }
  return wrap(mk_and(parts));
}

F FormulaBuilder::distinct(const std::vector<Cell>& cells) {
  if (cells.size() < 2) return truth(true);
  if (mode_ == Mode::Int) {
    z3::expr_vector v(ctx_.z3());
    for (auto c : cells) v.push_back(cell(c));
    return wrap(Expr(z3::distinct(v)));
  }
  std::vector<Expr> parts;
  for (int d = 1; d <= n_; ++d) {
    if (mode_ == Mode::Onehot) {
      std::vector<Expr> ls;
      std::vector<int64_t> ones(cells.size(), 1);
      for (auto c : cells) ls.push_back(lit(c, d));
      parts.push_back(pble(ls, ones, 1));
    } else {
      for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j) parts.push_back(!lit(cells[i], d) || !lit(cells[j], d));
    }
  }
  return wrap(mk_and(parts));
}

const std::map<int, Expr>& FormulaBuilder::layer(const Key& prefix) {
  auto it = layers_.find(prefix);
  if (it != layers_.end()) return it->second;
  std::map<int, Expr> out;
  if (prefix.empty()) {
    out.emplace(0, bool_val(true));
    return layers_.emplace(prefix, out).first->second;
  }
  Key before(prefix.begin(), prefix.end() - 1);
  const std::map<int, Expr> prev = layer(before);  // copy: the map may rehash
  auto [r, c, a] = prefix.back();
  const Cell cell{r, c};
  // Names unique in the process: several encodings may share one context.
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  for (const auto& [u, su] : prev)
    for (int d = 1; d <= n_; ++d) {
      int w = u + a * d;
      if (!out.count(w)) out.emplace(w, ctx_.bool_const(fmt::format("sum!{}!{}", id, w)));
    }
  for (const auto& [u, su] : prev)
    for (int d = 1; d <= n_; ++d)  // forward: the partial sum after this term
      defs_.push_back(psmt::implies(su && lit(cell, d), out.at(u + a * d)));
  for (const auto& [w, sw] : out)
    for (int d = 1; d <= n_; ++d) {  // backward: only the real partial sum is true
      auto p = prev.find(w - a * d);
      defs_.push_back(p == prev.end() ? !(sw && lit(cell, d)) : psmt::implies(sw && lit(cell, d), p->second));
    }
  return layers_.emplace(prefix, std::move(out)).first->second;
}

F FormulaBuilder::sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.z3().int_val(0);
    for (const auto& [c, a] : terms) s = s + a * cell(c);
    return wrap(Expr(s == target));
  }
  if (mode_ == Mode::Onehot) {
    // a * digit = sum_d a*d*[d]; a negative a becomes sum_d a*(d-n)*[d] + a*n
    // (exactly one digit per cell), so every coefficient is >= 0.
    std::vector<Expr> ls;
    std::vector<int64_t> ws;
    long long rhs = target;
    for (const auto& [c, a] : terms)
      for (int d = 1; d <= n_; ++d) {
        long long w = a >= 0 ? static_cast<long long>(a) * d : static_cast<long long>(a) * (d - n_);
        if (w != 0) {
          ls.push_back(lit(c, d));
          ws.push_back(w);
        }
      }
    for (const auto& [c, a] : terms)
      if (a < 0) rhs -= static_cast<long long>(a) * n_;
    if (rhs < 0) return truth(false);
    if (ls.empty()) return truth(rhs == 0);
    return wrap(pbeq(ls, ws, rhs));
  }
  Key key;
  for (const auto& [c, a] : terms) key.emplace_back(c.row, c.col, a);
  const auto& last = layer(key);
  auto it = last.find(target);
  return wrap(it == last.end() ? bool_val(false) : it->second);
}

Expr FormulaBuilder::define(const Expr& e, const char* what) {
  static std::atomic<unsigned long long> counter{0};
  Expr v = ctx_.bool_const(fmt::format("{}!{}", what, counter++));
  defs_.push_back(v == e);
  return v;
}

F FormulaBuilder::sum_if_is(const std::vector<std::pair<F, Cell>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::context& z = ctx_.z3();
    z3::expr s = z.int_val(0);
    for (const auto& [cond, c] : terms) s = s + z3::ite(ctx_.to_z3(get(cond)), cell(c), z.int_val(0));
    return wrap(Expr(s == target));
  }
  std::vector<Expr> conds;
  for (const auto& [cond, c] : terms) conds.push_back(define(get(cond), "cond"));
  if (mode_ == Mode::Onehot) {
    std::vector<Expr> ls;
    std::vector<int64_t> ws;
    for (std::size_t k = 0; k < terms.size(); ++k)
      for (int d = 1; d <= n_; ++d) {
        ls.push_back(define(conds[k] && lit(terms[k].second, d), "cdig"));
        ws.push_back(d);
      }
    if (ls.empty()) return truth(target == 0);
    return wrap(pbeq(ls, ws, target));
  }
  // Pairwise: partial sums s[k][v] ("the first k terms add up to v") up to
  // the target, both ways: definitions, satisfiable in every grid (a sum past
  // the target simply has no variable), so that a clue left out (diagnose)
  // constrains nothing. The clue is the last layer's target and "no term
  // takes the sum past the target" (which once sat among the definitions:
  // a dropped sandwich or X-sum still forbade sums beyond its total).
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  std::vector<Expr> clue;
  std::map<int, Expr> prev;
  prev.emplace(0, bool_val(true));
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const Cell c = terms[k].second;
    const Expr& cond = conds[k];
    std::map<int, Expr> next;
    auto var = [&](int w) -> const Expr& {
      auto it = next.find(w);
      if (it == next.end()) it = next.emplace(w, ctx_.bool_const(fmt::format("csum!{}!{}!{}", id, k, w))).first;
      return it->second;
    };
    for (const auto& [u, su] : prev) {
      defs_.push_back(psmt::implies(su && !cond, var(u)));
      for (int d = 1; d <= n_; ++d) {
        if (u + d > target) clue.push_back(!(su && cond && lit(c, d)));  // digits are positive: never back
        else defs_.push_back(psmt::implies(su && cond && lit(c, d), var(u + d)));
      }
    }
    for (const auto& [w, sw] : next) {
      auto same = prev.find(w);
      defs_.push_back(same == prev.end() ? !(sw && !cond) : psmt::implies(sw && !cond, same->second));
      for (int d = 1; d <= n_; ++d) {
        auto p = prev.find(w - d);
        defs_.push_back(p == prev.end() ? !(sw && cond && lit(c, d)) : psmt::implies(sw && cond && lit(c, d), p->second));
      }
    }
    prev = std::move(next);
  }
  auto it = prev.find(target);
  clue.push_back(it == prev.end() ? bool_val(false) : it->second);
  return wrap(mk_and(clue));
}

F FormulaBuilder::count_at_least(const std::vector<Cell>& cells, int d, int k) {
  if (k <= 0) return truth(true);
  if (k > static_cast<int>(cells.size())) return truth(false);
  if (mode_ == Mode::Int) {
    z3::context& z = ctx_.z3();
    z3::expr s = z.int_val(0);
    for (auto c : cells) s = s + z3::ite(cell(c) == d, z.int_val(1), z.int_val(0));
    return wrap(Expr(s >= k));
  }
  std::vector<Expr> ls;
  for (auto c : cells) ls.push_back(lit(c, d));
  if (mode_ == Mode::Onehot) {
    std::vector<int64_t> ones(cells.size(), 1);
    return wrap(pbge(ls, ones, k));
  }
  // At least k of m: every m-k+1 of them hold one (m is small: a quadruple).
  const int m = static_cast<int>(cells.size()), size = m - k + 1;
  std::vector<Expr> clauses;
  for (int mask = 0; mask < (1 << m); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != size) continue;
    std::vector<Expr> cl;
    for (int i = 0; i < m; ++i)
      if (mask & (1 << i)) cl.push_back(ls[static_cast<std::size_t>(i)]);
    clauses.push_back(mk_or(cl));
  }
  return wrap(mk_and(clauses));
}

F FormulaBuilder::count_is(const std::vector<F>& conds, int k) {
  const int m = static_cast<int>(conds.size());
  if (k < 0 || k > m) return truth(false);
  if (mode_ == Mode::Int) {
    z3::context& z = ctx_.z3();
    z3::expr s = z.int_val(0);
    for (F f : conds) s = s + z3::ite(ctx_.to_z3(get(f)), z.int_val(1), z.int_val(0));
    return wrap(Expr(s == k));
  }
  std::vector<Expr> cs;
  for (F f : conds) cs.push_back(define(get(f), "ccond"));
  if (mode_ == Mode::Onehot) {
    std::vector<Expr> ls;
    for (const auto& c : cs) ls.push_back(c);
    std::vector<int64_t> ones(cs.size(), 1);
    if (cs.empty()) return truth(k == 0);
    return wrap(pbeq(ls, ones, k));
  }
  // Pairwise: partial counts p[i][v] ("v of the first i hold"), defined
  // both ways so that exactly one is true in each layer; "exactly k" is the
  // literal p[m][k].
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  std::vector<Expr> prev{bool_val(true)};
  for (int i = 0; i < m; ++i) {
    std::vector<Expr> next;
    for (int v = 0; v <= i + 1; ++v) next.push_back(ctx_.bool_const(fmt::format("ccount!{}!{}!{}", id, i, v)));
    const Expr& c = cs[static_cast<std::size_t>(i)];
    for (int v = 0; v <= i; ++v) {
      defs_.push_back(psmt::implies(prev[v] && !c, next[v]));
      defs_.push_back(psmt::implies(prev[v] && c, next[v + 1]));
    }
    for (int v = 0; v <= i + 1; ++v) {
      // next[v] comes from prev[v] without c, or from prev[v-1] with c.
      std::vector<Expr> from;
      if (v <= i) from.push_back(prev[v] && !c);
      if (v >= 1) from.push_back(prev[v - 1] && c);
      defs_.push_back(psmt::implies(next[v], mk_or(from)));
    }
    prev = std::move(next);
  }
  return wrap(prev[static_cast<std::size_t>(k)]);
}

T FormulaBuilder::value(Cell c) {
  need_int("value");
  return wrap_term(cell(c));
}
T FormulaBuilder::num(int v) {
  need_int("num");
  return wrap_term(ctx_.z3().int_val(v));
}
T FormulaBuilder::add(const std::vector<T>& ts) {
  need_int("add");
  z3::expr s = ctx_.z3().int_val(0);
  for (T t : ts) s = s + term(t);
  return wrap_term(s);
}
T FormulaBuilder::scale(int k, T t) {
  need_int("scale");
  return wrap_term(k * term(t));
}
T FormulaBuilder::ite(F cond, T a, T b) {
  need_int("ite");
  return wrap_term(z3::ite(ctx_.to_z3(get(cond)), term(a), term(b)));
}
F FormulaBuilder::eq(T a, T b) {
  need_int("eq");
  return wrap(Expr(term(a) == term(b)));
}
F FormulaBuilder::le(T a, T b) {
  need_int("le");
  return wrap(Expr(term(a) <= term(b)));
}
F FormulaBuilder::lt(T a, T b) {
  need_int("lt");
  return wrap(Expr(term(a) < term(b)));
}

}  // namespace psmt::sudoku
