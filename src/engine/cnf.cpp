#include "engine/cnf.h"


#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>

#include "io/error.h"
#include "io/halt.h"

namespace psmt::detail {
namespace {

bool is_z3_constant(const z3::expr& e) {
  return e.is_app() && e.num_args() == 0 && e.decl().decl_kind() == Z3_OP_UNINTERPRETED;
}

// Largest at-most-one written pairwise; longer ones use a sequential counter.
constexpr std::size_t kPairwiseMax = 6;

}  // namespace

CnfBuilder::CnfBuilder(Context& ctx, const ExprVector& decision_vars, std::string encoding, Sink sink)
    : ctx_(ctx), encoding_(std::move(encoding)), sink_(std::move(sink)) {
  true_ = fresh();
  clause({true_});
  for (unsigned i = 0; i < decision_vars.size(); ++i) {
    const Expr& v = decision_vars[i];
    if (v.is_const()) {
      bits_.push_back({var_of(v)});
    } else if (v.is_z3() && v.z3().is_bv() && is_z3_constant(v.z3())) {
      // The bits as Boolean constants, and v as their concatenation.
      z3::context& z = v.z3().ctx();
      const unsigned w = v.z3().get_sort().bv_size();
      std::vector<int> b;
      z3::expr whole(z);
      for (unsigned j = 0; j < w; ++j) {
        const std::string name = fmt::format("{}!bit{}", v.name(), j);
        z3::expr bit = z.bool_const(name.c_str());
        b.push_back(var_of(name));
        z3::expr one = z3::ite(bit, z.bv_val(1, 1), z.bv_val(0, 1));
        whole = j == 0 ? one : z3::concat(one, whole);
      }
      bits_.push_back(b);
      bv_from_.push_back(v.z3());
      bv_to_.push_back(whole);
    } else {
      throw NotClauses(encoding_,
                       fmt::format("its decision variable {} is {}, not Boolean or a bit-vector", v.to_string(),
                                   v.is_z3() ? v.z3().get_sort().to_string() : "Bool"),
                       true);
    }
  }
}


namespace {
uint64_t pair_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}
}  // namespace

void CnfBuilder::clause(std::vector<int> c) {
  // Millions of clauses take seconds and gigabytes: the deadline, the
  // memory cap and Ctrl-C apply while translating.
  if ((++clauses_made_ & 4095) == 0) poll_halt();
  // Every clause stays in the solver (until a renewal restores a snapshot,
  // which restores these too), so what it says holds for later sums.
  if (c.size() == 2 && c[0] < 0 && c[1] < 0) {
    excl_log_.push_back(pair_key(-c[0], -c[1]));  // hashed when a sum first asks (exclusive())
  } else if (c.size() >= 2 && std::all_of(c.begin(), c.end(), [](int l) { return l > 0; })) {
    alo_log_.insert(alo_log_.end(), c.begin(), c.end());  // put in alo_ when a sum first asks (grouped_sum)
    alo_log_.push_back(0);
  }
  sink_(c);
}

void CnfBuilder::exclude_pair(int a, int b) {
  if ((++clauses_made_ & 4095) == 0) poll_halt();
  pair_.assign({-a, -b});
  sink_(pair_);
}

namespace {
// Whether literals a and b are both in one of the at-most-ones `of` lists.
bool share_one(const std::unordered_map<int, std::vector<uint32_t>>& of, int a, int b) {
  auto ia = of.find(a), ib = of.find(b);
  if (ia == of.end() || ib == of.end()) return false;
  for (uint32_t x : ia->second)
    if (std::find(ib->second.begin(), ib->second.end(), x) != ib->second.end()) return true;
  return false;
}
}  // namespace

bool CnfBuilder::exclusive(int a, int b) const {
  if (a <= 0 || b <= 0 || a == b) return false;
  for (; excl_hashed_ < excl_log_.size(); ++excl_hashed_) excl_.insert(excl_log_[excl_hashed_]);
  if (excl_.count(pair_key(a, b))) return true;
  for (; pairwise_hashed_ < pairwise_log_.size(); ++pairwise_hashed_) {
    const int l = pairwise_log_[pairwise_hashed_];
    if (l == 0) pairwise_count_++;
    else if (l > 0) pairwise_of_[l].push_back(pairwise_count_);
  }
  return share_one(pairwise_of_, a, b) || share_one(cliques_of_, a, b);
}


CnfBuilder::Snapshot CnfBuilder::snapshot() const {
  Snapshot sn;
  sn.next_var = next_var_;
  sn.vars = vars_.size();
  sn.by_serial = by_serial_.size();
  sn.alive = alive_.size();
  sn.excl = excl_log_.size();
  sn.cliques = cliques_;
  sn.pairwise_log = pairwise_log_.size();
  sn.pairwise_groups = static_cast<uint32_t>(std::count(pairwise_log_.begin(), pairwise_log_.end(), 0));
  sn.alo_log = alo_log_.size();
  return sn;
}

