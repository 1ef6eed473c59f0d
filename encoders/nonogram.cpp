#include "nonogram.h"

#include <algorithm>
#include <functional>
#include <numeric>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::nonogram {
namespace {

// The cells of a line, in order.
std::vector<int> line_cells(const Picture& p, const Line& l) {
  std::vector<int> out;
  for (int k = 0; k < p.length(l); ++k) out.push_back(l.row ? l.index * p.cols + k : k * p.cols + l.index);
  return out;
}

// The run automaton of a clue as positions (see automaton() below): the
// leading gap, then each run's 1s, each followed by a gap position.
std::vector<bool> positions(const std::vector<int>& runs) {
  std::vector<bool> P{false};
  for (int r : runs) {
    for (int k = 0; k < r; ++k) P.push_back(true);
    P.push_back(false);
  }
  return P;
}

// The case splits search_quickly makes at most.
constexpr int kSearchNodes = 2000;
// The lines a search settles at most (some 3 million a second here): what
// diagnose's shrinking gives one set of lines (a few hundred ms at most), and
// what a check gives its search before the solver (some 100 ms; a random
// 50x50 picture can take the search seconds, where the solver takes less).
constexpr uint64_t kShrinkLines = 1'000'000;
constexpr uint64_t kVerdictLines = 300'000;
// Those of a plain search (no probing) tried first.
constexpr int kPlainNodes = 100;

// What is known of a cell while line solving.
enum : signed char { kEmpty = 0, kFilled = 1, kUnknown = 2 };

// The states of a line's automaton on some accepting path: state q after i
// cells, for i in 0..n and q in 0..m-1, stored flat.
struct Alive {
  int m = 0;
  std::vector<char> at;
  bool operator()(int i, int q) const { return at[static_cast<std::size_t>(i * m + q)] != 0; }
};

// Buffers settle_line reuses from line to line (line solving settles each
// line several times; allocating per call cost as much as the settling).
struct LineScratch {
  std::vector<uint64_t> F, B, mask;
};

// One line's clue against what is known of its cells: the states of the
// automaton on a path that reads only allowed values and ends accepting
// (forward and backward reachability, O(cells x states / 64): the states
// after i cells are a bit set). Narrows `cells` to the values some such path
// reads; false when there is no path. With `alive`, the states on such paths
// are kept there.
// A clue's automaton positions (positions()) as bit sets: those that read
// empty (the gaps) and those that read filled (inside a run); made once per
// line, used at every settling.
struct RunMasks {
  bool empty_clue = false;
  int m = 1;
  std::vector<uint64_t> gap, fill;
  explicit RunMasks(const std::vector<int>& runs) : empty_clue(runs.empty()) {
    for (int r : runs) m += r + 1;
    const std::size_t W = static_cast<std::size_t>(m + 63) / 64;
    gap.assign(W, 0);
    fill.assign(W, 0);
    const std::vector<bool> P = positions(runs);
    for (int q = 0; q < m; ++q) (P[static_cast<std::size_t>(q)] ? fill : gap)[static_cast<std::size_t>(q) / 64] |= uint64_t{1} << (q % 64);
  }
};

bool settle_line(const RunMasks& rm, std::vector<signed char>& cells, LineScratch& s, Alive* alive = nullptr) {
  const int n = static_cast<int>(cells.size());
  const int m = rm.m;
  if (!rm.empty_clue && m - 2 > n) return false;
  const std::size_t W = static_cast<std::size_t>(m + 63) / 64, N = static_cast<std::size_t>(n + 1);
  auto set = [W](std::vector<uint64_t>& v, std::size_t row, int q) {
    v[row * W + static_cast<std::size_t>(q) / 64] |= uint64_t{1} << (q % 64);
  };
  auto allows = [&](int i) -> int {  // 1: empty may be read at cell i, 2: filled may
    const signed char c = cells[static_cast<std::size_t>(i)];
    return c == kUnknown ? 3 : c == kFilled ? 2 : 1;
  };
  if (W == 1 && !alive) {
    // The same in one machine word (every clue of a line up to 62 cells):
    // the states after i cells as one word, the backward pass as it goes.
    const uint64_t gap = rm.gap[0], fill = rm.fill[0];
    s.F.resize(N);
    uint64_t* F = s.F.data();
    F[0] = 1;
    for (int i = 0; i < n; ++i) {
      const int a = allows(i);
      const uint64_t f = F[i];
      F[i + 1] = ((a & 1) ? f & gap : 0) | ((f << 1) & (((a & 1) ? gap : 0) | ((a & 2) ? fill : 0)));
    }
    uint64_t next = (uint64_t{1} << (m - 1)) | (rm.empty_clue ? 0 : uint64_t{1} << (m - 2));
    for (int i = n - 1; i >= 0; --i) {
      const int a = allows(i);
      const uint64_t stay = (a & 1) ? gap & next : 0;
      const uint64_t step = (next & (((a & 1) ? gap : 0) | ((a & 2) ? fill : 0))) >> 1;
      const uint64_t empty_step = step & (gap >> 1);
      const bool can_empty = F[i] & (stay | empty_step), can_fill = F[i] & step & ~empty_step;
      signed char& c = cells[static_cast<std::size_t>(i)];
      if (c == kUnknown && can_empty != can_fill) c = can_fill ? kFilled : kEmpty;
      next = stay | step;
    }
    return next & 1;
  }
  s.F.assign(N * W, 0);
  s.B.assign(N * W, 0);
  s.mask.assign(W, 0);
  // shifted = v << 1 (state q to q+1), or v >> 1.
  auto shl1 = [](const uint64_t* v, std::size_t w) { return (v[w] << 1) | (w ? v[w - 1] >> 63 : 0); };
  auto shr1 = [W](const uint64_t* v, std::size_t w) { return (v[w] >> 1) | (w + 1 < W ? v[w + 1] << 63 : 0); };
  // The positions a cell may be read at: gaps if it may be empty, run cells if filled.
  auto readable = [&](int a, std::size_t w) { return ((a & 1) ? rm.gap[w] : 0) | ((a & 2) ? rm.fill[w] : 0); };
  s.F[0] = 1;
  for (int i = 0; i < n; ++i) {
    const int a = allows(i);
    const uint64_t* f = &s.F[static_cast<std::size_t>(i) * W];
    uint64_t* g = &s.F[static_cast<std::size_t>(i + 1) * W];
    for (std::size_t w = 0; w < W; ++w) g[w] = (((a & 1) ? f[w] & rm.gap[w] : 0) | (shl1(f, w) & readable(a, w)));
  }
  set(s.B, N - 1, m - 1);
  if (!rm.empty_clue) set(s.B, N - 1, m - 2);
  for (int i = n - 1; i >= 0; --i) {
    const int a = allows(i);
    const uint64_t* next = &s.B[static_cast<std::size_t>(i + 1) * W];
    uint64_t* b = &s.B[static_cast<std::size_t>(i) * W];
    const uint64_t* f = &s.F[static_cast<std::size_t>(i) * W];
    for (std::size_t w = 0; w < W; ++w) s.mask[w] = next[w] & readable(a, w);  // states entered reading cell i
    bool can_empty = false, can_fill = false;
    for (std::size_t w = 0; w < W; ++w) {
      const uint64_t stay = (a & 1) ? rm.gap[w] & next[w] : 0;
      const uint64_t step = shr1(s.mask.data(), w);
      b[w] = stay | step;
      const uint64_t empty_step = step & shr1(rm.gap.data(), w);  // the step enters a gap
      can_empty = can_empty || (f[w] & (stay | empty_step));
      can_fill = can_fill || (f[w] & step & ~empty_step);
    }
    signed char& c = cells[static_cast<std::size_t>(i)];
    if (c == kUnknown && can_empty != can_fill) c = can_fill ? kFilled : kEmpty;
  }
  if (!(s.B[0] & 1)) return false;
  if (alive) {
    alive->m = m;
    alive->at.assign(N * static_cast<std::size_t>(m), 0);
    for (std::size_t i = 0; i < N; ++i)
      for (int q = 0; q < m; ++q) {
        const std::size_t k = i * W + static_cast<std::size_t>(q) / 64;
        const uint64_t bit = uint64_t{1} << (q % 64);
        alive->at[i * static_cast<std::size_t>(m) + static_cast<std::size_t>(q)] = static_cast<char>((s.F[k] & s.B[k] & bit) != 0);
      }
  }
  return true;
}

// A line's clue as clauses of its run automaton, unrolled over the line.
// The pattern 0* 1^r1 0+ 1^r2 ... 1^rk 0* as positions P[0..m-1]: P[0] the
// leading gap, then each run's 1s, each followed by a gap position. State q
// after i cells: the pattern matched through position q. Entering q reads
// P[q]; a gap position also loops on 0. State q is possible after i cells
// only if q <= i (each advance reads a cell) and the rest still fits.
// With `alive` (line solving), only the states on a path that agrees with
// what line solving found are kept.
Expr automaton(Context& ctx, const std::vector<Expr>& x, const std::vector<int>& runs, const std::string& name,
                   const EncodeOptions& eo, const Alive* alive = nullptr) {
  const std::vector<bool> P = positions(runs);
  const int m = static_cast<int>(P.size()), n = static_cast<int>(x.size());
  // Accepting: the last gap (m-1), or the end of the last run (m-2).
  const int last_run_end = runs.empty() ? 0 : m - 2;
  auto possible = [&](int i, int q) {
    return q <= i && (m - 2 - q) <= n - i && q >= 0 && q < m &&
           (!alive || (*alive)(i, q));
  };
  if (!runs.empty() && m - 2 > n) return bool_val(false);  // the runs do not fit
  std::vector<std::vector<std::optional<Expr>>> s(static_cast<std::size_t>(n + 1), std::vector<std::optional<Expr>>(static_cast<std::size_t>(m)));
  auto st = [&](int i, int q) -> std::optional<Expr>& { return s[static_cast<std::size_t>(i)][static_cast<std::size_t>(q)]; };
  for (int i = 0; i <= n; ++i) {
    std::vector<int> states;
    for (int q = 0; q < m; ++q)
      if (possible(i, q) || (runs.empty() && q == 0)) states.push_back(q);
    for (int q : states) {
      // The one state line solving left after i cells is on every path:
      // true, not a variable (a line it settled costs no clause but its cells').
      if (i == 0 || (alive && states.size() == 1)) st(i, q) = bool_val(i > 0 || q == 0);
      else st(i, q) = ctx.bool_const(fmt::format("{}_s{}_{}", name, i, q));
    }
  }
  std::vector<Expr> cl;
  auto lit = [&](int i, bool v) { return v ? x[static_cast<std::size_t>(i)] : !x[static_cast<std::size_t>(i)]; };
  // Only backward justifications: a state after i+1 cells was entered from
  // q-1 or (a gap) stayed at q, reading P[q] either way. With the start
  // state fixed and an accepting state required, a chain of true states
  // back to the start exists, and it reads exactly the line's cells: sound
  // and complete. Forward transition clauses as well (state and cell imply
  // the next state) made check 1.6x slower on 40x40 and 50x50 pictures for
  // the same number of conflicts.
  for (int i = 0; i < n; ++i) {
    eo.check_deadline();
    for (int q = 0; q < m; ++q) {
      auto& next = st(i + 1, q);
      if (!next) continue;
      cl.push_back(!*next || lit(i, P[static_cast<std::size_t>(q)]));
      std::vector<Expr> before;
      before.push_back(!*next);
      if (q >= 1 && st(i, q - 1)) before.push_back(*st(i, q - 1));
      if (!P[static_cast<std::size_t>(q)] && st(i, q)) before.push_back(*st(i, q));
      cl.push_back(mk_or(before));
    }
  }
  std::vector<Expr> accept;
  for (int q : {m - 1, last_run_end})
    if (st(n, q)) accept.push_back(*st(n, q));
  cl.push_back(mk_or(accept));
  return mk_and(cl);
}

// Line solving to a fixpoint (the first step of the webpbn/pbnsolve line of
// solvers): each line's clue narrows its cells given what is known, and a
// line is settled again whenever a crossing line changed one of its cells.
// Each step keeps every solution, so the cells it forces and the automata
// pruned to its states have exactly the solutions of the clues. `alive[k]`
// is line k's states at the fixpoint; none: some line cannot hold.
// The fixpoint itself, from `known` and the lines queued (each line with a
// clue, or the two lines through one cell just decided): false when some
// line cannot hold.
class LineSolver {
 public:
  explicit LineSolver(const Picture& p) : p_(p), queued_(p.lines.size(), 0), cells_of_(p.lines.size()) {
    for (std::size_t k = 0; k < p.lines.size(); ++k) {
      cells_of_[k] = line_cells(p, p.lines[k]);
      masks_.emplace_back(p.lines[k].runs ? *p.lines[k].runs : std::vector<int>{});
    }
  }
  bool all(std::vector<signed char>& known, const EncodeOptions& eo) {
    for (std::size_t k = 0; k < p_.lines.size(); ++k) enqueue(k);
    return run(known, eo);
  }
  bool after(int cell, std::vector<signed char>& known, const EncodeOptions& eo) {
    enqueue(static_cast<std::size_t>(cell / p_.cols));
    enqueue(static_cast<std::size_t>(p_.rows + cell % p_.cols));
    return run(known, eo);
  }
  // How many cells the last call settled.
  std::size_t changed() const { return changed_; }
  // How many lines were settled so far (the search's measure of work).
  uint64_t lines_settled() const { return settled_; }
  const std::vector<int>& changed_cells() const { return changed_cells_; }
  // Line k settled once more against `known`, its states kept in `alive`.
  void settle_final(std::size_t k, const std::vector<signed char>& known, Alive& alive) {
    read_line(k, known);
    if (std::find(line_.begin(), line_.end(), kUnknown) == line_.end()) return;
    settle_line(masks_[k], line_, scratch_, &alive);
  }

