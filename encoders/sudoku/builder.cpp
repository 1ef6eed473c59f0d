#include "builder.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"

namespace psmt::sudoku {

F Builder::among(Cell c, const std::function<bool(int)>& ok) {
  std::vector<F> fs;
  for (int d = 1; d <= n(); ++d)
    if (ok(d)) fs.push_back(is(c, d));
  return any(fs);
}

F FormulaBuilder::among(Cell c, const std::function<bool(int)>& ok) {
  if (mode_ == Mode::Int) return Builder::among(c, ok);
  uint64_t mask = 0;
  int size = 0;
  for (int d = 1; d <= n_; ++d)
    if (ok(d)) {
      mask |= uint64_t{1} << (d - 1);
      size++;
    }
  if (size == 0 || size == n_) return truth(size == n_);
  if (size == 1 || size == n_ - 1) {  // one literal, or its negation
    for (int d = 1; d <= n_; ++d)
      if (((mask >> (d - 1)) & 1) == (size == 1 ? 1u : 0u)) return wrap(size == 1 ? lit(c, d) : !lit(c, d));
  }
  const uint64_t key = ((static_cast<uint64_t>(c.row) * static_cast<uint64_t>(n_) + static_cast<uint64_t>(c.col)) << 36) | mask;
  auto it = among_.find(key);
  if (it != among_.end()) return it->second;
  // A fresh literal t tied to every digit of the cell: a digit of the set
  // implies t, any other digit implies not t. Given the cell's exactly-one,
  // t is "c holds one of them", and unit propagation goes both ways: t
  // excludes the other digits at once (a clause of the set's digits would
  // wait until all but one are excluded). "Renban Skyscrapers": 919 -> 152
  // conflicts (mean over 24 shuffles of its clauses), check 19.7 -> 9.6 ms.
  Expr t = ctx_.fresh_bool("among");
  if (naming_rules()) {
    // explain: t defined by the set's digits alone, so that the definition
    // says nothing of the cell's other digits ("c holds one digit" is a
    // rule that a step cites).
    std::vector<Expr> in;
    for (int d = 1; d <= n_; ++d)
      if ((mask >> (d - 1)) & 1) in.push_back(lit(c, d));
    defs_.push_back(t == mk_or(in));
  } else {
    for (int d = 1; d <= n_; ++d) defs_.push_back((mask >> (d - 1)) & 1 ? (!lit(c, d) || t) : (!lit(c, d) || !t));
  }
  F f = wrap(t);
  among_.emplace(key, f);
  return f;
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
  std::vector<Expr> parts;
  // Few forbidden pairs (no more than the 2n support clauses below; "not
  // consecutive", "no X or V"): one clause of two literals per forbidden pair
  // (every sudoku in puzzles/ in one batch: median 4.1 -> 3.85 ms).
  std::vector<std::pair<int, int>> forbidden;
  for (int da = 1; da <= n_; ++da)
    for (int db = 1; db <= n_; ++db)
      if (!ok(da, db)) forbidden.push_back({da, db});
  if (static_cast<int>(forbidden.size()) <= 2 * n_) {
    for (auto [da, db] : forbidden) parts.push_back(!lit(a, da) || !lit(b, db));
    return wrap(mk_and(parts));
  }
  // Else support clauses both ways: a = da needs a partner digit of b, and
  // b = db one of a (in the integer encoding over the atoms x = d).
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
      std::vector<Expr> ls;
      for (auto c : cells) ls.push_back(lit(c, d));
      parts.push_back(at_most_one_pairwise(ls));  // a clause per pair, one formula
    }
  }
  return wrap(mk_and(parts));
}

F FormulaBuilder::sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::expr s = ctx_.z3().int_val(0);
    for (const auto& [c, a] : terms) s = s + a * cell(c);
    return wrap(Expr(s == target));
  }
  std::vector<Expr> ls;
  std::vector<int64_t> ws;
  long long rhs = target;
  digit_terms(terms, ls, ws, rhs);
  if (rhs < 0) return truth(false);
  if (ls.empty()) return truth(rhs == 0);
  return wrap(pbeq(ls, ws, rhs));
}

