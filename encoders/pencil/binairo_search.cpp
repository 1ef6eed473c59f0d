// Binairo's own search (Encoder::solve_quickly): what the collection's unruly
// solver and hand-written takuzu solvers do, without a formula. Each line is
// settled completely (a digit stays in a cell when some filling of the line
// through it keeps the line's rules: as many 0s as 1s, never three alike;
// with unique lines, a line one pair short of a finished line of its
// direction must end otherwise) and lines are settled in turn until nothing
// changes; then every open cell is probed (a digit whose settling fails gives
// the cell the other: every cell at the start, after a split those of lines
// nearly full), and only
// then the search splits on an open cell of the
// line with the fewest open, both digits in turn, so that it is complete.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "encoders/pencil/binairo.h"

namespace psmt::binairo {
namespace {

using Cells = std::vector<int8_t>;  // per cell: -1 open, 0 or 1

class Search {
 public:
  Search(const Board& b, std::size_t limit, std::vector<std::vector<bool>>& found, uint64_t max_work)
      : b_(b), lines_(pencil::lines(b.lat)), limit_(limit), found_(found), max_work_(max_work) {
    const auto& L = b.lat;
    of_cell_.resize(static_cast<std::size_t>(L.cells()));
    for (std::size_t k = 0; k < lines_.size(); ++k) {
      for (int c : lines_[k]) of_cell_[static_cast<std::size_t>(c)].push_back(static_cast<int>(k));
      open_.push_back(lines_[k].size());
    }
  }

  BinairoSearch run() {
    const auto& L = b_.lat;
    Cells v(static_cast<std::size_t>(L.cells()), -1);
    std::vector<int> queue;
    for (int i = 0; i < L.cells(); ++i) {
      const auto u = static_cast<std::size_t>(i);
      int d = b_.digit[u];
      if (b_.given[u] == pencil::kGivenShaded || b_.given[u] == pencil::kGivenUnshaded) {
        const int g = b_.given[u] == pencil::kGivenShaded ? 1 : 0;
        if (d >= 0 && d != g) return BinairoSearch::Complete;  // a digit and a given shading disagree
        d = g;
      }
      if (d >= 0 && !set(v, i, d, queue)) return BinairoSearch::Complete;
    }
    for (std::size_t k = 0; k < lines_.size(); ++k) queue.push_back(static_cast<int>(k));
    run_limit_ = max_work_;
    if (!settle(v, queue) || !probe(v, false)) return stopped_ ? BinairoSearch::Stopped : BinairoSearch::Complete;
    // Splits, in runs of growing length: a run cut short starts again from
    // here with the digits of each split tried in another order (a search
    // that went deep into a part without solutions gets out of it); a run
    // that ends by itself has tried everything, so the verdict is exact.
    const std::size_t mark = trail_.size();
    for (int restart = 0;; ++restart) {
      run_limit_ = uint64_t{1000} << std::min(restart, 40);
      run_work_ = 0;
      restart_ = static_cast<uint32_t>(restart);
      stopped_ = false;
      split(v);
      undo(v, mark);
      if (found_.size() >= limit_) return BinairoSearch::Limit;
      if (!stopped_) return BinairoSearch::Complete;
      if (work_ >= max_work_) return BinairoSearch::Stopped;
    }
  }

 private:
  // v[i] = d, on the trail, its lines queued; false if it held the other digit.
  bool set(Cells& v, int i, int d, std::vector<int>& queue) {
    auto& x = v[static_cast<std::size_t>(i)];
    if (x == d) return true;
    if (x >= 0) return false;
    x = static_cast<int8_t>(d);
    trail_.push_back(i);
    for (int k : of_cell_[static_cast<std::size_t>(i)]) {
      queue.push_back(k);
      --open_[static_cast<std::size_t>(k)];
    }
    return true;
  }

  // The cells set since the trail was `mark` long, opened again.
  void undo(Cells& v, std::size_t mark) {
    while (trail_.size() > mark) {
      const int i = trail_.back();
      v[static_cast<std::size_t>(i)] = -1;
      for (int k : of_cell_[static_cast<std::size_t>(i)]) ++open_[static_cast<std::size_t>(k)];
      trail_.pop_back();
    }
  }