 private:
  void enqueue(std::size_t k) {
    if (p_.lines[k].runs && !queued_[k]) queue_.push_back(k), queued_[k] = 1;
  }
  void read_line(std::size_t k, const std::vector<signed char>& known) {
    line_.clear();
    for (int c : cells_of_[k]) line_.push_back(known[static_cast<std::size_t>(c)]);
  }
  bool run(std::vector<signed char>& known, const EncodeOptions& eo) {
    changed_ = 0;
    changed_cells_.clear();
    // Line k of p.lines: the rows come first, then the columns.
    auto crossing = [&](const Line& l, int i) { return l.row ? static_cast<std::size_t>(p_.rows + i) : static_cast<std::size_t>(i); };
    bool ok = true;
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const std::size_t k = queue_[head];
      queued_[k] = 0;
      if (!ok) continue;
      if ((++settled_ & 31) == 0) eo.check_deadline();  // the clock every 32 lines: a line takes well under a microsecond or two
      const Line& l = p_.lines[k];
      read_line(k, known);
      if (!settle_line(masks_[k], line_, scratch_)) {
        ok = false;
        continue;
      }
      const std::vector<int>& cells = cells_of_[k];
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (line_[i] == known[static_cast<std::size_t>(cells[i])]) continue;
        known[static_cast<std::size_t>(cells[i])] = line_[i];
        ++changed_;
        changed_cells_.push_back(cells[i]);
        enqueue(crossing(l, static_cast<int>(i)));
      }
    }
    queue_.clear();
    return ok;
  }

  const Picture& p_;
  std::vector<char> queued_;
  std::vector<std::size_t> queue_;
  std::vector<std::vector<int>> cells_of_;
  std::vector<RunMasks> masks_;
  uint64_t settled_ = 0;
  std::vector<signed char> line_;
  LineScratch scratch_;
  std::size_t changed_ = 0;
  std::vector<int> changed_cells_;
};

