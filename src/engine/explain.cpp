#include "engine/explain.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "engine/progress.h"
#include "engine/solver_util.h"
#include "io/error.h"
#include "io/halt.h"

namespace psmt {

using detail::Backend;
using detail::Budget;
using detail::Clock;
using detail::ms_since;

namespace {

// The run stops where it is: a limit, Ctrl-C.
struct Stopped {
  std::string why;
};

class Explainer {
 public:
  Explainer(const Encoder& encoder, const Puzzle& puzzle, const ExplainOptions& options, Explanation& out,
            Context& ctx, Encoding& enc, const std::string& encoding)
      : encoder_(encoder), puzzle_(puzzle), options_(options), out_(out), ctx_(ctx), enc_(enc), encoding_(encoding),
        budget_(ctx, options.limits, options.limits.start.value_or(Clock::now())) {}

  void run() {
    build_items();
    // check_excluding excludes the candidates' values, false ones too.
    enc_.block_true_literals = false;
    solver_ = detail::make_backend(out_.solver, ctx_, enc_, encoding_);
    add_formulas();
    read_solution();
    label_facts();
    scopes();
    if (!enter_known()) return;
    rounds();
  }

 private:
  // ---- the items: named rules, clues, graph rules ----
  void build_items() {
    std::vector<int> group_of(enc_.rules.size(), -1);
    for (std::size_t g = 0; g < enc_.named_rules.size(); ++g) {
      const auto& r = enc_.named_rules[g];
      for (std::size_t i = r.first; i < r.last && i < group_of.size(); ++i) group_of[i] = static_cast<int>(g);
    }
    item_rules_.assign(enc_.named_rules.size(), {});
    for (std::size_t i = 0; i < enc_.rules.size(); ++i) {
      if (group_of[i] < 0) background_.push_back(static_cast<unsigned>(i));
      else item_rules_[static_cast<std::size_t>(group_of[i])].push_back(static_cast<unsigned>(i));
    }
    for (std::size_t g = 0; g < enc_.named_rules.size(); ++g) {
      const auto& r = enc_.named_rules[g];
      add_item({r.id, r.label, r.cells, true});
    }
    first_clue_ = out_.items.size();
    for (const auto& c : enc_.clues) add_item({c.id, c.label, c.cells, false});
    first_graph_ = out_.items.size();
    for (std::size_t k = 0; k < enc_.lazy_rules.size(); ++k) {
      auto& r = enc_.lazy_rules[k];
      add_item({fmt::format("rule/graph/{}", k + 1), r.name, {}, true});
      r.guard = selector_.back();
    }
    // Named: groups of rules, or no rule outside the items (graph rules,
    // each an item of its own: slant's "the diagonals form no loop"; or
    // none, every constraint a clue: a nonogram's lines).
    out_.rules_named = !enc_.named_rules.empty() || enc_.rules.empty();
  }

  void add_item(ExplainItem item) {
    selector_.push_back(ctx_.bool_const(fmt::format("explain!item!{}", out_.items.size())));
    item_of_selector_[selector_.back().id()] = out_.items.size();
    out_.items.push_back(std::move(item));
  }

  void add_formulas() {
    for (unsigned i : background_) solver_->add(enc_.rules[i]);
    for (std::size_t g = 0; g < item_rules_.size(); ++g)
      for (unsigned i : item_rules_[g]) solver_->add(implies(selector_[g], enc_.rules[i]));
    for (std::size_t c = 0; c < enc_.clues.size(); ++c) solver_->add(implies(selector_[first_clue_ + c], enc_.clues[c].constraint));
  }

  // ---- the solution, and the facts ----
  void read_solution() {
    std::vector<Expr> all(selector_.begin(), selector_.end());
    const auto r = check(all);
    if (r != z3::sat) throw InternalError("explain: the puzzle with every clue and rule has no model, though check found one");
    solution_ = solver_->values();
    decoded_ = encoder_.decode(puzzle_, encoding_, solution_);
    const nlohmann::json& decoded = decoded_;
    if (!out_.verdict.solutions.empty() && decoded != out_.verdict.solutions.front())
      throw InternalError("explain: the solution of the explaining encoding differs from the one check found");
    for (const auto& v : encoder_.check(puzzle_, decoded))
      throw InternalError("explain: the solution breaks " + v.message);
    for (std::size_t v = 0; v < solution_.size(); ++v) var_index_[enc_.decision_vars[static_cast<unsigned>(v)].id()] = v;
    // Models that differ from the solution wherever they can: each breaks
    // as many candidate facts as it can (follows()).
    std::vector<unsigned> vars(solution_.size());
    std::vector<int64_t> opposite(solution_.size());
    for (std::size_t v = 0; v < solution_.size(); ++v) {
      vars[v] = static_cast<unsigned>(v);
      opposite[v] = solution_[v] ? 0 : 1;
    }
    solver_->prefer(vars, opposite);
  }

  void label_facts() {
    const auto places = encoder_.places(puzzle_);
    place_of_.assign(solution_.size(), {-1, 0});
    for (std::size_t p = 0; p < enc_.places.size() && p < places.size(); ++p)
      for (std::size_t k = 0; k < enc_.places[p].size(); ++k)
        if (enc_.places[p][k] < place_of_.size()) place_of_[enc_.places[p][k]] = {static_cast<int>(p), k};
    places_ = places;
    out_.place_vars.assign(places.size(), 0);
    for (std::size_t p = 0; p < enc_.places.size() && p < places.size(); ++p) out_.place_vars[p] = enc_.places[p].size();
    out_.facts = solution_.size();
  }

