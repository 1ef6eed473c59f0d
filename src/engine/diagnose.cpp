#include "engine/diagnose.h"

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "engine/backend.h"
#include "engine/solver_util.h"
#include "io/error.h"

namespace psmt {
using namespace detail;

namespace {

// The constant of `var`'s sort with value v (Bool, Int or bit-vector).
Expr value_of(Context& ctx, const Expr& var, int64_t v) {
  if (var.is_bool()) return ctx.bool_val(v != 0);
  const z3::expr& z = var.z3();
  if (z.is_bv()) return Expr(z.ctx().bv_val(static_cast<uint64_t>(v), z.get_sort().bv_size()));
  return Expr(z.ctx().int_val(v));
}

// Sequential counter (Sinz 2005), one direction: returns ge where ge[j] is
// forced true when at least j+1 of xs are true (j = 0..K). Asserting or
// assuming !ge[k] therefore allows at most k. Plain clauses only.
std::vector<Expr> at_least_literals(Context& ctx, Backend& s, const std::vector<Expr>& xs, unsigned K,
                                        const std::string& prefix) {
  std::vector<Expr> prev, ge;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    std::vector<Expr> cur;
    for (unsigned j = 0; j <= K; ++j) {
      cur.push_back(ctx.bool_const(fmt::format("{}!{}!{}", prefix, i, j)));
      if (!prev.empty()) s.add(implies(prev[j], cur[j]));
      if (j == 0) s.add(implies(xs[i], cur[0]));
      else if (!prev.empty()) s.add(implies(xs[i] && prev[j - 1], cur[j]));
    }
    prev = cur;
  }
  if (prev.empty())
    for (unsigned j = 0; j <= K; ++j) prev.push_back(ctx.bool_val(false));
  return prev;
}

// Unique repairs first, then several solutions, then unknown; within each,
// by the clues edited, so that the list does not depend on the order the
// solver found them in (the same on every back end).
void sort_repairs(std::vector<Repair>& list) {
  auto rank = [](Status st) { return st == Status::Unique ? 0 : st == Status::Multiple ? 1 : 2; };
  auto key = [](const Repair& r) {
    std::vector<std::pair<std::string, std::string>> k;
    for (const auto& e : r.edits) k.emplace_back(e.id, e.after);
    return k;
  };
  std::stable_sort(list.begin(), list.end(), [&](const Repair& a, const Repair& b) {
    if (rank(a.verdict) != rank(b.verdict)) return rank(a.verdict) < rank(b.verdict);
    return key(a) < key(b);
  });
}

// A place's values as they are listed: each once, shorter first ("9"
// before "10"), then alphabetically.
void distinct_in_order(std::vector<std::string>& vals) {
  std::sort(vals.begin(), vals.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
}

std::vector<std::size_t> all_indices(std::size_t n) {
  std::vector<std::size_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

struct Timer {
  Diagnosis& d;
  std::string name;
  Clock::time_point t0 = Clock::now();
  ~Timer() { d.phase_ms[name] += ms_since(t0); }
};

class Diagnoser {
 public:
  Diagnoser(const Encoder& e, const Puzzle& p, const DiagnoseOptions& o, Diagnosis& d, Clock::time_point start)
      : encoder_(e), puzzle_(p), opt_(o), d_(d), budget_(ctx_, o.limits, start) {}

  void no_solution() {
    EncodeOptions eo;
    eo.alternatives = true;
    Encoding enc = encoder_.encode(puzzle_, ctx_, d_.verdict.encoding, eo);
    const bool edits = enc.clues_in_rules;
    {
      Timer t{d_, "conflicts"};
      edits ? conflicts_by_edits(enc) : conflicts(enc);
    }
    {
      Timer t{d_, "drop_repairs"};
      edits ? repairs_by_edits(enc, false) : repairs(enc, false);
    }
    {
      Timer t{d_, "change_repairs"};
      edits ? repairs_by_edits(enc, true) : repairs(enc, true);
    }
  }

  void several_solutions() {
    Encoding enc = encoder_.encode(puzzle_, ctx_, d_.verdict.encoding);
    if (opt_.enumerate && !enc.cube_groups.empty()) {
      Timer t{d_, "enumeration"};
      if (by_enumeration()) return;
    }
    auto s = backend(enc);
    for (unsigned i = 0; i < enc.rules.size(); ++i) s->add(enc.rules[i]);
    for (const auto& c : enc.clues) s->add(c.constraint);
    {
      Timer t{d_, "ambiguity"};
      if (!ambiguity(enc, *s)) return;
    }
    Timer t{d_, "extra_givens"};
    if (encoder_.proposes_extra_clues()) extra_clues();
    else extra_givens(enc, *s);
  }

  void redundant_clues() {
    Timer t{d_, "redundant"};
    Encoding enc = encoder_.encode(puzzle_, ctx_, d_.verdict.encoding);
    // Clues the kind says can never be left out with the solution kept.
    auto never = [&](const Clue& c) {
      std::string why = encoder_.never_redundant(puzzle_, c.id);
      if (why.empty()) return false;
      d_.redundant_reason = std::move(why);
      return true;
    };
    // The puzzle as written with the clue dropped (Encoder::edit: what stays
    // of it, Clue::dropped_label) has this one solution and no other. Where
    // the solver's relaxation of a clue is looser than the edit (a Tents
    // tree that may be there or not; without it its tent has no tree), the
    // edit is what a setter would publish, so it decides.
    auto stays_unique = [&](const Clue& c) {
      const Result res = run(encoder_, *encoder_.edit(puzzle_, {{c.id, -1}}), sub_run());
      return res.status == Status::Unique && !res.solutions.empty() && !d_.verdict.solutions.empty() &&
             encoder_.differences(puzzle_, res.solutions.front(), d_.verdict.solutions.front()).empty();
    };
    if (enc.clues_in_rules) {  // drop each clue from the puzzle itself
      for (const auto& c : enc.clues) {
        if (never(c)) continue;
        if (budget_.spent()) return note("redundancy: stopped at the limit");
        if (stays_unique(c)) d_.redundant.push_back({c.id, c.label, c.cells, c.dropped_label});
      }
      d_.redundant_computed = true;
      return;
    }
    TrackedSolver ts(ctx_, enc, d_.verdict.solver, d_.verdict.encoding);
    auto all = all_indices(enc.clues.size());
    if (ts.check(all, budget_) != z3::sat) return note("redundancy not computed: the limit was hit");
    auto target = ts.solver->values();
    Expr differs = ctx_.bool_const("differs!");
    ExprVector lits(ctx_);
    for (unsigned i = 0; i < enc.decision_vars.size(); ++i)
      lits.push_back(enc.decision_vars[i] != value_of(ctx_, enc.decision_vars[i], target[i]));
    ts.solver->add(implies(differs, mk_or(lits)));
    for (std::size_t i = 0; i < enc.clues.size(); ++i) {
      if (never(enc.clues[i])) continue;
      std::vector<std::size_t> rest;
      for (auto j : all)
        if (j != i) rest.push_back(j);
      auto r = ts.check(rest, budget_, {differs});
      if (r == z3::unknown) return note("redundancy: stopped at the limit after " + std::to_string(i) + " clues");
      if (r == z3::unsat && stays_unique(enc.clues[i]))
        d_.redundant.push_back({enc.clues[i].id, enc.clues[i].label, enc.clues[i].cells, enc.clues[i].dropped_label});
    }
    d_.redundant_computed = true;
  }

 private:
  void note(const std::string& s) { d_.notes.push_back(s); }

  // Every solver of the diagnosis runs on the verdict's back end: the
  // encoding's own, and the small Boolean problems beside it (the subsets
  // map, the hitting sets), each an Encoding of its own Boolean constants.
  std::unique_ptr<Backend> backend(const Encoding& enc) {
    return make_backend(d_.verdict.solver, ctx_, enc, d_.verdict.encoding);
  }
  struct Aux {
    explicit Aux(Context& ctx) : enc(ctx) {}
    Encoding enc;  // its Boolean constants as decision variables
    std::unique_ptr<Backend> solver;  // declared after enc: destroyed first
  };
  Backend& aux_backend(const std::vector<Expr>& vars, const std::string& name) {
    auto& a = *aux_.emplace_back(std::make_unique<Aux>(ctx_));
    for (const auto& v : vars) a.enc.decision_vars.push_back(v);
    a.enc.solver_logic = "QF_FD";
    a.solver = make_backend(d_.verdict.solver, ctx_, a.enc, name);
    return *a.solver;
  }

  RunOptions sub_run() const {
    RunOptions ro;
    ro.encoding = d_.verdict.encoding;
    ro.solver = d_.verdict.solver;
    ro.limit = 2;
    ro.keep = 2;
    ro.explain = false;
    ro.limits = opt_.limits;  // each sub-run has the same limits as the whole
    return ro;
  }

  // MARCO: a map solver over "clue i is in the subset" proposes subsets not
  // yet explored; unsat ones are shrunk to a minimal conflict (and every
  // superset of it blocked), sat ones grown to a maximal satisfiable subset
  // (and every subset of it blocked). The map solver prefers large subsets,
  // so conflicts come first.
  // Kinds whose encodings reason from their clues: one minimal conflict by
  // deletion over edited puzzles, and repairs of one clue, each checked on
  // the edited puzzle.
  void conflicts_by_edits(const Encoding& enc) {
    Conflict c = explain_by_edits(encoder_, puzzle_, d_.verdict.encoding, enc, budget_, d_.verdict.solver);
    if (!c.note.empty()) note(c.note);
    d_.conflicts = {c};
    if (opt_.conflicts > 1) note("one conflict is listed for this kind (its encoding reasons from the clues)");
  }
  // A repair's edit of clue c, for the report.
  static RepairEdit edit_of(const Clue& c, int alternative) {
    RepairEdit e{c.id, c.label, alternative >= 0 ? c.alternatives[static_cast<std::size_t>(alternative)].label : c.dropped_label,
                 alternative < 0, c.cells, alternative};
    return e;
  }

  // Repairs of one clue, each checked on the edited puzzle (kinds whose
  // encodings reason from their clues). A repair of one clue must break
  // every conflict, so only the clues of the minimal conflict found are
  // tried. For a change, the clue dropped comes first: dropping relaxes
  // every value (Clue's contract), so when the puzzle has no solution
  // without it, no value of it helps; otherwise the values its solutions
  // give the clue (the kind's checker on each solution) are the values
  // worth a run, and when those solutions are all of them, the only ones.
  void repairs_by_edits(const Encoding& enc, bool change) {
    std::vector<Repair> found;
    std::set<std::string> in_conflict;
    // Every conflict explain_by_edits gives is one for certain (a set it
    // could not show minimal is checked, or is every clue), so a repair of
    // one clue is among its clues, minimal or not.
    const bool restrict = !d_.conflicts.empty() && !d_.conflicts.front().rules_alone;
    if (restrict)
      for (const auto& c : d_.conflicts.front().clues) in_conflict.insert(c.id);
    bool stopped = false, every_value = true;
    auto record = [&](const Clue& c, int j, const Result& res) {
      if (res.status == Status::None || res.status == Status::Unknown) return;
      Repair rep;
      rep.edits.push_back(edit_of(c, j));
      rep.verdict = res.status;
      rep.solutions = res.solutions;
      found.push_back(rep);
    };
    for (const auto& c : enc.clues) {
      if (restrict && !in_conflict.count(c.id)) continue;
      if (change && c.alternatives.empty()) continue;
      if (budget_.spent()) {
        stopped = true;
        break;
      }
      if (!change) {
        record(c, -1, run(encoder_, *encoder_.edit(puzzle_, {{c.id, -1}}), sub_run()));
        continue;
      }
      constexpr uint64_t kRelaxed = 64;
      RunOptions ro = sub_run();
      ro.limit = kRelaxed;
      ro.keep = kRelaxed;
      auto relaxed = encoder_.edit(puzzle_, {{c.id, -1}});
      const Result rr = run(encoder_, *relaxed, ro);
      if (rr.status == Status::None) continue;  // no value of this clue gives a solution
      const std::size_t alts = c.alternatives.size();
      std::vector<std::shared_ptr<const Puzzle>> changed(alts);
      std::vector<bool> supported(alts, false);
      for (const auto& sol : rr.solutions)
        for (std::size_t j = 0; j < alts; ++j) {
          if (supported[j]) continue;
          if (!changed[j]) changed[j] = encoder_.edit(puzzle_, {{c.id, static_cast<int>(j)}});
          supported[j] = encoder_.check(*changed[j], sol).empty();
        }
      const bool all_seen = rr.complete && rr.status != Status::Unknown;
      for (std::size_t j = 0; j < alts; ++j) {
        if (!supported[j] && all_seen) continue;  // no solution gives the clue this value
        if (budget_.spent()) {
          stopped = true;
          every_value = false;
          break;
        }
        if (!changed[j]) changed[j] = encoder_.edit(puzzle_, {{c.id, static_cast<int>(j)}});
        record(c, static_cast<int>(j), run(encoder_, *changed[j], sub_run()));
      }
      if (stopped) break;
    }
    if (change) d_.changes_exhaustive = every_value && !stopped;
    if (stopped) note(fmt::format("{} repairs: the limit was hit; the repairs listed are those found before it", change ? "change" : "drop"));
    settle_repairs(found, change, 1);
    if ((change ? d_.change_repairs : d_.drop_repairs).empty() && !stopped && (!change || std::any_of(enc.clues.begin(), enc.clues.end(), [](const Clue& c) { return !c.alternatives.empty(); })))
      note(fmt::format("no {} of one clue gives a solution (repairs of two or more clues are not searched for this kind)",
                       change ? "change" : "drop"));
  }

  // The repairs of the fewest size found: unique first, the first
  // max_repairs listed, the rest counted.
  void settle_repairs(std::vector<Repair>& found, bool change, unsigned size) {
    sort_repairs(found);
    auto& list = change ? d_.change_repairs : d_.drop_repairs;
    (change ? d_.change_unique : d_.drop_unique) =
        static_cast<std::size_t>(std::count_if(found.begin(), found.end(), [](const Repair& r) { return r.verdict == Status::Unique; }));
    if (!found.empty()) (change ? d_.min_change : d_.min_drop) = size;
    if (found.size() > opt_.max_repairs) {
      (change ? d_.change_unlisted : d_.drop_unlisted) = found.size() - opt_.max_repairs;
      found.resize(opt_.max_repairs);
    }
    list = std::move(found);
  }

  void conflicts(const Encoding& enc) {
    TrackedSolver ts(ctx_, enc, d_.verdict.solver, d_.verdict.encoding);
    std::vector<Expr> m;
    for (std::size_t i = 0; i < enc.clues.size(); ++i) m.push_back(ctx_.bool_const(fmt::format("map!{}", i)));
    Backend& map = aux_backend(m, "of the map of clue subsets");
    // Prefer large subsets: assume every clue in, and drop what the core says.
    const std::size_t want = std::max<std::size_t>(opt_.conflicts, 3);
    std::vector<Conflict> found;
    for (int round = 0; found.size() < want && round < 1000; ++round) {
      std::vector<std::size_t> seed;
      if (!propose(map, m, seed)) break;
      z3::check_result r = ts.check(seed, budget_);
      if (r == z3::unknown) {
        note("conflict search stopped at the limit");
        break;
      }
      if (r == z3::sat) {
        // Grow to a maximal satisfiable subset.
        std::set<std::size_t> in(seed.begin(), seed.end());
        for (std::size_t j = 0; j < enc.clues.size(); ++j) {
          if (in.count(j)) continue;
          std::vector<std::size_t> trial(in.begin(), in.end());
          trial.push_back(j);
          auto g = ts.check(trial, budget_);
          if (g == z3::sat) in.insert(j);
          if (g == z3::unknown) break;
        }
        ExprVector out(ctx_);
        for (std::size_t j = 0; j < enc.clues.size(); ++j)
          if (!in.count(j)) out.push_back(m[j]);
        map.add(mk_or(out));
        continue;
      }
      auto core = ts.core();
      if (core.empty()) {
        // Only the rules are to blame if they alone have no solution: Z3 also
        // gives an empty core when a clue is the constant false (refuted
        // before any assumption is made); then shrink the whole subset.
        z3::check_result alone = ts.check({}, budget_);
        if (alone == z3::unknown) {
          note("conflict search stopped at the limit");
          break;
        }
        if (alone == z3::sat) core = std::vector<std::size_t>(seed.begin(), seed.end());
        std::sort(core.begin(), core.end());
      }
      if (core.empty()) {
        Conflict c;
        c.rules_alone = c.minimal = true;
        found.push_back(c);
        d_.all_conflicts_found = true;
        break;
      }
      Conflict c;
      auto mus = shrink_conflict(ts, core, budget_, c.minimal, c.note);
      if (mus.empty()) {  // the solver's core was not minimal: no clue is needed
        c.rules_alone = c.minimal = true;
        found.push_back(c);
        d_.all_conflicts_found = true;
        break;
      }
      ExprVector block(ctx_);
      for (auto i : mus) {
        c.clues.push_back({enc.clues[i].id, enc.clues[i].label, enc.clues[i].cells});
        block.push_back(!m[i]);
      }
      map.add(mk_or(block));
      found.push_back(c);
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Conflict& a, const Conflict& b) { return a.clues.size() < b.clues.size(); });
    if (found.size() > opt_.conflicts) found.resize(opt_.conflicts);
    d_.conflicts = found;
  }

  // The next unexplored subset, as large as the map allows: assume every
  // clue in and let unsat cores take out as few as needed.
  bool propose(Backend& map, const std::vector<Expr>& m, std::vector<std::size_t>& seed) {
    std::vector<bool> forced_out(m.size(), false);
    for (;;) {
      std::vector<Expr> as;
      for (std::size_t i = 0; i < m.size(); ++i)
        if (!forced_out[i]) as.push_back(m[i]);
      auto r = map.check(budget_, as);
      if (r == z3::sat) {
        auto in = map.truth(m);
        seed.clear();
        for (std::size_t i = 0; i < m.size(); ++i)
          if (in[i]) seed.push_back(i);
        return true;
      }
      if (r == z3::unknown) return false;
      auto core = map.core();
      if (core.empty()) {
        d_.all_conflicts_found = true;
        return false;  // every subset explored
      }
      for (std::size_t i = 0; i < m.size(); ++i)
        if (same(m[i], core[0])) forced_out[i] = true;
    }
  }

  // Fewest clues to drop (change = false) or to change into one of their
  // alternatives (change = true) so that a solution exists.
  void repairs(const Encoding& enc, bool change) {
    auto solver = backend(enc);
    Backend& s = *solver;
    for (unsigned i = 0; i < enc.rules.size(); ++i) s.add(enc.rules[i]);
    std::vector<Expr> keep, changed;
    std::vector<std::size_t> which;                       // clue index per selector
    std::vector<std::vector<Expr>> alt(enc.clues.size());
    for (std::size_t i = 0; i < enc.clues.size(); ++i) {
      const Clue& c = enc.clues[i];
      if (change && c.alternatives.empty()) {
        s.add(c.constraint);
        continue;
      }
      Expr k = ctx_.bool_const(fmt::format("{}!{}", change ? "keep_c" : "keep_d", i));
      s.add(implies(k, c.constraint));
      if (change) {
        std::vector<Expr> options{k};
        for (std::size_t j = 0; j < c.alternatives.size(); ++j) {
          Expr a = ctx_.bool_const(fmt::format("alt!{}!{}", i, j));
          s.add(implies(a, c.alternatives[j].constraint));
          options.push_back(a);
          alt[i].push_back(a);
        }
        ExprVector any(ctx_);
        for (const auto& o : options) any.push_back(o);
        s.add(mk_or(any));
        for (std::size_t x = 0; x < options.size(); ++x)
          for (std::size_t y = x + 1; y < options.size(); ++y) s.add(!options[x] || !options[y]);
      }
      keep.push_back(k);
      changed.push_back(!k);
      which.push_back(i);
    }
    if (keep.empty()) return;
    const unsigned K = std::min<unsigned>(opt_.max_repair_size, static_cast<unsigned>(keep.size()));
    auto ge = at_least_literals(ctx_, s, changed, K, change ? "cnt_c" : "cnt_d");
    // Every repair of the fewest size (up to kMostRepairs), each checked for
    // uniqueness within the budget, so that the unique ones are found
    // wherever the solver happens to meet them.
    constexpr std::size_t kMostRepairs = 500;
    for (unsigned k = 1; k <= K; ++k) {
      const std::vector<Expr> as{!ge[k]};
      if (budget_.spent()) {
        if (change) d_.changes_exhaustive = false;
        return note("repairs: the limit was hit");
      }
      auto r = s.check(budget_, as);
      if (r == z3::unknown) {
        if (change) d_.changes_exhaustive = false;
        return note(fmt::format("{} repairs: stopped at the limit at size {}", change ? "change" : "drop", k));
      }
      if (r == z3::unsat) continue;
      std::vector<std::vector<ClueEdit>> candidates;
      std::vector<Repair> found;
      while (r == z3::sat && candidates.size() < kMostRepairs) {
        const auto kept = s.truth(keep);
        std::vector<ClueEdit> edits;
        Repair rep;
        ExprVector block(ctx_);
        for (std::size_t x = 0; x < keep.size(); ++x) {
          if (kept[x]) continue;
          std::size_t i = which[x];
          const Clue& c = enc.clues[i];
          int chosen = -1;
          const auto alt_on = s.truth(alt[i]);
          for (std::size_t j = 0; j < alt[i].size(); ++j)
            if (alt_on[j]) chosen = static_cast<int>(j);
          edits.push_back({c.id, chosen});
          rep.edits.push_back(edit_of(c, chosen));
          block.push_back(chosen >= 0 ? !alt[i][chosen] : keep[x]);
        }
        s.add(mk_or(block));
        candidates.push_back(edits);
        found.push_back(rep);
        if (budget_.spent()) break;
        r = s.check(budget_, as);
      }
      if (r == z3::sat) note(fmt::format("more than {} {} repairs of size {} exist; the first {} were checked", kMostRepairs,
                                         change ? "change" : "drop", k, kMostRepairs));
      std::size_t unchecked = 0;
      for (std::size_t x = 0; x < found.size(); ++x) {
        if (budget_.spent()) {
          found[x].verdict = Status::Unknown;
          ++unchecked;
          continue;
        }
        Result res = run(encoder_, *encoder_.edit(puzzle_, candidates[x]), sub_run());
        found[x].verdict = res.status;
        found[x].solutions = res.solutions;
      }
      if (unchecked) note(fmt::format("{} of the {} {} repairs of size {} were not checked for uniqueness: the limit was hit",
                                      unchecked, found.size(), change ? "change" : "drop", k));
      // A candidate whose edited puzzle has no solution is no repair: the
      // tracked encoding let it through where the puzzle's own does not
      // (it should not; kept out of the list and said, never shown as one).
      const auto before = found.size();
      found.erase(std::remove_if(found.begin(), found.end(), [](const Repair& r) { return r.verdict == Status::None; }), found.end());
      if (found.size() < before)
        note(fmt::format("{} {} candidates of size {} have no solution when checked on the edited puzzle: left out", before - found.size(),
                         change ? "change" : "drop", k));
      if (found.empty()) continue;
      settle_repairs(found, change, k);
      return;
    }
    note(fmt::format("no {} repair of at most {} clues exists", change ? "change" : "drop", K));
  }

  // Values of every place over the models seen; a model the checker rejects
  // is an internal error, as everywhere.
  void absorb(const Encoding& enc, const std::vector<int64_t>& vals) {
    auto sol = encoder_.decode(puzzle_, d_.verdict.encoding, vals);
    auto v = encoder_.check(puzzle_, sol);
    if (!v.empty()) throw InternalError("diagnosis: a model fails the checker: " + sol.dump() + ": " + v.front().message);
    auto pv = encoder_.place_values(puzzle_, sol);
    for (std::size_t p = 0; p < enc.places.size(); ++p) {
      std::vector<int64_t> t;
      for (auto i : enc.places[p]) t.push_back(vals[i]);
      if (std::find(seen_[p].begin(), seen_[p].end(), t) == seen_[p].end()) {
        seen_[p].push_back(t);
        seen_values_[p].push_back(pv.at(p));
      }
    }
    models_.push_back(vals);
    if (!d_.target) d_.target = sol;
  }

  Expr place_is(const Encoding& enc, std::size_t p, const std::vector<int64_t>& vals_of_model) {
    ExprVector eq(ctx_);
    for (auto i : enc.places[p]) eq.push_back(enc.decision_vars[i] == value_of(ctx_, enc.decision_vars[i], vals_of_model[i]));
    return mk_and(eq);
  }

  bool ambiguity(const Encoding& enc, Backend& s) {
    places_ = encoder_.places(puzzle_);
    if (places_.size() != enc.places.size()) throw InternalError("encoder gives places that its encoding does not map");
    seen_.assign(places_.size(), {});
    seen_values_.assign(places_.size(), {});
    if (s.check(budget_) != z3::sat) {
      note("ambiguity not computed: the limit was hit");
      return false;
    }
    absorb(enc, s.values());
    bool complete = true;
    for (std::size_t p = 0; p < places_.size() && complete; ++p) {
      for (int guard = 0;; ++guard) {
        ExprVector other(ctx_);
        for (const auto& t : seen_[p]) {
          ExprVector ne(ctx_);
          for (std::size_t k = 0; k < enc.places[p].size(); ++k) {
            const auto& var = enc.decision_vars[enc.places[p][k]];
            ne.push_back(var != value_of(ctx_, var, t[k]));
          }
          other.push_back(mk_or(ne));
        }
        Expr a = ctx_.bool_const(fmt::format("new_value!{}!{}", p, guard));
        s.add(implies(a, mk_and(other)));
        auto r = s.check(budget_, {a});
        if (r == z3::sat) absorb(enc, s.values());
        else if (r == z3::unsat) break;
        else {
          complete = false;
          break;
        }
      }
    }
    d_.ambiguity_complete = complete;
    if (!complete) note("ambiguity: stopped at the limit; the places not yet explored are listed as backbone candidates");
    for (std::size_t p = 0; p < places_.size(); ++p) {
      if (seen_[p].size() == 1) d_.backbone.push_back(places_[p]);
      else {
        auto vals = seen_values_[p];
        // Values that differ in the solver (a piece in two orientations) but
        // read the same to the user are listed once.
        distinct_in_order(vals);
        d_.ambiguous.push_back({places_[p], vals});
      }
    }
    return true;
  }

  // Where the encoding has exactly-one groups, the cover search
  // (engine/cover.h) enumerates solutions far faster than the solver can
  // be asked for unseen values (the draught board's 104 tilings: under a
  // second, where asking took over 300 s on either back end). With every
  // solution in hand, up to kEnumerated, the backbone and the values of
  // each place are read off them, and the extra givens are a smallest
  // hitting set of the places where each other solution differs from the
  // first: proven smallest, with no solver checks for counterexamples.
  // More solutions than that, or no cover search: false, and the solver
  // way below.
  static constexpr uint64_t kEnumerated = 5000;
  bool by_enumeration() {
    RunOptions ro = sub_run();
    ro.limit = kEnumerated + 1;
    ro.keep = kEnumerated + 1;
    ro.split = false;  // the solutions themselves, not a product of counts
    ro.enumeration = Enumeration::Cover;
    Result r;
    try {
      r = run(encoder_, puzzle_, ro);
    } catch (const UsageError&) {  // no cover search here (proofs are wanted): the solver way
      return false;
    }
    if (!r.complete || r.solutions.size() < 2 || r.solutions.size() > kEnumerated) return false;
    places_ = encoder_.places(puzzle_);
    std::vector<std::vector<std::string>> pv;
    for (const auto& sol : r.solutions) pv.push_back(encoder_.place_values(puzzle_, sol));
    // Solutions that read the same at every place (tilings of identical
    // pieces: each cell reads "A") cannot be told apart by places or by
    // givens at them: the solver way below, on the decision variables.
    if (std::set<std::vector<std::string>>(pv.begin(), pv.end()).size() < pv.size()) return false;
    d_.target = r.solutions.front();
    d_.ambiguity_complete = true;
    std::vector<std::size_t> amb;
    for (std::size_t p = 0; p < places_.size(); ++p) {
      std::vector<std::string> vals;
      for (const auto& v : pv) vals.push_back(v.at(p));
      distinct_in_order(vals);
      if (vals.size() == 1) {
        d_.backbone.push_back(places_[p]);
      } else {
        d_.ambiguous.push_back({places_[p], vals});
        amb.push_back(p);
      }
    }
    note(fmt::format("every one of the {} solutions enumerated by the exact-cover search", r.solutions.size()));
    // Each other solution must differ from the target on a fixed place.
    std::vector<Expr> h;
    for (std::size_t a = 0; a < amb.size(); ++a) h.push_back(ctx_.bool_const(fmt::format("hit!{}", a)));
    Backend& hs = aux_backend(h, "of the hitting sets");
    for (std::size_t k = 1; k < pv.size(); ++k) {
      ExprVector any(ctx_);
      for (std::size_t a = 0; a < amb.size(); ++a)
        if (pv[k][amb[a]] != pv[0][amb[a]]) any.push_back(h[a]);
      hs.add(mk_or(any));  // not empty: the solutions read differently (above)
    }
    auto ge = at_least_literals(ctx_, hs, h, static_cast<unsigned>(amb.size()), "hs");
    for (unsigned k = 1; k <= amb.size(); ++k) {
      auto c = hs.check(budget_, {!ge[k]});  // fewer than k places
      if (c == z3::unknown) {
        note("extra givens: could not finish within the limit");
        return true;
      }
      if (c == z3::sat) {
        const auto hit = hs.truth(h);
        std::vector<std::size_t> place_indices;
        for (std::size_t a = 0; a < amb.size(); ++a)
          if (hit[a]) place_indices.push_back(amb[a]);
        set_extra_givens(place_indices, true);
        return true;
      }
    }
    return true;
  }

  void set_extra_givens(std::vector<std::size_t> place_indices, bool proven) {
    std::sort(place_indices.begin(), place_indices.end());
    for (auto i : place_indices) d_.extra_given_places.push_back(places_[i]);
    auto fixed = encoder_.fix_places(puzzle_, *d_.target, place_indices, &d_.extra_givens);
    d_.extra_givens_proven_smallest = proven;
    d_.extra_givens_verdict = run(encoder_, *fixed, sub_run()).status;
  }

  // Fewest clues of the genre (Encoder::extra_clues) that leave only the
  // target: implicit hitting sets. Each other solution seen is ruled out by
  // the candidates its checker rejects once they are written in; a
  // smallest set hitting every one is tried on the puzzle with those clues
  // (the engine's verdict is the judge); another solution of that puzzle
  // joins the counterexamples. Proven smallest when the loop closes.
  // Fewest clues of the genre (Encoder::extra_clues) that leave only the
  // target: implicit hitting sets. Each other solution seen is ruled out by
  // the candidates its checker rejects once they are written in; a
  // smallest set hitting every one is tried on the puzzle with those clues
  // (the engine's verdict is the judge); another solution of that puzzle
  // joins the counterexamples. Proven smallest when the loop closes. When
  // another solution keeps every clue the target could take (no clue tells
  // them apart), that solution becomes the target instead (a few times).
  void extra_clues() {
    d_.extra_are_clues = true;
    if (!d_.target) d_.target = d_.verdict.solutions.front();
    std::vector<nlohmann::json> seen = d_.verdict.solutions;
    for (const auto& m : models_) seen.push_back(encoder_.decode(puzzle_, d_.verdict.encoding, m));
    std::vector<nlohmann::json> tried;
    nlohmann::json target = *d_.target;
    for (int attempt = 0; attempt < 4 && !budget_.spent(); ++attempt) {
      tried.push_back(target);
      std::optional<nlohmann::json> twin;
      if (extra_clues_for(target, seen, twin)) {
        d_.target = target;
        return;
      }
      if (!twin) return;
      seen.push_back(*twin);
      const bool before = std::any_of(tried.begin(), tried.end(),
                                      [&](const nlohmann::json& t) { return encoder_.differences(puzzle_, t, *twin).empty(); });
      if (before) break;
      target = *twin;
    }
    note("extra clues: another solution has, at every place a clue could be added, what the solution shown has: no clue of "
         "the genre tells them apart (nor for the other solutions tried as the one to single out)");
  }

  // The search for one target; false when a solution `twin` keeps every
  // candidate clue of this target (none tells them apart).
  bool extra_clues_for(const nlohmann::json& target, const std::vector<nlohmann::json>& seen, std::optional<nlohmann::json>& twin) {
    const std::vector<ExtraClue> cands = encoder_.extra_clues(puzzle_, target);
    if (cands.empty()) {
      note("extra clues: " + encoder_.no_extra_clues_reason(puzzle_));
      return true;
    }
    std::vector<std::shared_ptr<const Puzzle>> with(cands.size());
    auto rules_out = [&](std::size_t i, const nlohmann::json& other) {
      if (!with[i]) with[i] = encoder_.add_extra_clues(puzzle_, {cands[i]});
      return !encoder_.check(*with[i], other).empty();
    };
    std::vector<Expr> h;
    const std::size_t round_tag = aux_.size();
    for (std::size_t i = 0; i < cands.size(); ++i) h.push_back(ctx_.bool_const(fmt::format("clue!{}!{}", round_tag, i)));
    Backend& hs = aux_backend(h, "of the hitting sets of extra clues");
    auto add_other = [&](const nlohmann::json& other) {
      if (encoder_.differences(puzzle_, other, target).empty()) return true;
      ExprVector any(ctx_);
      for (std::size_t i = 0; i < cands.size(); ++i)
        if (rules_out(i, other)) any.push_back(h[i]);
      if (any.empty()) {
        twin = other;
        return false;
      }
      hs.add(mk_or(any));
      return true;
    };
    for (const auto& other : seen)
      if (!add_other(other)) return false;
    auto ge = at_least_literals(ctx_, hs, h, static_cast<unsigned>(cands.size()), fmt::format("hs_clues{}", round_tag));
    std::vector<std::size_t> best;
    std::shared_ptr<const Puzzle> best_puzzle;
    Status verdict = Status::Unknown;
    bool proven = false;
    unsigned k = 1;
    for (int round = 0; round < 2000 && !budget_.spent(); ++round) {
      auto r = hs.check(budget_, {!ge[k]});
      if (r == z3::unknown) break;
      if (r == z3::unsat) {
        if (++k > cands.size()) break;
        continue;
      }
      const auto hit = hs.truth(h);
      std::vector<std::size_t> set;
      std::vector<ExtraClue> chosen;
      for (std::size_t i = 0; i < cands.size(); ++i)
        if (hit[i]) {
          set.push_back(i);
          chosen.push_back(cands[i]);
        }
      auto puzzle = encoder_.add_extra_clues(puzzle_, chosen);
      Result judged = run(encoder_, *puzzle, sub_run());
      best = set;
      best_puzzle = puzzle;
      verdict = judged.status;
      if (judged.status == Status::Unique) {
        proven = true;
        break;
      }
      if (judged.status != Status::Multiple) break;
      bool added = false;
      for (const auto& other : judged.solutions)
        if (!encoder_.differences(puzzle_, other, target).empty()) {
          if (!add_other(other)) return false;
          added = true;
          break;
        }
      if (!added) break;
    }
    if (!proven) {
      // Greedy completion: add a clue that rules out the other solution
      // until the puzzle is unique or the limit is reached.
      note("extra clues: the search for a proven smallest set stopped at the limit; this is the best found");
      for (int guard = 0; guard < 200 && verdict == Status::Multiple && !budget_.spent(); ++guard) {
        Result judged = run(encoder_, *best_puzzle, sub_run());
        verdict = judged.status;
        if (verdict != Status::Multiple) break;
        std::optional<std::size_t> pick;
        for (const auto& other : judged.solutions) {
          if (encoder_.differences(puzzle_, other, target).empty()) continue;
          for (std::size_t i = 0; i < cands.size() && !pick; ++i)
            if (!std::count(best.begin(), best.end(), i) && rules_out(i, other)) pick = i;
        }
        if (!pick) break;
        best.push_back(*pick);
        std::vector<ExtraClue> chosen;
        for (auto i : best) chosen.push_back(cands[i]);
        best_puzzle = encoder_.add_extra_clues(puzzle_, chosen);
      }
    }
    std::sort(best.begin(), best.end());
    d_.extra_givens.clear();
    d_.extra_given_places.clear();
    for (auto i : best) {
      d_.extra_givens.push_back(cands[i].label);
      for (const auto& c : cands[i].cells) d_.extra_given_places.push_back({cands[i].label, c});
    }
    d_.extra_givens_proven_smallest = proven;
    d_.extra_givens_verdict = verdict;
    d_.with_extra_clues = best_puzzle;
    return true;
  }

  // Whether the given that fixing place p to the target's value writes
  // rules out `other` (a solution of the puzzle): the kind's own checker on
  // the puzzle with that given, made once per place (a kind's fix_places
  // may read the whole solution for one place).
  bool given_excludes(std::size_t p, const nlohmann::json& other) {
    if (with_given_.size() != places_.size()) with_given_.assign(places_.size(), nullptr);
    auto& fixed = with_given_[p];
    if (!fixed) fixed = encoder_.fix_places(puzzle_, *d_.target, {p}, nullptr);
    return !encoder_.check(*fixed, other).empty();
  }

  // Smallest set of places to fix (to the target's values) so that the target
  // is the only solution: implicit hitting sets over the places where other
  // solutions differ from the target.
  void extra_givens(const Encoding& enc, Backend& s) {
    const auto& target = models_.front();
    std::vector<std::size_t> amb;
    for (std::size_t p = 0; p < places_.size(); ++p)
      if (seen_[p].size() > 1) amb.push_back(p);
    if (amb.empty()) return;
    auto differs_at = [&](const std::vector<int64_t>& model) {
      std::vector<std::size_t> d;
      for (std::size_t a = 0; a < amb.size(); ++a)
        for (auto i : enc.places[amb[a]])
          if (model[i] != target[i]) {
            d.push_back(a);
            break;
          }
      return d;
    };
    std::vector<Expr> h;
    for (std::size_t a = 0; a < amb.size(); ++a) h.push_back(ctx_.bool_const(fmt::format("hit!{}", a)));
    Backend& hs = aux_backend(h, "of the hitting sets");
    auto add_diff = [&](const std::vector<std::size_t>& dset) {
      ExprVector any(ctx_);
      for (auto a : dset) any.push_back(h[a]);
      hs.add(mk_or(any));
    };
    for (std::size_t k = 1; k < models_.size(); ++k) add_diff(differs_at(models_[k]));
    auto ge = at_least_literals(ctx_, hs, h, static_cast<unsigned>(amb.size()), "hs");
    // The target stays a solution; "another solution" is this literal.
    Expr other = ctx_.bool_const("other_solution!");
    ExprVector ne(ctx_);
    for (unsigned i = 0; i < enc.decision_vars.size(); ++i)
      ne.push_back(enc.decision_vars[i] != value_of(ctx_, enc.decision_vars[i], target[i]));
    s.add(implies(other, mk_or(ne)));
    std::vector<Expr> fix;
    for (std::size_t a = 0; a < amb.size(); ++a) {
      fix.push_back(ctx_.bool_const(fmt::format("fix!{}", a)));
      s.add(implies(fix.back(), place_is(enc, amb[a], target)));
    }
    // Does fixing `set` leave another solution? Returns sat/unsat/unknown and absorbs the model.
    auto counterexample = [&](const std::vector<std::size_t>& set, std::vector<int64_t>& model) {
      std::vector<Expr> as{other};
      for (auto a : set) as.push_back(fix[a]);
      auto r = s.check(budget_, as);
      if (r == z3::sat) model = s.values();
      return r;
    };
    std::vector<std::size_t> best;
    bool proven = false, indistinct = false;
    unsigned k = 1;
    for (int round = 0; round < 2000; ++round) {
      auto r = hs.check(budget_, {!ge[k]});
      if (r == z3::unknown) break;
      if (r == z3::unsat) {
        if (++k > amb.size()) break;
        continue;
      }
      const auto hit = hs.truth(h);
      std::vector<std::size_t> set;
      for (std::size_t a = 0; a < amb.size(); ++a)
        if (hit[a]) set.push_back(a);
      std::vector<int64_t> model;
      auto c = counterexample(set, model);
      if (c == z3::unsat) {
        // The solver fixed the places' decision variables, which can say
        // more than the givens do (a polyomino cell's every covering
        // placement, where the given is only the piece that covers it).
        // The puzzle with the givens written in is the judge: another
        // solution of it is a counterexample, hit where its places read
        // differently from the target's.
        std::vector<std::size_t> places;
        for (auto a : set) places.push_back(amb[a]);
        auto fixed = encoder_.fix_places(puzzle_, *d_.target, places, nullptr);
        Result judged = run(encoder_, *fixed, sub_run());
        if (judged.status == Status::Unique) {
          best = set;
          proven = true;
          break;
        }
        if (judged.status != Status::Multiple) break;
        // Hit where a given would rule the other solution out, not where
        // the place reads differently: a slitherlink cell's given is its
        // count, and another loop with the same counts at the set's cells
        // but other edges there is not excluded by fixing those cells again
        // (the hitting sets went round 2,000 times on a 5x5 and gave up);
        // and a masyu cell where both loops turn takes the same black
        // pearl, which may still rule the other loop out beside it.
        std::vector<std::size_t> dset;
        for (const auto& other : judged.solutions) {
          dset.clear();
          for (std::size_t a = 0; a < amb.size(); ++a)
            if (!std::count(set.begin(), set.end(), a) && given_excludes(amb[a], other)) dset.push_back(a);
          if (!dset.empty()) break;
        }
        if (dset.empty()) {
          note("extra givens: another solution reads the same as the target at every place, so no givens at the "
               "places single it out");
          indistinct = true;
          best = set;
          break;
        }
        add_diff(dset);
        best = set;
        continue;
      }
      if (c == z3::unknown) break;
      add_diff(differs_at(model));
      best = set;
    }
    if (!proven && !indistinct) {
      // Greedy completion of the last candidate: fix a place where each
      // counterexample differs until none is left.
      note("extra givens: the search for a proven smallest set stopped at the limit; this is the best found");
      for (int guard = 0; guard < 10000; ++guard) {
        std::vector<int64_t> model;
        auto c = counterexample(best, model);
        if (c != z3::sat) {
          if (c == z3::unknown) note("extra givens: could not finish within the limit");
          break;
        }
        auto dset = differs_at(model);
        if (dset.empty()) break;
        best.push_back(dset.front());
      }
    }
    std::vector<std::size_t> place_indices;
    for (auto a : best) place_indices.push_back(amb[a]);
    set_extra_givens(place_indices, proven);
  }

  const Encoder& encoder_;
  const Puzzle& puzzle_;
  const DiagnoseOptions& opt_;
  Diagnosis& d_;
  Context ctx_;
  Budget budget_;
  std::vector<Place> places_;
  std::vector<std::shared_ptr<const Puzzle>> with_given_;  // per place: the puzzle with the target's given there
  std::vector<std::vector<std::vector<int64_t>>> seen_;
  std::vector<std::vector<std::string>> seen_values_;
  std::vector<std::vector<int64_t>> models_;
  std::vector<std::unique_ptr<Aux>> aux_;  // the side problems (subset map, hitting sets)
};

}  // namespace

Diagnosis diagnose(const Encoder& encoder, const Puzzle& puzzle, const DiagnoseOptions& options) {
  auto t0 = options.limits.start.value_or(Clock::now());
  Diagnosis d;
  RunOptions ro;
  ro.encoding = options.encoding;
  ro.solver = options.solver;
  ro.limit = 2;
  ro.keep = 2;
  ro.explain = false;
  ro.limits = options.limits;
  {
    Timer t{d, "verdict"};
    d.verdict = run(encoder, puzzle, ro);
  }
  try {
    Diagnoser dg(encoder, puzzle, options, d, t0);
    if (d.verdict.status == Status::None) dg.no_solution();
    else if (d.verdict.status == Status::Multiple) dg.several_solutions();
    else if (d.verdict.status == Status::Unique && options.redundant) dg.redundant_clues();
  } catch (const Halted& h) {
    d.complete = false;
    d.notes.push_back(std::string("stopped: ") + h.what() + "; what is shown is partial");
  } catch (const z3::exception& e) {
    if (std::string(e.msg()).find("memory") == std::string::npos)
      throw InternalError(std::string("Z3 error during diagnosis: ") + e.msg());
    d.complete = false;
    d.notes.push_back("stopped: " + memory_reason() + "; what is shown is partial");
  }
  if (stop_signal() && d.complete) {
    d.complete = false;
    d.notes.push_back("stopped: " + stop_reason() + "; what is shown is partial");
  }
  d.wall_ms = ms_since(t0);
  // The time limit reached: say so once, with the limit, so that a partial
  // diagnosis is never taken for a whole one.
  if (d.complete && options.limits.timeout_ms && d.wall_ms >= 0.95 * static_cast<double>(*options.limits.timeout_ms) &&
      d.verdict.status != Status::Unknown) {
    d.complete = false;
    d.notes.push_back(fmt::format("the time limit ({} ms) was reached: what is shown is what was found before it; "
                                  "--timeout MS gives more time (0: none)",
                                  *options.limits.timeout_ms));
  }
  return d;
}

nlohmann::json diagnosis_json(const Encoder& encoder, const Diagnosis& d) {
  (void)encoder;
  using json = nlohmann::json;
  auto clue_list = [](const auto& xs) {
    json a = json::array();
    for (const auto& c : xs) a.push_back({{"id", c.id}, {"label", c.label}});
    return a;
  };
  json j;
  json conflicts = json::array();
  for (const auto& c : d.conflicts) {
    json cj = {{"clues", clue_list(c.clues)}, {"minimal", c.minimal}};
    if (c.rules_alone) cj["rules_alone"] = true;
    conflicts.push_back(cj);
  }
  auto repairs = [&](const std::vector<Repair>& rs) {
    json a = json::array();
    for (const auto& r : rs) {
      json edits = json::array();
      for (const auto& e : r.edits) {
        json ej = {{"id", e.id}, {"before", e.before}};
        if (e.dropped) ej["drop"] = true;
        if (!e.after.empty()) ej["after"] = e.after;
        edits.push_back(ej);
      }
      json rj = {{"edits", edits}, {"status", status_name(r.verdict)}};
      if (r.verdict == Status::Unique) rj["solution"] = r.solutions.at(0);
      a.push_back(rj);
    }
    return a;
  };
  if (d.verdict.status == Status::None) {
    j["conflicts"] = conflicts;
    j["all_conflicts_found"] = d.all_conflicts_found;
    j["min_drop"] = d.min_drop ? json(*d.min_drop) : json(nullptr);
    j["drop_repairs"] = repairs(d.drop_repairs);
    j["drop_repairs_unlisted"] = d.drop_unlisted;
    j["drop_repairs_unique"] = d.drop_unique;
    j["min_change"] = d.min_change ? json(*d.min_change) : json(nullptr);
    j["change_repairs"] = repairs(d.change_repairs);
    j["change_repairs_unlisted"] = d.change_unlisted;
    j["change_repairs_unique"] = d.change_unique;
    j["changes_tried_every_value"] = d.changes_exhaustive;
  }
  if (d.verdict.status == Status::Multiple) {
    json bb = json::array(), amb = json::array();
    for (const auto& p : d.backbone) bb.push_back(p.label);
    for (const auto& a : d.ambiguous) amb.push_back({{"place", a.place.label}, {"values", a.values}});
    j["backbone"] = bb;
    j["ambiguous"] = amb;
    j["ambiguity_complete"] = d.ambiguity_complete;
    if (d.target) j["target_solution"] = *d.target;
    j["extra_givens"] = d.extra_givens;
    j["extra_are_clues"] = d.extra_are_clues;
    j["extra_givens_proven_smallest"] = d.extra_givens_proven_smallest;
    j["extra_givens_status"] = status_name(d.extra_givens_verdict);
  }
  if (d.redundant_computed) {
    j["redundant"] = clue_list(d.redundant);
    for (std::size_t i = 0; i < d.redundant.size(); ++i)
      if (!d.redundant[i].dropped_label.empty()) j["redundant"][i]["after"] = d.redundant[i].dropped_label;
  }
  if (!d.redundant_reason.empty()) j["redundant_reason"] = d.redundant_reason;
  j["notes"] = d.notes;
  j["complete"] = d.complete;
  json ph = json::object();
  for (const auto& [k, v] : d.phase_ms) ph[k] = std::round(v * 1000) / 1000;
  j["phases_ms"] = ph;
  j["wall_ms"] = std::round(d.wall_ms * 1000) / 1000;
  return j;
}

}  // namespace psmt