void CnfBuilder::restore(const Snapshot& s) {
  if (next_var_ < s.next_var || vars_.size() < s.vars || alive_.size() < s.alive || excl_log_.size() < s.excl ||
      cliques_ < s.cliques || pairwise_log_.size() < s.pairwise_log || alo_log_.size() < s.alo_log)
    throw InternalError("CNF: restore to a snapshot that is not behind the translation's state");
  // Variables: a name added since has a variable past the snapshot's last.
  if (vars_.size() != s.vars)
    for (auto it = vars_.begin(); it != vars_.end();) it = it->second > s.next_var ? vars_.erase(it) : std::next(it);
  by_serial_.resize(s.by_serial);
  for (int& v : by_serial_)
    if (v > s.next_var) v = 0;
  next_var_ = s.next_var;
  // Definitions: each went into defined_ and alive_ together.
  for (std::size_t i = s.alive; i < alive_.size(); ++i) defined_.erase(alive_[i].id());
  alive_.resize(s.alive);
  // Logs: cut back; what was hashed of them is kept if it is all from before.
  excl_log_.resize(s.excl);
  if (excl_hashed_ > s.excl) {
    excl_.clear();
    excl_hashed_ = 0;
  }
  if (cliques_ != s.cliques) {
    for (auto it = cliques_of_.begin(); it != cliques_of_.end();) {
      auto& ids = it->second;
      while (!ids.empty() && ids.back() >= s.cliques) ids.pop_back();
      it = ids.empty() ? cliques_of_.erase(it) : std::next(it);
    }
    cliques_ = s.cliques;
  }
  pairwise_log_.resize(s.pairwise_log);
  if (pairwise_hashed_ > s.pairwise_log) {
    for (auto it = pairwise_of_.begin(); it != pairwise_of_.end();) {
      auto& ids = it->second;
      while (!ids.empty() && ids.back() >= s.pairwise_groups) ids.pop_back();
      it = ids.empty() ? pairwise_of_.erase(it) : std::next(it);
    }
    pairwise_count_ = s.pairwise_groups;
    pairwise_hashed_ = s.pairwise_log;
  }
  alo_log_.resize(s.alo_log);
  if (alo_hashed_ > s.alo_log) {
    alo_.clear();
    alo_hashed_ = 0;
  }
}

int CnfBuilder::var_of(const std::string& name) {
  auto [it, added] = vars_.emplace(name, 0);
  if (added) it->second = fresh();
  return it->second;
}

int CnfBuilder::var_of(const Expr& constant) {
  const uint32_t s = constant.serial();
  if (!s) return var_of(constant.name());
  if (s >= by_serial_.size()) by_serial_.resize(std::max<std::size_t>(s + 1, by_serial_.size() * 2), 0);
  int& v = by_serial_[s];
  if (!v) v = var_of(constant.name());  // the name too: Z3's tactics give clauses over names
  return v;
}

int CnfBuilder::plain_literal(const Expr& e) {
  const ExprNode* n = e.node();
  if (!n) return 0;
  if (n->op == Op::Const) return var_of(e);
  if (n->op == Op::Not && n->args[0].node() && n->args[0].node()->op == Op::Const) return -var_of(n->args[0]);
  return 0;
}

void CnfBuilder::add(const Expr& e) {
  std::vector<int> guard;
  add_under(e, guard);
}

// A connective (or a constant): Tseitin takes it, whatever its arguments
// are, since every argument has a literal (a sum's is defined both ways).
bool CnfBuilder::boolean_structure(const Expr& e) {
  switch (e.op()) {
    case Op::Const: case Op::True: case Op::False:
    case Op::And: case Op::Or: case Op::Not: case Op::Implies: case Op::Iff: case Op::Xor: case Op::Ite: return true;
    default: return false;
  }
}

// Clauses saying: the guard's literals are all false, or e holds.
// The plain literals under a conjunction or disjunction x, through nested
// ones of the same connective, appended to `out` (negated with `negate`);
// false, and `out` partly filled, when an argument is not a plain literal.
bool CnfBuilder::flat_literals(const Expr& x, bool negate, std::vector<int>& out) {
  for (const auto& a : x.node()->args) {
    if (a.op() == x.op() && a.node()) {
      if (!flat_literals(a, negate, out)) return false;
      continue;
    }
    const int l = plain_literal(a);
    if (!l) return false;
    out.push_back(negate ? -l : l);
  }
  return true;
}

