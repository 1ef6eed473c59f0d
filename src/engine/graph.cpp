#include "engine/graph.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/backend.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/halt.h"

namespace psmt::graph {

namespace {

bool is_true(const Expr& e) { return e.is_true(); }

// The Boolean constant under a literal, and whether the literal negates it.
std::pair<Expr, bool> atom(const Expr& lit) {
  if (lit.op() == Op::Not) return {lit.arg(0), true};
  return {lit, false};
}

// At most this many cuts per model: enough to cut every part of a typical
// model at once, few enough that a model with hundreds of tiny parts does not
// flood the solver.
constexpr std::size_t kMaxCutsPerModel = 64;

// A cut of the true vertices around a part with at most this many false
// neighbours names them all (min_vertex_separator below).
constexpr std::size_t kSmallBoundary = 8;


// Augmenting paths by breadth-first search over small capacities: the
// minimum cuts of the cut clauses below (a flow of at most a part's
// boundary, on a board's graph).
class Flow {
 public:
  explicit Flow(int nodes) : out_(static_cast<std::size_t>(nodes)), via_(static_cast<std::size_t>(nodes)) {}
  static constexpr int kUnbounded = 1 << 29;
  void add(int a, int b, int cap) {
    out_[static_cast<std::size_t>(a)].push_back(static_cast<int>(arcs_.size()));
    arcs_.push_back({b, cap});
    out_[static_cast<std::size_t>(b)].push_back(static_cast<int>(arcs_.size()));
    arcs_.push_back({a, 0});
  }
  // Pushes a maximum flow from source to sink (one unit per path: every path
  // crosses an arc of capacity 1); afterwards reached(x) says whether x is on
  // the source's side of the minimum cut nearest the source.
  void run(int source, int sink) {
    while (search(source, sink))
      for (int x = sink; x != source;) {
        const int a = via_[static_cast<std::size_t>(x)];
        arcs_[static_cast<std::size_t>(a)].cap -= 1;
        arcs_[static_cast<std::size_t>(a ^ 1)].cap += 1;
        x = arcs_[static_cast<std::size_t>(a ^ 1)].to;
      }
  }
  bool reached(int x) const { return via_[static_cast<std::size_t>(x)] != -1; }