  // One line settled completely: a digit stays possible in an open cell
  // when some filling of the line through it keeps the rules (as many 0s as
  // 1s, never three alike); a cell left one digit takes it; false when no
  // filling is left. A dynamic programme over the cells, its states the last
  // digit and how many of it end there (1 or 2), each a bit set of how many
  // 1s the part so far can hold.
  bool settle_line(Cells& v, int k, std::vector<int>& queue) {
    const auto& line = lines_[static_cast<std::size_t>(k)];
    const std::size_t m = line.size(), half = m / 2;
    auto allows = [&](std::size_t j, int e) {
      const int x = v[static_cast<std::size_t>(line[j])];
      return x < 0 || x == e;
    };
    // State s = 2 * digit + (run - 1). fwd[j][s]: bit t when cells 0..j can
    // hold t 1s and end in s; bwd[j][s]: bit t when cells j.. can follow a
    // part 0..j of t 1s, starting with s (cell j the digit, run the cells of
    // it from j on, at most 2).
    fwd_.assign(m, {});
    bwd_.assign(m, {});
    for (int e = 0; e < 2; ++e)
      if (allows(0, e)) fwd_[0][static_cast<std::size_t>(2 * e)] = uint64_t{1} << e;
    for (std::size_t j = 1; j < m; ++j)
      for (int e = 0; e < 2; ++e) {
        if (!allows(j, e)) continue;
        const auto& p = fwd_[j - 1];
        const auto o = static_cast<std::size_t>(2 * (1 - e)), same = static_cast<std::size_t>(2 * e);
        fwd_[j][same] = (p[o] | p[o + 1]) << e;
        fwd_[j][same + 1] = p[same] << e;
      }
    for (int e = 0; e < 2; ++e)
      if (allows(m - 1, e)) bwd_[m - 1][static_cast<std::size_t>(2 * e)] = uint64_t{1} << half;
    for (std::size_t j = m - 1; j-- > 0;)
      for (int e = 0; e < 2; ++e) {
        if (!allows(j, e)) continue;
        const auto& n = bwd_[j + 1];
        const auto o = static_cast<std::size_t>(2 * (1 - e)), same = static_cast<std::size_t>(2 * e);
        bwd_[j][same] = (n[o] | n[o + 1]) >> (1 - e);
        bwd_[j][same + 1] = n[same] >> e;
      }
    for (std::size_t j = 0; j < m; ++j) {
      bool can[2] = {false, false};
      for (int e = 0; e < 2; ++e) {
        const auto& f = fwd_[j];
        const auto& g = bwd_[j];
        const auto s = static_cast<std::size_t>(2 * e);
        // the run through j: ending there 1 or 2 long, starting there 1 or 2 long, 2 at most in all
        can[e] = (f[s] & (g[s] | g[s + 1])) || (f[s + 1] & g[s]);
      }
      if (!can[0] && !can[1]) return false;
      if (v[static_cast<std::size_t>(line[j])] < 0 && can[0] != can[1] && !set(v, line[j], can[1] ? 1 : 0, queue)) return false;
    }
    if (b_.unique) return distinct(v, k, queue);
    return true;
  }

  // Unique lines: a finished line differs from every finished line of its
  // direction; a line with two open cells (one of each digit to come) that
  // matches a finished line elsewhere must take them the other way round.
  bool distinct(Cells& v, int k, std::vector<int>& queue) {
    const auto& line = lines_[static_cast<std::size_t>(k)];
    std::vector<std::size_t> open;
    for (std::size_t j = 0; j < line.size(); ++j)
      if (v[static_cast<std::size_t>(line[j])] < 0) open.push_back(j);
    if (open.size() > 2) return true;
    const bool row = k < b_.lat.rows;
    for (std::size_t o = 0; o < lines_.size(); ++o) {
      const auto& other = lines_[o];
      if (static_cast<int>(o) == k || (static_cast<int>(o) < b_.lat.rows) != row) continue;
      bool finished = true, same = true;
      for (std::size_t j = 0; j < other.size() && finished && same; ++j) {
        const int y = v[static_cast<std::size_t>(other[j])];
        const int x = v[static_cast<std::size_t>(line[j])];
        finished = y >= 0;
        same = x < 0 || x == y;
      }
      if (!finished || !same) continue;
      if (open.empty()) return false;  // two finished lines alike
      if (open.size() == 2) {
        const int a = v[static_cast<std::size_t>(other[open[0]])], c = v[static_cast<std::size_t>(other[open[1]])];
        if (a != c && (!set(v, line[open[0]], c, queue) || !set(v, line[open[1]], a, queue))) return false;
      }
    }
    return true;
  }

  // Every queued line settled until none changes; false on a contradiction
  // (or when the work allowed ran out: stopped_).
  bool settle(Cells& v, std::vector<int>& queue) {
    while (!queue.empty()) {
      const int k = queue.back();
      queue.pop_back();
      if (++work_ > max_work_ || ++run_work_ > run_limit_) {
        stopped_ = true;
        return false;
      }
      if (!settle_line(v, k, queue)) return false;
    }
    return true;
  }