void CnfBuilder::add_under(const Expr& e, std::vector<int>& guard) {
  auto with_guard = [&](std::vector<int> c) {
    c.insert(c.end(), guard.begin(), guard.end());
    clause(std::move(c));
  };
  const Op op = e.op();
  if (op == Op::True) return;
  if (op == Op::False) return with_guard({});
  if (op == Op::And) {
    for (unsigned i = 0; i < e.num_args(); ++i) add_under(e.arg(i), guard);
    return;
  }
  if (op == Op::Implies && boolean_structure(e.arg(0))) {
    // (a and b) implies c: not a, not b into the guard (no Tseitin
    // variable for the conjunction), when the conjuncts are literals.
    const std::size_t before = guard.size();
    if (!(e.arg(0).op() == Op::And && e.arg(0).node() && flat_literals(e.arg(0), true, guard))) {
      guard.resize(before);
      guard.push_back(-literal(e.arg(0)));
    }
    add_under(e.arg(1), guard);
    guard.resize(before);
    return;
  }
  if (op == Op::Or && e.node()) {  // a clause of literals at once, without the caches
    // Nested disjunctions are one clause: `a || b || c` is or(or(a, b), c),
    // which would otherwise cost a Tseitin variable and three clauses.
    std::vector<int> c;
    c.reserve(e.node()->args.size() + guard.size());
    const bool plain = flat_literals(e, false, c);
    if (plain && !c.empty()) return with_guard(std::move(c));
  }
  if (op == Op::Or && boolean_structure(e)) {
    std::vector<int> c;
    for (unsigned i = 0; i < e.num_args(); ++i) c.push_back(literal(e.arg(i)));
    return with_guard(c);
  }
  if (op == Op::Not && e.arg(0).op() == Op::Or && boolean_structure(e)) {
    for (unsigned i = 0; i < e.arg(0).num_args(); ++i) with_guard({-literal(e.arg(0).arg(i))});
    return;
  }
  if (boolean_structure(e)) return with_guard({literal(e)});
  if (cardinality(e, guard)) return;
  // Bit-vector and other atoms of Z3 terms: Z3's tactics, under the guard.
  if (guard.empty()) return through_tactics(e);
  // The guard as a fresh constant g: (g or e) through the tactics, and g
  // defined as "some guard literal is true".
  const std::string gname = fmt::format("psmt!guard{}", next_var_ + 1);
  const int gl = var_of(gname);
  for (int l : guard) clause({-l, gl});
  std::vector<int> back = {-gl};
  back.insert(back.end(), guard.begin(), guard.end());
  clause(back);
  through_tactics(Expr(ctx_.z3().bool_const(gname.c_str()) || ctx_.to_z3(e)));
}

