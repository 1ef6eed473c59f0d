#include "encoders/pencil/lshapes.h"

#include <fmt/format.h>

#include "encoders/pencil/clauses.h"
#include "engine/encoding.h"

namespace psmt::pencil {
namespace {

// The cell one step from (r, c) in `dir` (-1 off the board).
int neighbour(const Lattice& L, int r, int c, int dir) {
  static const int dr[] = {0, 0, -1, 1}, dc[] = {-1, 1, 0, 0};
  const int y = r + dr[dir], x = c + dc[dir];
  return y >= 0 && y < L.rows && x >= 0 && x < L.cols ? L.cell(y, x) : -1;
}

}  // namespace

LDivision l_division(const Lattice& L, Context& ctx, Encoding& enc) {
  LDivision d;
  for (int s = 0; s < L.steps(); ++s) {
    d.join.push_back(ctx.bool_const(fmt::format("join_{}", s).c_str()));
    enc.decision_vars.push_back(d.join.back());
  }
  static const char* const dirs = "lrud";
  for (int i = 0; i < L.cells(); ++i) {
    const std::string at = cell_label(L.cell_at(i));
    d.corner.push_back(ctx.bool_const(("corner_" + at).c_str()));
    std::array<Expr, 4> arm{ctx.bool_val(false), ctx.bool_val(false), ctx.bool_val(false), ctx.bool_val(false)};
    for (int k = 0; k < 4; ++k) arm[static_cast<std::size_t>(k)] = ctx.bool_const(fmt::format("arm_{}_{}", dirs[k], at).c_str());
    d.arm.push_back(arm);
  }
  const std::size_t first = enc.rules.size();
  auto join = [&](int s) { return s >= 0 ? d.join[static_cast<std::size_t>(s)] : ctx.bool_val(false); };
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      const int i = L.cell(r, c);
      const auto st = L.cell_steps(r, c);
      const auto& arm = d.arm[static_cast<std::size_t>(i)];
      const Expr& corner = d.corner[static_cast<std::size_t>(i)];
      enc.rules.push_back(exactly(ctx, {corner, arm[0], arm[1], arm[2], arm[3]}, 1));
      for (int k = 0; k < 4; ++k) {
        const Expr& a = arm[static_cast<std::size_t>(k)];
        const int ahead = neighbour(L, r, c, k), behind = neighbour(L, r, c, opposite(k));
        if (ahead < 0) {
          enc.rules.push_back(!a);
          continue;
        }
        // Toward the corner: joined, and the corner or an arm cell pointing the same way.
        enc.rules.push_back(!a || join(st[static_cast<std::size_t>(k)]));
        enc.rules.push_back(!a || d.corner[static_cast<std::size_t>(ahead)] || d.arm[static_cast<std::size_t>(ahead)][static_cast<std::size_t>(k)]);
        // Width 1: nothing joined across the arm.
        for (int p : {k < 2 ? kUp : kLeft, k < 2 ? kDown : kRight}) enc.rules.push_back(!a || !join(st[static_cast<std::size_t>(p)]));
        // Behind it in its L: an arm cell pointing the same way.
        if (behind >= 0)
          enc.rules.push_back(!a || !join(st[static_cast<std::size_t>(opposite(k))]) || d.arm[static_cast<std::size_t>(behind)][static_cast<std::size_t>(k)]);
      }
      // A corner: one cell joined across, one up or down, each pointing back at it.
      enc.rules.push_back(!corner || exactly(ctx, {join(st[kLeft]), join(st[kRight])}, 1));
      enc.rules.push_back(!corner || exactly(ctx, {join(st[kUp]), join(st[kDown])}, 1));
      for (int k = 0; k < 4; ++k) {
        const int next = neighbour(L, r, c, k);
        if (next >= 0)
          enc.rules.push_back(!corner || !join(st[static_cast<std::size_t>(k)]) ||
                              d.arm[static_cast<std::size_t>(next)][static_cast<std::size_t>(opposite(k))]);
      }
    }
  enc.name_rules(first, [] { return Encoding::RuleGroup{"rule/l-shapes", "every region is an L of width 1", {}}; });
  return d;
}

Expr l_of_size(const Lattice& L, const LDivision& d, Cell corner, int n, Context& ctx) {
  ExprVector placements(ctx);
  // An arm of `len` cells from the corner in `dir`, and the step past its end not joined.
  auto arm = [&](int dir, int len, ExprVector& out) {
    int r = corner.row, c = corner.col;
    for (int k = 0; k <= len; ++k) {
      const int s = L.cell_steps(r, c)[static_cast<std::size_t>(dir)];
      if (s < 0) return k == len;  // the board's edge ends it
      out.push_back(k < len ? d.join[static_cast<std::size_t>(s)] : !d.join[static_cast<std::size_t>(s)]);
      const int next = neighbour(L, r, c, dir);
      r = next / L.cols, c = next % L.cols;
    }
    return true;
  };
  for (int h : {kLeft, kRight})
    for (int v : {kUp, kDown})
      for (int a = 1; a + 2 <= n; ++a) {
        ExprVector all(ctx);
        if (arm(h, a, all) && arm(v, n - 1 - a, all)) placements.push_back(mk_and(all));
      }
  return placements.empty() ? ctx.bool_val(false) : mk_or(placements);
}

}  // namespace psmt::pencil
