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

Z3Builder::Z3Builder(z3::context& ctx, Mode mode, int n, const std::vector<z3::expr>& cells)
    : ctx_(ctx), mode_(mode), n_(n), cells_(cells) {}

F Z3Builder::wrap(const z3::expr& e) {
  exprs_.push_back(e);
  return F{static_cast<int>(exprs_.size() - 1)};
}

T Z3Builder::wrap_term(const z3::expr& e) {
  terms_.push_back(e);
  return T{static_cast<int>(terms_.size() - 1)};
}

z3::expr Z3Builder::lit(Cell c, int d) const {
  if (d < 1 || d > n_) return ctx_.bool_val(false);
  if (mode_ == Mode::Int) return cells_[static_cast<std::size_t>(c.row) * n_ + c.col] == d;
  return cells_[(static_cast<std::size_t>(c.row) * n_ + c.col) * n_ + (d - 1)];
}

void Z3Builder::need_int(const char* what) const {
  if (mode_ != Mode::Int)
    throw InternalError(std::string("a family used the integer term ") + what + " in a Boolean encoding");
}

F Z3Builder::is(Cell c, int d) { return wrap(lit(c, d)); }
F Z3Builder::truth(bool b) { return wrap(ctx_.bool_val(b)); }
F Z3Builder::negate(F f) { return wrap(!get(f)); }

F Z3Builder::all(const std::vector<F>& fs) {
  z3::expr_vector v(ctx_);
  for (F f : fs) v.push_back(get(f));
  return wrap(z3::mk_and(v));
}

F Z3Builder::any(const std::vector<F>& fs) {
  z3::expr_vector v(ctx_);
  for (F f : fs) v.push_back(get(f));
  return wrap(z3::mk_or(v));
}

F Z3Builder::pair(Cell a, Cell b, const std::function<bool(int, int)>& ok) {
  // Support clauses both ways: a = da needs a partner digit of b, and b = db
  // one of a (in the integer encoding over the atoms x = d).
  z3::expr_vector parts(ctx_);
  for (int da = 1; da <= n_; ++da) {
    z3::expr_vector partners(ctx_);
    for (int db = 1; db <= n_; ++db)
      if (ok(da, db)) partners.push_back(lit(b, db));
    parts.push_back(z3::implies(lit(a, da), z3::mk_or(partners)));
  }
  for (int db = 1; db <= n_; ++db) {
    z3::expr_vector partners(ctx_);
    for (int da = 1; da <= n_; ++da)
      if (ok(da, db)) partners.push_back(lit(a, da));
    parts.push_back(z3::implies(lit(b, db), z3::mk_or(partners)));
  }
  return wrap(z3::mk_and(parts));
}

F Z3Builder::less(Cell a, Cell b) {
  if (mode_ == Mode::Int) return wrap(cells_[a.row * n_ + a.col] < cells_[b.row * n_ + b.col]);
  z3::expr_vector parts(ctx_);
  for (int d = 1; d <= n_; ++d) {
    z3::expr_vector above(ctx_), below(ctx_);
    for (int e = d + 1; e <= n_; ++e) above.push_back(lit(b, e));
    for (int e = 1; e < d; ++e) below.push_back(lit(a, e));
    parts.push_back(z3::implies(lit(a, d), z3::mk_or(above)));
    parts.push_back(z3::implies(lit(b, d), z3::mk_or(below)));
  }
  return wrap(z3::mk_and(parts));
}

F Z3Builder::distinct(const std::vector<Cell>& cells) {
  if (cells.size() < 2) return truth(true);
  if (mode_ == Mode::Int) {
    z3::expr_vector v(ctx_);
    for (auto c : cells) v.push_back(cells_[c.row * n_ + c.col]);
    return wrap(z3::distinct(v));
  }
  z3::expr_vector parts(ctx_);
  for (int d = 1; d <= n_; ++d) {
    if (mode_ == Mode::Onehot) {
      z3::expr_vector ls(ctx_);
      std::vector<int> ones(cells.size(), 1);
      for (auto c : cells) ls.push_back(lit(c, d));
      parts.push_back(z3::pble(ls, ones.data(), 1));
    } else {
      for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j) parts.push_back(!lit(cells[i], d) || !lit(cells[j], d));
    }
  }
  return wrap(z3::mk_and(parts));
}