// Pseudo-Boolean and cardinality constraints (Z3's pbeq, pble, pbge,
// atmost, atleast), under the guard: a clause plus pairwise (or counter)
// at-most-one for the unit-coefficient exactly-one / at-most-one of one-hot
// cells, and otherwise the partial sums of the terms as states, one per
// reachable value up to the bound (a decision diagram over the terms):
//   sum <= K: D(i, s) "the first i terms sum to at least s", forced upwards,
//             and D(n, K+1) false;
//   sum >= K: U(i, s) "the first i terms can sum to at least s", true only
//             when a term or the sum before supports it, and U(n, K) true.
// A sum of 60 over 1,500 placements of weight 5 takes 13 states per term.
bool CnfBuilder::cardinality(const Expr& e, std::vector<int>& guard) {
  const Op op = e.op();
  if (op != Op::AtMost && op != Op::AtLeast && op != Op::PbLe && op != Op::PbGe && op != Op::PbEq) return false;
  int64_t k = e.bound();
  std::vector<int64_t> w(e.num_args(), 1);
  for (unsigned i = 0; i < e.num_args(); ++i) w[i] = e.weight(i);
  std::vector<int> lits;
  for (unsigned i = 0; i < e.num_args(); ++i) lits.push_back(literal(e.arg(i)));
  // Negative weights: w*x = w + |w|*(not x).
  for (std::size_t i = 0; i < lits.size(); ++i)
    if (w[i] < 0) {
      k -= w[i];
      w[i] = -w[i];
      lits[i] = -lits[i];
    }
  const bool at_most = op == Op::AtMost || op == Op::PbLe || op == Op::PbEq;
  const bool at_least = op == Op::AtLeast || op == Op::PbGe || op == Op::PbEq;
  auto with_guard = [&](std::vector<int> cl) {
    cl.insert(cl.end(), guard.begin(), guard.end());
    clause(std::move(cl));
  };
  bool unit = true;
  for (auto x : w) unit = unit && x == 1;
  if (unit && k == 1 && at_least) with_guard(lits);
  // An at-most-one written pairwise is remembered whole (for exclusive()),
  // not pair by pair.
  auto pairwise = [&]() {
    pairwise_log_.insert(pairwise_log_.end(), lits.begin(), lits.end());
    pairwise_log_.push_back(0);
  };
  if (e.pairwise()) {  // one clause per pair, whatever the size
    if (guard.empty()) pairwise();
    for (std::size_t i = 0; i < lits.size(); ++i)
      for (std::size_t j = i + 1; j < lits.size(); ++j)
        if (guard.empty()) exclude_pair(lits[i], lits[j]);
        else with_guard({-lits[i], -lits[j]});
    return true;
  }
  if (unit && k == 1 && at_most && guard.empty()) {
    if (lits.size() <= kPairwiseMax && !e.counter()) {
      pairwise();
      for (std::size_t i = 0; i < lits.size(); ++i)
        for (std::size_t j = i + 1; j < lits.size(); ++j) exclude_pair(lits[i], lits[j]);
      return true;
    }
    const uint32_t id = cliques_++;  // for grouped_sum: no two of these are true
    for (int l : lits) cliques_of_[l].push_back(id);
    int prev = lits[0];  // sequential counter (Sinz 2005): s_i says "one of lits[0..i] is true"
    for (std::size_t i = 1; i < lits.size(); ++i) {
      clause({-prev, -lits[i]});
      if (i + 1 == lits.size()) break;
      const int s = fresh();
      clause({-prev, s});
      clause({-lits[i], s});
      prev = s;
    }
    return true;
  }
  if (!(unit && k == 1) && grouped_sum(lits, w, k, at_most, at_least, guard)) return true;
  if (at_most) {
    if (k < 0) {
      with_guard({});
    } else {
      // D(i, s) for s in 1..K+1 (K+1: "more than K"), kept for reachable s.
      const int64_t cap = k + 1;
      std::map<int64_t, int> prev;  // s -> D(i-1, s)
      for (std::size_t i = 0; i < lits.size(); ++i) {
        if (w[i] == 0) continue;
        std::map<int64_t, int> cur;
        auto state = [&](int64_t s) {
          s = std::min(s, cap);
          auto [it, added] = cur.emplace(s, 0);
          if (added) it->second = fresh();
          return it->second;
        };
        for (auto [s, v] : prev) clause({-v, state(s)});
        clause({-lits[i], state(w[i])});
        for (auto [s, v] : prev) clause({-v, -lits[i], state(s + w[i])});
        prev = std::move(cur);
      }
      if (auto it = prev.find(cap); it != prev.end()) with_guard({-it->second});
    }
  }
  if (at_least && !(unit && k == 1)) {
    if (k > 0) {
      // U(i, s) for s in 1..K: the first i terms can reach s.
      std::map<int64_t, int> prev;  // U(i-1, s); absent: false
      for (std::size_t i = 0; i < lits.size(); ++i) {
        if (w[i] == 0) continue;
        std::map<int64_t, int> cur;
        std::set<int64_t> targets;
        for (auto [s, v] : prev) targets.insert(s);
        for (auto [s, v] : prev) targets.insert(std::min(k, s + w[i]));
        targets.insert(std::min(k, w[i]));
        for (int64_t t : targets) {
          const int u = fresh();
          cur.emplace(t, u);
          // U(i, t) -> U(i-1, t) or (x_i and U(i-1, t - w_i)), with U(., <= 0) true.
          // "At least t" before this term: the smallest reachable value >= t.
          auto same = prev.lower_bound(t);
          const int before = same == prev.end() ? 0 : same->second;
          std::vector<int> either = {-u, lits[i]};
          if (before) either.push_back(before);
          clause(either);
          const int64_t rest = t - w[i];
          if (rest > 0) {
            auto below = prev.lower_bound(rest);
            std::vector<int> support = {-u};
            if (before) support.push_back(before);
            if (below != prev.end()) support.push_back(below->second);
            clause(support);
          }
        }
        prev = std::move(cur);
      }
      auto it = prev.find(k);
      with_guard(it == prev.end() ? std::vector<int>{} : std::vector<int>{it->second});
    }
  }
  return true;
}

