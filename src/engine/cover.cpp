#include "engine/cover.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <unordered_map>

namespace psmt::detail {

CoverSearch::CoverSearch(std::size_t vars, const std::vector<std::vector<unsigned>>& groups,
                         const std::vector<int8_t>& fixed)
    : groups_(groups), start_(vars + 1, 0), value_(vars, 0), live_(groups.size(), 0), trues_(groups.size(), 0) {
  // of_var_: each variable's groups in one array (start_[v] .. start_[v + 1]).
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    live_[g] = static_cast<int>(groups_[g].size());
    for (unsigned v : groups_[g]) start_.at(v + 1)++;
  }
  for (std::size_t v = 0; v < vars; ++v) start_[v + 1] += start_[v];
  of_var_.resize(start_[vars]);
  std::vector<unsigned> fill(start_.begin(), start_.end() - 1);
  for (std::size_t g = 0; g < groups_.size(); ++g)
    for (unsigned v : groups_[g]) of_var_[fill[v]++] = static_cast<unsigned>(g);
  for (unsigned v = 0; v < vars; ++v)
    if (start_[v] == start_[v + 1]) free_vars_.push_back(v);
  trail_.reserve(vars);
  // Each group as a bit set over the variables, where the groups are dense
  // enough that a set's words are no more than a group's members on average
  // (a word is walked at least as fast as a member is checked) and that
  // takes at most kMaxBitWords words in all (72 groups of 2,056 placements
  // on a 6x10 pentomino board: 33 words a group, 171 members on average).
  constexpr std::size_t kMaxBitWords = std::size_t{1} << 22;
  words_ = (vars + 63) / 64;
  std::size_t members = 0;
  for (const auto& g : groups_) members += g.size();
  if (!groups_.empty() && words_ * groups_.size() <= std::min(members, kMaxBitWords)) {
    bits_.assign(words_ * groups_.size(), 0);
    for (std::size_t g = 0; g < groups_.size(); ++g)
      for (unsigned v : groups_[g]) bits_[g * words_ + v / 64] |= uint64_t{1} << (v % 64);
    unset_.assign(words_, ~uint64_t{0});
  }
  for (unsigned v = 0; v < vars && !done_ && v < fixed.size(); ++v) {
    if (fixed[v] == 2) {  // both true and false: no leaf
      done_ = true;
      break;
    }
    if (value_[v] != 0) {  // already set by another unit: a contradiction ends the search
      if (fixed[v] != 0 && fixed[v] != value_[v]) done_ = true;
      continue;
    }
    if (fixed[v] < 0 && !set_false(v)) done_ = true;
    if (fixed[v] > 0 && !choose(v)) done_ = true;
  }
  for (std::size_t g = 0; g < groups_.size(); ++g)
    if (live_[g] == 0) done_ = true;  // an empty group: no solution
}

bool CoverSearch::set_false(unsigned v) {
  value_[v] = -1;
  mark_set(v);
  trail_.push_back(v);
  bool ok = true;
  for (unsigned g : groups_of(v))
    if (--live_[g] == 0 && trues_[g] == 0) ok = false;
  return ok;
}

bool CoverSearch::choose(unsigned v) {
  value_[v] = 1;
  mark_set(v);
  trail_.push_back(v);
  for (unsigned g : groups_of(v)) trues_[g]++;
  if (!bits_.empty()) {
    // The unset variables of each group, a word at a time: the false ones
    // are not visited at all (the 6x10 pentomino count spent most of its
    // time walking past them).
    for (unsigned g : groups_of(v)) {
      const uint64_t* in = &bits_[g * words_];
      for (std::size_t k = 0; k < words_; ++k)
        for (uint64_t m = in[k] & unset_[k]; m; m &= m - 1) {
          const auto w = static_cast<unsigned>(k * 64 + static_cast<unsigned>(__builtin_ctzll(m)));
          if (!set_false(w)) return false;  // undo() restores what was set
        }
    }
    return true;
  }
  for (unsigned g : groups_of(v))
    for (unsigned w : groups_[g])
      if (value_[w] == 0 && !set_false(w)) return false;
  return true;
}

void CoverSearch::undo(std::size_t mark) {
  while (trail_.size() > mark) {
    unsigned v = trail_.back();
    trail_.pop_back();
    if (value_[v] > 0)
      for (unsigned g : groups_of(v)) trues_[g]--;
    else
      for (unsigned g : groups_of(v)) live_[g]++;
    value_[v] = 0;
    if (!unset_.empty()) unset_[v / 64] |= uint64_t{1} << (v % 64);
  }
}