  ExplainFact fact(std::size_t v, bool value) const {
    ExplainFact f;
    f.var = v;
    f.value = value;
    const auto [p, k] = place_of_[v];
    const Place* place = p >= 0 ? &places_[static_cast<std::size_t>(p)] : nullptr;
    f.label = encoder_.fact_label(puzzle_, encoding_, v, value, place, k);
    if (place) {
      f.cell = place->cell;
      f.place = static_cast<std::size_t>(p);
    }
    return f;
  }
  Expr literal(std::size_t v, bool value) const {
    const Expr& x = enc_.decision_vars[static_cast<unsigned>(v)];
    return value ? x : !x;
  }
  bool truth(std::size_t v) const { return solution_[v] != 0; }

  // ---- which decision variables each item speaks of ----
  void collect(const Expr& e, std::vector<unsigned>& vars, std::vector<uint64_t>& aux,
               std::unordered_set<uint64_t>& seen) const {
    std::vector<Expr> stack{e};
    while (!stack.empty()) {
      Expr x = stack.back();
      stack.pop_back();
      if (!seen.insert(x.id()).second) continue;
      if (x.is_var()) {
        if (auto it = var_index_.find(x.id()); it != var_index_.end()) vars.push_back(static_cast<unsigned>(it->second));
        else aux.push_back(x.id());
        continue;
      }
      for (unsigned i = 0; i < x.num_args(); ++i) stack.push_back(x.arg(i));
    }
  }

  void scopes() {
    // Auxiliary constants defined by the always-applied rules: an item that
    // reads one speaks of the decision variables of its definitions.
    // Definitions may chain (an auxiliary defined from others): the
    // auxiliaries of one rule are joined (union-find), and each set speaks
    // of the decision variables of all their rules.
    std::unordered_map<uint64_t, uint64_t> parent;
    std::function<uint64_t(uint64_t)> root = [&](uint64_t a) {
      auto it = parent.find(a);
      if (it == parent.end() || it->second == a) return a;
      return it->second = root(it->second);
    };
    std::vector<std::pair<std::vector<unsigned>, std::vector<uint64_t>>> defs;
    for (unsigned i : background_) {
      std::vector<unsigned> vars;
      std::vector<uint64_t> aux;
      std::unordered_set<uint64_t> seen;
      collect(enc_.rules[i], vars, aux, seen);
      for (auto a : aux) parent.try_emplace(a, a);
      for (std::size_t k = 1; k < aux.size(); ++k) {
        const auto x = root(aux[0]), y = root(aux[k]);
        if (x != y) parent[x] = y;
      }
      defs.push_back({std::move(vars), std::move(aux)});
    }
    std::unordered_map<uint64_t, std::vector<unsigned>> set_vars;
    for (const auto& [vars, aux] : defs)
      if (!aux.empty()) {
        auto& into = set_vars[root(aux[0])];
        into.insert(into.end(), vars.begin(), vars.end());
      }
    std::unordered_map<uint64_t, std::vector<unsigned>> aux_vars;
    for (const auto& [a, p] : parent) {
      (void)p;
      if (auto f = set_vars.find(root(a)); f != set_vars.end()) aux_vars[a] = f->second;
    }
    scope_.assign(out_.items.size(), {});
    dirty_.assign(out_.items.size(), true);
    for (std::size_t it = 0; it < out_.items.size(); ++it) {
      std::vector<unsigned> vars;
      std::vector<uint64_t> aux;
      std::unordered_set<uint64_t> seen;
      if (it < first_clue_) {
        for (unsigned i : item_rules_[it]) collect(enc_.rules[i], vars, aux, seen);
      } else if (it < first_graph_) {
        collect(enc_.clues[it - first_clue_].constraint, vars, aux, seen);
      } else {
        const auto& r = enc_.lazy_rules[it - first_graph_];
        for (const auto* lits : {&r.vertex_lits, &r.edge_lits, &r.mark_lits})
          for (const auto& l : *lits) collect(l, vars, aux, seen);
      }
      for (auto a : aux)
        if (auto f = aux_vars.find(a); f != aux_vars.end()) vars.insert(vars.end(), f->second.begin(), f->second.end());
      std::sort(vars.begin(), vars.end());
      vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
      scope_[it] = std::move(vars);
    }
    // Without named rules every rule is always applied, and a clue's facts
    // can lie anywhere: each item then speaks of every variable.
    if (!out_.rules_named) {
      std::vector<unsigned> every(solution_.size());
      for (unsigned v = 0; v < every.size(); ++v) every[v] = v;
      for (auto& s : scope_) s = every;
    }
    if (out_.rules_named) {
      items_of_var_.assign(solution_.size(), {});
      for (std::size_t it = 0; it < scope_.size(); ++it)
        for (unsigned v : scope_[it]) items_of_var_[v].push_back(it);
    } else {
      items_of_var_.assign(solution_.size(), {});  // nothing is cached: every item is asked every round
    }
    make_pairs();
  }