// A sum whose terms fall into groups of literals no two of which are true
// (a one-hot cell's digits: "sum of digit * [cell has digit]"), as a
// decision diagram over the groups instead of over the terms: N(i, s) says
// "the first i groups add up to s" (s capped at K when only "at least K"
// is asked), for the sums s that are both reachable from 0 and able to end
// within the bounds; an edge variable E per (state, option, next state),
// where an option is a term's literal or, for a group not known to have a
// true literal, "none of them" (weight 0). Each edge implies its state, its
// literal and its next state; a state and a literal imply their edge; a
// literal needs one of its edges, a state one edge out and one edge in
// (Bacchus 2007's encoding of a regular constraint, under which unit
// propagation removes every digit no solution of this sum uses). Kakuro's
// runs on CaDiCaL: 0.33 s per check with a state per term, 0.08 s so.
// Returns false (nothing added) when no two terms share a group, for a
// count over several groups, or when the diagram would be large.
bool CnfBuilder::grouped_sum(const std::vector<int>& lits, const std::vector<int64_t>& w, int64_t k, bool at_most,
                             bool at_least, const std::vector<int>& guard) {
  struct Option {
    int lit;
    int64_t w;
  };
  std::vector<std::vector<Option>> groups;
  std::vector<std::vector<int>> members;
  // A term in at-most-one counters joins the group of the one with the
  // most terms of this sum, wherever it stands (a piece's placements); the
  // others join the group before them when exclusive with all of it (a
  // cell's digits, written pairwise).
  std::unordered_map<uint32_t, std::size_t> terms_in;  // clique -> terms of this sum in it
  for (std::size_t i = 0; i < lits.size(); ++i)
    if (w[i] != 0)
      if (auto it = cliques_of_.find(lits[i]); it != cliques_of_.end())
        for (uint32_t c : it->second) terms_in[c]++;
  std::unordered_map<uint32_t, std::size_t> group_of_clique;
  bool last_is_pairwise = false;  // may the next term without a clique join the last group
  for (std::size_t i = 0; i < lits.size(); ++i) {
    if (w[i] == 0) continue;
    uint32_t best = 0;
    std::size_t most = 1;
    if (auto it = cliques_of_.find(lits[i]); it != cliques_of_.end())
      for (uint32_t c : it->second)
        if (terms_in[c] > most) {
          most = terms_in[c];
          best = c;
        }
    if (most > 1) {
      auto [g, added] = group_of_clique.emplace(best, groups.size());
      if (added) {
        groups.emplace_back();
        members.emplace_back();
      }
      groups[g->second].push_back({lits[i], w[i]});
      members[g->second].push_back(lits[i]);
      last_is_pairwise = false;
      continue;
    }
    bool joins = last_is_pairwise;
    for (std::size_t j = 0; joins && j < members.back().size(); ++j) joins = exclusive(lits[i], members.back()[j]);
    if (!joins) {
      groups.emplace_back();
      members.emplace_back();
    }
    groups.back().push_back({lits[i], w[i]});
    members.back().push_back(lits[i]);
    last_is_pairwise = true;
  }
  std::size_t terms = 0;
  bool unit = true;
  for (const auto& m : members) terms += m.size();
  for (const auto& g : groups)
    for (const auto& o : g) unit = unit && o.w == 1;
  if (groups.size() == terms || groups.empty()) return false;
  // A count (every weight 1) over several groups stays a counter over the
  // terms: in the proofs of a piece's exactly-one group (at least two of
  // its placements) the diagram made 6x10 pentomino's proofs 1.2 s
  // slower. One group: the diagram settles it at once.
  if (unit && groups.size() > 1) return false;
  // "None of the group": a literal of its own, unless a clause says one is
  // true. Groups of several terms must be one-hot (a clause says one is
  // true), or be the only group: a polyomino's area sum over placements
  // grouped where they share a cell made blocking clauses on 3x20 a third
  // slower, and --certify half.
  std::vector<bool> need_none(groups.size());
  for (std::size_t from = alo_hashed_, i = alo_hashed_; i < alo_log_.size(); ++i)
    if (alo_log_[i] == 0) {
      std::vector<int> sorted(alo_log_.begin() + static_cast<std::ptrdiff_t>(from), alo_log_.begin() + static_cast<std::ptrdiff_t>(i));
      std::sort(sorted.begin(), sorted.end());
      alo_.insert(std::move(sorted));
      from = i + 1;
    }
  alo_hashed_ = alo_log_.size();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<int> sorted = members[g];
    std::sort(sorted.begin(), sorted.end());
    need_none[g] = !alo_.count(sorted);
    if (need_none[g] && members[g].size() > 1 && groups.size() > 1) return false;
  }
  const int64_t lo = at_least ? k : 0;
  const bool capped = at_least && !at_most;  // only "at least K": sums past K are K
  auto next = [&](int64_t s, int64_t add) { return capped ? std::min(lo, s + add) : s + add; };
  auto accept = [&](int64_t s) { return s >= lo && (!at_most || s <= k); };
  const std::size_t m = groups.size();
  std::vector<std::set<int64_t>> live(m + 1);
  live[0].insert(0);
  std::size_t work = 0;
  for (std::size_t g = 0; g < m; ++g) {
    for (int64_t s : live[g]) {
      if (need_none[g]) live[g + 1].insert(s);
      for (const auto& o : groups[g]) {
        const int64_t t = next(s, o.w);
        if (!at_most || t <= k) live[g + 1].insert(t);
      }
    }
    work += live[g + 1].size() * (groups[g].size() + 1);
    if (work > 200000) return false;  // e.g. long sums with large weights: state per term below
  }
  // Keep what can still end within the bounds, from the last layer back.
  for (auto it = live[m].begin(); it != live[m].end();) it = accept(*it) ? std::next(it) : live[m].erase(it);
  for (std::size_t g = m; g-- > 0;)
    for (auto it = live[g].begin(); it != live[g].end();) {
      bool on = need_none[g] && live[g + 1].count(*it);
      for (const auto& o : groups[g]) on = on || live[g + 1].count(next(*it, o.w));
      it = on ? std::next(it) : live[g].erase(it);
    }
  auto with_guard = [&](std::vector<int> cl) {
    cl.insert(cl.end(), guard.begin(), guard.end());
    clause(std::move(cl));
  };
  grouped_sums_++;
  if (live[0].empty()) {  // no way to meet the bounds
    with_guard({});
    return true;
  }
  // State literals: the root is true; so is a layer's only state.
  std::vector<std::map<int64_t, int>> node(m + 1);
  for (std::size_t g = 0; g <= m; ++g)
    for (int64_t s : live[g]) node[g][s] = (live[g].size() == 1) ? true_ : fresh();
  for (std::size_t g = 1; g <= m; ++g)
    if (live[g].size() > 1) {
      std::vector<int> any;
      for (const auto& [s, v] : node[g]) any.push_back(v);
      with_guard(any);
    }
  for (std::size_t g = 0; g < m; ++g) {
    std::vector<Option> options = groups[g];
    if (need_none[g]) {
      const int none = fresh();  // none = no literal of the group is true
      std::vector<int> some = {none};
      for (const auto& o : groups[g]) {
        clause({-none, -o.lit});
        some.push_back(o.lit);
      }
      clause(some);
      options.push_back({none, 0});
    }
    std::map<int64_t, std::vector<int>> out, in;
    for (const auto& o : options) {
      std::vector<int> support = {-o.lit};
      for (const auto& [s, from] : node[g]) {
        const int64_t t = next(s, o.w);
        auto to = node[g + 1].find(t);
        if (to == node[g + 1].end()) continue;
        const int e = fresh();
        with_guard({-e, from});
        with_guard({-e, o.lit});
        with_guard({-e, to->second});
        with_guard({-from, -o.lit, e});
        support.push_back(e);
        out[s].push_back(e);
        in[t].push_back(e);
      }
      with_guard(support);
    }
    for (const auto& [s, from] : node[g]) {
      std::vector<int> c = {-from};
      for (int e : out[s]) c.push_back(e);
      with_guard(c);
    }
    for (const auto& [t, to] : node[g + 1]) {
      std::vector<int> c = {-to};
      for (int e : in[t]) c.push_back(e);
      with_guard(c);
    }
  }
  return true;
}

