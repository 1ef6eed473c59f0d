// Fillomino's sizes narrowed by reasoning, as a person solves: plain C++, no
// solver. Every step removes a size from a cell only when no solution of
// the board (its given numbers and walls) has that size there, so the
// encoding that starts from what is left keeps every solution (counts stay
// exact; the exact-count tests hold the encoding to that).
//
// Per size k, the cells that may still hold it, and the "parts": the
// components of cells that can hold nothing but k. An area of k is a
// connected set of k cells that may hold k, with every part beside it inside
// it (equal neighbours are one area). So:
//   - a part larger than k, or one that cannot reach k cells through cells
//     that may hold k within its budget, is a contradiction;
//   - a cell keeps k only if its parts beside it fit together with it
//     (1 + their sizes <= k), no cell across a wall from it is a part of k,
//     and either a part reaches it within the budget (the part's size, then
//     one per cell on the way and a part's size for a part passed through,
//     at most k), or it lies among at least k cells that may hold k and touch
//     no part (an area of k with no number known yet);
//   - a cell without which a part cannot reach k cells (its reach counted
//     again without the cell) holds k.
// A cell left with one size is a part of it; the steps repeat until nothing
// changes. The collection's generator makes puzzles its own solver finishes
// with reasoning of this kind, so most of its boards come out whole here and
// the solver only confirms them.
#include <algorithm>

#include "encoders/pencil/fillomino.h"

namespace psmt::fillomino {
namespace {

class Narrowing {
 public:
  Narrowing(const Board& b, const std::vector<std::vector<int>>& start)
      : b_(b), n_(b.lat.cells()), g_(b.lat.cell_graph()), top_(0) {
    for (const auto& d : start)
      for (int k : d) top_ = std::max(top_, k);
    has_.assign(static_cast<std::size_t>(n_) * static_cast<std::size_t>(top_ + 1), 0);
    count_.assign(static_cast<std::size_t>(n_), 0);
    for (int i = 0; i < n_; ++i)
      for (int k : start[static_cast<std::size_t>(i)]) {
        has_[at(i, k)] = 1;
        count_[static_cast<std::size_t>(i)]++;
      }
    dirty_.assign(static_cast<std::size_t>(top_ + 1), 1);
    best_.assign(static_cast<std::size_t>(n_), -1);
    for (int g : b.given) most_ = std::max(most_, g);
    for (bool w : b.wall) open_.push_back(w ? 0 : 1);
    for (auto* v : {&order_, &low_, &below_, &cut_off_, &part_of_, &beside_, &seen_, &keep_}) v->assign(static_cast<std::size_t>(n_), -1);
    cells_of_.resize(static_cast<std::size_t>(top_ + 1));
    for (int i = 0; i < n_; ++i)
      for (int k : start[static_cast<std::size_t>(i)]) cells_of_[static_cast<std::size_t>(k)].push_back(i);
  }

  // False: no solution.
  bool run() {
    for (int i = 0; i < n_; ++i)
      if (count_[static_cast<std::size_t>(i)] == 0) return false;
    for (bool again = true; again;) {
      again = false;
      bool large_done = false;
      if (!large_step(large_done)) return false;
      for (int k = 1; k <= top_; ++k) {
        if (large_done && k > most_) break;  // large_step has them
        if (!dirty_[static_cast<std::size_t>(k)]) continue;
        dirty_[static_cast<std::size_t>(k)] = 0;
        if (!size_step(k)) return false;
        again = true;
      }
    }
    return true;
  }

  std::vector<std::vector<int>> domains() const {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i)
      for (int k = 1; k <= top_; ++k)
        if (has_[at(i, k)]) out[static_cast<std::size_t>(i)].push_back(k);
    return out;
  }

 private:
  std::size_t at(int i, int k) const { return static_cast<std::size_t>(i) * static_cast<std::size_t>(top_ + 1) + static_cast<std::size_t>(k); }
  bool has(int i, int k) const { return k >= 1 && k <= top_ && has_[at(i, k)]; }
  bool fixed(int i, int k) const { return count_[static_cast<std::size_t>(i)] == 1 && has(i, k); }
  bool open(int e) const { return open_[static_cast<std::size_t>(e)] != 0; }