  // Failed-digit probing to a fixed point: false on a contradiction. Every
  // open cell, or (`near_done`) only those in a line with few cells open,
  // where a probe most often fails.
  bool probe(Cells& v, bool near_done) {
    std::vector<int> queue, cells;
    for (bool changed = true; changed;) {
      changed = false;
      cells.clear();
      if (!near_done) {
        for (int i = 0; i < b_.lat.cells(); ++i) cells.push_back(i);
      } else {
        // A cell of two such lines is probed twice: the second finds it set
        // or probes it again after the first changed something.
        for (std::size_t k = 0; k < lines_.size(); ++k)
          if (open_[k] && open_[k] <= kProbeOpen) cells.insert(cells.end(), lines_[k].begin(), lines_[k].end());
      }
      for (int i : cells) {
        if (v[static_cast<std::size_t>(i)] >= 0) continue;
        for (int d = 0; d < 2; ++d) {
          const std::size_t mark = trail_.size();
          queue.clear();
          set(v, i, d, queue);
          const bool holds = settle(v, queue);
          undo(v, mark);
          if (holds) continue;
          if (stopped_) return false;
          queue.clear();
          if (!set(v, i, 1 - d, queue) || !settle(v, queue)) return false;
          changed = true;
          break;
        }
      }
    }
    return true;
  }

  // Probing of every open cell at the start (run); after a split only of the
  // cells in a line with at most kProbeOpen open: a board left mostly open
  // (a puzzle of many solutions) would spend its time probing cells whose
  // lines can still take anything.
  static constexpr std::size_t kProbeOpen = 6;

  void split(Cells& v) {
    if (++work_ > max_work_ || ++run_work_ > run_limit_) {  // a split costs about what settling a line does
      stopped_ = true;
      return;
    }
    if (!probe(v, true)) return;
    // In the line with the fewest open cells, the open cell whose crossing
    // line has the fewest open.
    int best = -1;
    std::size_t fewest = SIZE_MAX;
    for (std::size_t k = 0; k < lines_.size(); ++k)
      if (open_[k] && open_[k] < fewest) {
        fewest = open_[k];
        best = static_cast<int>(k);
      }
    if (best >= 0) {
      int cell = -1;
      std::size_t crossing = SIZE_MAX;
      for (int c : lines_[static_cast<std::size_t>(best)]) {
        if (v[static_cast<std::size_t>(c)] >= 0) continue;
        const auto& ks = of_cell_[static_cast<std::size_t>(c)];
        const std::size_t o = open_[static_cast<std::size_t>(ks[0]) == static_cast<std::size_t>(best) ? static_cast<std::size_t>(ks[1]) : static_cast<std::size_t>(ks[0])];
        if (o < crossing) {
          crossing = o;
          cell = c;
        }
      }
      best = cell;
    }
    if (best < 0) {
      std::vector<bool> ones(v.size());
      for (std::size_t i = 0; i < v.size(); ++i) ones[i] = v[i] == 1;
      if (std::find(found_.begin(), found_.end(), ones) == found_.end()) found_.push_back(std::move(ones));  // an earlier run's?
      return;
    }
    std::vector<int> queue;
    // The first run tries 0 first; the others mix the order by cell and run.
    const int flip = restart_ ? static_cast<int>(((static_cast<uint32_t>(best) + 1) * 2654435761u ^ restart_ * 40503u) >> 7 & 1) : 0;
    for (int t = 0; t < 2 && !stopped_ && found_.size() < limit_; ++t) {
      const std::size_t mark = trail_.size();
      queue.clear();
      set(v, best, t ^ flip, queue);
      if (settle(v, queue)) split(v);
      undo(v, mark);
    }
  }

  const Board& b_;
  const std::vector<std::vector<int>> lines_;
  std::vector<std::vector<int>> of_cell_;  // per cell: its row's and its column's line
  const std::size_t limit_;
  std::vector<std::vector<bool>>& found_;
  const uint64_t max_work_;
  uint64_t work_ = 0, run_work_ = 0, run_limit_ = 0;
  uint32_t restart_ = 0;
  std::vector<std::size_t> open_;  // per line: its open cells
  std::vector<std::array<uint64_t, 4>> fwd_, bwd_;  // settle_line's tables
  std::vector<int> trail_;  // the cells set, in order (every cell set is on it)
  bool stopped_ = false;
};

}  // namespace

BinairoSearch search(const Board& b, std::size_t limit, std::vector<std::vector<bool>>& found, uint64_t max_work) {
  return Search(b, limit, found, max_work).run();
}

}  // namespace psmt::binairo