// a * digit = sum_d a*d*[d]; a negative a becomes sum_d a*(d-n-1)*[d] +
// a*(n+1) (exactly one digit per cell), so every coefficient is > 0.
void FormulaBuilder::digit_terms(const std::vector<std::pair<Cell, int>>& terms, std::vector<Expr>& ls,
                                 std::vector<int64_t>& ws, long long& rhs) const {
  for (const auto& [c, a] : terms)
    for (int d = 1; d <= n_; ++d) {
      // A negative coefficient a: a * digit = a * (digit - n - 1) + a * (n + 1),
      // every weight positive. (With a * (digit - n) the digit n weighed 0
      // and was left out, so the clause builder no longer saw the cell's
      // digits as one exactly-one group and wrote the sum over the single
      // literals, which bounds nothing before search: an arrow's circle over
      // three cells kept its 1, 2 and 3. Orbit 35.6 -> 26.7 ms.)
      long long w = a >= 0 ? static_cast<long long>(a) * d : static_cast<long long>(a) * (d - n_ - 1);
      if (w != 0) {
        ls.push_back(lit(c, d));
        ws.push_back(w);
      }
    }
  for (const auto& [c, a] : terms)
    if (a < 0) rhs -= static_cast<long long>(a) * (n_ + 1);
}

F FormulaBuilder::distinct_sum_is(const std::vector<Cell>& cells, int target, bool cage) {
  std::vector<F> parts;
  if (cage) parts.push_back(distinct(cells));
  if (mode_ == Mode::Int) {
    std::vector<std::pair<Cell, int>> terms;
    for (auto c : cells) terms.push_back({c, 1});
    parts.push_back(sum_is(terms, target));
    return all(parts);
  }
  // The sets of k different digits 1..n with this total (bit d-1 = digit d).
  // Beyond kMaxSets (a long cage on a large grid), a pseudo-Boolean sum.
  constexpr std::size_t kMaxSets = 1000;
  const int k = static_cast<int>(cells.size());
  std::vector<uint64_t> sets;
  bool too_many = false;
  std::function<void(int, int, int, uint64_t)> pick = [&](int from, int left, int rest, uint64_t set) {
    if (too_many) return;
    if (left == 0) {
      if (rest == 0) sets.push_back(set);
      too_many = sets.size() > kMaxSets;
      return;
    }
    // The smallest and largest totals of `left` digits from `from`..n.
    const int lo = left * (2 * from + left - 1) / 2, hi = left * (2 * n_ - left + 1) / 2;
    if (rest < lo || rest > hi) return;
    for (int d = from; d <= n_ && d <= rest; ++d) pick(d + 1, left - 1, rest - d, set | (uint64_t{1} << (d - 1)));
  };
  if (k <= n_ && n_ <= 64) pick(1, k, target, 0);
  if (too_many) {
    std::vector<std::pair<Cell, int>> terms;
    for (auto c : cells) terms.push_back({c, 1});
    parts.push_back(sum_is(terms, target));
    return all(parts);
  }
  if (sets.empty()) return truth(false);
  std::vector<Expr> present;
  for (int d = 1; d <= n_; ++d) present.push_back(this->present(cells, d));
  // One set is exactly the digits present; with k different digits in k
  // cells that is the same as the total.
  std::vector<Expr> choices;
  for (uint64_t set : sets) choices.push_back(set_literal(present, set));
  parts.push_back(wrap(mk_or(choices)));
  // A cage's supports (Builder::distinct_sum_is): digit d present only if
  // one of the sets with d is, absent only if one without d is.
  if (cage)
    for (const Expr& c : set_supports(present, sets, choices)) parts.push_back(wrap(c));
  return all(parts);
}

// The literals "these k cells (different digits) hold a set with total t",
// t from the least to the largest total of k digits: every set of k digits
// defined once, total t the sets with that sum; and per digit "present only
// if a remaining set holds it, absent only if one lacks it" (as a cage's,
// distinct_sum_is), which holds whatever the total: exactly one set is the
// cells' own.
std::vector<Expr> FormulaBuilder::sets_by_total(const std::vector<Cell>& cells) {
  const int k = static_cast<int>(cells.size()), lo = k * (k + 1) / 2;
  std::vector<Expr> present;
  for (int d = 1; d <= n_; ++d) present.push_back(this->present(cells, d));
  std::vector<std::vector<Expr>> of_total(static_cast<std::size_t>(k * (n_ - k) + 1));
  std::vector<uint64_t> sets;
  std::vector<Expr> choices;
  for (uint32_t set = 0; set < (1u << n_); ++set) {
    if (__builtin_popcount(set) != static_cast<unsigned>(k)) continue;
    int sum = 0;
    for (int d = 1; d <= n_; ++d) sum += set >> (d - 1) & 1u ? d : 0;
    Expr choice = set_literal(present, set);
    of_total[static_cast<std::size_t>(sum - lo)].push_back(choice);
    sets.push_back(set);
    choices.push_back(choice);
  }
  std::vector<Expr> total;
  for (auto& c : of_total) total.push_back(define(mk_or(c), "total"));
  // The supports hold in every grid whose groups hold different digits: a
  // rule that explain's steps cite, not a definition.
  if (!naming_rules())
    for (const Expr& c : set_supports(present, sets, choices)) defs_.push_back(c);
  return total;
}