std::vector<signed char> given_cells(const Picture& p) {
  std::vector<signed char> known(static_cast<std::size_t>(p.rows * p.cols), kUnknown);
  for (std::size_t i = 0; i < known.size(); ++i)
    if (p.givens[i] != '.') known[i] = p.givens[i] == '#' ? kFilled : kEmpty;
  return known;
}

std::optional<std::vector<signed char>> line_solve(const Picture& p, std::vector<Alive>& alive, const EncodeOptions& eo) {
  std::vector<signed char> known = given_cells(p);
  alive.assign(p.lines.size(), {});
  LineSolver solver(p);
  if (!solver.all(known, eo)) return std::nullopt;
  // A line settled before a crossing line's last change may keep states that
  // are no longer possible; that costs clauses, never solutions. Settle each
  // once more against the final cells for the tightest automata (not the
  // lines whose every cell is known: those are their cells' values).
  for (std::size_t k = 0; k < p.lines.size(); ++k)
    if (p.lines[k].runs) solver.settle_final(k, known, alive[k]);
  return known;
}

// Line solving with case splits (depth first: a cell left open is tried
// filled, then empty, each followed by line solving from it), as pbnsolve
// searches: a picture meeting every clue, or none when the search ran to
// its end, or "stopped" after `nodes` splits. Sound and complete within
// the limit: every split keeps both values. With `all`, the pictures are
// collected there instead (every cell a split when no crossing is left
// open, so that each picture is found once): Found once `limit` are
// found, None when the search ran to its end with fewer (all of them).
enum class Search { Found, None, Stopped };
Search search_picture(const Picture& p, std::vector<signed char>& known, int& nodes,
                      std::vector<std::vector<signed char>>* all = nullptr, std::size_t limit = 1,
                      const std::vector<signed char>* hint = nullptr, uint64_t max_lines = UINT64_MAX) {
  LineSolver solver(p);
  if (!solver.all(known, EncodeOptions{})) return Search::None;
  // Each depth holds a copy of the cells: the splits are few.
  // Splits only where two clues cross: a cell open in one clued line at
  // most takes either value (line solving left it open, so some way of
  // that line's runs reads each) and settles nothing beyond its line.
  auto crossed = [&](int cell) { return p.lines[static_cast<std::size_t>(cell / p.cols)].runs && p.lines[static_cast<std::size_t>(p.rows + cell % p.cols)].runs; };
  std::vector<signed char> trial, trial0;
  std::vector<int> changed0, merged;
  // Probing: each crossing cell still open is tried both ways; a value that
  // fails line solving fixes the other (both failing: nothing here), and a
  // cell both values settle alike takes that value, until nothing more is
  // fixed. The split is then where a probe
  // settled most (or, with a `hint`, the hint's value first).
  // Only the cells on lines something changed on since the last probes are
  // probed again (at the start, every cell): a probe elsewhere would mostly
  // find what it found before. Any probe is sound; the split keeps the
  // search complete.
  std::vector<char> dirty_line(p.lines.size(), 1);
  bool worn_out = false;  // max_lines reached inside a probe
  auto mark = [&](const std::vector<int>& cells) {
    for (int c : cells) dirty_line[static_cast<std::size_t>(c / p.cols)] = dirty_line[static_cast<std::size_t>(p.rows + c % p.cols)] = 1;
  };
  auto probe = [&](std::vector<signed char>& at, int& best, signed char& first) -> bool {
    best = -1;
    std::size_t most = 0;
    while (std::find(dirty_line.begin(), dirty_line.end(), 1) != dirty_line.end()) {
      if (solver.lines_settled() > max_lines) {
        worn_out = true;
        return true;
      }
      std::vector<char> now(p.lines.size(), 0);
      now.swap(dirty_line);
      for (int i = 0; i < static_cast<int>(at.size()); ++i) {
        if (at[static_cast<std::size_t>(i)] != kUnknown || !crossed(i)) continue;
        if (!now[static_cast<std::size_t>(i / p.cols)] && !now[static_cast<std::size_t>(p.rows + i % p.cols)]) continue;
        std::size_t settled[2] = {0, 0};
        bool ok[2];
        for (int v = 0; v < 2; ++v) {
          trial = at;
          trial[static_cast<std::size_t>(i)] = v ? kFilled : kEmpty;
          ok[v] = solver.after(i, trial, EncodeOptions{});
          settled[v] = solver.changed();
          if (v == 0 && ok[0]) {
            trial0.swap(trial);
            changed0 = solver.changed_cells();
          }
        }
        if (!ok[0] && !ok[1]) return false;
        if (ok[0] && ok[1]) {
          // Both values hold: a cell both settle alike has that value
          // either way (pbnsolve's merging).
          merged.clear();
          for (int c : changed0)
            if (trial[static_cast<std::size_t>(c)] == trial0[static_cast<std::size_t>(c)] && at[static_cast<std::size_t>(c)] == kUnknown)
              merged.push_back(c);
          if (!merged.empty()) {
            for (int c : merged) at[static_cast<std::size_t>(c)] = trial0[static_cast<std::size_t>(c)];
            mark(merged);
            for (int c : merged) {
              if (!solver.after(c, at, EncodeOptions{})) return false;
              mark(solver.changed_cells());
            }
            continue;
          }
        }
        if (ok[0] != ok[1]) {
          at[static_cast<std::size_t>(i)] = ok[1] ? kFilled : kEmpty;
          if (!solver.after(i, at, EncodeOptions{})) return false;
          mark({i});
          mark(solver.changed_cells());
          continue;
        }
        if (std::min(settled[0], settled[1]) + 1 > most) {
          most = std::min(settled[0], settled[1]) + 1;
          best = i;
          first = settled[1] >= settled[0] ? kFilled : kEmpty;
        }
      }
    }
    // A probe may have fixed the cell chosen: then the first open crossing.
    if (best >= 0 && at[static_cast<std::size_t>(best)] != kUnknown) best = -1;
    if (best < 0)
      for (int i = 0; i < static_cast<int>(at.size()) && best < 0; ++i)
        if (at[static_cast<std::size_t>(i)] == kUnknown && crossed(i)) best = i;
    return true;
  };
  bool probing = false;
  std::function<Search(std::vector<signed char>&)> go = [&](std::vector<signed char>& at) -> Search {
    int cell = -1;
    signed char first = kFilled;
    if (probing) {
      if (!probe(at, cell, first)) return Search::None;
      if (worn_out) return Search::Stopped;
    } else {
      // Fail first: a crossing cell on the line with the fewest cells
      // open, where a wrong value shows soonest.
      std::vector<int> open(p.lines.size(), 0);
      for (int i = 0; i < static_cast<int>(at.size()); ++i)
        if (at[static_cast<std::size_t>(i)] == kUnknown) ++open[static_cast<std::size_t>(i / p.cols)], ++open[static_cast<std::size_t>(p.rows + i % p.cols)];
      int fewest = 1 << 30;
      for (int i = 0; i < static_cast<int>(at.size()); ++i)
        if (at[static_cast<std::size_t>(i)] == kUnknown && crossed(i)) {
          const int o = std::min(open[static_cast<std::size_t>(i / p.cols)], open[static_cast<std::size_t>(p.rows + i % p.cols)]);
          if (o < fewest) fewest = o, cell = i;
        }
    }
    if (cell >= 0 && hint) first = (*hint)[static_cast<std::size_t>(cell)];
    if (cell < 0 && all)
      for (int i = 0; i < static_cast<int>(at.size()) && cell < 0; ++i)
        if (at[static_cast<std::size_t>(i)] == kUnknown) cell = i;
    if (cell < 0 && all) {
      all->push_back(at);
      return all->size() >= limit ? Search::Found : Search::None;
    }
    if (cell < 0) {
      // Only cells in one clued line at most are open: each takes a value in place.
      for (int i = 0; i < static_cast<int>(at.size()); ++i) {
        if (at[static_cast<std::size_t>(i)] != kUnknown) continue;
        at[static_cast<std::size_t>(i)] = kFilled;
        if (!solver.after(i, at, EncodeOptions{})) {
          at[static_cast<std::size_t>(i)] = kEmpty;
          if (!solver.after(i, at, EncodeOptions{})) return Search::None;
        }
      }
      return Search::Found;
    }
    if (nodes-- <= 0 || solver.lines_settled() > max_lines) return Search::Stopped;
    for (signed char v : {first, static_cast<signed char>(kFilled + kEmpty - first)}) {
      std::vector<signed char> next = at;
      next[static_cast<std::size_t>(cell)] = v;
      if (!solver.after(cell, next, EncodeOptions{})) continue;
      if (probing) {
        std::fill(dirty_line.begin(), dirty_line.end(), 0);
        mark({cell});
        mark(solver.changed_cells());
      }
      const Search r = go(next);
      if (r == Search::None) continue;
      if (r == Search::Found) at = std::move(next);
      return r;
    }
    return Search::None;
  };
  // A plain depth-first search first, a short one (most sets of lines a
  // shrinking tries have a picture it finds at once); then with probing.
  std::vector<signed char> start = known;
  int plain = std::min(nodes, kPlainNodes);
  std::swap(plain, nodes);
  const Search quick = go(known);
  std::swap(plain, nodes);
  if (quick != Search::Stopped) return quick;
  known = start;
  if (all) all->clear();
  probing = true;
  return go(known);
}