int CnfBuilder::literal(const Expr& e) {
  const Op op = e.op();
  if (op == Op::True) return true_;
  if (op == Op::False) return -true_;
  if (op == Op::Const) return var_of(e);
  if (int l = plain_literal(e)) return l;
  if (op == Op::Not && boolean_structure(e)) return -literal(e.arg(0));
  auto it = defined_.find(e.id());
  if (it != defined_.end()) return it->second;
  if (!boolean_structure(e)) {
    int l = 0;
    // A diagram's states are bounded by the bound and by the sum of the
    // weights; past a few million, Z3's adders are smaller.
    auto small_sum = [&]() {
      int64_t total = 0;
      for (unsigned i = 0; i < e.num_args(); ++i) total += std::abs(e.weight(i));
      const int64_t states = std::min(std::abs(e.bound()) + 1, total + 1);
      return states * static_cast<int64_t>(e.num_args()) <= 2000000;
    };
    const bool sum = op == Op::AtMost || op == Op::AtLeast || op == Op::PbLe || op == Op::PbGe || op == Op::PbEq;
    if (sum && (!e.is_z3() || small_sum())) {
      // A sum as a literal d, both ways: d -> the sum, and not d -> its
      // negation (sum <= k fails: sum >= k+1; = k fails: below or above).
      std::vector<Expr> terms;
      std::vector<int64_t> w;
      for (unsigned i = 0; i < e.num_args(); ++i) {
        terms.push_back(e.arg(i));
        w.push_back(e.weight(i));
      }
      const int64_t k = e.bound();
      const bool le = op == Op::AtMost || op == Op::PbLe, ge = op == Op::AtLeast || op == Op::PbGe;
      l = fresh();
      std::vector<int> guard = {-l};
      add_under(e, guard);
      guard = {l};
      if (le) {
        add_under(pbge(terms, w, k + 1), guard);
      } else if (ge) {
        add_under(pble(terms, w, k - 1), guard);
      } else {
        const int below = fresh(), above = fresh();
        clause({l, below, above});
        guard = {-below};
        add_under(pble(terms, w, k - 1), guard);
        guard = {-above};
        add_under(pbge(terms, w, k + 1), guard);
      }
    } else {
      // A defined constant for any other Boolean term: d = e, through the tactics.
      const std::string d = fmt::format("psmt!def{}", next_var_ + 1);
      l = var_of(d);
      through_tactics(Expr(ctx_.z3().bool_const(d.c_str()) == ctx_.to_z3(e)));
    }
    defined_.emplace(e.id(), l);
    alive_.push_back(e);
    return l;
  }
  std::vector<int> a;
  for (unsigned i = 0; i < e.num_args(); ++i) a.push_back(literal(e.arg(i)));
  int x = 0;
  switch (op) {
    case Op::And:
    case Op::Or: {
      // or(a...) = not and(not a...): define x = and(lits).
      const bool is_or = op == Op::Or;
      std::vector<int> l = a;
      if (is_or)
        for (int& v : l) v = -v;
      x = fresh();
      std::vector<int> back = {x};
      for (int v : l) {
        clause({-x, v});
        back.push_back(-v);
      }
      clause(back);
      if (is_or) x = -x;
      break;
    }
    case Op::Implies: {
      x = fresh();  // x = (not a0) or a1
      clause({-x, -a[0], a[1]});
      clause({x, a[0]});
      clause({x, -a[1]});
      break;
    }
    case Op::Iff:
    case Op::Xor: {
      // Chains: fold left, two at a time.
      x = a[0];
      for (std::size_t i = 1; i < a.size(); ++i) {
        const int y = fresh();  // y = (x == a[i]), or xor for XOR
        const int b = op == Op::Xor ? -a[i] : a[i];
        clause({-y, -x, b});
        clause({-y, x, -b});
        clause({y, x, b});
        clause({y, -x, -b});
        x = y;
      }
      break;
    }
    case Op::Ite: {
      x = fresh();
      clause({-a[0], -x, a[1]});
      clause({-a[0], x, -a[1]});
      clause({a[0], -x, a[2]});
      clause({a[0], x, -a[2]});
      break;
    }
    default: throw InternalError("CNF: unexpected Boolean operator in " + e.to_string());
  }
  defined_.emplace(e.id(), x);
  alive_.push_back(e);
  return x;
}

