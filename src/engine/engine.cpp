#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <sstream>

#include <fmt/format.h>

#include "engine/encoding.h"
#include "engine/solver_util.h"
#include "engine/components.h"
#include "engine/bool_eval.h"
#include "engine/cover.h"
#include "io/error.h"

namespace psmt {
namespace {
std::vector<std::pair<std::string, std::string>>& overrides() {
  static std::vector<std::pair<std::string, std::string>> v;
  return v;
}

// KEY=VALUE as Z3 wants it: true/false, a whole number, a decimal, or a word.
void set_param(z3::params& p, const std::string& key, const std::string& value) {
  if (value == "true" || value == "false") return p.set(key.c_str(), value == "true");
  if (!value.empty() && value.find_first_not_of("0123456789") == std::string::npos && value.size() <= 9)
    return p.set(key.c_str(), static_cast<unsigned>(std::stoul(value)));
  char* end = nullptr;
  const double d = std::strtod(value.c_str(), &end);
  if (!value.empty() && end && *end == '\0') return p.set(key.c_str(), d);
  p.set(key.c_str(), value.c_str());
}

// Whether --z3 sets this SAT-core parameter (with or without "sat.").
bool overridden(const std::string& name) {
  for (const auto& kv : overrides())
    if (kv.first == name || kv.first == "sat." + name) return true;
  return false;
}
}  // namespace

void set_solver_override(const std::string& key, const std::string& value) {
  if (value == "default") {
    // Leave a parameter puzzle-smt sets unset, as Z3 has it.
    for (const char* own : {"gc.initial", "subsumption", "model.compact"})
      if (key == own || key == std::string("sat.") + own) {
        overrides().emplace_back(key, value);
        return;
      }
    throw UsageError(fmt::format("--z3 {}=default: only the parameters puzzle-smt sets (sat.gc.initial, sat.subsumption, "
                                 "model.compact) can be left to Z3's default",
                                 key));
  }
  // Z3 checks names and types when the parameters reach a solver: try both
  // kinds of solver the encodings ask for before taking it.
  z3::context ctx;
  for (const char* logic : {"QF_FD", ""}) {
    z3::solver s = *logic ? z3::solver(ctx, logic) : z3::solver(ctx);
    z3::params p(ctx);
    try {
      set_param(p, key, value);
      s.set(p);
      s.add(ctx.bool_const("x"));
      (void)s.check();  // some solvers read their parameters only here
    } catch (const z3::exception& e) {
      std::string msg = e.msg();
      if (auto legal = msg.find("Legal parameters are:"); legal != std::string::npos) msg = msg.substr(0, legal);
      while (!msg.empty() && (msg.back() == ' ' || msg.back() == '\n' || msg.back() == '.')) msg.pop_back();
      throw UsageError(fmt::format("--z3 {}={}: Z3 refuses it ({})", key, value, msg));
    }
  }
  overrides().emplace_back(key, value);
}

namespace detail {
z3::solver make_solver(z3::context& ctx, const Encoding& enc) {
  z3::solver s = enc.solver_logic.empty() ? z3::solver(ctx) : z3::solver(ctx, enc.solver_logic.c_str());
  // Model compaction costs more than the search when models come fast (a
  // small tiling with hundreds of thousands of solutions: 4.6 s vs 1.1 s);
  // the engine reads only the decision variables, so it needs no compaction.
  z3::params p(ctx);
  if (!overridden("model.compact")) p.set("model.compact", false);
  if (enc.solver_logic == "QF_FD") {
    // Z3's SAT core keeps every learned clause until its first clean-up at
    // 20,000 conflicts (sat.gc.initial). A solver that answers puzzle after
    // puzzle (batch) piles up about 24,500 of them, and the clean-ups then
    // stall for 30-260 ms on a few hard puzzles; subsumption passes add to
    // it. Collecting from 500 conflicts on and without subsumption, a
    // forum-hardest sudoku takes about a fifth of the time (README,
    // "Z3's SAT-core parameters"); the Z3 hazard reproducer and the
    // differential tests hold with them. --z3 KEY=VALUE overrides them.
    if (!overridden("gc.initial")) p.set("gc.initial", 500u);
    if (!overridden("subsumption")) p.set("subsumption", false);
  }
  // --z3 in the same parameter set, each of puzzle-smt's names once.
  for (const auto& [k, v] : overrides())
    if (v != "default") set_param(p, k, v);
  s.set(p);
  return s;
}

uint64_t rlimit_count(const z3::solver& s) {
  z3::stats st = s.statistics();
  for (unsigned i = 0; i < st.size(); ++i)
    if (st.key(i) == "rlimit count") return st.is_uint(i) ? st.uint_value(i) : static_cast<uint64_t>(st.double_value(i));
  return 0;
}

void add_stats(std::map<std::string, double>& into, const z3::solver& s) {
  z3::stats st = s.statistics();
  for (unsigned i = 0; i < st.size(); ++i) {
    double v = st.is_uint(i) ? st.uint_value(i) : st.double_value(i);
    std::string k = st.key(i);
    if (k == "memory" || k == "max memory") into[k == "memory" ? "memory_mb" : "max_memory_mb"] = std::max(into[k], v);
    else into[k] += v;
  }
}

std::vector<int64_t> model_values(const z3::model& m, const z3::expr_vector& vars) {
  std::vector<int64_t> out;
  out.reserve(vars.size());
  for (unsigned i = 0; i < vars.size(); ++i) {
    // A constant's interpretation directly (much cheaper than eval, which
    // sets up an evaluator per call); eval with completion otherwise.
    z3::expr v = vars[i];
    if (vars[i].is_const() && m.has_interp(vars[i].decl())) v = m.get_const_interp(vars[i].decl());
    else v = m.eval(vars[i], true);
    if (v.is_bool()) {
      out.push_back(v.is_true() ? 1 : 0);
    } else if (v.is_bv()) {
      out.push_back(static_cast<int64_t>(v.get_numeral_uint64()));
    } else {
      int64_t x = 0;
      if (!v.is_numeral_i64(x)) throw InternalError("decision variable " + vars[i].to_string() + " has no integer value");
      out.push_back(x);
    }
  }
  return out;
}

Expr blocking_clause(Context& ctx, const Encoding& enc, const std::vector<unsigned>& vars,
                         const std::vector<int64_t>& values) {
  ExprVector lits(ctx);
  for (std::size_t k = 0; k < vars.size(); ++k) {
    Expr v = enc.decision_vars[vars[k]];
    int64_t x = values.at(k);
    if (enc.block_true_literals) {
      if (x) lits.push_back(!v);
    } else if (v.is_bool()) {
      lits.push_back(x ? !v : v);
    } else if (v.z3().is_bv()) {
      lits.push_back(v.z3() != v.z3().ctx().bv_val(static_cast<uint64_t>(x), v.z3().get_sort().bv_size()));
    } else {
      lits.push_back(v.z3() != v.z3().ctx().int_val(x));
    }
  }
  return mk_or(lits);
}

Expr blocking_clause(Context& ctx, const Encoding& enc, const std::vector<int64_t>& values) {
  return blocking_clause(ctx, enc, every_var(enc), values);
}

TrackedSolver::TrackedSolver(Context& c, const Encoding& enc, const std::string& solver_name,
                             const std::string& encoding)
    : ctx(c), solver(make_backend(solver_name, c, enc, encoding)) {
  // The SAT solver's own core minimisation where Z3 has it: smaller cores
  // to start shrinking from (Niobaras: 13 signs instead of 24, and faster).
  // Minimality is still established by shrink_conflict.
  if (enc.solver_logic == "QF_FD") solver->minimize_cores();
  for (unsigned i = 0; i < enc.rules.size(); ++i) solver->add(enc.rules[i]);
  for (std::size_t i = 0; i < enc.clues.size(); ++i) {
    Expr a = ctx.bool_const(fmt::format("clue!{}", i));
    solver->add(implies(a, enc.clues[i].constraint));
    tracker.push_back(a);
  }
}

z3::check_result TrackedSolver::check(const std::vector<std::size_t>& subset, Budget& budget,
                                      const std::vector<Expr>& extra) {
  std::vector<Expr> as;
  for (auto i : subset) as.push_back(tracker[i]);
  for (const auto& e : extra) as.push_back(e);
  checks++;
  return solver->check(budget, as);
}

std::vector<std::size_t> TrackedSolver::core() const {
  std::vector<std::size_t> c;
  for (const auto& u : solver->core())
    for (std::size_t i = 0; i < tracker.size(); ++i)
      if (same(tracker[i], u)) c.push_back(i);
  std::sort(c.begin(), c.end());
  return c;
}

std::vector<std::size_t> shrink_conflict(TrackedSolver& ts, std::vector<std::size_t> core, Budget& budget,
                                         bool& minimal, std::string& note, const std::vector<std::size_t>& needed_already) {
  // Deletion with core refinement: take a clue out; if the rest is still
  // unsat, keep only the new core; if it becomes sat, the clue is needed (and
  // stays needed in every subset, since a subset of a sat set is sat). Each
  // check gets a slice of the budget (a satisfiable check can be the hard
  // part: a whole hidoku path with a given fewer); a check that runs out
  // keeps its clue, and the set is then not shown minimal.
  // A second pass gives the clues whose slice ran out what is left of the
  // budget (a slow machine or a sanitizer build must not make a decidable
  // conflict "not minimal" when the whole budget would have been enough).
  // Dropping a clue there keeps every clue already shown necessary: a core
  // without one of them would sit inside a satisfiable set.
  minimal = true;
  // Clues already shown needed (a solution of the others is known) are not
  // taken out again; they stay needed in every subset.
  std::vector<std::size_t> needed, rest, undecided_clues;
  for (std::size_t i : core)
    (std::find(needed_already.begin(), needed_already.end(), i) != needed_already.end() ? needed : rest).push_back(i);
  auto keep_core = [&](std::vector<std::size_t>& v) {
    auto smaller = ts.core();
    // An empty core (Z3 gives one when a clue is the constant false, refuted
    // before any assumption is made) refines nothing.
    if (smaller.empty()) return;
    std::vector<std::size_t> kept;
    for (auto i : v)
      if (std::binary_search(smaller.begin(), smaller.end(), i)) kept.push_back(i);
    v = kept;
  };
  while (!rest.empty()) {
    std::size_t c = rest.back();
    rest.pop_back();
    std::vector<std::size_t> trial = needed;
    trial.insert(trial.end(), rest.begin(), rest.end());
    z3::check_result t = z3::unknown;
    if (!budget.spent()) {
      const uint64_t left = budget.remaining_ms();
      Budget slice = budget.slice(left == UINT64_MAX ? UINT64_MAX : std::max<uint64_t>(250, left / (rest.size() + 2)));
      t = ts.check(trial, slice);
    }
    if (t == z3::unsat) {
      keep_core(rest);
    } else {
      needed.push_back(c);
      if (t == z3::unknown) undecided_clues.push_back(c);
    }
  }
  int undecided = 0;
  for (std::size_t k = 0; k < undecided_clues.size(); ++k) {
    std::size_t c = undecided_clues[k];
    if (std::find(needed.begin(), needed.end(), c) == needed.end()) continue;  // a core took it out
    std::vector<std::size_t> trial;
    for (auto i : needed)
      if (i != c) trial.push_back(i);
    z3::check_result t = z3::unknown;
    if (!budget.spent()) {
      const uint64_t left = budget.remaining_ms();
      Budget slice = budget.slice(left == UINT64_MAX ? UINT64_MAX : left / (undecided_clues.size() - k));
      t = ts.check(trial, slice);
    }
    if (t == z3::unsat) {
      std::sort(trial.begin(), trial.end());
      keep_core(trial);
      needed = trial;
    } else if (t == z3::unknown) {
      undecided++;
    }
  }
  if (undecided) {
    minimal = false;
    note = fmt::format("{} of these clues could not be shown necessary within the limits; the set may not be minimal",
                       undecided);
  }
  std::sort(needed.begin(), needed.end());
  return needed;
}

// The clues that cannot hold together, on a second solver where each clue is
// tracked by its own assumption literal, shrunk to a minimal set unless the
// budget runs out first.
Conflict explain_unsat(Context& ctx, const Encoding& enc, Budget& budget, Stats& stats, const std::string& solver,
                        const std::string& encoding) {
  Conflict out;
  TrackedSolver ts(ctx, enc, solver, encoding);
  std::vector<std::size_t> all;
  for (std::size_t i = 0; i < enc.clues.size(); ++i) all.push_back(i);
  z3::check_result r = ts.check(all, budget);
  if (r == z3::sat) {
    throw InternalError(
        "solver modes disagree: the puzzle was found to have no solution, but the same constraints with "
        "clues as assumptions are satisfiable");
  }
  if (r == z3::unknown) {
    out.note = "the conflict could not be computed within the limits (" + ts.solver->reason_unknown(budget) + ")";
  } else if (auto core = ts.core(); core.empty()) {
    out.rules_alone = true;
    out.minimal = true;
  } else {
    for (auto i : shrink_conflict(ts, core, budget, out.minimal, out.note))
      out.clues.push_back({enc.clues[i].id, enc.clues[i].label, enc.clues[i].cells});
    if (out.clues.empty() && out.minimal) out.rules_alone = true;  // the core shrank away: no clue is needed
  }
  stats.checks += ts.checks;
  ts.solver->add_stats(stats.z3);
  return out;
}

Status check_edited(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding,
                    const std::vector<std::string>& drop, Budget& budget, uint64_t limit, nlohmann::json* first,
                    const std::string& solver, const nlohmann::json* hint) {
  auto edited = encoder.without(puzzle, drop);
  // Is there a solution: the kind's first try (Encoder::first_try) shows one
  // far sooner where it has one; the puzzle itself is encoded only when the
  // first try has none.
  if (auto easier = limit == 1 ? encoder.first_try(*edited) : nullptr) {
    Context ctx;
    Encoding enc = encoder.encode(*easier, ctx, encoding);
    auto s = make_backend(solver, ctx, enc, encoding);
    for (const auto& r : enc.rules) s->add(r);
    for (const auto& c : enc.clues) s->add(c.constraint);
    Budget slice = budget.slice(budget.remaining_ms());
    const auto r = s->check(slice);
    if (r == z3::unknown) return Status::Unknown;
    if (r == z3::sat) {
      const nlohmann::json sol = encoder.decode(*easier, encoding, s->values());
      if (!encoder.check(*edited, sol).empty())
        throw InternalError("encoding " + encoding + ": a solution of the kind's first try is not one of the puzzle");
      if (first) *first = sol;
      return Status::Solved;
    }
  }
  Context ctx;
  Encoding enc = encoder.encode(*edited, ctx, encoding);
  auto s = make_backend(solver, ctx, enc, encoding);
  for (unsigned i = 0; i < enc.rules.size(); ++i) s->add(enc.rules[i]);
  for (const auto& c : enc.clues) s->add(c.constraint);
  if (hint)
    if (auto values = encoder.phases(*edited, encoding, *hint); values.size() == enc.decision_vars.size()) s->prefer(every_var(enc), values);
  uint64_t found = 0;
  for (;;) {
    Budget slice = budget.slice(budget.remaining_ms());
    auto r = s->check(slice);
    if (r == z3::unknown) return found ? Status::Multiple : Status::Unknown;
    if (r == z3::unsat) return found == 0 ? Status::None : Status::Unique;
    auto values = s->values();
    if (first && found == 0) *first = encoder.decode(*edited, encoding, values);
    if (++found >= limit) return found >= 2 ? Status::Multiple : Status::Solved;
    s->block(every_var(enc), values);
  }
}

Conflict explain_by_edits(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding, const Encoding& enc,
                          Budget& budget, const std::string& solver) {
  // QuickXplain (Junker 2004) over clue ids: it checks mostly small sets of
  // clues, which are easy when the encoding reasons from its clues (a hidoku
  // with few givens is quickly solved; one with all but a few is the hard
  // case, which deletion would meet at every step). Each check is a fresh
  // encoding of the puzzle with the other clues left out. A check that runs
  // out of time counts as "no solution"; the result is then checked again
  // and reported as possibly not minimal.
  Conflict out;
  out.minimal = true;
  std::vector<std::string> ids;
  for (const auto& c : enc.clues) ids.push_back(c.id);
  int undecided = 0;
  // Each check gets a quarter of what is left (at least 250 ms).
  auto check_slice = [&]() {
    const uint64_t left = budget.remaining_ms();
    return budget.slice(left == UINT64_MAX ? UINT64_MAX : std::max<uint64_t>(250, left / 4));
  };
  auto without_others = [&](const std::vector<std::string>& keep) {
    std::set<std::string> k(keep.begin(), keep.end());
    std::vector<std::string> drop;
    for (const auto& id : ids)
      if (!k.count(id)) drop.push_back(id);
    return drop;
  };
  std::function<bool(const std::vector<std::string>&)> consistent = [&](const std::vector<std::string>& keep) {
    if (budget.spent()) {
      undecided++;
      return false;
    }
    Budget slice = check_slice();
    Status st = check_edited(encoder, puzzle, encoding, without_others(keep), slice, 1, nullptr, solver);
    if (st == Status::Unknown) undecided++;
    return st != Status::None && st != Status::Unknown;
  };
  std::function<std::vector<std::string>(const std::vector<std::string>&, const std::vector<std::string>&, bool)> qx =
      [&](const std::vector<std::string>& B, const std::vector<std::string>& C, bool delta) -> std::vector<std::string> {
    if (delta && !consistent(B)) return {};
    if (C.size() == 1) return C;
    std::vector<std::string> C1(C.begin(), C.begin() + static_cast<long>(C.size() / 2)), C2(C.begin() + static_cast<long>(C.size() / 2), C.end());
    std::vector<std::string> B1 = B;
    B1.insert(B1.end(), C1.begin(), C1.end());
    auto D2 = qx(B1, C2, true);
    std::vector<std::string> B2 = B;
    B2.insert(B2.end(), D2.begin(), D2.end());
    auto D1 = qx(B2, C1, !D2.empty());
    D1.insert(D1.end(), D2.begin(), D2.end());
    return D1;
  };
  // The kind's own propagation first (Encoder::refutes_quickly): QuickXplain
  // with it as the oracle ("not refuted" counted as consistent) finds a set
  // it refutes, a conflict for certain, which deletion with the solver then
  // shrinks to a minimal one (or says it could not). Where the propagation
  // alone does not refute it but the kind's search (Encoder::search_quickly)
  // runs to its end without a solution, that search is the oracle: as
  // sound, dearer, and only ever after the propagation. Only when neither
  // refutes the puzzle does the search below run.
  const bool propagation_refutes = encoder.refutes_quickly(puzzle, {});
  bool by_search = false;
  if (!propagation_refutes) {
    nlohmann::json sol;
    by_search = encoder.search_quickly(puzzle, {}, sol) == Encoder::Quick::None;
  }
  auto refuted_quickly = [&](const std::vector<std::string>& dropped) {
    if (encoder.refutes_quickly(puzzle, dropped)) return true;
    nlohmann::json sol;
    return by_search && encoder.search_quickly(puzzle, dropped, sol) == Encoder::Quick::None;
  };
  if ((propagation_refutes || by_search) && !refuted_quickly(ids)) {
    std::function<bool(const std::vector<std::string>&)> saved = consistent;
    consistent = [&](const std::vector<std::string>& keep) { return !refuted_quickly(without_others(keep)); };
    std::vector<std::string> found = qx({}, ids, false);
    consistent = saved;
    if (!found.empty() && refuted_quickly(without_others(found))) {
      // A conflict for certain. The kind's own search then takes each clue
      // out in turn (deletion): a solution without it (held to the checker)
      // shows it needed, in every smaller set too; a search run to its end
      // without one drops it. Only the clues it stopped short on are left
      // to the solver below.
      std::vector<std::string> sure;
      auto is_sure = [&](const std::string& id) { return std::find(sure.begin(), sure.end(), id) != sure.end(); };
      // A solution without one clue, turned by the kind (Encoder::rotate)
      // into solutions without another, shows more clues needed at no
      // search's cost; each of those is turned again.
      auto rotate_from = [&](const std::string& broken, const nlohmann::json& solution) {
        std::vector<std::pair<std::string, nlohmann::json>> work{{broken, solution}};
        const auto dropped = without_others(found);
        while (!work.empty()) {
          auto [b, sol] = std::move(work.back());
          work.pop_back();
          for (auto& [d, turned] : encoder.rotate(puzzle, dropped, b, sol)) {
            if (std::find(found.begin(), found.end(), d) == found.end() || is_sure(d)) continue;
            auto also = dropped;
            also.push_back(d);
            if (!encoder.check(*encoder.without(puzzle, also), turned).empty()) continue;
            sure.push_back(d);
            work.emplace_back(d, std::move(turned));
          }
        }
      };
      bool searched_all = true;
      nlohmann::json last;  // the last solution found: the next search tries its values first
      for (std::size_t i = 0; i < found.size();) {
        if (budget.spent()) {
          searched_all = false;
          break;
        }
        if (is_sure(found[i])) {
          ++i;
          continue;
        }
        std::vector<std::string> rest = found;
        rest.erase(rest.begin() + static_cast<long>(i));
        const auto dropped = without_others(rest);
        nlohmann::json sol = last;
        const Encoder::Quick q = encoder.search_quickly(puzzle, dropped, sol);
        if (q == Encoder::Quick::Solved) last = sol;
        if (q == Encoder::Quick::None) {
          found = rest;
          continue;
        }
        if (q == Encoder::Quick::Solved && encoder.check(*encoder.without(puzzle, dropped), sol).empty()) {
          sure.push_back(found[i]);
          rotate_from(found[i], sol);
        } else {
          searched_all = false;
        }
        ++i;
      }
      if (searched_all) {
        for (const auto& c : enc.clues)
          if (std::find(found.begin(), found.end(), c.id) != found.end()) out.clues.push_back({c.id, c.label, c.cells});
        return out;
      }
      // With an encoding whose clues stand alone
      // (Encoder::tracked_encoding), one solver under assumptions shrinks it
      // (deletion with core refinement): each check keeps what the solver
      // learned, where a fresh encoding per check starts over.
      if (const std::string tracked = encoder.tracked_encoding(); !tracked.empty()) {
        Context tctx;
        Encoding tenc = encoder.encode(puzzle, tctx, tracked);
        std::vector<std::size_t> start, needed_already;
        for (std::size_t k = 0; k < tenc.clues.size(); ++k) {
          if (std::find(found.begin(), found.end(), tenc.clues[k].id) != found.end()) start.push_back(k);
          if (std::find(sure.begin(), sure.end(), tenc.clues[k].id) != sure.end()) needed_already.push_back(k);
        }
        if (!tenc.clues_in_rules && start.size() == found.size()) {
          TrackedSolver ts(tctx, tenc, solver, tracked);
          bool minimal = true;
          std::string note;
          const auto kept = shrink_conflict(ts, start, budget, minimal, note, needed_already);
          out.minimal = minimal;
          out.note = note;
          for (std::size_t k : kept) out.clues.push_back({tenc.clues[k].id, tenc.clues[k].label, tenc.clues[k].cells});
          return out;
        }
      }
      // Deletion with the solver makes it minimal:
      // each clue is left out once, and stays out when the rest still has
      // no solution. The checks are of small sets of clues, which are the
      // hard ones for kinds that prune by their clues; one that runs out of
      // time keeps its clue, and the set is then said to be maybe not minimal.
      std::vector<std::string> cur = found;
      // Half of what is left at most: the repairs come after, and tell a
      // setter more than a conflict shown minimal.
      const uint64_t before = budget.remaining_ms();
      Budget phase = budget.slice(before == UINT64_MAX ? UINT64_MAX : before / 2);
      // Two rounds. The first gives each clue a short check: a solution
      // without it shows it needed, for good (in every smaller set too);
      // no solution drops it. The clues whose checks ran out are looked at
      // again in the second round, with what is left shared among them.
      std::vector<std::string> later;
      // The last solution found: the next check's search starts from its
      // values (a solution without one clue is near one without another).
      nlohmann::json last_found;
      auto check_rest = [&](const std::vector<std::string>& rest, Budget& slice) {
        nlohmann::json found_now;
        const Status st = check_edited(encoder, puzzle, encoding, without_others(rest), slice, 1, &found_now, solver,
                                       last_found.is_null() ? nullptr : &last_found);
        if (st == Status::Solved) last_found = std::move(found_now);
        return st;
      };
      for (std::size_t i = 0; i < cur.size();) {
        if (std::find(sure.begin(), sure.end(), cur[i]) != sure.end()) {
          ++i;
          continue;
        }
        std::vector<std::string> rest = cur;
        rest.erase(rest.begin() + static_cast<long>(i));
        // A quarter of what is left, shared by the checks still to come.
        auto share = [&]() {
          const uint64_t left = phase.remaining_ms();
          return phase.slice(left == UINT64_MAX ? UINT64_MAX : std::max<uint64_t>(100, left / (4 * (cur.size() - i))));
        };
        Status st = Status::Unknown;
        if (!phase.spent()) {
          Budget slice = share();
          st = check_rest(rest, slice);
        }
        if (st == Status::None) {
          cur = rest;
          continue;
        }
        if (st == Status::Unknown && !phase.spent()) {
          // The whole puzzle without this clue alone (as quick to solve as
          // the puzzle itself): a solution of it is one of `rest`, so the
          // clue is needed.
          Budget slice = share();
          const Status whole = check_edited(encoder, puzzle, encoding, {cur[i]}, slice, 1, nullptr, solver);
          if (whole != Status::None && whole != Status::Unknown) st = whole;
        }
        if (st == Status::Unknown) later.push_back(cur[i]);
        ++i;
      }
      int open = 0;
      for (std::size_t j = 0; j < later.size(); ++j) {
        // What is left, shared by the clues still to look at.
        Status st = Status::Unknown;
        if (!phase.spent()) {
          const uint64_t left = phase.remaining_ms();
          Budget slice = phase.slice(left == UINT64_MAX ? UINT64_MAX : std::max<uint64_t>(250, left / (later.size() - j)));
          std::vector<std::string> rest = cur;
          rest.erase(std::find(rest.begin(), rest.end(), later[j]));
          st = check_rest(rest, slice);
          if (st == Status::None) cur = rest;
        }
        if (st == Status::Unknown) ++open;
      }
      if (open) {
        out.minimal = false;
        out.note = fmt::format("{} of these {} clues could not be shown needed within the limit: the set is a conflict for certain (the "
                               "kind's own propagation refutes it) but may not be minimal",
                               open, cur.size());
      }
      for (const auto& c : enc.clues)
        if (std::find(cur.begin(), cur.end(), c.id) != cur.end()) out.clues.push_back({c.id, c.label, c.cells});
      return out;
    }
  }
  std::vector<std::string> needed;
  if (consistent({})) needed = ids.empty() ? ids : qx({}, ids, false);
  if (needed.empty()) {
    if (undecided) {
      out.minimal = false;
      out.note = "the conflict could not be computed within the limits";
      for (const auto& c : enc.clues) out.clues.push_back({c.id, c.label, c.cells});
      return out;
    }
    out.rules_alone = true;  // every clue left out, still no solution
    return out;
  }
  if (undecided) {
    out.minimal = false;
    // A check that ran out was counted as "no solution": make sure the set found is a conflict.
    Budget slice = budget.slice(budget.remaining_ms());
    if (check_edited(encoder, puzzle, encoding, without_others(needed), slice, 1, nullptr, solver) != Status::None) needed = ids;
    out.note = fmt::format("{} checks ran out of time; the set may not be minimal", undecided);
  }
  for (const auto& c : enc.clues)
    if (std::find(needed.begin(), needed.end(), c.id) != needed.end()) out.clues.push_back({c.id, c.label, c.cells});
  return out;
}

}  // namespace detail

using namespace detail;

Status check_with_tracked_clues(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding,
                                const std::string& solver) {
  Context ctx;
  try {
    Encoding enc = encoder.encode(puzzle, ctx, encoding);
    TrackedSolver ts(ctx, enc, solver, encoding);
    Budget budget(ctx, Limits{});
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < enc.clues.size(); ++i) all.push_back(i);
    z3::check_result r = ts.check(all, budget);
    if (r == z3::unsat) return Status::None;
    if (r == z3::unknown) return Status::Unknown;
    auto sol = encoder.decode(puzzle, encoding, ts.solver->values());
    auto violations = encoder.check(puzzle, sol);
    if (!violations.empty())
      throw InternalError("tracked solve: checker rejects " + sol.dump() + ": " + violations.front().message);
    return Status::Solved;
  } catch (const z3::exception& e) {
    throw InternalError(std::string("Z3 error: ") + e.msg());
  }
}