 private:
  struct Arc {
    int to, cap;
  };
  bool search(int source, int sink) {
    std::fill(via_.begin(), via_.end(), -1);
    std::vector<int> queue{source};
    via_[static_cast<std::size_t>(source)] = -2;
    for (std::size_t q = 0; q < queue.size(); ++q)
      for (int a : out_[static_cast<std::size_t>(queue[q])]) {
        const int w = arcs_[static_cast<std::size_t>(a)].to;
        if (arcs_[static_cast<std::size_t>(a)].cap <= 0 || via_[static_cast<std::size_t>(w)] != -1) continue;
        via_[static_cast<std::size_t>(w)] = a;
        if (w == sink) return true;
        queue.push_back(w);
      }
    return false;
  }
  std::vector<Arc> arcs_;
  std::vector<std::vector<int>> out_;
  std::vector<int> via_;
};

// A cut clause over a part's whole boundary is long and weak when two large
// parts face each other across a short wall: the wall is what the model
// breaks, and what the next model must mend. So a cut of the true vertices
// names a fewest set of false vertices that separate the part from the other
// it names, the minimum cut nearest the part; the part's boundary is one
// such set, so there always is one.

// The fewest false vertices whose removal separates the vertices of `from`
// from those of `to` (true vertices cannot be removed).
std::vector<int> min_vertex_separator(const Graph& g, const std::vector<bool>& on, const std::vector<int>& from, const std::vector<int>& to) {
  // Vertex v: node 2v (in) and 2v+1 (out), joined by an arc of capacity 1
  // (false) or unbounded (true); an edge: unbounded arcs out -> in both ways.
  const int n = g.vertices, source = 2 * n, sink = 2 * n + 1;
  Flow f(2 * n + 2);
  for (int v = 0; v < n; ++v) f.add(2 * v, 2 * v + 1, on[static_cast<std::size_t>(v)] ? Flow::kUnbounded : 1);
  for (const auto& [a, b] : g.edges) {
    f.add(2 * a + 1, 2 * b, Flow::kUnbounded);
    f.add(2 * b + 1, 2 * a, Flow::kUnbounded);
  }
  for (int v : from) f.add(source, 2 * v, Flow::kUnbounded);
  for (int v : to) f.add(2 * v + 1, sink, Flow::kUnbounded);
  f.run(source, sink);
  std::vector<int> cut;
  for (int v = 0; v < n; ++v)
    if (f.reached(2 * v) && !f.reached(2 * v + 1)) cut.push_back(v);
  return cut;
}


}  // namespace

namespace {

// The vertices reached from v over `edges` (true), in breadth-first order,
// at most `limit` of them, with the edge that reached each (-1 for v).
std::vector<std::pair<int, int>> reached(const Graph& g, int v, const std::vector<bool>& edges, std::size_t limit) {
  std::vector<std::pair<int, int>> order{{v, -1}};
  std::vector<bool> seen(static_cast<std::size_t>(g.vertices), false);
  seen[static_cast<std::size_t>(v)] = true;
  for (std::size_t q = 0; q < order.size() && order.size() < limit; ++q)
    for (int e : g.incident[static_cast<std::size_t>(order[q].first)]) {
      if (!edges[static_cast<std::size_t>(e)]) continue;
      const int w = g.other(e, order[q].first);
      if (seen[static_cast<std::size_t>(w)]) continue;
      seen[static_cast<std::size_t>(w)] = true;
      order.push_back({w, e});
      if (order.size() >= limit) break;
    }
  return order;
}

std::vector<Cut> sized_area_cuts(const Graph& g, const Rule& rule, const std::vector<bool>& label_on, const std::vector<bool>& edge_on) {
  std::vector<Cut> out;
  // The true label literals per vertex: every one is held to the area's
  // size (a kind whose clauses allow two true at a vertex, as diagnose's
  // changed values do, must not hide one behind the other).
  std::vector<std::vector<int>> labels_at(static_cast<std::size_t>(g.vertices));
  for (std::size_t j = 0; j < rule.labels.size(); ++j)
    if (label_on[j]) labels_at[static_cast<std::size_t>(rule.labels[j].first)].push_back(static_cast<int>(j));
  std::vector<bool> done(static_cast<std::size_t>(g.vertices), false);
  for (int v = 0; v < g.vertices && out.size() < kMaxCutsPerModel; ++v) {
    if (done[static_cast<std::size_t>(v)]) continue;
    const auto area = reached(g, v, edge_on, static_cast<std::size_t>(g.vertices));
    for (const auto& [w, e] : area) done[static_cast<std::size_t>(w)] = true;
    // The first true label in the area that disagrees with its size.
    int w = -1, j = -1;
    for (std::size_t k = 0; k < area.size() && j < 0; ++k)
      for (const int l : labels_at[static_cast<std::size_t>(area[k].first)])
        if (static_cast<std::size_t>(rule.labels[static_cast<std::size_t>(l)].second) != area.size()) {
          w = area[k].first;
          j = l;
          break;
        }
    if (j < 0) continue;
    const auto n = static_cast<std::size_t>(rule.labels[static_cast<std::size_t>(j)].second);
    Cut c;
    c.vertices.push_back({j, false});
    if (area.size() > n) {  // a tree of n+1 vertices through w
      for (const auto& [x, e] : reached(g, w, edge_on, n + 1))
        if (e >= 0) c.edges.push_back({e, false});
    } else {  // an edge leaving the area (while none does, w's area lies inside it, whatever joins its cells)
      std::vector<bool> inside(static_cast<std::size_t>(g.vertices), false);
      for (const auto& [x, e] : area) inside[static_cast<std::size_t>(x)] = true;
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        if (inside[static_cast<std::size_t>(g.edges[e].first)] != inside[static_cast<std::size_t>(g.edges[e].second)])
          c.edges.push_back({static_cast<int>(e), true});
    }
    out.push_back(std::move(c));
  }
  return out;
}

// A sized-area cut follows from the rule: its one negated label (v, n), and
// either its negated edges joining a set S of vertices through v (a tree)
// with |S| > n and no positive edge, or no negated edge and positive edges
// that cut v off from all but fewer than n vertices (while they are all
// false, v's area lies among those), or the older form of the second: a tree
// of S with |S| < n and every edge leaving S positive.
bool valid_sized_area_cut(const Graph& g, const Rule& rule, const Cut& cut) {
  if (cut.vertices.size() != 1 || cut.vertices[0].second) return false;
  const auto [v, n] = rule.labels[static_cast<std::size_t>(cut.vertices[0].first)];
  std::vector<bool> tree(g.edges.size(), false), leaving(g.edges.size(), false);
  for (auto [e, positive] : cut.edges) (positive ? leaving : tree)[static_cast<std::size_t>(e)] = true;
  if (std::none_of(tree.begin(), tree.end(), [](bool t) { return t; })) {
    std::vector<bool> kept(g.edges.size());
    for (std::size_t e = 0; e < g.edges.size(); ++e) kept[e] = !leaving[e];
    return reached(g, v, kept, static_cast<std::size_t>(n)).size() < static_cast<std::size_t>(n);
  }
  const auto set = reached(g, v, tree, static_cast<std::size_t>(g.vertices));
  std::size_t tree_edges = 0;
  for (bool t : tree) tree_edges += t ? 1 : 0;
  if (tree_edges + 1 != set.size()) return false;  // the negated edges are exactly a tree through v
  std::vector<bool> inside(static_cast<std::size_t>(g.vertices), false);
  for (const auto& [x, e] : set) inside[static_cast<std::size_t>(x)] = true;
  std::size_t positives = 0;
  for (bool l : leaving) positives += l ? 1 : 0;
  if (set.size() > static_cast<std::size_t>(n)) return positives == 0;
  if (set.size() == static_cast<std::size_t>(n)) return false;
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    const bool out_of = inside[static_cast<std::size_t>(g.edges[e].first)] != inside[static_cast<std::size_t>(g.edges[e].second)];
    if (out_of != leaving[e]) return false;
  }
  return true;
}

// Per part of the true vertices without a true mark: not its first vertex,
// or some vertex around it, or some mark in it (marks that are the constant
// false left out).
std::vector<Cut> marked_component_cuts(const Graph& g, const Rule& rule, const std::vector<bool>& on, const std::vector<bool>& mark_on) {
  std::vector<Cut> out;
  int count = 0;
  const auto comp = components(g, on, {}, count);
  std::vector<std::vector<int>> parts(static_cast<std::size_t>(count));
  std::vector<bool> marked(static_cast<std::size_t>(count), false);
  for (int v = 0; v < g.vertices; ++v) {
    const int p = comp[static_cast<std::size_t>(v)];
    if (p < 0) continue;
    parts[static_cast<std::size_t>(p)].push_back(v);
    if (mark_on[static_cast<std::size_t>(v)]) marked[static_cast<std::size_t>(p)] = true;
  }
  std::vector<int> seen(static_cast<std::size_t>(g.vertices), -1);
  for (std::size_t p = 0; p < parts.size() && out.size() < kMaxCutsPerModel; ++p) {
    if (marked[p]) continue;
    Cut c;
    c.vertices.push_back({parts[p].front(), false});
    for (int v : parts[p]) {
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        const int w = g.other(e, v);
        if (!on[static_cast<std::size_t>(w)] && seen[static_cast<std::size_t>(w)] != static_cast<int>(p)) {
          seen[static_cast<std::size_t>(w)] = static_cast<int>(p);
          c.vertices.push_back({w, true});
        }
      }
      if (!rule.mark_lits[static_cast<std::size_t>(v)].is_false()) c.marks.push_back(v);
    }
    out.push_back(std::move(c));
  }
  return out;
}