bool CoverSearch::descend() {
  int best = -1, best_live = std::numeric_limits<int>::max();
  for (std::size_t g = 0; g < groups_.size(); ++g)
    if (trues_[g] == 0 && live_[g] < best_live) {
      best = static_cast<int>(g);
      best_live = live_[g];
      if (best_live <= 1) break;
    }
  if (best >= 0) {
    stack_.push_back({best, 0, 0, trail_.size()});
    return true;
  }
  for (unsigned v : free_vars_)
    if (value_[v] == 0) {
      stack_.push_back({-1, v, 0, trail_.size()});
      return true;
    }
  return false;  // a leaf
}

bool CoverSearch::advance() {
  while (!stack_.empty()) {
    Frame& f = stack_.back();
    undo(f.mark);
    if (f.group < 0) {  // a variable in no group: false, then true
      if (f.next >= 2) {
        stack_.pop_back();
        continue;
      }
      const bool truth = f.next++ == 1;
      nodes_++;
      value_[f.var] = truth ? 1 : -1;
      mark_set(f.var);
      trail_.push_back(f.var);
      return true;
    }
    const auto& vs = groups_[static_cast<std::size_t>(f.group)];
    while (f.next < vs.size() && value_[vs[f.next]] != 0) f.next++;
    if (f.next >= vs.size()) {
      stack_.pop_back();
      continue;
    }
    const unsigned v = vs[f.next++];
    nodes_++;
    if (choose(v)) return true;
  }
  return false;
}

bool CoverSearch::next(std::vector<int64_t>& leaf, const std::function<void()>& poll) {
  if (done_) return false;
  bool need_advance = started_;  // after a leaf: its last choice is done
  started_ = true;
  uint64_t polled = nodes_;
  for (;;) {
    if (poll && nodes_ - polled >= 4096) {
      polled = nodes_;
      poll();
    }
    if (need_advance && !advance()) {
      done_ = true;
      return false;
    }
    // A group whose variables are all false was caught by set_false; a
    // group with no live variable can still come from the start (done_).
    if (descend()) {
      need_advance = true;  // try the new frame's first alternative
      continue;
    }
    leaf.resize(value_.size());
    for (std::size_t v = 0; v < value_.size(); ++v) leaf[v] = value_[v] > 0 ? 1 : 0;
    return true;
  }
}

// Read from the constraints alone (cover.h): no solver.
std::vector<bool> stated_groups(const std::vector<Expr>& constraints, const std::vector<Expr>& decision_vars,
                                const std::vector<std::vector<unsigned>>& groups) {
  ConstKeys keys;
  std::unordered_map<uint32_t, unsigned> index;
  for (unsigned i = 0; i < decision_vars.size(); ++i) index[keys.key(decision_vars[i])] = i;
  std::set<std::vector<unsigned>> at_least, at_most;
  // The sorted variables of e's arguments, when each is a decision variable.
  auto vars = [&](const Expr& e) -> std::optional<std::vector<unsigned>> {
    std::vector<unsigned> vs;
    for (unsigned i = 0; i < e.num_args(); ++i) {
      Expr a = e.arg(i);
      if (!a.is_var()) return std::nullopt;
      auto k = keys.find(a);
      if (!k) return std::nullopt;
      auto it = index.find(*k);
      if (it == index.end()) return std::nullopt;
      vs.push_back(it->second);
    }
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    return vs;
  };
  auto unit = [](const Expr& e) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (e.weight(i) != 1) return false;
    return true;
  };
  std::function<void(const Expr&)> read = [&](const Expr& e) {
    const Op op = e.op();
    if (op == Op::And) {
      for (unsigned i = 0; i < e.num_args(); ++i) read(e.arg(i));
      return;
    }
    const bool sum = op == Op::AtMost || op == Op::AtLeast || op == Op::PbEq || op == Op::PbLe || op == Op::PbGe;
    if (op != Op::Or && !(sum && e.bound() == 1 && unit(e))) return;
    auto vs = vars(e);
    if (!vs) return;
    if (op == Op::Or || op == Op::AtLeast || op == Op::PbGe || op == Op::PbEq) at_least.insert(*vs);
    if (op == Op::AtMost || op == Op::PbLe || op == Op::PbEq) at_most.insert(*vs);
  };
  for (const auto& c : constraints) read(c);
  std::vector<bool> out;
  for (auto g : groups) {
    std::sort(g.begin(), g.end());
    out.push_back(g.size() >= 2 && std::adjacent_find(g.begin(), g.end()) == g.end() && at_least.count(g) &&
                  at_most.count(g));
  }
  return out;
}

}  // namespace psmt::detail