const char* status_name(Status s) {
  switch (s) {
    case Status::Unique: return "unique";
    case Status::Multiple: return "multiple";
    case Status::None: return "none";
    case Status::Unknown: return "unknown";
    case Status::Solved: return "solved";
  }
  return "unknown";
}

int exit_code(Status s) {
  switch (s) {
    case Status::Unique:
    case Status::Solved: return 0;
    case Status::Multiple: return 10;
    case Status::None: return 20;
    case Status::Unknown: return 30;
  }
  return 1;
}

nlohmann::json Stats::to_json() const {
  nlohmann::json j;
  auto r = [](double v) { return std::round(v * 1000.0) / 1000.0; };
  j["wall_ms"] = r(wall_ms);
  j["phases_ms"] = {{"context", r(context_ms)},          {"encode", r(encode_ms)}, {"solver_setup", r(setup_ms)},
                    {"first_model", r(first_model_ms)},  {"uniqueness", r(uniqueness_ms)},
                    {"conflict", r(conflict_ms)},        {"check", r(check_ms)}};
  if (parse_ms > 0) j["phases_ms"]["parse"] = r(parse_ms);
  if (render_ms > 0) j["phases_ms"]["render"] = r(render_ms);
  if (process_before_ms > 0) j["phases_ms"]["process_before_run"] = r(process_before_ms);
  j["checks"] = checks;
  nlohmann::json z = nlohmann::json::object();
  auto pick = [&](const char* out, std::initializer_list<const char*> keys) {
    double v = 0;
    bool any = false;
    for (auto k : keys) {
      auto it = z3.find(k);
      if (it != z3.end()) {
        v += it->second;
        any = true;
      }
    }
    if (any) z[out] = r(v);
  };
  pick("conflicts", {"conflicts", "sat conflicts"});
  pick("decisions", {"decisions", "sat decisions"});
  pick("propagations", {"propagations", "sat propagations 2ary", "sat propagations nary"});
  pick("memory_mb", {"max_memory_mb"});
  pick("rlimit", {"rlimit count"});
  // CaDiCaL 1.5.3 reports no search counters through its API: the size of
  // what it was given.
  pick("variables", {"cadical variables"});
  pick("clauses", {"cadical clauses"});
  // What unit propagation alone settles before the first search: Boolean
  // decision literals fixed false (candidates excluded) and true.
  pick("excluded_before_search", {"cadical excluded before search"});
  pick("fixed_before_search", {"cadical fixed before search"});
  // Graph rules by cuts (engine/graph.h): the cut clauses added, and the
  // models that broke a rule (each one more solver call).
  pick("cuts", {"cuts"});
  pick("cut_rounds", {"cut_rounds"});
  // A normal form (Encoding::normal_rules): its rules, and whether a
  // solution beside the only normal one was looked for and found.
  pick("normal_form_rules", {"normal-form rules"});
  pick("beside_normal", {"solutions beside the normal one"});
  // Its guess (Encoding::guess): the first solution met it, or none did.
  pick("guess_met", {"guess met"});
  pick("guess_refuted", {"guess refuted"});
  // The kind's first try (Encoder::first_try): the solutions it found, or
  // the time it took before the puzzle itself was searched.
  pick("found_by_first_try", {"found by the first try"});
  pick("first_try_ms", {"first try ms"});
  // The kind's own search decided the verdict (Encoder::solve_quickly): no
  // solver ran.
  pick("decided_by_search", {"decided by the kind's own search"});
  j["z3"] = z;
  return j;
}