// The clue with an Int start per run: in order with a gap, inside the line,
// and every cell filled exactly when a run covers it.
z3::expr run_starts(Context& context, const std::vector<Expr>& cells, const std::vector<int>& runs, const std::string& name,
                    const EncodeOptions& eo) {
  z3::context& ctx = context.z3();
  std::vector<z3::expr> x;
  for (const auto& c : cells) x.push_back(context.to_z3(c));
  const int n = static_cast<int>(x.size());
  z3::expr_vector cl(ctx);
  std::vector<z3::expr> start;
  int before = 0, after = std::accumulate(runs.begin(), runs.end(), 0) + static_cast<int>(runs.size()) - 1;
  for (std::size_t j = 0; j < runs.size(); ++j) {
    start.push_back(ctx.int_const(fmt::format("{}_start{}", name, j + 1).c_str()));
    after -= runs[j];
    cl.push_back(start[j] >= before && start[j] <= n - runs[j] - after);
    if (j > 0) cl.push_back(start[j] >= start[j - 1] + runs[j - 1] + 1);
    before += runs[j] + 1;
    after -= 1;
  }
  for (int i = 0; i < n; ++i) {
    eo.check_deadline();
    z3::expr_vector cover(ctx);
    for (std::size_t j = 0; j < runs.size(); ++j) cover.push_back(start[j] <= i && start[j] > i - runs[j]);
    cl.push_back(x[static_cast<std::size_t>(i)] == (cover.empty() ? ctx.bool_val(false) : z3::mk_or(cover)));
  }
  return z3::mk_and(cl);
}

