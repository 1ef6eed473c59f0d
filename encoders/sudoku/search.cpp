#include "search.h"

#include <bit>
#include <functional>

namespace psmt::sudoku {
namespace {

// The units as cell indices, which are full (n cells: each digit once
// exactly; fewer: at most once), and each cell's peers.
struct Net {
  int n = 0;
  uint64_t all = 0;  // the digits 1..n as bits 0..n-1
  std::vector<std::vector<int>> units;
  std::vector<char> full;
  std::vector<std::vector<int>> peers;
};

Net net_of(const Grid& g) {
  Net net;
  net.n = g.n;
  net.all = g.n == 64 ? ~uint64_t{0} : (uint64_t{1} << g.n) - 1;
  const std::size_t cells = static_cast<std::size_t>(g.n) * static_cast<std::size_t>(g.n);
  std::vector<std::vector<int>> of(cells);
  for (const Unit& u : units(g)) {
    std::vector<int> ix;
    for (const Cell& c : u.cells) ix.push_back(c.row * g.n + c.col);
    for (int i : ix) of[static_cast<std::size_t>(i)].push_back(static_cast<int>(net.units.size()));
    net.full.push_back(static_cast<int>(ix.size()) == g.n);
    net.units.push_back(std::move(ix));
  }
  net.peers.resize(cells);
  std::vector<char> seen(cells, 0);
  for (std::size_t i = 0; i < cells; ++i) {
    for (int u : of[i])
      for (int j : net.units[static_cast<std::size_t>(u)])
        if (static_cast<std::size_t>(j) != i && !seen[static_cast<std::size_t>(j)]) {
          seen[static_cast<std::size_t>(j)] = 1;
          net.peers[i].push_back(j);
        }
    for (int j : net.peers[i]) seen[static_cast<std::size_t>(j)] = 0;
  }
  return net;
}

struct State {
  std::vector<uint64_t> cand;  // the digits a cell may still take
  std::vector<int> value;      // 0: open
};

// Digit d (from 1) into `cell`: false when a peer already holds it or is
// left with no candidate.
bool place(State& s, const Net& net, int cell, int d) {
  const uint64_t bit = uint64_t{1} << (d - 1);
  if (!(s.cand[static_cast<std::size_t>(cell)] & bit)) return false;
  s.value[static_cast<std::size_t>(cell)] = d;
  s.cand[static_cast<std::size_t>(cell)] = bit;
  for (int p : net.peers[static_cast<std::size_t>(cell)]) {
    const auto pi = static_cast<std::size_t>(p);
    if (s.value[pi] == d) return false;
    s.cand[pi] &= ~bit;
    if (!s.value[pi] && !s.cand[pi]) return false;
  }
  return true;
}

// Singles until nothing changes: false on a contradiction.
bool propagate(State& s, const Net& net) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < s.value.size(); ++i) {
      if (s.value[i]) continue;
      if (!s.cand[i]) return false;
      if (std::has_single_bit(s.cand[i])) {
        if (!place(s, net, static_cast<int>(i), std::countr_zero(s.cand[i]) + 1)) return false;
        changed = true;
      }
    }
    for (std::size_t u = 0; u < net.units.size(); ++u) {
      if (!net.full[u]) continue;
      uint64_t placed = 0, once = 0, twice = 0;
      for (int i : net.units[u]) {
        const auto ci = static_cast<std::size_t>(i);
        if (s.value[ci]) {
          placed |= uint64_t{1} << (s.value[ci] - 1);
          continue;
        }
        twice |= once & s.cand[ci];
        once |= s.cand[ci];
      }
      if ((placed | once) != net.all) return false;  // a digit with no place left
      for (uint64_t single = once & ~twice & ~placed; single; single &= single - 1) {
        const uint64_t bit = single & (~single + 1);
        for (int i : net.units[u])
          if (!s.value[static_cast<std::size_t>(i)] && (s.cand[static_cast<std::size_t>(i)] & bit)) {
            if (!place(s, net, i, std::countr_zero(bit) + 1)) return false;
            changed = true;
            break;
          }
      }
    }
  }
  return true;
}

}  // namespace

bool plain_units_only(const Grid& g) { return g.relations.empty() && !g.has_variants() && g.n <= 64; }

GridSearch search_grid(const Grid& g, std::size_t limit, std::vector<std::vector<int>>& found, uint64_t max_nodes) {
  const Net net = net_of(g);
  const std::size_t cells = static_cast<std::size_t>(g.n) * static_cast<std::size_t>(g.n);
  State start{std::vector<uint64_t>(cells, net.all), std::vector<int>(cells, 0)};
  for (std::size_t i = 0; i < cells; ++i)
    if (g.givens[i] && !place(start, net, static_cast<int>(i), g.givens[i])) return GridSearch::Complete;
  uint64_t nodes = 0;
  bool stopped = false;
  std::function<void(State&)> go = [&](State& s) {
    if (!propagate(s, net)) return;
    int cell = -1, fewest = 65;
    for (std::size_t i = 0; i < cells; ++i)
      if (!s.value[i] && std::popcount(s.cand[i]) < fewest) fewest = std::popcount(s.cand[i]), cell = static_cast<int>(i);
    if (cell < 0) {
      found.push_back(s.value);
      return;
    }
    if (++nodes > max_nodes) {
      stopped = true;
      return;
    }
    for (uint64_t c = s.cand[static_cast<std::size_t>(cell)]; c && !stopped && found.size() < limit; c &= c - 1) {
      State t = s;
      if (place(t, net, cell, std::countr_zero(c) + 1)) go(t);
    }
  };
  go(start);
  if (found.size() >= limit) return GridSearch::Limit;
  return stopped ? GridSearch::Stopped : GridSearch::Complete;
}

}  // namespace psmt::sudoku