namespace {

// check/count over independent components: enumerate each component's
// projection up to the limit, multiply the counts, and build reported
// solutions from the first models (the second solution changes one
// ambiguous component).
void run_components(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options, Context& ctx,
                    const Encoding& enc, std::vector<Component>& comps, Budget& budget, Result& res) {
  res.components = comps.size();
  std::vector<int64_t> base(enc.decision_vars.size(), 0);
  std::vector<std::vector<std::vector<int64_t>>> models(comps.size());
  std::vector<bool> complete(comps.size(), false);
  bool unknown = false;
  auto t0 = Clock::now();
  for (std::size_t k = 0; k < comps.size() && !unknown; ++k) {
    const Component& comp = comps[k];
    auto s = make_backend(options.solver, ctx, enc, res.encoding);
    for (const auto& a : comp.assertions) s->add(a);
    for (;;) {
      if (options.limit && models[k].size() >= options.limit) break;
      z3::check_result r = s->check(budget);
      res.stats.checks++;
      if (r == z3::unknown) {
        unknown = true;
        res.reason_unknown = s->reason_unknown(budget);
        break;
      }
      if (r == z3::unsat) {
        complete[k] = true;
        res.certified += s->certify_unsat(fmt::format("component{}-no-more", k + 1));
        break;
      }
      auto vals = s->values(comp.vars);
      models[k].push_back(vals);
      if (options.progress) ++*options.progress;
      if (comp.vars.empty()) {  // auxiliary-only component: satisfiable is all we need
        complete[k] = true;
        break;
      }
      s->block(comp.vars, vals);
    }
    s->add_stats(res.stats.z3);
    if (complete[k] && models[k].empty()) break;  // no solution at all; the rest cannot change that
    if (!models[k].empty())
      for (std::size_t j = 0; j < comp.vars.size(); ++j) base[comp.vars[j]] = models[k][0][j];
  }
  res.stats.first_model_ms = ms_since(t0);

  BigCount count(1);
  bool all_complete = !unknown;
  bool empty_component = false;  // a component without solutions settles it: none
  for (std::size_t k = 0; k < comps.size(); ++k) {
    count.multiply(models[k].size());
    all_complete = all_complete && complete[k];
    empty_component = empty_component || (complete[k] && models[k].empty());
  }
  if (empty_component) {
    all_complete = true;
    res.reason_unknown.clear();
  }
  res.complete = all_complete;
  res.count_text = count.to_string();
  res.solutions_found = count.to_u64();
  if (count.is_zero() && all_complete) res.status = Status::None;
  else if (!count.is_zero() && (count.fits_u64() ? count.to_u64() >= 2 : true)) res.status = Status::Multiple;
  else if (all_complete) res.status = Status::Unique;
  else res.status = Status::Unknown;
  if (count.is_zero()) return;
  if (res.status == Status::Unknown && res.reason_unknown.empty()) res.reason_unknown = "a component was not finished";

  auto checked = [&](const std::vector<int64_t>& values) {
    nlohmann::json sol = encoder.decode(puzzle, res.encoding, values);
    auto violations = encoder.check(puzzle, sol);
    if (!violations.empty())
      throw InternalError("encoding " + res.encoding + " produced a solution that the independent checker rejects:\n  solution: " +
                          sol.dump() + "\n  violation: " + violations.front().message);
    return sol;
  };
  res.solutions.push_back(checked(base));
  std::vector<std::size_t> comp_of_var(enc.decision_vars.size(), 0);
  for (std::size_t k = 0; k < comps.size(); ++k)
    for (unsigned i : comps[k].vars) comp_of_var[i] = k;
  for (std::size_t k = 0; k < comps.size(); ++k) {
    if (models[k].size() < 2) continue;
    if (res.solutions.size() < 2 && options.keep >= 2) {
      auto second = base;
      for (std::size_t j = 0; j < comps[k].vars.size(); ++j) second[comps[k].vars[j]] = models[k][1][j];
      res.solutions.push_back(checked(second));
      res.differing_cells = encoder.differences(puzzle, res.solutions[0], res.solutions[1]);
    }
  }
  auto places = encoder.places(puzzle);
  if (enc.places.size() == places.size()) {
    for (std::size_t p = 0; p < places.size(); ++p)
      if (!enc.places[p].empty() && models[comp_of_var[enc.places[p][0]]].size() > 1)
        res.ambiguous_places.push_back(places[p].label);
    if (options.candidates) {
      res.candidates.assign(places.size(), {});
      std::vector<std::vector<std::size_t>> places_of(comps.size());
      for (std::size_t p = 0; p < places.size(); ++p)
        if (!enc.places[p].empty()) places_of[comp_of_var[enc.places[p][0]]].push_back(p);
      for (std::size_t k = 0; k < comps.size(); ++k) {
        for (const auto& m : models[k]) {
          auto values = base;
          for (std::size_t j = 0; j < comps[k].vars.size(); ++j) values[comps[k].vars[j]] = m[j];
          auto pv = encoder.place_values(puzzle, encoder.decode(puzzle, res.encoding, values));
          for (auto p : places_of[k]) res.candidates[p].push_back(pv[p]);
        }
      }
      for (auto& c : res.candidates)
        std::sort(c.begin(), c.end(), [](const std::string& a, const std::string& b) {
          return a.size() != b.size() ? a.size() < b.size() : a < b;
        });
    }
  }
}

// The decision variables (indices) and the other constants (ids) `e` mentions.
// Constants are told apart by ConstKeys (a variable written natively and as
// a Z3 term is one), decision variables by `index` (key -> index).
void constants_of(const Expr& e, ConstKeys& keys, const std::unordered_map<uint32_t, unsigned>& index,
                  std::vector<unsigned>& vars, std::vector<uint64_t>& others, std::unordered_set<uint64_t>& seen) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_var()) {
    const uint32_t k = keys.key(e);
    if (auto it = index.find(k); it != index.end()) vars.push_back(it->second);
    else others.push_back(k);
    return;
  }
  for (unsigned k = 0; k < e.num_args(); ++k) constants_of(e.arg(k), keys, index, vars, others, seen);
}