  // What a size's step reads: the cells that may hold it, and those that
  // hold nothing else. A change to either makes the step run again.
  bool drop(int i, int k) {
    has_[at(i, k)] = 0;
    dirty_[static_cast<std::size_t>(k)] = 1;
    const int left = --count_[static_cast<std::size_t>(i)];
    if (left == 1)
      for (int j = 1; j <= top_; ++j)
        if (has_[at(i, j)]) dirty_[static_cast<std::size_t>(j)] = 1;
    return left > 0;
  }
  bool fix(int i, int k) {
    if (!has(i, k)) return false;
    if (count_[static_cast<std::size_t>(i)] == 1) return true;
    for (int j = 1; j <= top_; ++j)
      if (has_[at(i, j)]) {
        has_[at(i, j)] = 0;
        dirty_[static_cast<std::size_t>(j)] = 1;
      }
    has_[at(i, k)] = 1;
    count_[static_cast<std::size_t>(i)] = 1;
    return true;
  }

  // Sizes larger than every given number are of areas without a number
  // (most_). While no cell holds nothing but such a size, a cell keeps one,
  // k, exactly when it lies among at least k cells that may hold k (what
  // size_step finds for k, one step per size). When each cell's such sizes
  // run from most_ + 1 up to its largest, the cells that may hold k are
  // those whose largest is k or more, fewer for each larger k, and one
  // sweep finds every cell's new largest: the cells joined largest first
  // (union-find), a cell's largest is the first k at which its part has k
  // cells. Then `done`, and the size steps of these sizes are not needed.
  bool large_step(bool& done) {
    done = false;
    if (most_ >= top_) return true;
    bool changed = false;
    for (int k = most_ + 1; k <= top_ && !changed; ++k) changed = dirty_[static_cast<std::size_t>(k)] != 0;
    if (!changed) {
      done = true;
      return true;
    }
    std::vector<int> largest(static_cast<std::size_t>(n_), 0);
    for (int i = 0; i < n_; ++i) {
      if (!count_[static_cast<std::size_t>(i)]) return false;
      int small = 0;
      for (int k = 1; k <= most_; ++k) small += has_[at(i, k)];
      const int count = count_[static_cast<std::size_t>(i)] - small;
      if (!count) continue;
      int hi = top_;
      while (!has_[at(i, hi)]) --hi;
      largest[static_cast<std::size_t>(i)] = hi;
      if (count != hi - most_ || count_[static_cast<std::size_t>(i)] == 1) return true;  // not a run, or held alone
    }
    for (int k = most_ + 1; k <= top_; ++k) dirty_[static_cast<std::size_t>(k)] = 0;
    std::vector<std::vector<int>> at_size(static_cast<std::size_t>(top_ + 1));
    for (int i = 0; i < n_; ++i)
      if (largest[static_cast<std::size_t>(i)]) at_size[static_cast<std::size_t>(largest[static_cast<std::size_t>(i)])].push_back(i);
    std::vector<int> parent(static_cast<std::size_t>(n_), -1), members(static_cast<std::size_t>(n_), 0);
    // Per root, the cells not yet given their largest: a list (first, last,
    // next), joined in constant time.
    std::vector<int> first(static_cast<std::size_t>(n_), -1), last(static_cast<std::size_t>(n_), -1), next(static_cast<std::size_t>(n_), -1);
    std::vector<int> fresh(static_cast<std::size_t>(n_), 0);
    std::vector<std::vector<int>> wake(static_cast<std::size_t>(top_ + 1));
    auto root = [&](int v) {
      while (parent[static_cast<std::size_t>(v)] != v) v = parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
      return v;
    };
    std::vector<int> touched;
    for (int k = top_; k > most_; --k) {
      touched.clear();
      for (int v : at_size[static_cast<std::size_t>(k)]) {
        parent[static_cast<std::size_t>(v)] = v;
        members[static_cast<std::size_t>(v)] = 1;
        first[static_cast<std::size_t>(v)] = last[static_cast<std::size_t>(v)] = v;
        touched.push_back(v);
        for (int e : g_.incident[static_cast<std::size_t>(v)]) {
          const int w = g_.other(e, v);
          if (!open(e) || parent[static_cast<std::size_t>(w)] < 0) continue;
          int a = root(v), c = root(w);
          if (a == c) continue;
          if (members[static_cast<std::size_t>(a)] < members[static_cast<std::size_t>(c)]) std::swap(a, c);
          parent[static_cast<std::size_t>(c)] = a;
          members[static_cast<std::size_t>(a)] += members[static_cast<std::size_t>(c)];
          if (first[static_cast<std::size_t>(c)] >= 0) {
            if (first[static_cast<std::size_t>(a)] < 0) first[static_cast<std::size_t>(a)] = first[static_cast<std::size_t>(c)];
            else next[static_cast<std::size_t>(last[static_cast<std::size_t>(a)])] = first[static_cast<std::size_t>(c)];
            last[static_cast<std::size_t>(a)] = last[static_cast<std::size_t>(c)];
            first[static_cast<std::size_t>(c)] = last[static_cast<std::size_t>(c)] = -1;
          }
          touched.push_back(a);
        }
      }
      // A part too small for k waits for the size it has (it can only grow):
      // it has that many cells at that size at the latest.
      touched.insert(touched.end(), wake[static_cast<std::size_t>(k)].begin(), wake[static_cast<std::size_t>(k)].end());
      for (int t : touched) {
        const int r = root(t);
        if (first[static_cast<std::size_t>(r)] < 0) continue;
        if (members[static_cast<std::size_t>(r)] < k) {
          wake[static_cast<std::size_t>(members[static_cast<std::size_t>(r)])].push_back(r);
          continue;
        }
        for (int c = first[static_cast<std::size_t>(r)]; c >= 0; c = next[static_cast<std::size_t>(c)]) fresh[static_cast<std::size_t>(c)] = k;
        first[static_cast<std::size_t>(r)] = last[static_cast<std::size_t>(r)] = -1;
      }
    }
    for (int i = 0; i < n_; ++i)
      for (int k = largest[static_cast<std::size_t>(i)]; k > std::max(most_, fresh[static_cast<std::size_t>(i)]); --k)
        if (!drop(i, k)) return false;
    done = true;
    return true;
  }