  // ---- the solver ----
  z3::check_result check(const std::vector<Expr>& assumptions) {
    out_.checks++;
    if (stop_signal()) throw Stopped{stop_reason()};
    const auto r = solver_->check(budget_, assumptions);
    if (r == z3::unknown) throw Stopped{solver_->reason_unknown(budget_)};
    return r;
  }

  std::vector<Expr> assumptions(const std::vector<std::size_t>& items) const {
    std::vector<Expr> as;
    for (auto i : items) as.push_back(selector_[i]);
    return as;
  }

  // The facts among `cands` (unknown variables) that follow from the known
  // facts and `items`: a model that breaks some candidates drops them; an
  // unsat answer proves every candidate left.
  std::vector<unsigned> follows(const std::vector<std::size_t>& items, std::vector<unsigned> cands) {
    const auto as = assumptions(items);
    while (!cands.empty()) {
      std::vector<int64_t> want;
      for (unsigned v : cands) want.push_back(solution_[v]);
      out_.checks++;
      if (stop_signal()) throw Stopped{stop_reason()};
      const auto r = solver_->check_excluding(budget_, as, cands, want);
      if (r == z3::unknown) throw Stopped{solver_->reason_unknown(budget_)};
      if (r == z3::unsat) return cands;
      const auto got = solver_->values(cands);
      std::vector<unsigned> kept;
      for (std::size_t i = 0; i < cands.size(); ++i)
        if (got[i] == want[i]) kept.push_back(cands[i]);
      if (kept.size() == cands.size()) throw InternalError("explain: a model that was to break a candidate fact keeps them all");
      cands = std::move(kept);
    }
    return {};
  }

  // Whether fact v follows from the known facts and `items`.
  bool entails(const std::vector<std::size_t>& items, unsigned v) {
    auto as = assumptions(items);
    as.push_back(literal(v, !truth(v)));
    return check(as) == z3::unsat;
  }