// Whether one exactly-one group holds under `constraints`: no model with
// none of it true (assumptions), none with two (a guarded at-least-2).
z3::check_result prove_group(Backend& b, Context& ctx, const Encoding& enc, const std::vector<unsigned>& group,
                             unsigned id, Budget& budget, Stats& stats) {
  std::vector<Expr> none;
  ExprVector lits(ctx);
  for (unsigned i : group) {
    none.push_back(!enc.decision_vars[i]);
    lits.push_back(enc.decision_vars[i]);
  }
  stats.checks++;
  if (auto r = b.check(budget, none); r != z3::unsat) return r;
  if (group.size() < 2) return z3::unsat;
  Expr guard = ctx.bool_const(fmt::format("psmt!two_of_group{}", id));
  b.add(implies(guard, atleast(lits, 2)));
  stats.checks++;
  auto r = b.check(budget, {guard});
  b.add(!guard);
  return r;
}

// What the engine proves about the encoding's exactly-one groups before the
// cover search trusts them (run() below).
struct GroupProof {
  // unsat: every group holds in every solution; sat: one does not (a wrong
  // hint); unknown: the budget ran out.
  z3::check_result r = z3::unsat;
  // Every leaf of the cover search satisfies the encoding (less its implied
  // rules), so that no leaf needs a check of its own.
  bool leaves_confirmed = false;
  std::vector<unsigned> never_true;  // false in every solution
  // The implied rules and the (proved) groups alone have no model, so the
  // encoding has none.
  bool refuted = false;
};

