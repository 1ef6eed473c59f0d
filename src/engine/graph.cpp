#include "engine/graph.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/backend.h"
#include "engine/encoding.h"
#include "io/error.h"

namespace psmt::graph {

namespace {

bool is_true(const z3::expr& e) { return e.is_true(); }

// The Boolean constant under a literal, and whether the literal negates it.
std::pair<z3::expr, bool> atom(const z3::expr& lit) {
  if (lit.is_app() && lit.decl().decl_kind() == Z3_OP_NOT) return {lit.arg(0), true};
  return {lit, false};
}

// At most this many cuts per model: enough to cut every part of a typical
// model at once, few enough that a model with hundreds of tiny parts does not
// flood the solver.
constexpr std::size_t kMaxCutsPerModel = 64;

}  // namespace

std::vector<Cut> cuts_for(const Rule& rule0, const std::vector<bool>& vertex_on, const std::vector<bool>& edge_on) {
  const Graph g = indexed(rule0.graph);
  std::vector<Cut> out;
  if (rule0.kind == RuleKind::Acyclic) {
    std::vector<bool> active = edge_on;
    while (out.size() < kMaxCutsPerModel) {
      auto cycle = find_cycle_edges(g, active);
      if (cycle.empty()) break;
      Cut c;
      for (int e : cycle) c.edges.push_back({e, false});
      out.push_back(std::move(c));
      active[static_cast<std::size_t>(cycle.front())] = false;  // look for another cycle
    }
    return out;
  }
  // The parts: components of the true vertices (ConnectedVertices, over every
  // edge between two of them), or of the vertices joined by true edges.
  std::vector<bool> on;
  std::vector<bool> usable;
  if (rule0.kind == RuleKind::ConnectedVertices) {
    on = vertex_on;
  } else {
    on.assign(static_cast<std::size_t>(g.vertices), rule0.all_vertices);
    for (std::size_t e = 0; e < g.edges.size(); ++e)
      if (edge_on[e]) on[static_cast<std::size_t>(g.edges[e].first)] = on[static_cast<std::size_t>(g.edges[e].second)] = true;
    usable = edge_on;
  }
  int count = 0;
  const auto comp = components(g, on, usable, count);
  if (count <= 1) return out;
  // Per part: its vertices, and a witness (a true vertex, or a true edge).
  std::vector<std::vector<int>> parts(static_cast<std::size_t>(count));
  for (int v = 0; v < g.vertices; ++v)
    if (comp[static_cast<std::size_t>(v)] >= 0) parts[static_cast<std::size_t>(comp[static_cast<std::size_t>(v)])].push_back(v);
  std::vector<int> witness_edge(static_cast<std::size_t>(count), -1);
  if (rule0.kind == RuleKind::ConnectedEdges)
    for (std::size_t e = 0; e < g.edges.size(); ++e)
      if (edge_on[e] && witness_edge[static_cast<std::size_t>(comp[static_cast<std::size_t>(g.edges[e].first)])] < 0)
        witness_edge[static_cast<std::size_t>(comp[static_cast<std::size_t>(g.edges[e].first)])] = static_cast<int>(e);
  // The largest part is the one the others are cut from.
  std::size_t largest = 0;
  for (std::size_t p = 1; p < parts.size(); ++p)
    if (parts[p].size() > parts[largest].size()) largest = p;
  for (std::size_t p = 0; p < parts.size() && out.size() < kMaxCutsPerModel; ++p) {
    if (p == largest && parts.size() > 1) continue;
    const std::size_t other = p == largest ? (p + 1) % parts.size() : largest;
    std::vector<bool> inside(static_cast<std::size_t>(g.vertices), false);
    for (int v : parts[p]) inside[static_cast<std::size_t>(v)] = true;
    Cut c;
    if (rule0.kind == RuleKind::ConnectedVertices) {
      // not u or not w or some neighbour of the part.
      std::vector<bool> around(static_cast<std::size_t>(g.vertices), false);
      for (int v : parts[p])
        for (int e : g.incident[static_cast<std::size_t>(v)]) {
          int w = g.other(e, v);
          if (!inside[static_cast<std::size_t>(w)]) around[static_cast<std::size_t>(w)] = true;
        }
      c.vertices.push_back({parts[p].front(), false});
      c.vertices.push_back({parts[other].front(), false});
      for (int v = 0; v < g.vertices; ++v)
        if (around[static_cast<std::size_t>(v)]) c.vertices.push_back({v, true});
    } else {
      // not e or not f or some edge leaving the part (all_vertices: some edge leaving it).
      if (!rule0.all_vertices) {
        c.edges.push_back({witness_edge[p], false});
        c.edges.push_back({witness_edge[other], false});
      }
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        if (inside[static_cast<std::size_t>(g.edges[e].first)] != inside[static_cast<std::size_t>(g.edges[e].second)])
          c.edges.push_back({static_cast<int>(e), true});
    }
    out.push_back(std::move(c));
  }
  return out;
}

bool valid_cut(const Rule& rule0, const Cut& cut) {
  const Graph g = indexed(rule0.graph);
  if (rule0.kind == RuleKind::Acyclic) {
    std::vector<bool> active(g.edges.size(), false);
    for (auto [e, positive] : cut.edges) {
      if (positive) return false;
      active[static_cast<std::size_t>(e)] = true;
    }
    return cut.vertices.empty() && !acyclic(g, active);
  }
  if (rule0.kind == RuleKind::ConnectedVertices) {
    std::vector<int> negated;
    std::vector<bool> removed(static_cast<std::size_t>(g.vertices), false);
    for (auto [v, positive] : cut.vertices) (positive ? removed[static_cast<std::size_t>(v)] = true, void() : negated.push_back(v));
    return cut.edges.empty() && negated.size() == 2 && separates_vertices(g, negated[0], negated[1], removed);
  }
  std::vector<int> negated;
  std::vector<bool> removed(g.edges.size(), false);
  for (auto [e, positive] : cut.edges) (positive ? removed[static_cast<std::size_t>(e)] = true, void() : negated.push_back(e));
  if (!cut.vertices.empty()) return false;
  if (rule0.all_vertices) return negated.empty() && separates_edges(g, -1, -1, removed);
  return negated.size() == 2 && separates_edges(g, negated[0], negated[1], removed);
}

z3::expr cut_clause(const Rule& rule, const Cut& cut, z3::context& ctx) {
  z3::expr_vector lits(ctx);
  for (auto [v, positive] : cut.vertices) {
    const z3::expr& l = rule.vertex_lits[static_cast<std::size_t>(v)];
    lits.push_back(positive ? l : !l);
  }
  for (auto [e, positive] : cut.edges) {
    const z3::expr& l = rule.edge_lits[static_cast<std::size_t>(e)];
    lits.push_back(positive ? l : !l);
  }
  return z3::mk_or(lits).simplify();
}

void encode_eager(const Rule& rule0, z3::context& ctx, z3::expr_vector& rules, const std::string& prefix) {
  const Graph g = indexed(rule0.graph);
  const int n = g.vertices;
  auto fresh = [&](const std::string& name) { return ctx.bool_const((prefix + name).c_str()); };
  auto define = [&](const z3::expr& var, const z3::expr& value) { rules.push_back(var == value); };
  if (rule0.kind == RuleKind::Acyclic) {
    // Peeling: an edge stays while both its ends keep two or more edges; a
    // forest loses every edge within ceil(n/2)+1 rounds, a cycle never does.
    std::vector<z3::expr> alive;
    for (const auto& l : rule0.edge_lits) alive.push_back(l);
    const int rounds = n / 2 + 2;
    for (int k = 1; k <= rounds; ++k) {
      std::vector<z3::expr> two;  // per vertex: at least two alive edges
      for (int v = 0; v < n; ++v) {
        const auto& inc = g.incident[static_cast<std::size_t>(v)];
        z3::expr_vector pairs(ctx);
        for (std::size_t i = 0; i < inc.size(); ++i)
          for (std::size_t j = i + 1; j < inc.size(); ++j)
            pairs.push_back(alive[static_cast<std::size_t>(inc[i])] && alive[static_cast<std::size_t>(inc[j])]);
        z3::expr t = fresh(fmt::format("deg2_{}_{}", k, v));
        define(t, z3::mk_or(pairs));
        two.push_back(t);
      }
      std::vector<z3::expr> next;
      for (std::size_t e = 0; e < g.edges.size(); ++e) {
        z3::expr a = fresh(fmt::format("alive_{}_{}", k, e));
        define(a, alive[e] && two[static_cast<std::size_t>(g.edges[e].first)] && two[static_cast<std::size_t>(g.edges[e].second)]);
        next.push_back(a);
      }
      alive = std::move(next);
    }
    for (const auto& a : alive) rules.push_back(!a);
    return;
  }
  // Which vertices must be reached: the true ones, or those with a true edge.
  std::vector<z3::expr> in;
  for (int v = 0; v < n; ++v) {
    if (rule0.kind == RuleKind::ConnectedVertices) {
      in.push_back(rule0.vertex_lits[static_cast<std::size_t>(v)]);
    } else if (rule0.all_vertices) {
      in.push_back(ctx.bool_val(true));
    } else {
      z3::expr_vector any(ctx);
      for (int e : g.incident[static_cast<std::size_t>(v)]) any.push_back(rule0.edge_lits[static_cast<std::size_t>(e)]);
      z3::expr t = fresh(fmt::format("touched_{}", v));
      define(t, z3::mk_or(any));
      in.push_back(t);
    }
  }
  // The root: the first vertex that is in.
  std::vector<z3::expr> reach;
  z3::expr none_before = ctx.bool_val(true);
  for (int v = 0; v < n; ++v) {
    z3::expr r = fresh(fmt::format("root_{}", v));
    define(r, in[static_cast<std::size_t>(v)] && none_before);
    reach.push_back(r);
    z3::expr nb = fresh(fmt::format("none_before_{}", v + 1));
    define(nb, none_before && !in[static_cast<std::size_t>(v)]);
    none_before = nb;
  }
  // Reached within k steps, k up to n-1.
  for (int k = 1; k < n; ++k) {
    std::vector<z3::expr> next;
    for (int v = 0; v < n; ++v) {
      z3::expr_vector from(ctx);
      from.push_back(reach[static_cast<std::size_t>(v)]);
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        const int u = g.other(e, v);
        if (rule0.kind == RuleKind::ConnectedVertices)
          from.push_back(in[static_cast<std::size_t>(v)] && reach[static_cast<std::size_t>(u)]);
        else
          from.push_back(rule0.edge_lits[static_cast<std::size_t>(e)] && reach[static_cast<std::size_t>(u)]);
      }
      z3::expr r = fresh(fmt::format("reach_{}_{}", k, v));
      define(r, z3::mk_or(from));
      next.push_back(r);
    }
    reach = std::move(next);
  }
  for (int v = 0; v < n; ++v) rules.push_back(z3::implies(in[static_cast<std::size_t>(v)], reach[static_cast<std::size_t>(v)]));
}

