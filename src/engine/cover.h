// Enumeration by exact-cover search (Knuth's Algorithm X over arrays).
//
// Blocking clauses make a CDCL solver start over after every model; for
// puzzles with thousands of solutions (every tiling of a pentomino board)
// that costs hundreds of milliseconds per model. When an encoding names
// groups of Boolean decision variables of which exactly one is true in every
// solution (Encoding::cube_groups: a board cell's covering placements, a
// piece's placements), the engine can instead search over those groups
// without learning: branch on the group with the fewest live variables, make
// one of them true, every other variable of its groups false, and undo on
// backtracking. Each leaf (every group has its true variable; variables in
// no group are tried both ways) is a candidate assignment of every decision
// variable, confirmed against the whole encoding before it counts: by the
// back end (one check under those assumptions), or once for all before the
// search when each constraint lies inside one group (engine.cpp,
// prove_groups). The groups are a relaxation: they prune, the rest decides. Distinct leaves are distinct
// assignments, so nothing is counted twice and no blocking clause is needed.
//
// The engine proves each group before it trusts it (engine.cpp: no model
// with none of the group true, none with two), so a wrong hint cannot lose
// solutions; a group the constraints state outright (stated_groups below)
// is proved by reading them.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/expr.h"

namespace psmt::detail {

class CoverSearch {
 public:
  // `vars` decision variables; `groups` lists indices into them. `fixed`:
  // per variable, +1 true, -1 false, 0 free, 2 both (no leaf at all): the
  // unit rules of the encoding, and what the engine found never true.
  CoverSearch(std::size_t vars, const std::vector<std::vector<unsigned>>& groups, const std::vector<int8_t>& fixed);

  // The next leaf: every decision variable's value (0 or 1). False when the
  // search space is exhausted. `poll` runs every few thousand nodes (it may
  // throw to stop the search).
  bool next(std::vector<int64_t>& leaf, const std::function<void()>& poll = {});

  uint64_t nodes() const { return nodes_; }

 private:
  struct Frame {
    int group;         // the group branched on, or -1 for a free variable
    unsigned var;      // the free variable (group == -1)
    std::size_t next;  // the next alternative to try
    std::size_t mark;  // trail size before this frame's choice
  };
  // Make v true and every other variable of its groups false; false on a
  // conflict (a group left without a live variable).
  bool choose(unsigned v);
  bool set_false(unsigned v);
  struct Span {
    const unsigned *b, *e;
    const unsigned* begin() const { return b; }
    const unsigned* end() const { return e; }
  };
  Span groups_of(unsigned v) const { return {of_var_.data() + start_[v], of_var_.data() + start_[v + 1]}; }
  void mark_set(unsigned v) {  // v has a value now (unset_)
    if (!unset_.empty()) unset_[v / 64] &= ~(uint64_t{1} << (v % 64));
  }
  void undo(std::size_t mark);
  bool descend();   // push a frame for the most constrained group; false at a leaf
  bool advance();   // try the top frame's next alternative; pops exhausted frames; false when none is left

  std::vector<std::vector<unsigned>> groups_;    // group -> variables
  std::vector<unsigned> start_, of_var_;         // variable v -> its groups: of_var_[start_[v] .. start_[v + 1])
  std::vector<int8_t> value_;                    // +1, -1, 0
  std::vector<int> live_;                        // group -> variables not false
  std::vector<int> trues_;                       // group -> variables true
  std::vector<unsigned> free_vars_;              // variables in no group
  std::size_t words_ = 0;                        // 64-bit words per bit set of the variables
  std::vector<uint64_t> bits_;                   // group g's variables: words [g * words_, (g + 1) * words_); empty: too large
  std::vector<uint64_t> unset_;                  // the variables whose value_ is 0
  std::vector<unsigned> trail_;                  // variables in the order they were set
  std::vector<Frame> stack_;
  bool started_ = false, done_ = false, at_leaf_ = false;
  uint64_t nodes_ = 0;
};

// Which `groups` (indices into `decision_vars`) the constraints state
// outright, each a constraint or a conjunct of one: "at least one" (a clause
// over exactly the group's variables, an atleast 1, a unit sum equal to 1)
// and "at most one" (an atmost 1, pairwise or a counter, a unit sum equal to
// or at most 1) over exactly them. Such a group holds in every model of the
// constraints without a solver's word; the engine proves the others.
std::vector<bool> stated_groups(const std::vector<Expr>& constraints, const std::vector<Expr>& decision_vars,
                                const std::vector<std::vector<unsigned>>& groups);

}  // namespace psmt::detail