// A group the constraints state outright (stated_groups, cover.h) is
// proved by reading them. Each other group is proved from the constraints
// that mention only its own decision variables, with the constraints on
// auxiliary constants they reach (a counter's links): no model with none
// of the group true, none with two. Those constraints are a
// subset of the encoding, so what they prove holds; a group they cannot
// prove is tried on the whole encoding (`s`).
//
// Then the leaves are confirmed once for all. The constraints (less the
// implied rules) fall into blocks joined by the auxiliary constants they
// share. When every block's decision variables lie inside one group, a leaf
// satisfies the encoding exactly when each block is satisfiable under the
// leaf's values of that group, which are one variable true and the rest
// false. So each block is checked under each such assignment, once, instead
// of the whole encoding at every leaf: a block without auxiliary constants
// by evaluation (bool_eval.h), the others on a small solver of their own
// under the group's values. A variable that
// fails is false in every solution. When a block reaches across groups, or
// onto a variable in none, each leaf is confirmed on its own.
GroupProof prove_groups(Backend& s, Context& ctx, const Encoding& enc, const std::vector<int8_t>& fixed,
                        const std::string& solver, const std::string& encoding, Budget& budget, Stats& stats) {
  GroupProof out;
  ConstKeys keys;
  std::unordered_map<uint32_t, unsigned> index;
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) index[keys.key(enc.decision_vars[i])] = i;
  auto var_index = [&](const Expr& c) -> long {
    auto k = keys.find(c);
    if (!k) return -1;
    auto it = index.find(*k);
    return it == index.end() ? -1 : static_cast<long>(it->second);
  };
  std::vector<std::vector<unsigned>> sorted(enc.cube_groups.size()), groups_of(enc.decision_vars.size());
  for (unsigned g = 0; g < enc.cube_groups.size(); ++g) {
    sorted[g] = enc.cube_groups[g];
    std::sort(sorted[g].begin(), sorted[g].end());
    for (unsigned i : sorted[g]) groups_of.at(i).push_back(g);
  }
  auto inside = [&](unsigned g, const std::vector<unsigned>& vs) {
    for (unsigned v : vs)
      if (!std::binary_search(sorted[g].begin(), sorted[g].end(), v)) return false;
    return true;
  };
  std::vector<bool> implied(enc.rules.size(), false);
  for (unsigned i : enc.implied_rules) implied.at(i) = true;
  std::vector<Expr> all;
  std::vector<bool> all_implied;
  for (unsigned r = 0; r < enc.rules.size(); ++r) {
    all.push_back(enc.rules[r]);
    all_implied.push_back(implied[r]);
  }
  for (const auto& clue : enc.clues) {
    all.push_back(clue.constraint);
    all_implied.push_back(false);
  }
  std::vector<std::vector<unsigned>> vars_of(all.size());
  std::vector<std::vector<uint64_t>> aux_of(all.size());
  std::unordered_map<uint64_t, std::vector<std::size_t>> aux_only;  // constant -> constraints without decision variables
  std::vector<std::vector<std::size_t>> local(enc.cube_groups.size());
  for (std::size_t c = 0; c < all.size(); ++c) {
    std::unordered_set<uint64_t> seen;
    constants_of(all[c], keys, index, vars_of[c], aux_of[c], seen);
    if (vars_of[c].empty()) {
      for (uint64_t a : aux_of[c]) aux_only[a].push_back(c);
      continue;
    }
    for (unsigned g : groups_of[vars_of[c][0]])
      if (inside(g, vars_of[c])) local[g].push_back(c);
  }
  for (auto& cs : local) {
    std::unordered_set<std::size_t> taken(cs.begin(), cs.end());
    std::unordered_set<uint64_t> reached;
    for (std::size_t k = 0; k < cs.size(); ++k)
      for (uint64_t a : aux_of[cs[k]])
        if (reached.insert(a).second)
          if (auto it = aux_only.find(a); it != aux_only.end())
            for (std::size_t c : it->second)
              if (taken.insert(c).second) cs.push_back(c);
  }
  // The groups' own constraints leave out the large sums that make each
  // check on the whole encoding slow. CaDiCaL proves every group on one
  // solver with the union of them (4x15 pentomino: 0.7 s for 72 groups,
  // against 1.1 s with a solver per group); Z3 slows down as that solver
  // grows (16.7 s), so it gets a small solver per group (4.9 s).
  // A solver of the constraints `cs`, with `vars` as its decision variables.
  auto side_for = [&](const ExprVector& vars, const std::vector<std::size_t>& cs) {
    Encoding side(ctx);
    side.decision_vars = vars;
    side.solver_logic = enc.solver_logic;  // QF_FD: Z3's other solvers lose models of sums (z3-hazards)
    auto b = make_backend(solver, ctx, side, encoding);
    for (std::size_t c : cs) b->add(all[c]);
    return b;
  };
  // Groups the encoding states outright need no check (a polyomino's cells
  // and pieces: 0.9 s of the 6x10 count went into proving its 72 groups).
  const std::vector<bool> stated = stated_groups(all, enc.decision_vars.items(), enc.cube_groups);
  stats.z3["cover groups stated by the encoding"] += static_cast<double>(std::count(stated.begin(), stated.end(), true));
  std::unique_ptr<Backend> shared;
  if (solver == "cadical" && std::find(stated.begin(), stated.end(), false) != stated.end()) {
    std::vector<std::size_t> every;
    std::vector<bool> used(all.size(), false);
    for (const auto& cs : local)
      for (std::size_t c : cs)
        if (!used[c]) {
          used[c] = true;
          every.push_back(c);
        }
    std::sort(every.begin(), every.end());
    shared = side_for(enc.decision_vars, every);
  }
  for (unsigned g = 0; g < enc.cube_groups.size(); ++g) {
    if (stated[g]) continue;
    std::unique_ptr<Backend> own = shared ? nullptr : side_for(enc.decision_vars, local[g]);
    auto r = prove_group(shared ? *shared : *own, ctx, enc, enc.cube_groups[g], g, budget, stats);
    if (r == z3::sat) r = prove_group(s, ctx, enc, enc.cube_groups[g], g, budget, stats);
    if (r != z3::unsat) {
      out.r = r;
      return out;
    }
  }
  shared.reset();

  // The search leaves the implied rules out, so a puzzle they refute at
  // once (pentominoes whose areas do not add up to the board's) would be
  // searched to the end (15 s on 6x11, after 13,792 checks confirming
  // blocks). They hold together with the proved groups: try the implied
  // rules with proved groups that share no variable (a piece's
  // placements), the groups first (on CaDiCaL a sum over them becomes a
  // diagram over the groups, engine/cnf.h, with no path when the sizes
  // cannot add up). Groups that overlap (the cells) would make it the
  // whole tiling problem again: left out. Unsat there is unsat for the
  // encoding; anything else, or no answer within 2 s, and the search goes
  // on.
  std::unordered_set<unsigned> implied_vars;
  for (std::size_t c = 0; c < all.size(); ++c)
    if (all_implied[c]) implied_vars.insert(vars_of[c].begin(), vars_of[c].end());
  std::vector<bool> taken(enc.decision_vars.size(), false);
  std::vector<const std::vector<unsigned>*> disjoint, by_size;
  for (const auto& g : enc.cube_groups) by_size.push_back(&g);
  // Large groups first: the pieces' placements partition them all.
  std::stable_sort(by_size.begin(), by_size.end(), [](auto* a, auto* b) { return a->size() > b->size(); });
  for (const auto* gp : by_size) {
    const auto& g = *gp;
    bool ok = !g.empty();
    for (unsigned v : g) ok = ok && implied_vars.count(v) && !taken[v];
    if (!ok) continue;
    for (unsigned v : g) taken[v] = true;
    disjoint.push_back(gp);
  }
  if (!disjoint.empty()) {
    auto b = side_for(enc.decision_vars, {});
    for (const auto* g : disjoint) {
      ExprVector lits(ctx);
      for (unsigned v : *g) lits.push_back(enc.decision_vars[v]);
      b->add(mk_or(lits));
      b->add(atmost(lits, 1));
    }
    for (unsigned i : enc.implied_rules) b->add(enc.rules[i]);
    Limits quick;
    quick.timeout_ms = 2000;
    Budget small(ctx, quick);
    stats.checks++;
    if (!budget.spent() && b->check(small) == z3::unsat) {
      out.refuted = true;
      return out;
    }
  }

  // Blocks of the constraints a leaf must satisfy: union-find over shared
  // auxiliary constants, each block given to a group that holds all its
  // decision variables.
  std::vector<std::size_t> parent(all.size());
  for (std::size_t c = 0; c < all.size(); ++c) parent[c] = c;
  auto root = [&](std::size_t c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  std::unordered_map<uint64_t, std::size_t> owner;  // auxiliary constant -> a constraint holding it
  for (std::size_t c = 0; c < all.size(); ++c)
    if (!all_implied[c])
      for (uint64_t a : aux_of[c]) {
        auto [it, fresh] = owner.emplace(a, c);
        if (!fresh) parent[root(c)] = root(it->second);
      }
  std::unordered_map<std::size_t, std::vector<std::size_t>> members;
  std::unordered_map<std::size_t, std::vector<unsigned>> block_vars;
  for (std::size_t c = 0; c < all.size(); ++c)
    if (!all_implied[c]) {
      members[root(c)].push_back(c);
      auto& bv = block_vars[root(c)];
      bv.insert(bv.end(), vars_of[c].begin(), vars_of[c].end());
    }
  std::vector<std::vector<std::size_t>> given(enc.cube_groups.size());  // group -> its blocks' constraints
  for (auto& [b, cs] : members) {
    const auto& vs = block_vars[b];
    int home = -1;
    if (!vs.empty())  // empty: a constant, or constants no decision variable reaches
      for (unsigned g : groups_of[vs[0]])
        if (inside(g, vs)) {
          home = static_cast<int>(g);
          break;
        }
    if (home < 0) return out;  // each leaf is confirmed on its own
    auto& to = given[static_cast<std::size_t>(home)];
    to.insert(to.end(), cs.begin(), cs.end());
  }
  std::vector<bool> bad(enc.decision_vars.size(), false);
  for (unsigned g = 0; g < enc.cube_groups.size(); ++g) {
    const auto& vs = enc.cube_groups[g];
    std::vector<std::size_t> rest;  // constraints on auxiliary constants: for the solver
    std::sort(given[g].begin(), given[g].end());
    for (std::size_t c : given[g]) {
      auto ev = aux_of[c].empty() ? detail::BoolEval::compile(all[c], var_index) : std::nullopt;
      if (!ev) {
        rest.push_back(c);
        continue;
      }
      // One of its own variables true, or none of them (any other of the group).
      if (!ev->value(-1))
        for (unsigned v : vs)
          if (!std::binary_search(ev->vars().begin(), ev->vars().end(), v)) bad[v] = true;
      for (unsigned v : ev->vars())
        if (!ev->value(static_cast<long>(v))) bad[v] = true;
    }
    if (rest.empty()) continue;
    ExprVector own(ctx);  // the group's variables only: a model decides no others
    for (unsigned i : vs) own.push_back(enc.decision_vars[i]);
    auto b = side_for(own, rest);
    // The leaf's values of the group: on CaDiCaL the (proved) group as
    // clauses and one assumption, a decision level for one literal instead
    // of every one (6x10 pentomino: 1.5 s less); on Z3 every value as an
    // assumption (no cardinality constraint across checks: z3-hazards).
    const bool by_clauses = solver == "cadical";
    if (by_clauses) {
      b->add(mk_or(own));
      b->add(atmost(own, 1));
    }
    int forced = -1;  // a variable fixed true: the only one a leaf can make true here
    for (unsigned v : vs)
      if (fixed[v] > 0) forced = static_cast<int>(v);
    std::vector<Expr> as;
    for (unsigned v : vs) {
      if (bad[v] || fixed[v] < 0 || (forced >= 0 && static_cast<int>(v) != forced)) continue;
      as.clear();
      for (unsigned w : vs)
        if (w == v || !by_clauses) as.push_back(w == v ? enc.decision_vars[w] : !enc.decision_vars[w]);
      stats.checks++;
      auto r = b->check(budget, as);
      if (r == z3::unknown) {
        out.r = r;
        return out;
      }
      if (r == z3::unsat) bad[v] = true;
    }
  }
  for (unsigned v = 0; v < bad.size(); ++v)
    if (bad[v]) out.never_true.push_back(v);
  out.leaves_confirmed = true;
  return out;
}