// A group's total literals (index t - the least total): exactly one holds.
const std::vector<Expr>& FormulaBuilder::group_totals(const std::vector<Cell>& grp) {
  std::vector<Cell> key = grp;
  std::sort(key.begin(), key.end());
  auto it = totals_.find(key);
  if (it != totals_.end()) return it->second;
  const int k = static_cast<int>(grp.size());
  const int lo = k * (k + 1) / 2, hi = k * (2 * n_ - k + 1) / 2;
  // total[t] == "the group holds a set of digits with total t": one of
  // them is true in every grid (the group's digits differ), a rule. Every
  // set defined once, with the digits' supports, where there are at most
  // 200 sets (every group of a 9x9, at most 126): the published variants
  // 166.5 -> 161.3 ms in all, Orbit 30.4 -> 25.9 ms. (The same literals for
  // the conditional sums of distinct_sum_is, an arrow's under its circle,
  // a line's segments: 163 -> 210 ms, Tiny Scar 4.7 -> 34 ms.)
  std::vector<Expr> total;
  long long sets = 1;  // n choose k
  for (int j = 0; j < k; ++j) sets = sets * (n_ - j) / (j + 1);
  if (k <= n_ && sets <= 200) {
    total = sets_by_total(grp);
  } else {
    for (int t = lo; t <= hi; ++t) total.push_back(define(get(distinct_sum_is(grp, t, false)), "total"));
  }
  if (!naming_rules()) {  // (the same: a consequence of the rules, which explain cites)
    defs_.push_back(mk_or(total));
    for (std::size_t i = 0; i < total.size(); ++i)
      for (std::size_t j = i + 1; j < total.size(); ++j) defs_.push_back(!total[i] || !total[j]);
  }
  return totals_.emplace(key, std::move(total)).first->second;
}

// "Digit d is in these cells", one literal per sorted cell list and digit.
Expr FormulaBuilder::present(const std::vector<Cell>& cells, int d) {
  std::vector<Cell> key = cells;
  std::sort(key.begin(), key.end());
  auto it = present_.find({key, d});
  if (it == present_.end()) {
    std::vector<Expr> ls;
    for (auto c : cells) ls.push_back(lit(c, d));
    it = present_.emplace(std::make_pair(key, d), define(mk_or(ls), "has")).first;
  }
  return it->second;
}

void FormulaBuilder::cage_in_house(const std::vector<Cell>& cage, const std::vector<Cell>& rest) {
  // A consequence of the house's rule; explain cites the rule instead.
  if (mode_ == Mode::Int || naming_rules()) return;
  for (int d = 1; d <= n_; ++d) {
    const Expr p = present(cage, d);
    for (auto c : rest) defs_.push_back(!p || !lit(c, d));
  }
}

// A defined literal "exactly the literals of ls in `set` (bit i: ls[i]) are true".
Expr FormulaBuilder::set_literal(const std::vector<Expr>& ls, uint64_t set) {
  std::vector<Expr> in;
  for (std::size_t i = 0; i < ls.size(); ++i) in.push_back(set >> i & 1u ? ls[i] : !ls[i]);
  return define(mk_and(in), "set");
}

Expr FormulaBuilder::define(const Expr& e, const char* what) {
  Expr v = ctx_.fresh_bool(what);
  defs_.push_back(v == e);
  return v;
}

