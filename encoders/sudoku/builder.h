// The Builder of family.h over the engine's formulas (engine/expr.h), for
// the three sudoku encodings: native ones in the two Boolean encodings (no
// Z3 context is needed), Z3 terms in the integer one.
//
// Cells are one-hot Booleans (b[cell][digit]) in the Boolean encodings and
// one Int each in the integer encoding. Formulas are kept in a table and
// handed out as indices. Definitions of auxiliary variables (the partial sums
// of sum_is in the pairwise encoding) are collected in `definitions`: they
// constrain only fresh variables and are satisfiable for every grid, so the
// encoder asserts them as rules (never blamed), and a clue is a single
// literal of them.
//
// Sums:
//   pairwise  partial-sum variables s[i][v] ("the first i terms sum to v"),
//             with clauses both ways (s[i-1][u] & digit d -> s[i][u+a*d] and
//             s[i][w] & digit d -> s[i-1][w-a*d]), so exactly one s[i][v] is
//             true in each layer and "the sum is t" is the literal s[k][t].
//             Layers are shared between term lists with a common prefix.
//   onehot    one pseudo-Boolean equality over the digit literals, with
//             negative coefficients rewritten through exactly-one per cell.
//   int       a linear equation.
#pragma once

#include <map>
#include <tuple>
#include <vector>

#include "engine/expr.h"

#include "family.h"

namespace psmt::sudoku {

class FormulaBuilder : public Builder {
 public:
  // `cells`: Mode::Int: n*n Int variables; else n*n*n Bool literals
  // (index (r*n + c)*n + d-1). Borrowed: the caller keeps them alive (a
  // batch reuses one puzzle's variables for the next, without copies).
  FormulaBuilder(Context& ctx, Mode mode, int n, const std::vector<Expr>& cells);

  Mode mode() const override { return mode_; }
  int n() const override { return n_; }

  F is(Cell c, int d) override;
  F truth(bool b) override;
  F negate(F f) override;
  F all(const std::vector<F>& fs) override;
  F any(const std::vector<F>& fs) override;
  F pair(Cell a, Cell b, const std::function<bool(int, int)>& ok) override;
  F less(Cell a, Cell b) override;
  F distinct(const std::vector<Cell>& cells) override;
  F sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) override;
  F sum_if_is(const std::vector<std::pair<F, Cell>>& terms, int target) override;
  F count_at_least(const std::vector<Cell>& cells, int d, int k) override;
  F count_is(const std::vector<F>& conds, int k) override;

  T value(Cell c) override;
  T num(int v) override;
  T add(const std::vector<T>& ts) override;
  T scale(int k, T t) override;
  T ite(F cond, T a, T b) override;
  F eq(T a, T b) override;
  F le(T a, T b) override;
  F lt(T a, T b) override;

  Expr get(F f) const { return exprs_.at(static_cast<std::size_t>(f.id)); }
  F wrap(const Expr& e);
  // Definitions of auxiliary variables, to assert as rules.
  const std::vector<Expr>& definitions() const { return defs_; }

 private:
  Expr lit(Cell c, int d) const;
  // A cell's Int variable (Mode::Int).
  z3::expr cell(Cell c) const { return cells_[static_cast<std::size_t>(c.row) * n_ + c.col].z3(); }
  z3::expr term(T t) const { return terms_.at(static_cast<std::size_t>(t.id)); }
  T wrap_term(const z3::expr& e);
  // A fresh Bool defined equal to `e` (the definition goes to defs_).
  Expr define(const Expr& e, const char* what);
  void need_int(const char* what) const;
  // Pairwise sums: the layer after the given prefix of terms.
  using Key = std::vector<std::tuple<int, int, int>>;  // (row, col, coeff) per term
  const std::map<int, Expr>& layer(const Key& prefix);

  Context& ctx_;
  Mode mode_;
  int n_;
  const std::vector<Expr>& cells_;
  std::vector<Expr> exprs_, defs_;
  std::vector<z3::expr> terms_;  // Mode::Int
  std::map<Key, std::map<int, Expr>> layers_;
};

}  // namespace psmt::sudoku