// The encoding's unit rules on decision variables (x, or not x), as the
// cover search's starting point: +1 true, -1 false, 0 free.
std::vector<int8_t> unit_rules(const Encoding& enc) {
  ConstKeys keys;
  std::unordered_map<uint32_t, unsigned> index;
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) index[keys.key(enc.decision_vars[i])] = i;
  std::vector<int8_t> fixed(enc.decision_vars.size(), 0);
  for (unsigned r = 0; r < enc.rules.size(); ++r) {
    Expr e = enc.rules[r];
    int8_t sign = 1;
    if (e.op() == Op::Not) {
      e = e.arg(0);
      sign = -1;
    }
    if (!e.is_const()) continue;
    if (auto k = keys.find(e); k)
      if (auto it = index.find(*k); it != index.end()) fixed[it->second] = fixed[it->second] == -sign ? 2 : sign;  // both: the back end rejects every leaf
  }
  return fixed;
}

}  // namespace

namespace {
Result run_on(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options);
}

namespace {
// One or two solutions asked for: the kind's first try (Encoder::first_try)
// first, then, when it has too few, the puzzle itself (the limits count
// from the start of the first).
Result run_trying_first(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options) {
  auto easier = (options.limit == 1 || options.limit == 2) && !options.candidates && !proofs_wanted() &&
                        options.enumeration != Enumeration::Cover
                    ? encoder.first_try(puzzle)
                    : nullptr;
  if (!easier) return run_on(encoder, puzzle, options);
  RunOptions o = options;
  o.limits.start = options.limits.start.value_or(Clock::now());
  RunOptions tried = o;
  tried.explain = false;
  tried.on_solution = nullptr;
  tried.progress = nullptr;
  tried.keep = std::max<std::size_t>(options.keep, static_cast<std::size_t>(options.limit));
  Result r = run_on(encoder, *easier, tried);
  if (r.solutions_found >= options.limit) {
    for (std::size_t k = 0; k < r.solutions.size(); ++k) {
      if (!encoder.check(puzzle, r.solutions[k]).empty())
        throw InternalError("encoding " + r.encoding + ": a solution of the kind's first try is not one of the puzzle");
      if (options.on_solution) options.on_solution(r.solutions[k], k);
      if (options.progress) ++*options.progress;
    }
    if (r.solutions.size() > options.keep) r.solutions.resize(options.keep);
    r.status = options.limit == 2 ? Status::Multiple : Status::Solved;
    r.complete = false;
    r.stats.z3["found by the first try"] = static_cast<double>(r.solutions_found);
    return r;
  }
  const double tried_ms = r.stats.wall_ms;
  Result full = run_on(encoder, puzzle, o);
  full.stats.z3["first try ms"] = tried_ms;
  return full;
}
}  // namespace