  // The cells a part of k reaches within its budget (reached_, the part's
  // own cells first), each with the least size of an area holding the part
  // and the cell (best_); returns the number of cells reached, parts whole.
  // `blocked`: a cell left out (-1 none).
  int reach(int k, int part, int blocked) {
    auto& reached = reached_;
    for (int c : reached) best_[static_cast<std::size_t>(c)] = -1;
    reached.clear();
    for (auto& b : bucket_) b.clear();
    bucket_.resize(static_cast<std::size_t>(k + 1));
    entered_.clear();
    int weight = 0;
    auto enter_part = [&](int q, int d) {
      entered_.push_back(q);
      weight += size_[static_cast<std::size_t>(q)];
      for (int c : members_[static_cast<std::size_t>(q)]) {
        best_[static_cast<std::size_t>(c)] = d;
        reached.push_back(c);
        bucket_[static_cast<std::size_t>(d)].push_back(c);
      }
    };
    enter_part(part, size_[static_cast<std::size_t>(part)]);
    for (int d = 0; d <= k; ++d)
      for (std::size_t q = 0; q < bucket_[static_cast<std::size_t>(d)].size(); ++q) {
        const int v = bucket_[static_cast<std::size_t>(d)][q];
        if (best_[static_cast<std::size_t>(v)] != d) continue;
        for (int e : g_.incident[static_cast<std::size_t>(v)]) {
          if (!open(e)) continue;
          const int w = g_.other(e, v);
          if (w == blocked || !has(w, k)) continue;
          const int pw = part_of_[static_cast<std::size_t>(w)];
          if (pw >= 0) {
            if (std::find(entered_.begin(), entered_.end(), pw) != entered_.end()) continue;
            const int nd = d + size_[static_cast<std::size_t>(pw)];
            if (nd <= k) enter_part(pw, nd);
            continue;
          }
          const int nd = d + 1;
          if (nd > k) continue;
          int& bw = best_[static_cast<std::size_t>(w)];
          if (bw < 0) {
            weight++;
            reached.push_back(w);
          }
          if (bw < 0 || nd < bw) {
            bw = nd;
            bucket_[static_cast<std::size_t>(nd)].push_back(w);
          }
        }
      }
    return weight;
  }