// A marked-component cut follows from the rule: one negated vertex u, and
// every vertex reached from u without passing a positive one has its mark
// in the clause (or is never marked).
bool valid_marked_component_cut(const Graph& g, const Rule& rule, const Cut& cut) {
  if (!cut.edges.empty()) return false;
  int u = -1;
  std::vector<bool> wall(static_cast<std::size_t>(g.vertices), false), mark(static_cast<std::size_t>(g.vertices), false);
  for (auto [v, positive] : cut.vertices) {
    if (positive) {
      wall[static_cast<std::size_t>(v)] = true;
    } else {
      if (u >= 0) return false;
      u = v;
    }
  }
  if (u < 0 || wall[static_cast<std::size_t>(u)]) return false;
  for (int v : cut.marks) mark[static_cast<std::size_t>(v)] = true;
  std::vector<bool> open(static_cast<std::size_t>(g.vertices));
  for (int v = 0; v < g.vertices; ++v) open[static_cast<std::size_t>(v)] = !wall[static_cast<std::size_t>(v)];
  int count = 0;
  const auto comp = components(g, open, {}, count);
  for (int v = 0; v < g.vertices; ++v)
    if (comp[static_cast<std::size_t>(v)] == comp[static_cast<std::size_t>(u)] && !mark[static_cast<std::size_t>(v)] &&
        !rule.mark_lits[static_cast<std::size_t>(v)].is_false())
      return false;
  return true;
}