namespace {
// One or two solutions asked for, and neither an encoding nor a back end:
// the kind's own search (Encoder::solve_quickly) when it decides the verdict
// (the solutions asked for, or every solution when it ran to its end), each
// solution held to the checker. A search that finds no solution decides
// nothing here: the run then explains the conflict as it does otherwise.
std::optional<Result> run_by_search(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options) {
  if (!options.encoding.empty() || !options.solver.empty() || options.limits.rlimit) return std::nullopt;
  if ((options.limit != 1 && options.limit != 2) || options.candidates || proofs_wanted() ||
      options.enumeration == Enumeration::Cover)
    return std::nullopt;
  const auto t0 = options.limits.start.value_or(Clock::now());
  const auto ts = Clock::now();
  std::vector<nlohmann::json> found;
  const Encoder::Quick q = encoder.solve_quickly(puzzle, static_cast<std::size_t>(options.limit), found);
  if (q == Encoder::Quick::Unknown || found.empty()) return std::nullopt;
  if (found.size() > options.limit) throw InternalError("kind " + std::string(encoder.kind()) + ": its search found more solutions than asked for");
  Result res;
  res.encoding = encoder.default_encoding(puzzle);
  res.solver = encoder.default_solver(res.encoding);
  res.stats.first_model_ms = ms_since(ts);
  for (auto& sol : found) {
    auto tk = Clock::now();
    auto violations = encoder.check(puzzle, sol);
    res.stats.check_ms += ms_since(tk);
    if (!violations.empty())
      throw InternalError("kind " + std::string(encoder.kind()) + ": its own search found a solution that the independent checker rejects: " +
                          sol.dump() + " (" + violations.front().message + ")");
    if (!res.solutions.empty() && sol == res.solutions.front())
      throw InternalError("kind " + std::string(encoder.kind()) + ": its own search found one solution twice");
    if (options.on_solution) options.on_solution(sol, res.solutions_found);
    if (options.progress) ++*options.progress;
    res.solutions_found++;
    if (res.solutions.size() < options.keep) res.solutions.push_back(sol);
  }
  res.complete = q == Encoder::Quick::None;
  res.status = res.solutions_found >= 2 ? Status::Multiple : res.complete && options.limit == 2 ? Status::Unique : Status::Solved;
  if (res.status == Status::Solved) res.complete = false;  // a first solution: the search for more was not asked for
  if (res.solutions.size() >= 2) res.differing_cells = encoder.differences(puzzle, res.solutions[0], res.solutions[1]);
  res.by_search = true;
  res.stats.z3["decided by the kind's own search"] = 1;
  res.stats.wall_ms = ms_since(t0);
  return res;
}
}  // namespace

Result run(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options) {
  if (auto by_search = run_by_search(encoder, puzzle, options)) return *by_search;
  if (!options.solver.empty()) return run_trying_first(encoder, puzzle, options);
  // No --solver: the encoding's own (EncodingInfo::solver), or Z3 when a
  // resource limit is asked for (it counts Z3's units).
  RunOptions chosen = options;
  chosen.solver = options.limits.rlimit
                      ? "z3"
                      : encoder.default_solver(options.encoding.empty() ? encoder.default_encoding(puzzle) : options.encoding);
  return run_trying_first(encoder, puzzle, chosen);
}