  // The items of the last unsat core, in order.
  std::vector<std::size_t> core_items() {
    std::vector<std::size_t> out;
    for (const auto& e : solver_->core())
      if (auto it = item_of_selector_.find(e.id()); it != item_of_selector_.end()) out.push_back(it->second);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // A minimal set of items within `core` from which `lit` is refuted with the
  // known facts (deletion, keeping only the core of each unsat answer).
  std::vector<std::size_t> shrink(std::vector<std::size_t> core, const Expr& lit) {
    std::size_t k = 0;
    while (k < core.size()) {
      std::vector<std::size_t> trial;
      for (std::size_t i = 0; i < core.size(); ++i)
        if (i != k) trial.push_back(core[i]);
      auto as = assumptions(trial);
      as.push_back(lit);
      if (check(as) == z3::unsat) {
        const auto c = core_items();
        std::vector<std::size_t> next;
        for (auto i : trial)
          if (std::binary_search(c.begin(), c.end(), i)) next.push_back(i);
        // Items before k stay (they were needed), so k moves to the first
        // item of `next` not yet tried.
        std::size_t kept_before = 0;
        for (std::size_t i = 0; i < k; ++i)
          if (std::find(next.begin(), next.end(), core[i]) != next.end()) kept_before++;
        core = std::move(next);
        k = kept_before;
      } else {
        k++;
      }
    }
    return core;
  }

  // ---- the player's entries (hint) ----
  bool enter_known() {
    known_.assign(solution_.size(), false);
    // Clues that are a literal of a decision variable state their fact.
    for (const auto& c : enc_.clues) {
      Expr x = c.constraint;
      bool value = true;
      while (x.op() == Op::Not) {
        x = x.arg(0);
        value = !value;
      }
      if (!x.is_var()) continue;
      auto it = var_index_.find(x.id());
      if (it == var_index_.end() || known_[it->second] || truth(it->second) != value) continue;
      out_.givens.push_back(fact(it->second, value));
      learn(static_cast<unsigned>(it->second));
    }
    std::vector<std::pair<std::size_t, bool>> wrong;
    std::unordered_map<std::string, std::pair<std::size_t, bool>> by_label;
    if (!options_.entries.empty())
      for (std::size_t v = 0; v < solution_.size(); ++v)
        for (bool value : {true, false}) by_label[fact(v, value).label] = {v, value};
    for (const auto& entry : options_.entries) {
      std::string text = entry;
      if (auto eq = text.find('='); eq != std::string::npos) {
        std::string a = text.substr(0, eq), b = text.substr(eq + 1);
        while (!a.empty() && a.back() == ' ') a.pop_back();
        while (!b.empty() && b.front() == ' ') b.erase(b.begin());
        text = a + " is " + b;
      }
      auto it = by_label.find(text);
      if (it == by_label.end())
        throw UsageError(fmt::format("the entry \"{}\" names no fact of this puzzle (entries are written as explain "
                                     "writes facts, e.g. \"{}\")",
                                     entry, fact(0, true).label));
      auto [v, value] = it->second;
      if (value != truth(v)) {
        wrong.push_back({v, value});
        continue;
      }
      if (!known_[v]) learn(static_cast<unsigned>(v));
    }
    if (options_.progress) enter_progress(wrong);
    out_.known_at_start = static_cast<std::size_t>(std::count(known_.begin(), known_.end(), true)) - out_.givens.size();
    if (wrong.empty()) return true;
    std::vector<std::size_t> all(out_.items.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    for (auto [v, value] : wrong) {
      auto as = assumptions(all);
      const Expr lit = literal(v, value);
      as.push_back(lit);
      if (check(as) != z3::unsat) throw InternalError("explain: an entry that differs from the only solution has a model");
      out_.mistakes.push_back({fact(v, value), shrink(core_items(), lit)});
    }
    return false;
  }

  // A progress read from lines of text: "/3" is its fourth line.
  static InputError located_in_text(const InputError& e) {
    const std::string& p = e.path();
    if (p.size() < 2 || p[0] != '/') return InputError(e.id(), "#", e.what(), e.file());
    return InputError(e.id(), "#", fmt::format("line {}: {}", std::stoul(p.substr(1)) + 1, e.what()), e.file());
  }

  // The player's partial solution: a place filled in as the solution has
  // it is known (each of its facts); one filled in otherwise is a mistake,
  // the fact that says it ("r2c1 is 9", "r3c4 is shaded").
  void enter_progress(std::vector<std::pair<std::size_t, bool>>& wrong) {
    std::vector<ProgressEntry> entries;
    try {
      entries = read_progress(encoder_, puzzle_, decoded_, JsonNode(*options_.progress, options_.progress_path));
    } catch (InputError& e) {
      if (e.file().empty()) e.set_file(options_.progress_origin);
      if (options_.progress_is_text) throw located_in_text(e);
      throw;
    }
    std::vector<bool> given(places_.size(), false);
    for (const auto& f : out_.givens)
      if (f.place && *f.place < given.size()) given[*f.place] = true;
    const auto solved = encoder_.place_values(puzzle_, decoded_);
    for (const auto& e : entries) {
      if (e.place >= enc_.places.size() || e.place >= solved.size()) continue;
      const auto& vars = enc_.places[e.place];
      if (e.value == solved[e.place]) {
        if (!given[e.place]) out_.progress_places++;
        for (unsigned v : vars)
          if (!known_[v]) learn(v);
        continue;
      }
      // The fact of this place that says the value: one variable flipped, or
      // (a place of several, one of them true) that one alone.
      std::map<std::string, std::pair<std::size_t, bool>> takes;
      auto probe = [&](const std::vector<int64_t>& a, std::size_t v, bool value) {
        try {
          // Only what the kind's solution form can hold: not two digits in
          // a cell, nor none.
          const nlohmann::json d = encoder_.decode(puzzle_, encoding_, a);
          const auto values = encoder_.place_values(puzzle_, encoder_.normalize_solution(puzzle_, JsonNode(d, "")));
          if (e.place < values.size() && values[e.place] != solved[e.place]) takes.emplace(values[e.place], std::make_pair(v, value));
        } catch (const std::exception&) {
          // not a solution form the kind decodes: no value of the place
        }
      };
      for (unsigned v : vars) {
        auto a = solution_;
        a[v] = a[v] ? 0 : 1;
        probe(a, v, a[v] != 0);
      }
      if (vars.size() > 1)
        for (unsigned v : vars) {
          auto a = solution_;
          for (unsigned u : vars) a[u] = u == v ? 1 : 0;
          probe(a, v, true);
        }
      auto it = takes.find(e.value);
      if (it == takes.end()) {
        if (e.blank_mark) continue;  // ".", "0": not filled in, where the place takes no such value
        std::vector<std::string> can{solved[e.place]};
        for (const auto& [t, lit] : takes) can.push_back(t);
        std::sort(can.begin(), can.end(), [](const std::string& a, const std::string& b) {
          const bool na = !a.empty() && std::all_of(a.begin(), a.end(), ::isdigit), nb = !b.empty() && std::all_of(b.begin(), b.end(), ::isdigit);
          if (na && nb && a.size() != b.size()) return a.size() < b.size();
          return a < b;
        });
        std::string values;
        for (const auto& t : can) values += (values.empty() ? "" : ", ") + t;
        InputError error("input.value", e.path,
                         fmt::format("\"{}\" is not a value {} can take (it takes {})", e.text, places_[e.place].label, values),
                         options_.progress_origin);
        if (options_.progress_is_text) throw located_in_text(error);
        throw error;
      }
      if (!given[e.place]) out_.progress_places++;
      wrong.push_back(it->second);
    }
  }

  void learn(unsigned v) {
    known_[v] = true;
    // Known facts stay known for the rest of the run: a unit clause, not an
    // assumption (some 400 assumptions were a decision level each in every
    // check of a 9x9).
    solver_->add(literal(v, truth(v)));
    for (auto it : items_of_var_[v]) {
      dirty_[it] = true;
      for (auto p : pairs_of_item_[it]) pair_dirty_[p] = true;
    }
  }

  std::vector<unsigned> unknown() const {
    std::vector<unsigned> u;
    for (unsigned v = 0; v < known_.size(); ++v)
      if (!known_[v]) u.push_back(v);
    return u;
  }
  std::vector<unsigned> unknown_in(const std::vector<unsigned>& scope) const {
    std::vector<unsigned> u;
    for (unsigned v : scope)
      if (!known_[v]) u.push_back(v);
    return u;
  }

  // How many facts not yet known the items speak of; a graph rule over the
  // board counts only where it is all the step cites (beside another item
  // it is asked of that item's facts only: make_pairs(), rounds()).
  std::size_t width(const std::vector<std::size_t>& items) const {
    if (items.size() == 1) return unknown_in(scope_[items[0]]).size();
    const bool local = std::any_of(items.begin(), items.end(), [&](std::size_t it) { return !global(it); });
    std::vector<unsigned> scope;
    for (auto it : items)
      if (!local || !global(it)) scope.insert(scope.end(), scope_[it].begin(), scope_[it].end());
    std::sort(scope.begin(), scope.end());
    scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
    return unknown_in(scope).size();
  }

  bool decides(const ExplainFact& f) const {
    const auto [p, k] = place_of_[f.var];
    return p < 0 || enc_.places[static_cast<std::size_t>(p)].size() == 1 || f.value;
  }

  // Facts found in one round, by their explanation; applied together. For
  // a hint, a round with a step that decides a place gives that step only.
  void apply(std::map<std::vector<std::size_t>, std::vector<unsigned>>& found, bool smallest) {
    std::vector<ExplainStep> steps;
    for (auto& [items, vars] : found) {
      std::sort(vars.begin(), vars.end());
      vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
      ExplainStep s;
      s.items = items;
      s.smallest = smallest;
      s.case_split = items.size() > options_.case_split;
      s.round = round_;
      s.width = width(items);
      for (unsigned v : vars)
        if (!known_[v]) s.facts.push_back(fact(v, truth(v)));
      if (s.facts.empty()) continue;
      // Placements (true facts) before eliminations.
      std::stable_sort(s.facts.begin(), s.facts.end(), [](const ExplainFact& a, const ExplainFact& b) { return a.value > b.value; });
      steps.push_back(std::move(s));
    }
    if (options_.stop_at_decision)
      for (auto& s : steps)
        if (std::any_of(s.facts.begin(), s.facts.end(), [&](const ExplainFact& f) { return decides(f); })) {
          steps = {std::move(s)};
          decided_ = true;
          break;
        }
    // No more steps than asked for (the rest of the round is not learned).
    if (options_.max_steps && out_.steps.size() + steps.size() > options_.max_steps)
      steps.resize(options_.max_steps - std::min(options_.max_steps, out_.steps.size()));
    for (auto& s : steps) {
      for (const auto& f : s.facts)
        if (!known_[f.var]) learn(static_cast<unsigned>(f.var));
      out_.steps.push_back(std::move(s));
    }
  }

  bool steps_left() const {
    if (options_.max_steps && out_.steps.size() >= options_.max_steps) return false;
    return !decided_;
  }

  void rounds() {
    single_.assign(out_.items.size(), {});
    for (;;) {
      if (!steps_left()) return;
      const auto u = unknown();
      if (u.empty()) {
        out_.complete = true;
        return;
      }
      round_++;
      std::map<std::vector<std::size_t>, std::vector<unsigned>> found;
      // Size 0: what the known facts give with the rules always applied.
      if (auto f = follows({}, u); !f.empty()) {
        found[{}] = f;
        apply(found, true);
        continue;
      }
      // Size 1: every item alone.
      // Narrowest first: of the items that give something alone, those
      // that speak of the fewest facts not yet known (a run of three with
      // two cells known, a line with one cell left) before those that
      // weigh a whole line (a line whose 1s are all placed): what a person
      // sees at a glance before what needs counting. A fact is credited to
      // the narrowest item that gives it.
      std::vector<int> by(solution_.size(), -1);
      std::vector<std::size_t> by_width(solution_.size(), SIZE_MAX);
      std::size_t narrowest = SIZE_MAX;
      for (std::size_t it = 0; it < out_.items.size(); ++it) {
        if (dirty_[it] || !out_.rules_named) {
          single_[it] = follows({it}, unknown_in(scope_[it]));
          dirty_[it] = false;
        } else {
          single_[it] = unknown_in(single_[it]);
        }
        if (single_[it].empty()) continue;
        const std::size_t w = width({it});
        narrowest = std::min(narrowest, w);
        for (unsigned v : single_[it])
          if (w < by_width[v]) {
            by[v] = static_cast<int>(it);
            by_width[v] = w;
          }
      }
      for (unsigned v = 0; v < by.size(); ++v)
        if (by[v] >= 0 && by_width[v] == narrowest) found[{static_cast<std::size_t>(by[v])}].push_back(v);
      if (!found.empty()) {
        apply(found, true);
        continue;
      }
      // Size 2: every two items that speak of a common variable. A pair
      // none of whose variables became known since it was last asked gives
      // what it gave then (nothing, or it would have been applied).
      std::vector<const std::pair<std::size_t, std::size_t>*> by2(solution_.size(), nullptr);
      // Pairs of local items first; pairs with a graph rule only when they
      // give nothing (the facts they would give stay for the next round).
      // The first pair that gives something ends the search: its facts are
      // applied and the rounds start again from size 0 (the pairs left are
      // asked later, from where this search stopped: a variant sudoku asked
      // all of its 5,000 pairs some 60 times, 375,000 checks, 60 s).
      bool productive = false;
      for (int pass = 0; pass < 2 && !productive; ++pass)
      for (std::size_t t = 0; t < pairs_.size() && !productive; ++t) {
        const std::size_t k = (pair_start_ + t) % pairs_.size();
        if ((global(pairs_[k].first) || global(pairs_[k].second)) != (pass == 1)) continue;
        if (!pair_dirty_[k] && out_.rules_named) continue;
        pair_dirty_[k] = false;
        const auto& p = pairs_[k];
        // With an item that speaks of most of the board (a graph rule),
        // the candidates are the other item's: what the two give beyond it
        // is left to larger steps (sound: a fact is only ever claimed by an
        // unsat answer; asking about every variable cost 5,000-9,000 checks
        // a round on a 15x15 slitherlink).
        std::vector<unsigned> scope;
        if (global(p.first) != global(p.second)) {
          scope = global(p.first) ? scope_[p.second] : scope_[p.first];
        } else {
          std::set_union(scope_[p.first].begin(), scope_[p.first].end(), scope_[p.second].begin(), scope_[p.second].end(),
                         std::back_inserter(scope));
        }
        const auto cands = unknown_in(scope);
        if (cands.empty()) continue;
        for (unsigned v : follows({p.first, p.second}, cands)) {
          if (!by2[v]) by2[v] = &p;
          productive = true;
          pair_start_ = k + 1;
        }
      }
      for (unsigned v = 0; v < by2.size(); ++v)
        if (by2[v]) found[{by2[v]->first, by2[v]->second}].push_back(v);
      if (!found.empty()) {
        apply(found, true);
        continue;
      }
      larger(u);
    }
  }

  // An item that speaks of more than half of the variables (and more than
  // a few): a graph rule over the board.
  bool global(std::size_t item) const {
    const std::size_t n = scope_[item].size();
    return n > 64 && 2 * n > solution_.size();
  }

  void make_pairs() {
    std::set<std::pair<std::size_t, std::size_t>> pairs;
    if (out_.rules_named)
      for (const auto& items : items_of_var_)
        for (std::size_t a = 0; a < items.size(); ++a)
          for (std::size_t b = a + 1; b < items.size(); ++b) pairs.insert({items[a], items[b]});
    else  // every item speaks of every variable: every two items
      for (std::size_t a = 0; a < out_.items.size(); ++a)
        for (std::size_t b = a + 1; b < out_.items.size(); ++b) pairs.insert({a, b});
    pairs_.assign(pairs.begin(), pairs.end());
    pair_dirty_.assign(pairs_.size(), true);
    pairs_of_item_.assign(out_.items.size(), {});
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
      pairs_of_item_[pairs_[k].first].push_back(k);
      pairs_of_item_[pairs_[k].second].push_back(k);
    }
  }

  // Beyond two items: each unknown fact's core under every item, the
  // smallest cores shrunk; the smallest set found is the step.
  void larger(const std::vector<unsigned>& u) {
    std::vector<std::size_t> all(out_.items.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    std::vector<std::pair<std::vector<std::size_t>, unsigned>> cores;
    for (unsigned v : u) {
      // First the items near the fact alone: a core of every item may miss
      // a small set near the fact (a hitori's 1 _ 1, three items, inside
      // none of the cores of fourteen its solver gave).
      const auto at = fact(v, truth(v)).cell;
      if (at) {
        std::vector<std::size_t> near;
        for (std::size_t it = 0; it < out_.items.size(); ++it)
          if (distance(it, *at) <= kNear) near.push_back(it);
        auto as = assumptions(near);
        as.push_back(literal(v, !truth(v)));
        if (check(as) == z3::unsat) {
          cores.push_back({core_items(), v});
          continue;
        }
      }
      auto as = assumptions(all);
      as.push_back(literal(v, !truth(v)));
      if (check(as) != z3::unsat) throw InternalError("explain: a fact of the only solution does not follow from every clue and rule");
      cores.push_back({core_items(), v});
    }
    std::stable_sort(cores.begin(), cores.end(), [](const auto& a, const auto& b) { return a.first.size() < b.first.size(); });
    std::vector<std::size_t> best;
    std::vector<unsigned> shrunk_for;  // the facts `best` was shrunk for (it gives each, minimally)
    bool have = false;
    const std::size_t tries = std::min<std::size_t>(cores.size(), kShrinkTries);
    for (std::size_t i = 0; i < tries; ++i) {
      // Deletion tries the items far from the fact first (those without
      // cells, a graph rule, first of all): what stays is near the fact,
      // and smaller as a rule (a 15x15 slitherlink's largest step: 14
      // items in the order of the core, 8 so).
      auto order = cores[i].first;
      const auto at = fact(cores[i].second, truth(cores[i].second)).cell;
      auto far = [&](std::size_t item) { return at ? distance(item, *at) : INT32_MAX; };
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return far(a) > far(b); });
      auto m = shrink(order, literal(cores[i].second, !truth(cores[i].second)));
      if (!have || m.size() < best.size()) {
        best = std::move(m);
        shrunk_for = {cores[i].second};
        have = true;
      } else if (m == best) {
        shrunk_for.push_back(cores[i].second);
      }
      if (best.size() <= 3) break;  // sizes 1 and 2 gave nothing: 3 is the smallest
    }
    // Every fact this set gives, kept where no item of the set can go.
    std::map<std::vector<std::size_t>, std::vector<unsigned>> found;
    std::vector<unsigned> scope;
    for (auto it : best) scope.insert(scope.end(), scope_[it].begin(), scope_[it].end());
    std::sort(scope.begin(), scope.end());
    scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
    // The facts it was shrunk for are given, minimally, by construction;
    // others it gives are checked one by one.
    for (unsigned v : shrunk_for) found[best].push_back(v);
    for (unsigned v : follows(best, unknown_in(scope))) {
      if (std::find(shrunk_for.begin(), shrunk_for.end(), v) != shrunk_for.end()) continue;
      bool minimal = true;
      for (std::size_t k = 0; k < best.size() && minimal; ++k) {
        std::vector<std::size_t> less;
        for (std::size_t j = 0; j < best.size(); ++j)
          if (j != k) less.push_back(best[j]);
        if (entails(less, v)) minimal = false;
      }
      if (minimal) found[best].push_back(v);
    }
    if (found.empty()) throw InternalError("explain: a shrunk explanation gives no fact it was shrunk for");
    apply(found, best.size() <= 3);
  }