// The edges of a path from u to v over the edges in `usable` (empty: none).
std::vector<int> path_edges(const Graph& g, int u, int v, const std::vector<bool>& usable) {
  std::vector<int> via(static_cast<std::size_t>(g.vertices), -2);
  std::vector<int> queue{u};
  via[static_cast<std::size_t>(u)] = -1;
  for (std::size_t k = 0; k < queue.size() && via[static_cast<std::size_t>(v)] == -2; ++k)
    for (int e : g.incident[static_cast<std::size_t>(queue[k])]) {
      const int w = g.other(e, queue[k]);
      if (!usable[static_cast<std::size_t>(e)] || via[static_cast<std::size_t>(w)] != -2) continue;
      via[static_cast<std::size_t>(w)] = e;
      queue.push_back(w);
    }
  std::vector<int> out;
  if (via[static_cast<std::size_t>(v)] == -2) return out;
  for (int x = v; x != u;) {
    const int e = via[static_cast<std::size_t>(x)];
    out.push_back(e);
    x = g.other(e, x);
  }
  return out;
}

// Per false edge inside an area: the edge, or not a path joining its ends;
// per area the test refuses: not a tree spanning it (its first vertex in
// the cut's marks, whose literals are false), or an edge leaving it.
std::vector<Cut> checked_area_cuts(const Graph& g, const Rule& rule, const std::vector<bool>& edge_on) {
  std::vector<Cut> out;
  int count = 0;
  const auto comp = components(g, std::vector<bool>(static_cast<std::size_t>(g.vertices), true), edge_on, count);
  for (std::size_t e = 0; e < g.edges.size() && out.size() < kMaxCutsPerModel; ++e) {
    const auto [u, v] = g.edges[e];
    if (edge_on[e] || comp[static_cast<std::size_t>(u)] != comp[static_cast<std::size_t>(v)]) continue;
    Cut c;
    c.edges.push_back({static_cast<int>(e), true});
    for (int f : path_edges(g, u, v, edge_on)) c.edges.push_back({f, false});
    out.push_back(std::move(c));
  }
  if (!out.empty()) return out;  // areas are read once the walls are a division
  std::vector<std::vector<int>> areas(static_cast<std::size_t>(count));
  for (int v = 0; v < g.vertices; ++v) areas[static_cast<std::size_t>(comp[static_cast<std::size_t>(v)])].push_back(v);
  for (const auto& area : areas) {
    if (out.size() >= kMaxCutsPerModel) break;
    if (rule.area_ok(area)) continue;
    Cut c;
    c.marks.push_back(area.front());
    for (const auto& [x, e] : reached(g, area.front(), edge_on, area.size()))
      if (e >= 0) c.edges.push_back({e, false});
    for (std::size_t e = 0; e < g.edges.size(); ++e)
      if ((comp[static_cast<std::size_t>(g.edges[e].first)] == comp[static_cast<std::size_t>(area.front())]) !=
          (comp[static_cast<std::size_t>(g.edges[e].second)] == comp[static_cast<std::size_t>(area.front())]))
        c.edges.push_back({static_cast<int>(e), true});
    out.push_back(std::move(c));
  }
  return out;
}