// A run longer than its line is a clue that cannot be met (the picture has
// no solution and diagnose names the line), not malformed input; 255 is
// the largest number a puzz.link clue can hold.
std::vector<int> parse_runs(const JsonNode& node) {
  std::vector<int> out;
  for (const auto& r : node.items()) {
    const int v = static_cast<int>(r.as_int(0, 255));
    if (v == 0) {
      if (node.size() != 1) r.fail("input.value", "0 stands alone: it is the clue of a line with no filled cell");
      continue;
    }
    out.push_back(v);
  }
  return out;
}

class NonogramEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "nonogram"; }
  std::string_view summary() const override {
    return "rows x cols picture (Tatham's pattern, griddlers): run lengths of filled cells per row and column; optional given cells";
  }
  std::vector<std::string> fields() const override { return {"rows", "columns", "givens"}; }
  std::string schema() const override {
    return R"json({"description": "Nonogram (Simon Tatham's pattern, griddlers, paint by numbers): a picture of filled and empty cells; the clue of each row and column lists the lengths of its runs of filled cells in order, with at least one empty cell between runs. Every line's clue is a clue of its own (rows/0, columns/4) that diagnose can blame; given cells too (givens/r2c3). Solution: one string per row, '#' filled, '.' empty.", "required": ["rows", "columns"], "properties": {"rows": {"type": "array", "minItems": 1, "maxItems": 200, "description": "one clue per row, top to bottom: the run lengths, left to right ([] or [0]: no filled cell; null: no clue for the row)", "items": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 0, "maximum": 255}}}, "columns": {"type": "array", "minItems": 1, "maxItems": 200, "description": "one clue per column, left to right: the run lengths, top to bottom ([] or [0]: no filled cell; null: no clue)", "items": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 0, "maximum": 255}}}, "givens": {"type": "array", "description": "cells known from the start, one string per row: '#' filled, 'x' empty, '.' unknown", "items": {"type": "string"}}}, "examples": [{"kind": "nonogram", "rows": [[1], [3], [1]], "columns": [[1], [3], [1]]}, {"kind": "nonogram", "name": "Tatham's pattern 5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/2 (FORMATS.md)", "rows": [[1, 1], [1, 3], [1], [4], [2]], "columns": [[2], [2], [1, 2], [1, 1], [4]], "expect": {"status": "unique", "solution": ["#...#", "#.###", "....#", ".####", ".##.."]}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"line-solve", "line solving to a fixpoint first (each line's clue forces cells given what the crossing lines "
                           "forced, as the webpbn/pbnsolve solvers begin); the forced cells become rules and each automaton "
                           "keeps only the states still possible (QF_FD; diagnose blames clues by editing the puzzle)", "cadical"},
            {"automaton", "a Bool per cell; each line's clue as the clauses of its run automaton unrolled over the line (QF_FD)",
             "cadical"},
            {"int-starts", "a Bool per cell and an Int start per run, runs ordered with gaps, cells filled exactly where a "
                           "run covers them (linear integer arithmetic, Z3's default solver)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto p = std::make_shared<Picture>();
    const auto rows = root.at("rows").items(), cols = root.at("columns").items();
    if (rows.empty() || rows.size() > kMaxSide) root.at("rows").fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    if (cols.empty() || cols.size() > kMaxSide) root.at("columns").fail("input.shape", fmt::format("1 to {} columns", kMaxSide));
    p->rows = static_cast<int>(rows.size());
    p->cols = static_cast<int>(cols.size());
    for (int pass = 0; pass < 2; ++pass) {
      const auto& list = pass == 0 ? rows : cols;
      for (std::size_t i = 0; i < list.size(); ++i) {
        Line l{pass == 0, static_cast<int>(i), std::nullopt};
        if (!list[i].is_null()) l.runs = parse_runs(list[i]);
        p->lines.push_back(l);
      }
    }
    p->givens.assign(static_cast<std::size_t>(p->rows * p->cols), '.');
    if (auto g = root.find("givens")) {
      auto lines = g->items(static_cast<std::size_t>(p->rows));
      for (int r = 0; r < p->rows; ++r) {
        const std::string s = lines[static_cast<std::size_t>(r)].as_string();
        if (static_cast<int>(s.size()) != p->cols)
          lines[static_cast<std::size_t>(r)].fail("input.shape", fmt::format("{} characters, the picture is {} wide", s.size(), p->cols));
        for (int c = 0; c < p->cols; ++c) {
          const char ch = s[static_cast<std::size_t>(c)];
          if (ch != '#' && ch != 'x' && ch != '.')
            lines[static_cast<std::size_t>(r)].fail("input.value", fmt::format("{} at column {}: '#' filled, 'x' empty, '.' unknown",
                                                                              quote_input(std::string(1, ch)), c + 1));
          p->givens[static_cast<std::size_t>(r * p->cols + c)] = ch;
        }
      }
    }
    return p;
  }

  Encoding encode(const Puzzle& pz, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& p = static_cast<const Picture&>(pz);
    Encoding enc(ctx);
    std::vector<Expr> x;
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c) {
        x.push_back(ctx.bool_const(fmt::format("x_r{}c{}", r + 1, c + 1)));
        enc.decision_vars.push_back(x.back());
        enc.places.push_back({static_cast<unsigned>(r * p.cols + c)});
      }
    const bool line_solving = encoding == "line-solve", automaton_encoding = encoding == "automaton" || line_solving;
    if (automaton_encoding) enc.solver_logic = "QF_FD";
    std::vector<Alive> alive;
    std::optional<std::vector<signed char>> known;
    if (line_solving && !eo.clues_only) {
      // What line solving forces follows from all the clues together: a rule
      // that a dropped clue would not support, so diagnose blames clues by
      // editing the puzzle.
      enc.clues_in_rules = true;
      known = line_solve(p, alive, eo);
      if (!known) enc.rules.push_back(bool_val(false));
      else {
        for (std::size_t i = 0; i < known->size(); ++i)
          if ((*known)[i] != kUnknown) enc.rules.push_back((*known)[i] == kFilled ? x[i] : !x[i]);
        // Every cell forced: one solution, which nothing would gain from
        // splitting into a component per cell.
        enc.connected = std::find(known->begin(), known->end(), kUnknown) == known->end();
      }
    }
    for (std::size_t k = 0; k < p.lines.size(); ++k) {
      const Line& l = p.lines[k];
      if (!l.runs) continue;
      std::vector<Expr> cells;
      std::vector<Cell> where;
      for (int i : line_cells(p, l)) {
        cells.push_back(x[static_cast<std::size_t>(i)]);
        where.push_back({i / p.cols, i % p.cols});
      }
      const std::string name = fmt::format("{}{}", l.row ? "r" : "c", l.index + 1);
      // A line whose every cell line solving forced: the rules hold those
      // cells, which meet the clue (clues_in_rules), so the clue adds nothing.
      const bool settled = known && std::all_of(where.begin(), where.end(), [&](const Cell& c) {
                             return (*known)[static_cast<std::size_t>(c.row * p.cols + c.col)] != kUnknown;
                           });
      // Line solving refuted the puzzle: the rules say false, and the
      // clue would add nothing a solver needs (diagnose blames clues by
      // editing the puzzle, clues_in_rules).
      const bool refuted = line_solving && !eo.clues_only && !known;
      Expr f = settled || refuted   ? bool_val(true)
               : automaton_encoding ? automaton(ctx, cells, *l.runs, name, eo, known ? &alive[k] : nullptr)
                                    : Expr(run_starts(ctx, cells, *l.runs, name, eo));
      enc.clues.push_back({line_id(l), line_label(l), f, where, {}});
    }
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c) {
        const char g = p.given(r, c);
        if (g == '.') continue;
        const Expr& v = x[static_cast<std::size_t>(r * p.cols + c)];
        Clue clue{fmt::format("givens/r{}c{}", r + 1, c + 1), given_label(r, c, g), g == '#' ? v : !v, {Cell{r, c}}, {}};
        if (eo.alternatives) clue.alternatives.push_back({given_label(r, c, g == '#' ? 'x' : '#'), g == '#' ? !v : v});
        enc.clues.push_back(std::move(clue));
      }
    return enc;
  }

  nlohmann::json decode(const Puzzle& pz, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& p = static_cast<const Picture&>(pz);
    std::vector<bool> filled;
    for (int i = 0; i < p.rows * p.cols; ++i) filled.push_back(values.at(static_cast<std::size_t>(i)) != 0);
    return solution_json(p, filled);
  }

  nlohmann::json normalize_solution(const Puzzle& pz, const JsonNode& node) const override {
    const auto& p = static_cast<const Picture&>(pz);
    std::vector<bool> filled;
    for (const auto& row : node.items(static_cast<std::size_t>(p.rows))) {
      const std::string s = row.as_string();
      if (static_cast<int>(s.size()) != p.cols) row.fail("input.shape", fmt::format("{} characters, the picture is {} wide", s.size(), p.cols));
      for (char ch : s) {
        if (ch != '#' && ch != '.') row.fail("input.value", "a solution row holds '#' (filled) and '.' (empty)");
        filled.push_back(ch == '#');
      }
    }
    return solution_json(p, filled);
  }

  std::vector<Violation> check(const Puzzle& pz, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Picture&>(pz), solution);
  }

  std::vector<std::string> differences(const Puzzle& pz, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& p = static_cast<const Picture&>(pz);
    std::vector<std::string> out;
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c)
        if (a[r].get<std::string>()[static_cast<std::size_t>(c)] != b[r].get<std::string>()[static_cast<std::size_t>(c)])
          out.push_back(cell_label({r, c}));
    return out;
  }

  std::string render(const Puzzle& pz, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& p = static_cast<const Picture&>(pz);
    auto state = [&](int r, int c) -> char {  // '#', 'x' (empty) or '.' (unknown)
      if (solution) return (*solution)[r].get<std::string>()[static_cast<std::size_t>(c)] == '#' ? '#' : 'x';
      return p.given(r, c);
    };
    auto marked = [&](const Line& l) {
      return std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), line_id(l)) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = p.rows;
      g.cols = p.cols;
      g.cell = p.rows > 30 || p.cols > 30 ? 16 : 28;
      g.title = opt.title;
      std::size_t most = 1;
      for (const auto& l : p.lines)
        if (l.runs) most = std::max(most, l.runs->size());
      g.margin = static_cast<int>(most);
      g.cell_text = [&](Cell c) { return !solution && p.given(c.row, c.col) == 'x' ? std::string("×") : std::string(); };
      g.is_given = [](Cell) { return true; };
      g.highlighted = [&](Cell c) { return has_cell(opt.highlight, c); };
      for (int r = 0; r < p.rows; ++r)
        for (int c = 0; c < p.cols; ++c)
          if (state(r, c) == '#') {
            Shape s;
            s.type = Shape::Type::Rect;
            s.points = {{r + 0.5, c + 0.5}};
            s.size = 0.5;
            s.fill = p.given(r, c) == '#' ? "#000" : "#263238";
            s.cls = p.given(r, c) == '#' ? "filled given" : "filled";
            g.shapes.push_back(s);
          }
      if (!g.shapes.empty()) g.legend.emplace_back("filled", "#263238", "filled");
      for (const auto& l : p.lines) {
        const std::vector<int> runs = l.runs ? (l.runs->empty() ? std::vector<int>{0} : *l.runs) : std::vector<int>{};
        const int k = static_cast<int>(runs.size());
        for (int j = 0; j < k; ++j) {
          Shape t;
          t.type = Shape::Type::Text;
          const double back = k - j - 0.5;  // the last run next to the grid
          t.points = {l.row ? std::pair{l.index + 0.5, -back} : std::pair{-back, l.index + 0.5}};
          t.text = std::to_string(runs[static_cast<std::size_t>(j)]);
          t.size = 0.55;
          t.fill = marked(l) ? "#d32f2f" : "#000";
          t.cls = marked(l) ? "clue marked" : "clue";
          t.over = true;
          g.shapes.push_back(t);
        }
      }
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    std::size_t width = 0;
    std::vector<std::string> left;
    for (const auto& l : p.lines)
      if (l.row) {
        left.push_back(l.runs ? runs_text(*l.runs) : "?");
        width = std::max(width, left.back().size());
      }
    std::size_t tallest = 0;
    for (const auto& l : p.lines)
      if (!l.row && l.runs) tallest = std::max(tallest, std::max<std::size_t>(l.runs->size(), 1));
    for (std::size_t k = 0; k < tallest; ++k) {
      std::string line(width + 1, ' ');
      for (const auto& l : p.lines) {
        if (l.row) continue;
        const std::vector<int> runs = l.runs ? (l.runs->empty() ? std::vector<int>{0} : *l.runs) : std::vector<int>{};
        const std::size_t pad = tallest - runs.size();
        line += k >= pad ? fmt::format("{:>2}", runs[k - pad]) : "  ";
      }
      out += line + "\n";
    }
    for (int r = 0; r < p.rows; ++r) {
      out += fmt::format("{:>{}} ", left[static_cast<std::size_t>(r)], width);
      for (int c = 0; c < p.cols; ++c) {
        const char s = state(r, c);
        out += s == '#' ? " #" : s == 'x' ? " ." : " ?";
      }
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& pz) const override {
    const auto& p = static_cast<const Picture&>(pz);
    const auto givens = static_cast<std::size_t>(std::count_if(p.givens.begin(), p.givens.end(), [](char ch) { return ch != '.'; }));
    const auto unclued = static_cast<std::size_t>(std::count_if(p.lines.begin(), p.lines.end(), [](const Line& l) { return !l.runs; }));
    return fmt::format("{}x{} nonogram ({} rows, {} columns){}{}", p.cols, p.rows, p.rows, p.cols,
                       givens ? ", " + plural(givens, "given cell") : "", unclued ? ", " + plural(unclued, "line") + " without a clue" : "");
  }

  std::vector<Place> places(const Puzzle& pz) const override {
    const auto& p = static_cast<const Picture&>(pz);
    std::vector<Place> out;
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c) out.push_back({cell_label({r, c}), Cell{r, c}});
    return out;
  }

  // Explain's facts in the genre's words: "r3c4 is filled", "r3c4 is empty".
  std::string fact_label(const Puzzle& pz, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place) return Encoder::fact_label(pz, encoding, var, value, place, position);
    return place->label + (value ? " is filled" : " is empty");
  }

  std::vector<std::string> place_values(const Puzzle& pz, const nlohmann::json& solution) const override {
    const auto& p = static_cast<const Picture&>(pz);
    std::vector<std::string> out;
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c)
        out.push_back(solution[r].get<std::string>()[static_cast<std::size_t>(c)] == '#' ? "filled" : "empty");
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& pz, const std::vector<ClueEdit>& edits) const override {
    auto p = std::make_shared<Picture>(static_cast<const Picture&>(pz));
    for (const auto& e : edits) {
      bool found = false;
      for (auto& l : p->lines)
        if (line_id(l) == e.clue_id && l.runs) {
          if (e.alternative >= 0) throw InputError("input.value", "#", "no change is offered for " + e.clue_id);
          l.runs.reset();
          found = true;
        }
      for (int i = 0; i < p->rows * p->cols && !found; ++i) {
        char& g = p->givens[static_cast<std::size_t>(i)];
        if (g == '.' || e.clue_id != fmt::format("givens/r{}c{}", i / p->cols + 1, i % p->cols + 1)) continue;
        g = e.alternative < 0 ? '.' : (g == '#' ? 'x' : '#');
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return p;
  }

  // Line solving is sound: when it meets a line that cannot hold, there is
  // no solution (a few ms where a solver check costs an encoding).
  // Its lines as constraints of their own: what diagnose shrinks a conflict
  // on, under assumptions, once line solving has found one.
  std::string tracked_encoding() const override { return "automaton"; }
  bool refutes_quickly(const Puzzle& pz, const std::vector<std::string>& dropped) const override {
    auto p = without(pz, dropped);
    std::vector<Alive> alive;
    return !line_solve(static_cast<const Picture&>(*p), alive, EncodeOptions{}).has_value();
  }

  // Line solving with case splits, a few thousand at most: enough to find
  // a picture for most sets of lines a conflict's shrinking tries (each a
  // proof that the line left out is needed) without a solver.
  Quick search_quickly(const Puzzle& pz, const std::vector<std::string>& dropped, nlohmann::json& solution) const override {
    auto p = without(pz, dropped);
    const auto& pic = static_cast<const Picture&>(*p);
    std::vector<signed char> known = given_cells(pic);
    // Each split down holds a copy of the cells: at most some 20 MB of them.
    int nodes = std::min(kSearchNodes, 20'000'000 / (pic.rows * pic.cols));
    // A picture of a puzzle like this one (the last the shrinking found):
    // each split tries its value first.
    std::vector<signed char> hint;
    if (solution.is_array() && static_cast<int>(solution.size()) == pic.rows) {
      for (const auto& row : solution) {
        if (!row.is_string() || static_cast<int>(row.get_ref<const std::string&>().size()) != pic.cols) break;
        for (char ch : row.get_ref<const std::string&>()) hint.push_back(ch == '#' ? kFilled : kEmpty);
      }
    }
    if (hint.size() != known.size()) hint.clear();
    switch (search_picture(pic, known, nodes, nullptr, 1, hint.empty() ? nullptr : &hint, kShrinkLines)) {
      case Search::Found: {
        std::vector<bool> filled;
        for (auto k : known) filled.push_back(k == kFilled);
        solution = solution_json(pic, filled);
        return Quick::Solved;
      }
      case Search::None: return Quick::None;
      case Search::Stopped: break;
    }
    return Quick::Unknown;
  }

  // Rotation: `solution` meets every kept clue but the line `broken`. That
  // line is laid out anew, keeping its cells where a kept crossing line or
  // a kept given holds them, save one such place: where its runs fit so,
  // the picture (its other cells as they were, or as near as the runs
  // allow) breaks at most the clue of that place. A line solver's settle
  // per place, a few microseconds, where a search costs milliseconds.
  std::vector<std::pair<std::string, nlohmann::json>> rotate(const Puzzle& pz, const std::vector<std::string>& dropped,
                                                             const std::string& broken, const nlohmann::json& solution) const override {
    auto p = without(pz, dropped);
    const auto& pic = static_cast<const Picture&>(*p);
    const Line* bl = nullptr;
    for (const auto& l : pic.lines)
      if (l.runs && line_id(l) == broken) bl = &l;
    if (!bl || !solution.is_array() || static_cast<int>(solution.size()) != pic.rows) return {};
    std::vector<signed char> picture;
    for (const auto& row : solution) {
      if (!row.is_string() || static_cast<int>(row.get_ref<const std::string&>().size()) != pic.cols) return {};
      for (char ch : row.get_ref<const std::string&>()) picture.push_back(ch == '#' ? kFilled : kEmpty);
    }
    const std::vector<int> cells = line_cells(pic, *bl);
    const int n = static_cast<int>(cells.size());
    auto crossing = [&](int j) -> const Line& { return pic.lines[static_cast<std::size_t>(bl->row ? pic.rows + j : j)]; };
    // The clue that holds place j of the line, if any.
    auto holder = [&](int j) -> std::optional<std::string> {
      if (crossing(j).runs) return line_id(crossing(j));
      const int c = cells[static_cast<std::size_t>(j)];
      if (pic.givens[static_cast<std::size_t>(c)] != '.') return fmt::format("givens/r{}c{}", c / pic.cols + 1, c % pic.cols + 1);
      return std::nullopt;
    };
    std::vector<std::optional<std::string>> held(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) held[static_cast<std::size_t>(j)] = holder(j);
    const RunMasks rm(*bl->runs);
    LineScratch scratch;
    std::vector<std::pair<std::string, nlohmann::json>> out;
    std::vector<signed char> line(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
      if (!held[static_cast<std::size_t>(j)]) continue;
      for (int k = 0; k < n; ++k)
        line[static_cast<std::size_t>(k)] = k != j && held[static_cast<std::size_t>(k)] ? picture[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] : kUnknown;
      if (!settle_line(rm, line, scratch)) continue;
      // One layout: each open cell as the picture has it, where the runs
      // allow (settling leaves a cell open only when both values fit).
      for (int k = 0; k < n; ++k) {
        if (line[static_cast<std::size_t>(k)] != kUnknown) continue;
        line[static_cast<std::size_t>(k)] = picture[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])];
        settle_line(rm, line, scratch);
      }
      std::vector<bool> filled;
      for (auto v : picture) filled.push_back(v == kFilled);
      for (int k = 0; k < n; ++k) filled[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] = line[static_cast<std::size_t>(k)] == kFilled;
      out.emplace_back(*held[static_cast<std::size_t>(j)], solution_json(pic, filled));
    }
    return out;
  }

  // A verdict by the same search: every picture up to `limit` (pbnsolve's
  // way; the engine holds each to the checker).
  Quick solve_quickly(const Puzzle& pz, std::size_t limit, std::vector<nlohmann::json>& solutions) const override {
    const auto& pic = static_cast<const Picture&>(pz);
    std::vector<signed char> known = given_cells(pic);
    int nodes = std::min(kSearchNodes, 20'000'000 / (pic.rows * pic.cols));
    std::vector<std::vector<signed char>> found;
    const Search r = search_picture(pic, known, nodes, &found, limit, nullptr, kVerdictLines);
    if (r == Search::Stopped) return Quick::Unknown;
    for (const auto& f : found) {
      std::vector<bool> filled;
      for (auto k : f) filled.push_back(k == kFilled);
      solutions.push_back(solution_json(pic, filled));
    }
    return r == Search::Found ? Quick::Solved : Quick::None;
  }

  bool fixed_places_draw_the_solution() const override { return true; }  // givens: digits, shaded cells
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& pz, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto p = std::make_shared<Picture>(static_cast<const Picture&>(pz));
    for (auto i : place_indices) {
      const int r = static_cast<int>(i) / p->cols, c = static_cast<int>(i) % p->cols;
      const char g = solution[r].get<std::string>()[static_cast<std::size_t>(c)] == '#' ? '#' : 'x';
      p->givens[i] = g;
      if (labels) labels->push_back(given_label(r, c, g));
    }
    return p;
  }

 private:
  static std::string given_label(int r, int c, char g) {
    return fmt::format("r{}c{} given {}", r + 1, c + 1, g == '#' ? "filled" : "empty");
  }
};

}  // namespace

const Encoder& nonogram_encoder() {
  static const NonogramEncoder e;
  return e;
}

}  // namespace psmt::nonogram
