// A plain backtracking counter for the sudoku family, independent of Z3 and of
// the encoders, used to cross-check exact solution counts.
#pragma once

#include <cstdint>
#include <vector>

#include "encoders/sudoku/sudoku.h"

namespace psmt::testing {

class BruteForce {
 public:
  explicit BruteForce(const sudoku::Grid& g) : g_(g), v_(g.givens) {
    for (const auto& u : sudoku::units(g)) units_.push_back(u.cells);
  }

  uint64_t count(uint64_t limit) {
    limit_ = limit;
    found_ = 0;
    // Givens must be consistent among themselves first.
    for (int i = 0; i < g_.n * g_.n; ++i)
      if (v_[i] && !ok(i)) return 0;
    dfs(0);
    return found_;
  }

 private:
  bool ok(int i) const {
    Cell c{i / g_.n, i % g_.n};
    for (const auto& u : units_) {
      bool in = false;
      for (auto x : u) in |= x == c;
      if (!in) continue;
      for (auto x : u)
        if (!(x == c) && v_[x.row * g_.n + x.col] == v_[i]) return false;
    }
    for (const auto& r : g_.relations) {
      int a = v_[r.a.row * g_.n + r.a.col], b = v_[r.b.row * g_.n + r.b.col];
      if (!a || !b) continue;
      if (r.op == '<' ? !(a < b) : !(a > b)) return false;
    }
    return true;
  }
  void dfs(int i) {
    if (found_ >= limit_) return;
    if (i == g_.n * g_.n) {
      found_++;
      return;
    }
    if (g_.givens[i]) {
      dfs(i + 1);
      return;
    }
    for (int d = 1; d <= g_.n; ++d) {
      v_[i] = d;
      if (ok(i)) dfs(i + 1);
    }
    v_[i] = 0;
  }

  const sudoku::Grid& g_;
  std::vector<int> v_;
  std::vector<std::vector<Cell>> units_;
  uint64_t limit_ = 0, found_ = 0;
};

}  // namespace psmt::testing