namespace {

// A back end that solves without the lazy rules and adds the cut each model
// breaks until a model keeps every rule (or there is none).
class CutBackend final : public detail::Backend {
 public:
  CutBackend(std::unique_ptr<detail::Backend> inner, const Encoding& enc)
      : Backend(enc), inner_(std::move(inner)), ctx_(enc.decision_vars.ctx()) {
    // The Boolean constants the rules read, once.
    for (const auto& r : enc.lazy_rules) {
      Lits l;
      for (const auto& lit : r.vertex_lits) l.vertex.push_back(slot(lit));
      for (const auto& lit : r.edge_lits) l.edge.push_back(slot(lit));
      lits_.push_back(std::move(l));
    }
  }

  void add(const z3::expr& e) override { inner_->add(e); }
  void block(const std::vector<unsigned>& vars, const std::vector<int64_t>& values, const z3::expr* guard) override {
    inner_->block(vars, values, guard);
  }
  z3::check_result check(detail::Budget& budget, const std::vector<z3::expr>& assumptions) override {
    return refine([&] { return inner_->check(budget, assumptions); });
  }
  z3::check_result check_excluding(detail::Budget& budget, const std::vector<z3::expr>& assumptions,
                                   const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override {
    return refine([&] { return inner_->check_excluding(budget, assumptions, vars, values); });
  }
  z3::check_result check_values(detail::Budget& budget, const std::vector<int64_t>& values) override {
    return refine([&] { return inner_->check_values(budget, values); });
  }
  std::vector<int64_t> values(const std::vector<unsigned>& vars) override { return inner_->values(vars); }
  std::vector<bool> truth(const std::vector<z3::expr>& constants) override { return inner_->truth(constants); }
  std::vector<z3::expr> core() override { return inner_->core(); }
  std::string reason_unknown(const detail::Budget& budget) override { return inner_->reason_unknown(budget); }
  void add_stats(std::map<std::string, double>& into) override {
    inner_->add_stats(into);
    into["cuts"] += static_cast<double>(cuts_);
    into["cut_rounds"] += static_cast<double>(rounds_);
  }
  void minimize_cores() override { inner_->minimize_cores(); }
  void mark() override { inner_->mark(); }
  void renew() override { inner_->renew(); }
  bool certify_unsat(const std::string& step) override { return inner_->certify_unsat(step); }

 private:
  struct Slot {
    int constant = -1;  // index into constants_, or -1: the literal is true
    bool negated = false;
  };
  struct Lits {
    std::vector<Slot> vertex, edge;
  };

  Slot slot(const z3::expr& lit) {
    if (is_true(lit)) return {};
    auto [a, neg] = atom(lit);
    for (std::size_t i = 0; i < constants_.size(); ++i)
      if (z3::eq(constants_[i], a)) return {static_cast<int>(i), neg};
    constants_.push_back(a);
    return {static_cast<int>(constants_.size() - 1), neg};
  }

  template <typename Check>
  z3::check_result refine(Check check) {
    for (;;) {
      const z3::check_result r = check();
      if (r != z3::sat) return r;
      rounds_++;
      const std::vector<bool> t = constants_.empty() ? std::vector<bool>{} : inner_->truth(constants_);
      auto value = [&](const Slot& s) { return s.constant < 0 || (t[static_cast<std::size_t>(s.constant)] != s.negated); };
      bool cut = false;
      for (std::size_t k = 0; k < enc_.lazy_rules.size(); ++k) {
        const auto& rule = enc_.lazy_rules[k];
        std::vector<bool> vertex_on, edge_on;
        for (const auto& s : lits_[k].vertex) vertex_on.push_back(value(s));
        for (const auto& s : lits_[k].edge) edge_on.push_back(value(s));
        for (const auto& c : cuts_for(rule, vertex_on, edge_on)) {
          // Every cut is checked by the plain graph check before it is added:
          // a wrong cut would remove solutions unseen.
          if (!valid_cut(rule, c))
            throw InternalError(fmt::format("a cut for the rule \"{}\" does not follow from it", rule.name));
          inner_->add(cut_clause(rule, c, ctx_));
          cuts_++;
          cut = true;
        }
      }
      if (!cut) return r;
    }
  }

  std::unique_ptr<detail::Backend> inner_;
  z3::context& ctx_;
  std::vector<z3::expr> constants_;
  std::vector<Lits> lits_;
  uint64_t cuts_ = 0, rounds_ = 0;
};

}  // namespace

std::unique_ptr<detail::Backend> with_cuts(std::unique_ptr<detail::Backend> inner, const Encoding& enc) {
  if (enc.lazy_rules.empty()) return inner;
  return std::make_unique<CutBackend>(std::move(inner), enc);
}

}  // namespace psmt::graph