void CnfBuilder::through_tactics(const Expr& e0) {
  through_z3_++;
  z3::context& z = ctx_.z3();
  z3::expr e = ctx_.to_z3(e0);
  if (!bv_from_.empty()) {
    z3::expr_vector from(z), to(z);
    for (std::size_t i = 0; i < bv_from_.size(); ++i) {
      from.push_back(bv_from_[i]);
      to.push_back(bv_to_[i]);
    }
    e = e.substitute(from, to);
  }
  // Only Boolean constants may be shared between assertions translated
  // apart; anything else would get bits of its own in each.
  std::vector<z3::expr> todo = {e};
  std::unordered_map<unsigned, bool> seen;
  while (!todo.empty()) {
    z3::expr t = todo.back();
    todo.pop_back();
    if (!seen.emplace(t.id(), true).second) continue;
    if (t.is_app() && is_z3_constant(t) && !t.is_bool())
      throw NotClauses(encoding_,
                       fmt::format("it has the {} variable {}, which is not a decision variable and cannot be turned "
                                   "into clauses",
                                   t.get_sort().to_string(), t.to_string()),
                       true);
    if (t.is_quantifier())
      throw NotClauses(encoding_, "it has a quantifier", false);
    if (t.is_app())
      for (unsigned i = 0; i < t.num_args(); ++i) todo.push_back(t.arg(i));
  }
  z3::goal g(z);
  g.add(e);
  z3::tactic t = z3::tactic(z, "simplify") & z3::tactic(z, "card2bv") & z3::tactic(z, "bit-blast") &
                 z3::tactic(z, "tseitin-cnf");
  z3::apply_result r = t(g);
  if (r.size() != 1)
    throw NotClauses(encoding_, "Z3's tactics did not give one CNF for " + e.to_string().substr(0, 200), false);
  z3::goal cnf = r[0];
  auto lit = [&](const z3::expr& l) -> int {
    if (l.is_true()) return true_;
    if (l.is_false()) return -true_;
    if (is_z3_constant(l) && l.is_bool()) return var_of(l.decl().name().str());
    if (l.is_not() && is_z3_constant(l.arg(0)) && l.arg(0).is_bool()) return -var_of(l.arg(0).decl().name().str());
    throw NotClauses(encoding_, l.to_string().substr(0, 200) + " is not a clause after Tseitin", false);
  };
  for (unsigned i = 0; i < cnf.size(); ++i) {
    z3::expr f = cnf[i];
    std::vector<int> c;
    if (f.is_or())
      for (unsigned j = 0; j < f.num_args(); ++j) c.push_back(lit(f.arg(j)));
    else
      c.push_back(lit(f));
    clause(c);
  }
}

std::vector<int> simplify_by_units(const std::vector<int>& clauses) { return UnitSimplifier().simplify(clauses); }

namespace {
std::size_t literal_index(int l) { return static_cast<std::size_t>(l > 0 ? 2 * l : -2 * l + 1); }
}  // namespace