// A checked-area cut follows from the rule: either one positive edge whose
// ends the negated edges join (a wall inside an area), or negated edges
// forming a tree over a set S through the marked vertex, every edge leaving
// S positive and no other, and S refused by the test.
bool valid_checked_area_cut(const Graph& g, const Rule& rule, const Cut& cut) {
  if (!cut.vertices.empty()) return false;
  std::vector<bool> tree(g.edges.size(), false), positive(g.edges.size(), false);
  std::vector<int> pos;
  for (auto [e, p] : cut.edges) {
    (p ? positive : tree)[static_cast<std::size_t>(e)] = true;
    if (p) pos.push_back(e);
  }
  if (cut.marks.empty()) {
    if (pos.size() != 1) return false;
    const auto [u, v] = g.edges[static_cast<std::size_t>(pos[0])];
    return !path_edges(g, u, v, tree).empty();
  }
  if (cut.marks.size() != 1) return false;
  const auto set = reached(g, cut.marks[0], tree, static_cast<std::size_t>(g.vertices));
  std::size_t tree_edges = 0;
  for (bool t : tree) tree_edges += t ? 1 : 0;
  if (tree_edges + 1 != set.size()) return false;
  std::vector<bool> inside(static_cast<std::size_t>(g.vertices), false);
  std::vector<int> area;
  for (const auto& [x, e] : set) inside[static_cast<std::size_t>(x)] = true, area.push_back(x);
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    const bool leaving = inside[static_cast<std::size_t>(g.edges[e].first)] != inside[static_cast<std::size_t>(g.edges[e].second)];
    if (leaving != positive[e]) return false;
  }
  std::sort(area.begin(), area.end());
  return !rule.area_ok(area);
}

}  // namespace