  // The cells without which the part's reach (reached_, as reach() left
  // it) holds fewer than k cells: a cell that cuts the reach in two, the
  // part on one side, and leaves too few on the part's side (found as the
  // cut vertices of a depth-first search from the part: a child whose
  // subtree reaches no higher than the cell is cut off with it). Paths made
  // longer by the cell's absence are not counted: fewer cells found, none
  // wrongly.
  void cut_cells(int k, int part, std::vector<int>& forced) {
    const int weight = static_cast<int>(reached_.size());
    for (std::size_t r = 0; r < reached_.size(); ++r) order_[static_cast<std::size_t>(reached_[r])] = -1;
    int clock = 0;
    struct Frame {
      int v, parent_edge;
      std::size_t next;
    };
    std::vector<Frame> stack;
    const int root = members_[static_cast<std::size_t>(part)][0];
    order_[static_cast<std::size_t>(root)] = low_[static_cast<std::size_t>(root)] = clock++;
    below_[static_cast<std::size_t>(root)] = 1;
    cut_off_[static_cast<std::size_t>(root)] = 0;
    stack.push_back({root, -1, 0});
    while (!stack.empty()) {
      Frame& f = stack.back();
      const auto& inc = g_.incident[static_cast<std::size_t>(f.v)];
      if (f.next < inc.size()) {
        const int e = inc[f.next++];
        if (e == f.parent_edge || !open(e)) continue;
        const int w = g_.other(e, f.v);
        if (best_[static_cast<std::size_t>(w)] < 0) continue;  // not reached
        if (order_[static_cast<std::size_t>(w)] >= 0) {
          low_[static_cast<std::size_t>(f.v)] = std::min(low_[static_cast<std::size_t>(f.v)], order_[static_cast<std::size_t>(w)]);
          continue;
        }
        order_[static_cast<std::size_t>(w)] = low_[static_cast<std::size_t>(w)] = clock++;
        below_[static_cast<std::size_t>(w)] = 1;
        cut_off_[static_cast<std::size_t>(w)] = 0;
        stack.push_back({w, e, 0});
        continue;
      }
      const int v = f.v;
      stack.pop_back();
      if (stack.empty()) break;
      const int u = stack.back().v;
      below_[static_cast<std::size_t>(u)] += below_[static_cast<std::size_t>(v)];
      low_[static_cast<std::size_t>(u)] = std::min(low_[static_cast<std::size_t>(u)], low_[static_cast<std::size_t>(v)]);
      if (low_[static_cast<std::size_t>(v)] >= order_[static_cast<std::size_t>(u)]) cut_off_[static_cast<std::size_t>(u)] += below_[static_cast<std::size_t>(v)];
    }
    for (int y : reached_)
      if (part_of_[static_cast<std::size_t>(y)] < 0 && order_[static_cast<std::size_t>(y)] >= 0 &&
          weight - 1 - cut_off_[static_cast<std::size_t>(y)] < k)
        forced.push_back(y);
  }

  bool size_step(int k) {
    // The cells that may hold k (the list kept up to date here).
    auto& cells = cells_of_[static_cast<std::size_t>(k)];
    cells.erase(std::remove_if(cells.begin(), cells.end(), [&](int i) { return !has(i, k); }), cells.end());
    const bool ok = size_step(k, cells);
    for (int i : cells) part_of_[static_cast<std::size_t>(i)] = -1;
    return ok;
  }