const std::map<int, z3::expr>& Z3Builder::layer(const Key& prefix) {
  auto it = layers_.find(prefix);
  if (it != layers_.end()) return it->second;
  std::map<int, z3::expr> out;
  if (prefix.empty()) {
    out.emplace(0, ctx_.bool_val(true));
    return layers_.emplace(prefix, out).first->second;
  }
  Key before(prefix.begin(), prefix.end() - 1);
  const std::map<int, z3::expr> prev = layer(before);  // copy: the map may rehash
  auto [r, c, a] = prefix.back();
  const Cell cell{r, c};
  // Names unique in the process: several encodings may share one context.
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  for (const auto& [u, su] : prev)
    for (int d = 1; d <= n_; ++d) {
      int w = u + a * d;
      if (!out.count(w)) out.emplace(w, ctx_.bool_const(fmt::format("sum!{}!{}", id, w).c_str()));
    }
  for (const auto& [u, su] : prev)
    for (int d = 1; d <= n_; ++d)  // forward: the partial sum after this term
      defs_.push_back(z3::implies(su && lit(cell, d), out.at(u + a * d)));
  for (const auto& [w, sw] : out)
    for (int d = 1; d <= n_; ++d) {  // backward: only the real partial sum is true
      auto p = prev.find(w - a * d);
      defs_.push_back(p == prev.end() ? !(sw && lit(cell, d)) : z3::implies(sw && lit(cell, d), p->second));
    }
  return layers_.emplace(prefix, std::move(out)).first->second;
}

F Z3Builder::sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.int_val(0);
    for (const auto& [c, a] : terms) s = s + a * cells_[c.row * n_ + c.col];
    return wrap(s == target);
  }
  if (mode_ == Mode::Onehot) {
    // a * digit = sum_d a*d*[d]; a negative a becomes sum_d a*(d-n)*[d] + a*n
    // (exactly one digit per cell), so every coefficient is >= 0.
    z3::expr_vector ls(ctx_);
    std::vector<int> ws;
    long long rhs = target;
    for (const auto& [c, a] : terms)
      for (int d = 1; d <= n_; ++d) {
        long long w = a >= 0 ? static_cast<long long>(a) * d : static_cast<long long>(a) * (d - n_);
        if (w != 0) {
          ls.push_back(lit(c, d));
          ws.push_back(static_cast<int>(w));
        }
      }
    for (const auto& [c, a] : terms)
      if (a < 0) rhs -= static_cast<long long>(a) * n_;
    if (rhs < 0) return truth(false);
    if (ls.empty()) return truth(rhs == 0);
    return wrap(z3::pbeq(ls, ws.data(), static_cast<int>(rhs)));
  }
  Key key;
  for (const auto& [c, a] : terms) key.emplace_back(c.row, c.col, a);
  const auto& last = layer(key);
  auto it = last.find(target);
  return wrap(it == last.end() ? ctx_.bool_val(false) : it->second);
}

z3::expr Z3Builder::define(const z3::expr& e, const char* what) {
  static std::atomic<unsigned long long> counter{0};
  z3::expr v = ctx_.bool_const(fmt::format("{}!{}", what, counter++).c_str());
  defs_.push_back(v == e);
  return v;
}

F Z3Builder::sum_if_is(const std::vector<std::pair<F, Cell>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.int_val(0);
    for (const auto& [cond, c] : terms) s = s + z3::ite(get(cond), cells_[c.row * n_ + c.col], ctx_.int_val(0));
    return wrap(s == target);
  }
  std::vector<z3::expr> conds;
  for (const auto& [cond, c] : terms) conds.push_back(define(get(cond), "cond"));
  if (mode_ == Mode::Onehot) {
    z3::expr_vector ls(ctx_);
    std::vector<int> ws;
    for (std::size_t k = 0; k < terms.size(); ++k)
      for (int d = 1; d <= n_; ++d) {
        ls.push_back(define(conds[k] && lit(terms[k].second, d), "cdig"));
        ws.push_back(d);
      }
    if (ls.empty()) return truth(target == 0);
    return wrap(z3::pbeq(ls, ws.data(), target));
  }
  // Pairwise: partial sums s[k][v] ("the first k terms add up to v") up to
  // the target, both ways: definitions, satisfiable in every grid (a sum past
  // the target simply has no variable), so that a clue left out (diagnose)
  // constrains nothing. The clue is the last layer's target and "no term
  // takes the sum past the target" (which once sat among the definitions:
  // a dropped sandwich or X-sum still forbade sums beyond its total).
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  z3::expr_vector clue(ctx_);
  std::map<int, z3::expr> prev;
  prev.emplace(0, ctx_.bool_val(true));
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const Cell c = terms[k].second;
    const z3::expr& cond = conds[k];
    std::map<int, z3::expr> next;
    auto var = [&](int w) -> const z3::expr& {
      auto it = next.find(w);
      if (it == next.end()) it = next.emplace(w, ctx_.bool_const(fmt::format("csum!{}!{}!{}", id, k, w).c_str())).first;
      return it->second;
    };
    for (const auto& [u, su] : prev) {
      defs_.push_back(z3::implies(su && !cond, var(u)));
      for (int d = 1; d <= n_; ++d) {
        if (u + d > target) clue.push_back(!(su && cond && lit(c, d)));  // digits are positive: never back
        else defs_.push_back(z3::implies(su && cond && lit(c, d), var(u + d)));
      }
    }
    for (const auto& [w, sw] : next) {
      auto same = prev.find(w);
      defs_.push_back(same == prev.end() ? !(sw && !cond) : z3::implies(sw && !cond, same->second));
      for (int d = 1; d <= n_; ++d) {
        auto p = prev.find(w - d);
        defs_.push_back(p == prev.end() ? !(sw && cond && lit(c, d)) : z3::implies(sw && cond && lit(c, d), p->second));
      }
    }
    prev = std::move(next);
  }
  auto it = prev.find(target);
  clue.push_back(it == prev.end() ? ctx_.bool_val(false) : it->second);
  return wrap(z3::mk_and(clue));
}