  // How far an item's cells are from a cell (a graph rule, without cells:
  // as far as can be).
  int distance(std::size_t item, const Cell& at) const {
    const auto& cells = out_.items[item].cells;
    int best = INT32_MAX;
    for (const auto& c : cells) best = std::min(best, std::abs(c.row - at.row) + std::abs(c.col - at.col));
    return best;
  }

  static constexpr std::size_t kShrinkTries = 12;
  // The items near a fact, first asked alone: those with a cell within two
  // steps of it (bench-grade, 12 puzzles a level: radius 1 and 2 alike but
  // for keen, 0.72 and 0.76; each faster than every item alone).
  static constexpr int kNear = 2;

  const Encoder& encoder_;
  const Puzzle& puzzle_;
  const ExplainOptions& options_;
  Explanation& out_;
  Context& ctx_;
  Encoding& enc_;
  std::string encoding_;
  Budget budget_;
  std::unique_ptr<Backend> solver_;

  std::vector<Expr> selector_;
  std::unordered_map<uint64_t, std::size_t> item_of_selector_;
  std::vector<std::vector<unsigned>> item_rules_;
  std::vector<unsigned> background_;
  std::size_t first_clue_ = 0, first_graph_ = 0;

  std::vector<int64_t> solution_;
  nlohmann::json decoded_;  // the solution in the kind's form
  std::unordered_map<uint64_t, std::size_t> var_index_;
  std::vector<std::pair<int, std::size_t>> place_of_;
  std::vector<Place> places_;
  std::vector<std::vector<unsigned>> scope_;
  std::vector<std::vector<std::size_t>> items_of_var_;