namespace {
Result run_on(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options) {
  auto t_start = options.limits.start.value_or(Clock::now());
  // Loops outside Z3 (encoders, decoding) poll the same deadline, the
  // memory cap and Ctrl-C (io/halt.h).
  std::optional<Clock::time_point> deadline;
  if (options.limits.timeout_ms) deadline = t_start + std::chrono::milliseconds(*options.limits.timeout_ms);
  HaltScope halt_scope(deadline, options.limits.timeout_ms.value_or(0));
  Result res;
  res.encoding = options.encoding.empty() ? encoder.default_encoding(puzzle) : options.encoding;
  res.solver = options.solver;
  if (!encoder.has_encoding(res.encoding))
    throw UsageError(fmt::format("unknown encoding \"{}\" for kind {} (available: {})", res.encoding,
                                 encoder.kind(), encoder.encoding_names()));

  // A run that a limit stopped leaves its Z3 context (if it made one) to
  // reap(), when the function's last local that uses it is gone (the guard
  // is destroyed after every inner scope, before the context).
  Context ctx;
  bool halted = false;
  struct Reaper {
    Context& ctx;
    const bool& halted;
    ~Reaper() {
      if (halted) ctx.reap();
    }
  } reaper{ctx, halted};
  auto finish = [&]() {
    res.stats.wall_ms = ms_since(t_start);
    res.stats.context_ms = ctx.z3_ms();
    halted = !res.reason_unknown.empty();
  };
  try {
    auto t0 = Clock::now();
    EncodeOptions eo = options.encode;
    eo.deadline = deadline;
    std::optional<Encoding> encoded;
    try {
      poll_halt();  // the limit may have run out while reading the input
      encoded.emplace(encoder.encode(puzzle, ctx, res.encoding, eo));
    } catch (const Halted& h) {
      res.stats.encode_ms = ms_since(t0);
      res.status = Status::Unknown;
      res.reason_unknown = std::string(h.what()) + (res.stats.encode_ms > 0.5 ? " while encoding" : " before encoding");
      finish();
      return res;
    }
    Encoding& enc = *encoded;
    const double context_in_encode = ctx.z3_ms();  // an encoder of Z3 terms made the context
    res.stats.encode_ms = ms_since(t0) - context_in_encode;
    // A conflict blames clues: when this encoding reasoned from them, drop
    // clues by editing the puzzle, so that no clue hides inside the rules.
    auto explain = [&](Budget& b) {
      if (!enc.clues_in_rules) return explain_unsat(ctx, enc, b, res.stats, options.solver, res.encoding);
      return explain_by_edits(encoder, puzzle, res.encoding, enc, b, options.solver);
    };

    Budget budget(ctx, options.limits, t_start);  // the limits cover encoding too
    // A normal form (Encoding::normal_rules) for a verdict: a first solution
    // or a second, never a count, a proof or the candidates of every place.
    const bool normal = !enc.normal_rules.empty() && (options.limit == 1 || options.limit == 2) &&
                        !options.candidates && !proofs_wanted() && options.enumeration != Enumeration::Cover;
    if (options.split && !normal && enc.lazy_rules.empty() && !options.on_solution && options.limit != 1 && !budget.spent()) {
      auto comps = split_components(enc);
      if (comps.size() > 1) {
        run_components(encoder, puzzle, options, ctx, enc, comps, budget, res);
        if (res.status == Status::None && options.explain) {
          auto tc = Clock::now();
          res.conflict = explain(budget);
          res.stats.conflict_ms = ms_since(tc);
        }
        finish();
        return res;
      }
    }
    auto tb = Clock::now();
    auto s = make_backend(options.solver, ctx, enc, res.encoding);
    std::vector<bool> implied(enc.rules.size(), false);
    for (unsigned i : enc.implied_rules) implied.at(i) = true;
    for (unsigned i = 0; i < enc.rules.size(); ++i)
      if (!implied[i]) s->add(enc.rules[i]);
    for (const auto& clue : enc.clues) s->add(clue.constraint);
    if (normal) {
      for (const auto& e : enc.normal_rules) s->add(e);
      for (const auto& e : enc.guess_rules) s->add(e);
    }
    bool guessing = normal && !enc.guess.empty();  // Encoding::guess, for the first check
    res.stats.setup_ms = ms_since(tb) - (ctx.z3_ms() - context_in_encode);
    // A model's values: decoded, held to the kind's independent checker,
    // streamed and kept.
    std::optional<nlohmann::json> first;  // the first solution (kept for beside_normal)
    auto report_solution = [&](nlohmann::json sol) {
      auto tk = Clock::now();
      auto violations = encoder.check(puzzle, sol);
      res.stats.check_ms += ms_since(tk);
      if (!violations.empty()) {
        std::ostringstream msg;
        msg << "encoding " << res.encoding << " produced a solution that the independent checker rejects:\n"
            << "  solution: " << sol.dump() << "\n";
        for (const auto& v : violations) msg << "  violation: " << v.message << " [" << v.id << "]\n";
        throw InternalError(msg.str());
      }
      if (options.on_solution) options.on_solution(sol, res.solutions_found);
      if (normal && !first) first = sol;
      if (res.solutions.size() < options.keep) res.solutions.push_back(std::move(sol));
      res.solutions_found++;
      if (options.progress) ++*options.progress;
    };
    auto report = [&](const std::vector<int64_t>& values) {
      auto tk = Clock::now();
      nlohmann::json sol = encoder.decode(puzzle, res.encoding, values);
      res.stats.check_ms += ms_since(tk);
      report_solution(std::move(sol));
    };
    // Enumeration by exact-cover search (engine/cover.h) instead of blocking
    // clauses, once the encoding's exactly-one groups are proved. Proofs
    // (--proof, --certify) rest on UNSAT answers, which the search does not
    // give for its exhaustion: they keep blocking clauses.
    bool cover = !normal && options.limit != 1 && options.enumeration != Enumeration::Blocking && !enc.cube_groups.empty() &&
                 !proofs_wanted();
    for (unsigned i = 0; cover && i < enc.decision_vars.size(); ++i) cover = enc.decision_vars[i].is_bool();
    if (options.enumeration == Enumeration::Cover && !cover)
      throw UsageError(fmt::format("--enumeration cover needs an encoding with exactly-one groups of Boolean decision "
                                   "variables and no --proof/--certify; kind {}, encoding {} {}",
                                   encoder.kind(), res.encoding,
                                   enc.cube_groups.empty() ? "has none" : "cannot take it here"));
    std::vector<int8_t> fixed;
    bool confirmed = false;  // every leaf satisfies the encoding: no check per leaf
    bool refuted = false;    // no leaf: the implied rules and the groups cannot hold together
    if (cover) {
      auto tc = Clock::now();
      fixed = unit_rules(enc);
      GroupProof proof = prove_groups(*s, ctx, enc, fixed, options.solver, res.encoding, budget, res.stats);
      res.stats.first_model_ms += ms_since(tc);
      if (proof.r == z3::unknown) {
        res.reason_unknown = s->reason_unknown(budget);
        cover = false;
      } else if (proof.r == z3::sat) {
        if (options.enumeration == Enumeration::Cover)
          throw InternalError("encoding " + res.encoding + " names an exactly-one group that does not hold");
        cover = false;  // a wrong hint: blocking clauses do not need it
      } else if (proof.refuted) {
        refuted = true;
      } else if (proof.leaves_confirmed) {
        confirmed = true;
        for (unsigned v : proof.never_true) fixed[v] = fixed[v] > 0 ? 2 : -1;
      }
    }
    if (cover && refuted) {
      res.complete = true;  // no leaf to search for
      res.stats.z3["refuted by the implied rules and the groups"] = 1;
    } else if (cover) {
      detail::CoverSearch search(enc.decision_vars.size(), enc.cube_groups, fixed);
      std::vector<int64_t> leaf;
      uint64_t leaves = 0;
      auto poll = [] { poll_halt(); };  // the deadline, Ctrl-C and the memory cap between leaves
      for (;;) {
        if (options.limit && res.solutions_found >= options.limit) break;
        auto tc = Clock::now();
        const bool more = search.next(leaf, poll);
        z3::check_result r = more ? (confirmed ? z3::sat : s->check_values(budget, leaf)) : z3::unsat;
        if (more) {
          res.stats.checks += confirmed ? 0 : 1;
          leaves++;
        }
        (res.solutions_found == 0 ? res.stats.first_model_ms : res.stats.uniqueness_ms) += ms_since(tc);
        if (!more) {
          res.complete = true;
          break;
        }
        if (r == z3::unknown) {
          res.reason_unknown = s->reason_unknown(budget);
          break;
        }
        if (r == z3::unsat) continue;  // the groups allow it, the whole encoding does not
        report(leaf);
      }
      res.stats.z3["cover search nodes"] += static_cast<double>(search.nodes());
      res.stats.z3["cover search leaves"] += static_cast<double>(leaves);
      if (confirmed) res.stats.z3["cover leaves confirmed by the groups"] += static_cast<double>(leaves);
    }
    if (!cover)  // the implied rules help blocking clauses refute
      for (unsigned i : enc.implied_rules) s->add(enc.rules[i]);
    std::vector<Expr> cube;  // literals of the smallest exactly-one group
    if (!cover && options.limit != 1 && !enc.cube_groups.empty()) {
      const auto* best = &enc.cube_groups.front();
      for (const auto& g : enc.cube_groups)
        if (!g.empty() && g.size() < best->size()) best = &g;
      for (unsigned i : *best) cube.push_back(enc.decision_vars[i]);
    }
    const std::vector<unsigned> all = every_var(enc);
    std::size_t cube_at = 0;
    for (; !cover && res.reason_unknown.empty();) {
      if (options.limit && res.solutions_found >= options.limit) break;  // complete stays false
      auto tc = Clock::now();
      std::vector<Expr> as;
      if (cube_at < cube.size()) as.push_back(cube[cube_at]);
      guessing = guessing && res.solutions_found == 0;
      if (guessing) as.insert(as.end(), enc.guess.begin(), enc.guess.end());
      z3::check_result r = s->check(budget, as);
      res.stats.checks++;
      (res.solutions_found == 0 ? res.stats.first_model_ms : res.stats.uniqueness_ms) += ms_since(tc);
      if (r == z3::unknown) {
        res.reason_unknown = s->reason_unknown(budget);
        break;
      }
      if (r == z3::unsat && guessing) {  // no solution meets the guess: search without it
        guessing = false;
        res.stats.z3["guess refuted"] = 1;
        continue;
      }
      if (r == z3::unsat) {
        if (cube_at < cube.size()) {  // every solution with this literal is found
          res.certified += s->certify_unsat(fmt::format("cube{}", cube_at + 1));
          s->add(!cube[cube_at++]);
          continue;
        }
        res.certified += s->certify_unsat(res.solutions_found ? "no-more-solutions" : "no-solution");
        res.complete = true;
        break;
      }
      if (guessing) res.stats.z3["guess met"] = 1;
      auto values = s->values();
      report(values);
      s->block(all, values);
    }
    s->add_stats(res.stats.z3);
    if (normal) {
      res.stats.z3["normal-form rules"] = enc.normal_rules.size();
      // The only normal solution: any other solution reduces to it, so the
      // kind looks one move back from it. Found, the puzzle has two
      // solutions (and the search for more was not complete); not found, it
      // has this one only.
      if (res.complete && res.solutions_found == 1 && options.limit == 2 && first) {
        auto tc = Clock::now();
        std::optional<nlohmann::json> other = encoder.beside_normal(puzzle, *first);
        if (other) {
          if (*other == *first)
            throw InternalError("encoding " + res.encoding + ": the solution beside the normal one is the normal one");
          res.complete = false;
          report_solution(std::move(*other));
        }
        res.stats.uniqueness_ms += ms_since(tc);
        res.stats.z3["solutions beside the normal one"] = other ? 1 : 0;
      }
    }

    if (res.solutions_found >= 2) res.status = Status::Multiple;
    else if (res.complete) res.status = res.solutions_found == 1 ? Status::Unique : Status::None;
    else if (res.solutions_found == 1 && res.reason_unknown.empty()) res.status = Status::Solved;
    else res.status = Status::Unknown;

    if (res.solutions.size() >= 2) res.differing_cells = encoder.differences(puzzle, res.solutions[0], res.solutions[1]);

    if (res.status == Status::None && options.explain) {
      auto tc = Clock::now();
      Limits cl = options.limits;
      uint64_t spent = static_cast<uint64_t>(ms_since(t_start));
      uint64_t left = cl.timeout_ms ? (*cl.timeout_ms > spent ? *cl.timeout_ms - spent : 0) : UINT64_MAX;
      cl.timeout_ms = std::min<uint64_t>(left, options.conflict_timeout_ms);
      Budget conflict_budget(ctx, cl);
      res.conflict = explain(conflict_budget);
      res.stats.conflict_ms = ms_since(tc);
    }
  } catch (const Halted& h) {  // a limit or Ctrl-C outside a check: what was found stays, as partial
    res.status = res.solutions_found >= 2 ? Status::Multiple : Status::Unknown;
    res.complete = false;
    res.reason_unknown = h.what();
  } catch (const std::bad_alloc&) {
    res.status = res.solutions_found >= 2 ? Status::Multiple : Status::Unknown;
    res.complete = false;
    res.reason_unknown = memory_reason();
  } catch (const z3::exception& e) {
    if (std::string(e.msg()).find("memory") == std::string::npos)
      throw InternalError(std::string("Z3 error: ") + e.msg());
    res.status = res.solutions_found >= 2 ? Status::Multiple : Status::Unknown;
    res.complete = false;
    res.reason_unknown = memory_reason();
  }
  finish();
  return res;
}
}  // namespace

}  // namespace psmt