  bool size_step(int k, const std::vector<int>& cells) {
    const int stamp = ++stamp_;
    auto mark = [&](std::vector<int>& v, int i) { v[static_cast<std::size_t>(i)] = stamp; };
    auto marked = [&](const std::vector<int>& v, int i) { return v[static_cast<std::size_t>(i)] == stamp; };
    // The parts of k: components of the cells that hold k and nothing else.
    members_.clear();
    size_.clear();
    parts_ = 0;
    for (int i : cells) {
      if (!fixed(i, k) || part_of_[static_cast<std::size_t>(i)] >= 0) continue;
      members_.push_back({i});
      part_of_[static_cast<std::size_t>(i)] = parts_;
      for (std::size_t q = 0; q < members_.back().size(); ++q) {
        const int v = members_.back()[q];
        for (int e : g_.incident[static_cast<std::size_t>(v)]) {
          const int w = g_.other(e, v);
          if (!fixed(w, k)) continue;
          if (!open(e)) return false;  // equal numbers across a wall
          if (part_of_[static_cast<std::size_t>(w)] < 0) {
            part_of_[static_cast<std::size_t>(w)] = parts_;
            members_.back().push_back(w);
          }
        }
      }
      size_.push_back(static_cast<int>(members_.back().size()));
      if (size_.back() > k) return false;
      parts_++;
    }
    // Cells beside parts: the parts they would join must fit with them, and
    // none may be across a wall.
    for (int i : cells) {
      if (part_of_[static_cast<std::size_t>(i)] >= 0) continue;
      int joined = 1;
      int seen[4] = {-1, -1, -1, -1};
      int m = 0;
      bool across_wall = false;
      for (int e : g_.incident[static_cast<std::size_t>(i)]) {
        const int p = part_of_[static_cast<std::size_t>(g_.other(e, i))];
        if (p < 0) continue;
        if (!open(e)) {
          across_wall = true;
          continue;
        }
        mark(beside_, i);
        if (std::find(seen, seen + m, p) != seen + m) continue;
        seen[m++] = p;
        joined += size_[static_cast<std::size_t>(p)];
      }
      if (across_wall || joined > k)
        if (!drop(i, k)) return false;
    }
    // Which cells some area of k can hold. Areas that hold no part yet lie
    // among the cells beside none.
    auto loose = [&](int i) { return has(i, k) && part_of_[static_cast<std::size_t>(i)] < 0 && !marked(beside_, i); };
    std::vector<int> comp;
    for (int i : cells) {
      if (marked(seen_, i) || !loose(i)) continue;
      comp.assign(1, i);
      mark(seen_, i);
      for (std::size_t q = 0; q < comp.size(); ++q)
        for (int e : g_.incident[static_cast<std::size_t>(comp[q])]) {
          const int w = g_.other(e, comp[q]);
          if (open(e) && !marked(seen_, w) && loose(w)) {
            mark(seen_, w);
            comp.push_back(w);
          }
        }
      if (static_cast<int>(comp.size()) >= k && (!b_.cap || k <= b_.cap))
        for (int c : comp) mark(keep_, c);
    }
    // And the cells a part reaches.
    std::vector<int> forced;
    for (int p = 0; p < parts_; ++p) {
      if (reach(k, p, -1) < k) return false;
      for (int c : reached_)
        if (part_of_[static_cast<std::size_t>(c)] < 0) mark(keep_, c);
      if (size_[static_cast<std::size_t>(p)] < k) cut_cells(k, p, forced);
    }
    for (int c : reached_) best_[static_cast<std::size_t>(c)] = -1;
    reached_.clear();
    for (int i : cells)
      if (has(i, k) && part_of_[static_cast<std::size_t>(i)] < 0 && !marked(keep_, i))
        if (!drop(i, k)) return false;
    for (int y : forced)
      if (!fix(y, k)) return false;
    return true;
  }

  const Board& b_;
  int n_;
  graph::Graph g_;
  int top_;
  int most_ = 0;  // the largest given number
  std::vector<char> open_;  // per step: no wall
  std::vector<char> has_;
  std::vector<int> count_;
  std::vector<char> dirty_;
  // Per size step: the parts.
  std::vector<int> part_of_, size_;
  std::vector<std::vector<int>> members_;
  int parts_ = 0;
  // reach()'s own.
  std::vector<int> best_, reached_;
  // cut_cells()'s own: depth-first order, low point, cells in the subtree,
  // cells cut off with the cell.
  std::vector<int> order_, low_, below_, cut_off_;
  // Per size: the cells that may hold it (some may have lost it since).
  std::vector<std::vector<int>> cells_of_;
  // size_step()'s marks: a cell is marked when its entry is the step's stamp.
  int stamp_ = 0;
  std::vector<int> beside_, seen_, keep_;
  std::vector<std::vector<int>> bucket_;
  std::vector<int> entered_;
};

}  // namespace

std::optional<std::vector<std::vector<int>>> narrow_sizes(const Board& b, const std::vector<std::vector<int>>& start) {
  Narrowing n(b, start);
  if (!n.run()) return std::nullopt;
  return n.domains();
}

}  // namespace psmt::fillomino