UnitSimplifier::Index UnitSimplifier::index(const std::vector<int>& clauses, uint32_t offset) {
  Index ix;
  for (std::size_t k = 0, from = 0; k < clauses.size(); ++k) {
    if (clauses[k]) {
      ix.vars = std::max(ix.vars, std::abs(clauses[k]));
      continue;
    }
    ix.unit = ix.unit || k == from + 1;
    ix.empty = ix.empty || k == from;
    ix.start.push_back(from);
    from = k + 1;
  }
  const std::size_t n = ix.start.size();
  ix.start.push_back(clauses.size());
  // Occurrence lists by literal, one array.
  ix.first.assign(2 * static_cast<std::size_t>(ix.vars) + 3, 0);
  for (int l : clauses)
    if (l) ix.first[literal_index(l) + 1]++;
  for (std::size_t i = 1; i < ix.first.size(); ++i) ix.first[i] += ix.first[i - 1];
  ix.occ.resize(ix.first.back());
  std::vector<std::size_t> fill(ix.first.begin(), ix.first.end() - 1);
  for (std::size_t c = 0; c < n; ++c)
    for (std::size_t k = ix.start[c]; k + 1 < ix.start[c + 1]; ++k)
      ix.occ[fill[literal_index(clauses[k])]++] = static_cast<uint32_t>(offset + c);
  return ix;
}

UnitSimplifier::UnitSimplifier(std::vector<int> base) : base_(std::move(base)), ix_(index(base_, 0)) {}

std::vector<int> UnitSimplifier::simplify(const std::vector<int>& extra) const {
  const std::size_t nb = ix_.start.size() - 1;
  const Index ex = index(extra, static_cast<uint32_t>(nb));
  auto whole = [&]() {
    std::vector<int> out = base_;
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  };
  if ((!ix_.unit && !ex.unit) || ix_.empty || ex.empty) return whole();
  const std::size_t n = nb + ex.start.size() - 1;
  // Clause c's literals, in the base or in extra.
  auto lits = [&](std::size_t c) -> std::pair<const int*, const int*> {
    if (c < nb) return {base_.data() + ix_.start[c], base_.data() + ix_.start[c + 1] - 1};
    return {extra.data() + ex.start[c - nb], extra.data() + ex.start[c - nb + 1] - 1};
  };
  const int vars = std::max(ix_.vars, ex.vars);
  std::vector<signed char> value(static_cast<std::size_t>(vars) + 1, 0);
  auto is_true = [&](int l) { return value[static_cast<std::size_t>(std::abs(l))] == (l > 0 ? 1 : -1); };
  std::vector<int> trail;
  bool conflict = false;
  auto assign = [&](int l) {
    signed char& v = value[static_cast<std::size_t>(std::abs(l))];
    if (v) conflict = conflict || v != (l > 0 ? 1 : -1);
    else {
      v = l > 0 ? 1 : -1;
      trail.push_back(l);
    }
  };
  std::vector<uint32_t> open(n);  // literals not yet false
  std::vector<char> satisfied(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    auto [b, e] = lits(c);
    open[c] = static_cast<uint32_t>(e - b);
    if (open[c] == 1) assign(*b);
  }
  // The clauses where literal l occurs: in the base, then in extra.
  auto each = [&](int l, auto&& f) {
    for (const Index* x : {&ix_, &ex}) {
      const std::size_t i = literal_index(l);
      if (i + 1 >= x->first.size()) continue;
      for (std::size_t k = x->first[i]; k < x->first[i + 1]; ++k)
        if (!f(x->occ[k])) return;
    }
  };
  for (std::size_t h = 0; h < trail.size() && !conflict; ++h) {
    const int l = trail[h];
    each(l, [&](uint32_t c) { return satisfied[c] = 1; });
    each(-l, [&](uint32_t c) {
      if (satisfied[c] || --open[c] > 1) return true;
      // One literal left that is not false: it is true or becomes so; none: a conflict.
      auto [b, e] = lits(c);
      bool found = false;
      for (const int* p = b; p != e && !found; ++p)
        if (!value[static_cast<std::size_t>(std::abs(*p))] || is_true(*p)) {
          found = true;
          assign(*p);
        }
      if (!found) conflict = true;
      return !conflict;
    });
  }
  if (conflict) return whole();
  std::vector<int> out;
  for (int l : trail) out.insert(out.end(), {l, 0});
  for (std::size_t c = 0; c < n; ++c) {
    if (satisfied[c]) continue;
    const std::size_t before = out.size();
    bool sat = false;
    auto [b, e] = lits(c);
    for (const int* p = b; p != e && !sat; ++p) {
      const int l = *p;
      if (!value[static_cast<std::size_t>(std::abs(l))]) out.push_back(l);
      else sat = is_true(l);
    }
    if (sat) out.resize(before);
    else out.push_back(0);
  }
  return out;
}

}  // namespace psmt::detail