F Z3Builder::count_at_least(const std::vector<Cell>& cells, int d, int k) {
  if (k <= 0) return truth(true);
  if (k > static_cast<int>(cells.size())) return truth(false);
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.int_val(0);
    for (auto c : cells) s = s + z3::ite(lit(c, d), ctx_.int_val(1), ctx_.int_val(0));
    return wrap(s >= k);
  }
  z3::expr_vector ls(ctx_);
  for (auto c : cells) ls.push_back(lit(c, d));
  if (mode_ == Mode::Onehot) {
    std::vector<int> ones(cells.size(), 1);
    return wrap(z3::pbge(ls, ones.data(), k));
  }
  // At least k of m: every m-k+1 of them hold one (m is small: a quadruple).
  const int m = static_cast<int>(cells.size()), size = m - k + 1;
  z3::expr_vector clauses(ctx_);
  for (int mask = 0; mask < (1 << m); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != size) continue;
    z3::expr_vector cl(ctx_);
    for (int i = 0; i < m; ++i)
      if (mask & (1 << i)) cl.push_back(ls[static_cast<unsigned>(i)]);
    clauses.push_back(z3::mk_or(cl));
  }
  return wrap(z3::mk_and(clauses));
}

F Z3Builder::count_is(const std::vector<F>& conds, int k) {
  const int m = static_cast<int>(conds.size());
  if (k < 0 || k > m) return truth(false);
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.int_val(0);
    for (F f : conds) s = s + z3::ite(get(f), ctx_.int_val(1), ctx_.int_val(0));
    return wrap(s == k);
  }
  std::vector<z3::expr> cs;
  for (F f : conds) cs.push_back(define(get(f), "ccond"));
  if (mode_ == Mode::Onehot) {
    z3::expr_vector ls(ctx_);
    for (const auto& c : cs) ls.push_back(c);
    std::vector<int> ones(cs.size(), 1);
    if (cs.empty()) return truth(k == 0);
    return wrap(z3::pbeq(ls, ones.data(), k));
  }
  // Pairwise: partial counts p[i][v] ("v of the first i hold"), defined
  // both ways so that exactly one is true in each layer; "exactly k" is the
  // literal p[m][k].
  static std::atomic<unsigned long long> counter{0};
  const unsigned long long id = counter++;
  std::vector<z3::expr> prev{ctx_.bool_val(true)};
  for (int i = 0; i < m; ++i) {
    std::vector<z3::expr> next;
    for (int v = 0; v <= i + 1; ++v) next.push_back(ctx_.bool_const(fmt::format("ccount!{}!{}!{}", id, i, v).c_str()));
    const z3::expr& c = cs[static_cast<std::size_t>(i)];
    for (int v = 0; v <= i; ++v) {
      defs_.push_back(z3::implies(prev[v] && !c, next[v]));
      defs_.push_back(z3::implies(prev[v] && c, next[v + 1]));
    }
    for (int v = 0; v <= i + 1; ++v) {
      // next[v] comes from prev[v] without c, or from prev[v-1] with c.
      z3::expr_vector from(ctx_);
      if (v <= i) from.push_back(prev[v] && !c);
      if (v >= 1) from.push_back(prev[v - 1] && c);
      defs_.push_back(z3::implies(next[v], z3::mk_or(from)));
    }
    prev = std::move(next);
  }
  return wrap(prev[static_cast<std::size_t>(k)]);
}

T Z3Builder::value(Cell c) {
  need_int("value");
  return wrap_term(cells_[c.row * n_ + c.col]);
}
T Z3Builder::num(int v) {
  need_int("num");
  return wrap_term(ctx_.int_val(v));
}
T Z3Builder::add(const std::vector<T>& ts) {
  need_int("add");
  z3::expr s = ctx_.int_val(0);
  for (T t : ts) s = s + term(t);
  return wrap_term(s);
}
T Z3Builder::scale(int k, T t) {
  need_int("scale");
  return wrap_term(k * term(t));
}
T Z3Builder::ite(F cond, T a, T b) {
  need_int("ite");
  return wrap_term(z3::ite(get(cond), term(a), term(b)));
}
F Z3Builder::eq(T a, T b) {
  need_int("eq");
  return wrap(term(a) == term(b));
}
F Z3Builder::le(T a, T b) {
  need_int("le");
  return wrap(term(a) <= term(b));
}
F Z3Builder::lt(T a, T b) {
  need_int("lt");
  return wrap(term(a) < term(b));
}

}  // namespace psmt::sudoku