std::vector<Cut> cuts_for(const Rule& rule0, const std::vector<bool>& vertex_on, const std::vector<bool>& edge_on,
                          const std::vector<bool>& mark_on) {
  Graph scratch;
  const Graph& g = indexed(rule0.graph, scratch);
  std::vector<Cut> out;
  if (rule0.kind == RuleKind::SizedAreas) return sized_area_cuts(g, rule0, vertex_on, edge_on);
  if (rule0.kind == RuleKind::MarkedComponents) return marked_component_cuts(g, rule0, vertex_on, mark_on);
  if (rule0.kind == RuleKind::CheckedAreas) return checked_area_cuts(g, rule0, edge_on);
  if (rule0.kind == RuleKind::Acyclic) {
    for (auto& cycle : find_cycles(g, edge_on, kMaxCutsPerModel)) {
      Cut c;
      for (int e : cycle) c.edges.push_back({e, false});
      out.push_back(std::move(c));
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
  // The others are cut from the anchor's part (ConnectedVertices), else
  // from the largest part.
  std::vector<bool> inside;  // per part: its vertices (ConnectedEdges)
  std::size_t reference = 0;  // the largest part, or the anchor's
  for (std::size_t p = 1; p < parts.size(); ++p)
    if (parts[p].size() > parts[reference].size()) reference = p;
  if (rule0.kind == RuleKind::ConnectedVertices && rule0.anchor >= 0 && comp[static_cast<std::size_t>(rule0.anchor)] >= 0)
    reference = static_cast<std::size_t>(comp[static_cast<std::size_t>(rule0.anchor)]);
  for (std::size_t p = 0; p < parts.size() && out.size() < kMaxCutsPerModel; ++p) {
    if (p == reference && parts.size() > 1) continue;
    const std::size_t other = p == reference ? (p + 1) % parts.size() : reference;
    Cut c;
    if (rule0.kind == RuleKind::ConnectedVertices) {
      // not u or not w or some vertex of a fewest that separate the part
      // from the other.
      // A small boundary is taken as it is (the flow would cost more than
      // it could save).
      c.vertices.push_back({parts[p].front(), false});
      const bool anchored = rule0.anchor >= 0 && comp[static_cast<std::size_t>(rule0.anchor)] == static_cast<int>(other);
      c.vertices.push_back({anchored ? rule0.anchor : parts[other].front(), false});
      std::vector<bool> around(static_cast<std::size_t>(g.vertices), false);
      std::vector<int> boundary;
      for (int v : parts[p])
        for (int e : g.incident[static_cast<std::size_t>(v)]) {
          const int w = g.other(e, v);
          if (!on[static_cast<std::size_t>(w)] && !around[static_cast<std::size_t>(w)]) {
            around[static_cast<std::size_t>(w)] = true;
            boundary.push_back(w);
          }
        }
      if (boundary.size() > kSmallBoundary) boundary = min_vertex_separator(g, on, parts[p], parts[other]);
      for (int v : boundary) c.vertices.push_back({v, true});
    } else {
      // not e or not f or some edge leaving the part (all_vertices: some
      // edge leaving it). A fewest separating set (min_edge_separator) made
      // the collection's 20x20-40x40 loopy IDs 10-40% slower, alone or
      // beside this one, though one 30x40 masyu went from 1.5 s to 0.15 s.
      if (!rule0.all_vertices) {
        c.edges.push_back({witness_edge[p], false});
        c.edges.push_back({witness_edge[other], false});
      }
      // The edges with one end in the part, found from the part's own
      // vertices (not by a pass over every edge of the board), in order.
      inside.assign(static_cast<std::size_t>(g.vertices), false);
      for (int v : parts[p]) inside[static_cast<std::size_t>(v)] = true;
      std::vector<int> leaving;
      for (int v : parts[p])
        for (int e : g.incident[static_cast<std::size_t>(v)])
          if (!inside[static_cast<std::size_t>(g.other(e, v))]) leaving.push_back(e);
      std::sort(leaving.begin(), leaving.end());
      for (int e : leaving) c.edges.push_back({e, true});
    }
    out.push_back(std::move(c));
  }
  return out;
}

bool valid_cut(const Rule& rule0, const Cut& cut) {
  Graph scratch;
  const Graph& g = indexed(rule0.graph, scratch);
  if (rule0.kind == RuleKind::SizedAreas) return valid_sized_area_cut(g, rule0, cut);
  if (rule0.kind == RuleKind::MarkedComponents) return valid_marked_component_cut(g, rule0, cut);
  if (rule0.kind == RuleKind::CheckedAreas) return valid_checked_area_cut(g, rule0, cut);
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

Expr cut_clause(const Rule& rule, const Cut& cut, Context& ctx) {
  ExprVector lits(ctx);
  for (auto [v, positive] : cut.vertices) {
    const Expr& l = rule.vertex_lits[static_cast<std::size_t>(v)];
    lits.push_back(positive ? l : !l);
  }
  for (auto [e, positive] : cut.edges) {
    const Expr& l = rule.edge_lits[static_cast<std::size_t>(e)];
    lits.push_back(positive ? l : !l);
  }
  if (!rule.mark_lits.empty())  // CheckedAreas names a vertex in marks without literals
    for (int v : cut.marks) lits.push_back(rule.mark_lits[static_cast<std::size_t>(v)]);
  return mk_or(lits);
}

void encode_eager(const Rule& rule0, Context& ctx, ExprVector& rules, const std::string& prefix) {
  Graph scratch;
  const Graph& g = indexed(rule0.graph, scratch);
  const int n = g.vertices;
  auto fresh = [&](const std::string& name) { return ctx.bool_const(prefix + name); };
  auto define = [&](const Expr& var, const Expr& value) { rules.push_back(var == value); };
  if (rule0.kind == RuleKind::SizedAreas || rule0.kind == RuleKind::MarkedComponents || rule0.kind == RuleKind::CheckedAreas)
    throw std::logic_error("this rule has no eager encoding: " + rule0.name);
  if (rule0.kind == RuleKind::Acyclic) {
    // Peeling: an edge stays while both its ends keep two or more edges; a
    // forest loses every edge within ceil(n/2)+1 rounds, a cycle never does.
    std::vector<Expr> alive;
    for (const auto& l : rule0.edge_lits) alive.push_back(l);
    const int rounds = n / 2 + 2;
    for (int k = 1; k <= rounds; ++k) {
      poll_halt();  // a round is a pass over the graph: the deadline and memory cap apply while encoding
      std::vector<Expr> two;  // per vertex: at least two alive edges
      for (int v = 0; v < n; ++v) {
        const auto& inc = g.incident[static_cast<std::size_t>(v)];
        ExprVector pairs(ctx);
        for (std::size_t i = 0; i < inc.size(); ++i)
          for (std::size_t j = i + 1; j < inc.size(); ++j)
            pairs.push_back(alive[static_cast<std::size_t>(inc[i])] && alive[static_cast<std::size_t>(inc[j])]);
        Expr t = fresh(fmt::format("deg2_{}_{}", k, v));
        define(t, mk_or(pairs));
        two.push_back(t);
      }
      std::vector<Expr> next;
      for (std::size_t e = 0; e < g.edges.size(); ++e) {
        Expr a = fresh(fmt::format("alive_{}_{}", k, e));
        define(a, alive[e] && two[static_cast<std::size_t>(g.edges[e].first)] && two[static_cast<std::size_t>(g.edges[e].second)]);
        next.push_back(a);
      }
      alive = std::move(next);
    }
    for (const auto& a : alive) rules.push_back(!a);
    return;
  }
  // Which vertices must be reached: the true ones, or those with a true edge.
  std::vector<Expr> in;
  for (int v = 0; v < n; ++v) {
    if (rule0.kind == RuleKind::ConnectedVertices) {
      in.push_back(rule0.vertex_lits[static_cast<std::size_t>(v)]);
    } else if (rule0.all_vertices) {
      in.push_back(ctx.bool_val(true));
    } else {
      ExprVector any(ctx);
      for (int e : g.incident[static_cast<std::size_t>(v)]) any.push_back(rule0.edge_lits[static_cast<std::size_t>(e)]);
      Expr t = fresh(fmt::format("touched_{}", v));
      define(t, mk_or(any));
      in.push_back(t);
    }
  }
  // The root: the first vertex that is in.
  std::vector<Expr> reach;
  Expr none_before = ctx.bool_val(true);
  for (int v = 0; v < n; ++v) {
    Expr r = fresh(fmt::format("root_{}", v));
    define(r, in[static_cast<std::size_t>(v)] && none_before);
    reach.push_back(r);
    Expr nb = fresh(fmt::format("none_before_{}", v + 1));
    define(nb, none_before && !in[static_cast<std::size_t>(v)]);
    none_before = nb;
  }
  // Reached within k steps, k up to n-1.
  for (int k = 1; k < n; ++k) {
    poll_halt();  // n rounds of n vertices: a large board takes long, the deadline and memory cap apply
    std::vector<Expr> next;
    for (int v = 0; v < n; ++v) {
      ExprVector from(ctx);
      from.push_back(reach[static_cast<std::size_t>(v)]);
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        const int u = g.other(e, v);
        if (rule0.kind == RuleKind::ConnectedVertices)
          from.push_back(in[static_cast<std::size_t>(v)] && reach[static_cast<std::size_t>(u)]);
        else
          from.push_back(rule0.edge_lits[static_cast<std::size_t>(e)] && reach[static_cast<std::size_t>(u)]);
      }
      Expr r = fresh(fmt::format("reach_{}_{}", k, v));
      define(r, mk_or(from));
      next.push_back(r);
    }
    reach = std::move(next);
  }
  for (int v = 0; v < n; ++v) rules.push_back(implies(in[static_cast<std::size_t>(v)], reach[static_cast<std::size_t>(v)]));
}

namespace {

// A back end that solves without the lazy rules and adds the cut each model
// breaks until a model keeps every rule (or there is none).
class CutBackend final : public detail::Backend {
 public:
  CutBackend(std::unique_ptr<detail::Backend> inner, const Encoding& enc)
      : Backend(enc), inner_(std::move(inner)), ctx_(*enc.ctx), rules_(enc.lazy_rules) {
    // The rules' graphs with their incidence lists, and the Boolean
    // constants the rules read, once.
    for (auto& r : rules_)
      if (static_cast<int>(r.graph.incident.size()) != r.graph.vertices) r.graph.index();
    for (const auto& r : rules_) {
      Lits l;
      for (const auto& lit : r.vertex_lits) l.vertex.push_back(slot(lit));
      for (const auto& lit : r.edge_lits) l.edge.push_back(slot(lit));
      for (const auto& lit : r.mark_lits) l.mark.push_back(slot(lit));
      if (!r.guard.empty()) l.guard = slot(r.guard);
      lits_.push_back(std::move(l));
    }
  }

  void add(const Expr& e) override { inner_->add(e); }
  void block(const std::vector<unsigned>& vars, const std::vector<int64_t>& values, const Expr* guard) override {
    inner_->block(vars, values, guard);
  }
  z3::check_result check(detail::Budget& budget, const std::vector<Expr>& assumptions) override {
    return refine([&] { return inner_->check(budget, assumptions); });
  }
  z3::check_result check_excluding(detail::Budget& budget, const std::vector<Expr>& assumptions,
                                   const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override {
    return refine([&] { return inner_->check_excluding(budget, assumptions, vars, values); });
  }
  z3::check_result check_values(detail::Budget& budget, const std::vector<int64_t>& values) override {
    return refine([&] { return inner_->check_values(budget, values); });
  }
  std::vector<int64_t> values(const std::vector<unsigned>& vars) override { return inner_->values(vars); }
  std::vector<bool> truth(const std::vector<Expr>& constants) override { return inner_->truth(constants); }
  std::vector<Expr> core() override { return inner_->core(); }
  std::string reason_unknown(const detail::Budget& budget) override { return inner_->reason_unknown(budget); }
  void add_stats(std::map<std::string, double>& into) override {
    inner_->add_stats(into);
    into["cuts"] += static_cast<double>(cuts_);
    into["cut_rounds"] += static_cast<double>(rounds_);
  }
  void minimize_cores() override { inner_->minimize_cores(); }
  void prefer(const std::vector<unsigned>& vars, const std::vector<int64_t>& values) override { inner_->prefer(vars, values); }
  void mark() override { inner_->mark(); }
  void renew() override { inner_->renew(); }
  bool certify_unsat(const std::string& step) override { return inner_->certify_unsat(step); }

 private:
  struct Slot {
    int constant = -1;  // index into constants_, or -1: the literal is true (false if negated)
    bool negated = false;
  };
  struct Lits {
    std::vector<Slot> vertex, edge, mark;
    std::optional<Slot> guard;
  };

  Slot slot(const Expr& lit) {
    if (is_true(lit)) return {};
    if (lit.is_false()) return {-1, true};
    auto [a, neg] = atom(lit);
    if (a.is_const()) {
      // Constants by key (their serial or name): a scan comparing names
      // was most of the setup of a 9x9 fillomino (123 of 190 ms).
      if (auto k = keys_.find(a)) return {static_cast<int>(index_of_key_[*k]), neg};
      const uint32_t k = keys_.key(a);
      if (index_of_key_.size() <= k) index_of_key_.resize(k + 1, 0);
      index_of_key_[k] = constants_.size();
    } else {
      for (std::size_t i = 0; i < constants_.size(); ++i)
        if (same(constants_[i], a)) return {static_cast<int>(i), neg};
    }
    constants_.push_back(a);
    return {static_cast<int>(constants_.size() - 1), neg};
  }

  template <typename Check>
  z3::check_result refine(Check check) {
    if (!frozen_) {
      inner_->freeze(constants_);
      frozen_ = true;
    }
    for (;;) {
      const z3::check_result r = check();
      if (r != z3::sat) return r;
      rounds_++;
      const std::vector<bool> t = constants_.empty() ? std::vector<bool>{} : inner_->truth(constants_);
      auto value = [&](const Slot& s) {
        return s.constant < 0 ? !s.negated : t[static_cast<std::size_t>(s.constant)] != s.negated;
      };
      bool cut = false;
      for (std::size_t k = 0; k < rules_.size(); ++k) {
        const auto& rule = rules_[k];
        if (lits_[k].guard && !value(*lits_[k].guard)) continue;
        std::vector<bool> vertex_on, edge_on, mark_on;
        for (const auto& s : lits_[k].vertex) vertex_on.push_back(value(s));
        for (const auto& s : lits_[k].edge) edge_on.push_back(value(s));
        for (const auto& s : lits_[k].mark) mark_on.push_back(value(s));
        for (const auto& c : cuts_for(rule, vertex_on, edge_on, mark_on)) {
          // Every cut is checked by the plain graph check before it is added:
          // a wrong cut would remove solutions unseen.
          if (!valid_cut(rule, c))
            throw InternalError(fmt::format("a cut for the rule \"{}\" does not follow from it", rule.name));
          inner_->add(rule.guard.empty() ? cut_clause(rule, c, ctx_) : (!rule.guard || cut_clause(rule, c, ctx_)));
          cuts_++;
          cut = true;
        }
      }
      if (!cut) return r;
    }
  }

  std::unique_ptr<detail::Backend> inner_;
  Context& ctx_;
  std::vector<Rule> rules_;  // enc_.lazy_rules, their graphs indexed
  std::vector<Expr> constants_;
  ConstKeys keys_;                      // the constants among constants_
  std::vector<std::size_t> index_of_key_;  // key -> index into constants_
  std::vector<Lits> lits_;
  uint64_t cuts_ = 0, rounds_ = 0;
  bool frozen_ = false;  // constants_ given to inner_->freeze()
};

}  // namespace

std::unique_ptr<detail::Backend> with_cuts(std::unique_ptr<detail::Backend> inner, const Encoding& enc) {
  if (enc.lazy_rules.empty()) return inner;
  return std::make_unique<CutBackend>(std::move(inner), enc);
}

}  // namespace psmt::graph