  std::vector<bool> known_;
  std::vector<bool> dirty_;
  std::vector<std::vector<unsigned>> single_;
  std::vector<std::pair<std::size_t, std::size_t>> pairs_;
  std::vector<bool> pair_dirty_;
  std::size_t pair_start_ = 0;  // where the next search of pairs begins
  std::vector<std::vector<std::size_t>> pairs_of_item_;
  std::size_t round_ = 0;
  bool decided_ = false;  // stop_at_decision: the step is found
};

}  // namespace

std::vector<std::string> explain_encodings(const Encoder& encoder, const std::string& asked, const std::string& checked) {
  if (!asked.empty()) return {asked};
  std::vector<std::string> names{checked};
  if (const auto t = encoder.tracked_encoding(); !t.empty() && t != checked) names.push_back(t);
  for (const auto& e : encoder.encodings())
    if (std::find(names.begin(), names.end(), e.name) == names.end()) names.push_back(e.name);
  return names;
}

std::string explain_refuses(const Encoding& enc) {
  for (const auto& v : enc.decision_vars)
    if (!v.is_bool()) return "its decision variables are not Boolean";
  if (enc.clues_in_rules) return "its rules are simplified by the clues";
  // A test of whole areas (double choco's blocks) rules out one area at a
  // time: no reason a step could cite, and a fact waits on every area that
  // could break it (a 6x6 gave no first step in 30 s).
  for (const auto& r : enc.lazy_rules)
    if (r.kind == graph::RuleKind::CheckedAreas)
      return "its rule \"" + r.name + "\" is a test of whole areas, not clauses a step could cite";
  return "";
}

Grade grade_of(const std::vector<ExplainStep>& steps, unsigned case_split) {
  Grade g;
  g.steps = steps.size();
  for (const auto& s : steps) {
    if (s.size() > g.hardest) {
      g.hardest = s.size();
      g.hardest_steps = 0;
      g.hardest_width = 0;
    }
    if (s.size() == g.hardest) {
      g.hardest_steps++;
      g.hardest_width = std::max(g.hardest_width, s.width);
    }
    if (s.size() > case_split) g.case_splits++;
  }
  // Among puzzles whose hardest steps are as large: the wider the widest
  // of them (places a person must hold in mind), and the more of them, the
  // harder; each half of the fraction saturates, so neither outweighs a
  // step one item larger.
  auto saturate = [](std::size_t n) { return 1.0 - 1.0 / (1.0 + static_cast<double>(n)); };
  g.score = static_cast<double>(g.hardest) + 0.5 * saturate(g.hardest_width) + 0.5 * saturate(g.hardest_steps);
  if (g.case_splits) g.level = "needs a case split";
  else if (g.hardest <= 1) g.level = "easy";
  else if (g.hardest == 2) g.level = "moderate";
  else if (g.hardest <= 4) g.level = "hard";
  else g.level = "fiendish";
  if (g.steps && g.hardest == 0) g.level = "trivial";
  return g;
}

Explanation explain(const Encoder& encoder, const Puzzle& puzzle, const ExplainOptions& options) {
  const auto t0 = Clock::now();
  Explanation out;
  RunOptions ro;
  ro.encoding = options.encoding;
  ro.solver = options.solver;
  ro.limit = 2;
  ro.explain = false;
  ro.limits = options.limits;
  out.verdict = run(encoder, puzzle, ro);
  if (out.verdict.status != Status::Unique) {
    out.wall_ms = ms_since(t0);
    return out;
  }
  // An encoding with Boolean decision variables, whose rules do not lean
  // on the clues: the one asked for, the one check used, then the kind's.
  std::vector<std::string> refused;
  for (const auto& name : explain_encodings(encoder, options.encoding, out.verdict.encoding)) {
    auto ctx = std::make_unique<Context>();
    EncodeOptions eo;
    eo.name_rules = true;
    if (options.limits.timeout_ms)
      eo.deadline = options.limits.start.value_or(t0) + std::chrono::milliseconds(*options.limits.timeout_ms);
    RuleNaming naming;
    Encoding enc = encoder.encode(puzzle, *ctx, name, eo);
    if (const auto why = explain_refuses(enc); !why.empty()) {
      refused.push_back(name + " (" + why + ")");
      continue;
    }
    out.encoding = name;
    out.solver = options.solver.empty() ? encoder.default_solver(name) : options.solver;
    Explainer ex(encoder, puzzle, options, out, *ctx, enc, name);
    try {
      ex.run();
    } catch (const Stopped& s) {
      out.notes.push_back(fmt::format("stopped after {} steps: {}", out.steps.size(), s.why));
    } catch (const Halted& h) {
      out.notes.push_back(fmt::format("stopped after {} steps: {}", out.steps.size(), h.what()));
    }
    break;
  }
  if (out.encoding.empty()) {
    std::string why;
    for (const auto& r : refused) why += (why.empty() ? "" : "; ") + r;
    throw UsageError(fmt::format("explain needs an encoding of kind {} whose rules a step can cite (Boolean decision "
                                 "variables, rules apart from the clues, stated as clauses); none is: {}",
                                 encoder.kind(), why));
  }
  if (!out.rules_named)
    out.notes.push_back("this kind does not name its rules yet: they are applied at every step without being cited");
  out.grade = grade_of(out.steps, options.case_split);
  out.wall_ms = ms_since(t0);
  return out;
}

nlohmann::json explanation_json(const Explanation& e) {
  nlohmann::json j;
  j["encoding"] = e.encoding;
  j["solver"] = e.solver;
  j["complete"] = e.complete;
  j["rules_named"] = e.rules_named;
  j["facts"] = e.facts;
  j["known_at_start"] = e.known_at_start;
  if (e.progress_places) j["progress_places"] = e.progress_places;
  j["givens"] = nlohmann::json::array();
  for (const auto& f : e.givens) j["givens"].push_back(f.label);
  auto cell = [](const std::optional<Cell>& c) { return c ? nlohmann::json{c->row + 1, c->col + 1} : nlohmann::json(nullptr); };
  auto item_json = [&](std::size_t i) {
    const auto& it = e.items[i];
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : it.cells) cells.push_back({c.row + 1, c.col + 1});
    return nlohmann::json{{"id", it.id}, {"label", it.label}, {"rule", it.rule}, {"cells", cells}};
  };
  auto fact_json = [&](const ExplainFact& f) {
    return nlohmann::json{{"label", f.label}, {"value", f.value}, {"cell", cell(f.cell)}, {"variable", f.var}};
  };
  j["steps"] = nlohmann::json::array();
  for (const auto& s : e.steps) {
    nlohmann::json js{{"round", s.round}, {"size", s.size()}, {"width", s.width}, {"smallest", s.smallest}, {"case_split", s.case_split}};
    js["because"] = nlohmann::json::array();
    for (auto i : s.items) js["because"].push_back(item_json(i));
    js["facts"] = nlohmann::json::array();
    for (const auto& f : s.facts) js["facts"].push_back(fact_json(f));
    j["steps"].push_back(js);
  }
  if (!e.mistakes.empty()) {
    j["mistakes"] = nlohmann::json::array();
    for (const auto& m : e.mistakes) {
      nlohmann::json jm{{"entry", fact_json(m.fact)}};
      jm["because"] = nlohmann::json::array();
      for (auto i : m.items) jm["because"].push_back(item_json(i));
      j["mistakes"].push_back(jm);
    }
  }
  j["grade"] = {{"level", e.grade.level},
                {"hardest", e.grade.hardest},
                {"hardest_steps", e.grade.hardest_steps},
                {"hardest_width", e.grade.hardest_width},
                {"steps", e.grade.steps},
                {"case_splits", e.grade.case_splits},
                {"score", e.grade.score}};
  j["notes"] = e.notes;
  j["checks"] = e.checks;
  j["wall_ms"] = e.wall_ms;
  return j;
}

}  // namespace psmt