F FormulaBuilder::grouped_sum_is(const std::vector<std::vector<Cell>>& groups,
                                 const std::vector<std::pair<Cell, int>>& extra, int target) {
  std::vector<std::pair<Cell, int>> terms = extra;
  std::vector<const std::vector<Cell>*> big;
  for (const auto& grp : groups) {
    if (grp.size() == 1 || mode_ == Mode::Int) {
      for (auto c : grp) terms.push_back({c, 1});
    } else if (!grp.empty()) {
      big.push_back(&grp);
    }
  }
  if (big.empty()) return sum_is(terms, target);
  // The extra terms as in sum_is (nonnegative weights through exactly-one).
  std::vector<Expr> ls;
  std::vector<int64_t> ws;
  long long rhs = target;
  digit_terms(terms, ls, ws, rhs);
  for (const auto* grp : big) {
    const int k = static_cast<int>(grp->size());
    const int lo = k * (k + 1) / 2, hi = k * (2 * n_ - k + 1) / 2;
    const std::vector<Expr>& totals = group_totals(*grp);
    if (big.size() == 1 && terms.empty())  // one group: its total's literal
      return wrap(target < lo || target > hi ? bool_val(false) : totals[static_cast<std::size_t>(target - lo)]);
    for (int t = lo; t <= hi; ++t) {
      ls.push_back(totals[static_cast<std::size_t>(t - lo)]);
      ws.push_back(t);
    }
  }
  if (rhs < 0) return truth(false);
  return wrap(pbeq(ls, ws, rhs));
}

// "The true literals of ls are one of the sets whose weights sum to rhs",
// each set a defined literal, with per literal "true only if a remaining set
// has it, false only if one lacks it" (set_supports), so that unit
// propagation strikes what no set allows; nothing (the caller's
// pseudo-Boolean sum) past 12 literals or 64 sets.
std::optional<F> FormulaBuilder::one_of_sets(const std::vector<Expr>& ls, const std::vector<int64_t>& ws, long long rhs) {
  if (ls.size() > 12) return std::nullopt;
  std::vector<uint64_t> sets;
  for (uint64_t m = 0; m < (uint64_t{1} << ls.size()) && sets.size() <= 64; ++m) {
    long long t = 0;
    for (std::size_t i = 0; i < ls.size(); ++i)
      if (m >> i & 1u) t += ws[i];
    if (t == rhs) sets.push_back(m);
  }
  if (sets.size() > 64) return std::nullopt;
  if (sets.empty()) return truth(false);
  std::vector<Expr> choices;
  for (uint64_t m : sets) choices.push_back(set_literal(ls, m));
  std::vector<Expr> parts{mk_or(choices)};
  for (const Expr& c : set_supports(ls, sets, choices)) parts.push_back(c);
  return wrap(mk_and(parts));
}

F FormulaBuilder::weighted_count_is(const std::vector<std::pair<F, int>>& terms, int target) {
  if (mode_ == Mode::Int) {
    z3::context& z = ctx_.z3();
    z3::expr s = z.int_val(0);
    for (const auto& [cond, w] : terms) s = s + z3::ite(ctx_.to_z3(get(cond)), z.int_val(w), z.int_val(0));
    return wrap(Expr(s == target));
  }
  std::vector<Expr> ls;
  std::vector<int64_t> ws;
  long long rhs = target;
  for (const auto& [cond, w] : terms) {
    if (w == 0) continue;
    Expr v = define(get(cond), "cond");
    // A negative weight w counts as -w for "not cond", minus -w.
    ls.push_back(w > 0 ? v : !v);
    ws.push_back(w > 0 ? w : -static_cast<int64_t>(w));
    if (w < 0) rhs -= w;
  }
  if (rhs < 0) return truth(false);
  if (ls.empty()) return truth(rhs == 0);
  // Few conditions (a sandwich's digits 2..8 between the 1 and the 9): one
  // of the sets with the total (one_of_sets). CtC's "Sandwich Sudoku"
  // 26,705 -> 24,244 clauses and 5,185 -> 3,163 variables against the
  // pseudo-Boolean sum, 4.24 -> 3.56 ms in batch (medians of 9); "MiniMax
  // Sandwich" 3.53 -> 3.18 ms.
  if (auto f = one_of_sets(ls, ws, rhs)) return *f;
  return wrap(pbeq(ls, ws, rhs));
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
  // A pseudo-Boolean equality in both Boolean encodings (on CaDiCaL the
  // clause builder's counter; a chain of partial counts here took twice as
  // long on "Renban Skyscrapers" and 3x on "Differences Count, part 2").
  if (cs.empty()) return truth(k == 0);
  std::vector<int64_t> ones(cs.size(), 1);
  return wrap(pbeq(cs, ones, k));
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
