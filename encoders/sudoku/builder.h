// The Builder of family.h over the engine's formulas (engine/expr.h), for
// the three sudoku encodings: native ones in the two Boolean encodings (no
// Z3 context is needed), Z3 terms in the integer one.
//
// Cells are one-hot Booleans (b[cell][digit]) in the Boolean encodings and
// one Int each in the integer encoding. Formulas are kept in a table and
// handed out as indices. Definitions of auxiliary variables (the digits a
// killer cage holds, the conditions of a weighted count) are collected in `definitions`: they
// constrain only fresh variables and are satisfiable for every grid, so the
// encoder asserts them as rules (never blamed), and a clue is a single
// literal of them.
//
// Sums:
//   Boolean   one pseudo-Boolean equality over the digit literals, with
//             negative coefficients rewritten through exactly-one per cell:
//             on CaDiCaL the clause builder turns it into a decision diagram
//             over the cells' one-hot groups (engine/cnf.h), on Z3 it is a
//             native PB constraint of the QF_FD solver. Killer cages
//             (distinct_sum_is) say instead which sets of digits the cage can
//             hold: far stronger in propagation than any sum of its cells
//             (Killer Blister: 850 ms -> 25 ms on CaDiCaL).
//   int       a linear equation.
#pragma once

#include <map>
#include <optional>
#include <unordered_map>
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
  F among(Cell c, const std::function<bool(int)>& ok) override;
  F pair(Cell a, Cell b, const std::function<bool(int, int)>& ok) override;
  F less(Cell a, Cell b) override;
  F distinct(const std::vector<Cell>& cells) override;
  F sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) override;
  F distinct_sum_is(const std::vector<Cell>& cells, int target, bool cage = true) override;
  void cage_in_house(const std::vector<Cell>& cage, const std::vector<Cell>& rest) override;
  F grouped_sum_is(const std::vector<std::vector<Cell>>& groups, const std::vector<std::pair<Cell, int>>& extra,
                   int target) override;
  F weighted_count_is(const std::vector<std::pair<F, int>>& terms, int target) override;
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
  // sum_is's terms as digit literals with weights >= 0, rhs adjusted.
  void digit_terms(const std::vector<std::pair<Cell, int>>& terms, std::vector<Expr>& ls, std::vector<int64_t>& ws,
                   long long& rhs) const;
  // A cell's Int variable (Mode::Int).
  z3::expr cell(Cell c) const { return cells_[static_cast<std::size_t>(c.row) * n_ + c.col].z3(); }
  z3::expr term(T t) const { return terms_.at(static_cast<std::size_t>(t.id)); }
  T wrap_term(const z3::expr& e);
  // A fresh Bool defined equal to `e` (the definition goes to defs_).
  Expr define(const Expr& e, const char* what);
  // A defined literal: exactly the literals of ls in `set` (bit i: ls[i]) are true.
  Expr set_literal(const std::vector<Expr>& ls, uint64_t set);
  // The true literals of ls are one of the sets whose weights sum to rhs
  // (few literals; else nothing).
  std::optional<F> one_of_sets(const std::vector<Expr>& ls, const std::vector<int64_t>& ws, long long rhs);
  std::vector<Expr> sets_by_total(const std::vector<Cell>& cells);
  Expr present(const std::vector<Cell>& cells, int d);
  const std::vector<Expr>& group_totals(const std::vector<Cell>& grp);
  void need_int(const char* what) const;

  Context& ctx_;
  Mode mode_;
  int n_;
  const std::vector<Expr>& cells_;
  std::vector<Expr> exprs_, defs_;
  std::vector<z3::expr> terms_;  // Mode::Int
  // distinct_sum_is: "digit d is in these cells", per sorted cell list.
  std::map<std::pair<std::vector<Cell>, int>, Expr> present_;
  // grouped_sum_is: a group's total literals (index t), per sorted cell list.
  std::map<std::vector<Cell>, std::vector<Expr>> totals_;
  // among: one literal per cell and set of digits (bit d-1), so that the
  // families that ask the same ("c is taller than 5") share its definition.
  std::unordered_map<uint64_t, F> among_;
};

}  // namespace psmt::sudoku
