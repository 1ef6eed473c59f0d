#include "engine/graph_check.h"

#include <numeric>

namespace psmt::graph {

void Graph::index() {
  incident.assign(static_cast<std::size_t>(vertices), {});
  for (std::size_t e = 0; e < edges.size(); ++e) {
    incident[static_cast<std::size_t>(edges[e].first)].push_back(static_cast<int>(e));
    incident[static_cast<std::size_t>(edges[e].second)].push_back(static_cast<int>(e));
  }
}

const Graph& indexed(const Graph& g, Graph& scratch) {
  if (static_cast<int>(g.incident.size()) == g.vertices) return g;
  scratch = g;
  scratch.index();
  return scratch;
}

std::vector<int> components(const Graph& g0, const std::vector<bool>& on, const std::vector<bool>& usable, int& count) {
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  std::vector<int> comp(static_cast<std::size_t>(g.vertices), -1);
  count = 0;
  std::vector<int> stack;
  for (int s = 0; s < g.vertices; ++s) {
    if (!on[static_cast<std::size_t>(s)] || comp[static_cast<std::size_t>(s)] >= 0) continue;
    comp[static_cast<std::size_t>(s)] = count;
    stack.push_back(s);
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        if (!usable.empty() && !usable[static_cast<std::size_t>(e)]) continue;
        int w = g.other(e, v);
        if (!on[static_cast<std::size_t>(w)] || comp[static_cast<std::size_t>(w)] >= 0) continue;
        comp[static_cast<std::size_t>(w)] = count;
        stack.push_back(w);
      }
    }
    count++;
  }
  return comp;
}

bool vertices_connected(const Graph& g, const std::vector<bool>& on) {
  int count = 0;
  components(g, on, {}, count);
  return count <= 1;
}

bool edges_connected(const Graph& g0, const std::vector<bool>& active, bool all_vertices) {
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  std::vector<bool> touched(static_cast<std::size_t>(g.vertices), all_vertices);
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    if (active[e]) touched[static_cast<std::size_t>(g.edges[e].first)] = touched[static_cast<std::size_t>(g.edges[e].second)] = true;
  int count = 0;
  components(g, touched, active, count);
  return count <= 1;
}

bool one_loop(const Graph& g0, const std::vector<bool>& active) {
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  bool any = false;
  for (int v = 0; v < g.vertices; ++v) {
    int d = 0;
    for (int e : g.incident[static_cast<std::size_t>(v)]) d += active[static_cast<std::size_t>(e)] ? 1 : 0;
    if (d != 0 && d != 2) return false;
    any = any || d > 0;
  }
  return any && edges_connected(g, active, false);
}

std::vector<std::vector<int>> find_cycles(const Graph& g0, const std::vector<bool>& active, std::size_t limit) {
  // Union-find over the active edges, in order: an edge whose ends are
  // already joined closes a cycle (with the tree path between its ends) and
  // is left out of the forest, so the next cycle is one without it.
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  std::vector<int> parent(static_cast<std::size_t>(g.vertices));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int v) {
    while (parent[static_cast<std::size_t>(v)] != v) v = parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
    return v;
  };
  std::vector<std::vector<int>> cycles;
  std::vector<bool> tree(g.edges.size(), false);
  std::vector<int> via(static_cast<std::size_t>(g.vertices), -2), queue;
  for (std::size_t e = 0; e < g.edges.size() && cycles.size() < limit; ++e) {
    if (!active[e]) continue;
    int a = find(g.edges[e].first), b = find(g.edges[e].second);
    if (a != b) {
      parent[static_cast<std::size_t>(a)] = b;
      tree[e] = true;
      continue;
    }
    // Path from one end to the other over tree edges (BFS), plus e.
    const int s = g.edges[e].first, t = g.edges[e].second;
    via[static_cast<std::size_t>(s)] = -1;
    queue.assign(1, s);
    for (std::size_t q = 0; q < queue.size() && via[static_cast<std::size_t>(t)] == -2; ++q) {
      int v = queue[q];
      for (int f : g.incident[static_cast<std::size_t>(v)]) {
        if (!tree[static_cast<std::size_t>(f)]) continue;
        int w = g.other(f, v);
        if (via[static_cast<std::size_t>(w)] != -2) continue;
        via[static_cast<std::size_t>(w)] = f;
        queue.push_back(w);
      }
    }
    std::vector<int> cycle{static_cast<int>(e)};
    for (int v = t; v != s;) {
      int f = via[static_cast<std::size_t>(v)];
      cycle.push_back(f);
      v = g.other(f, v);
    }
    for (int v : queue) via[static_cast<std::size_t>(v)] = -2;  // ready for the next search
    cycles.push_back(std::move(cycle));
  }
  return cycles;
}

std::vector<int> find_cycle_edges(const Graph& g, const std::vector<bool>& active) {
  auto cycles = find_cycles(g, active, 1);
  return cycles.empty() ? std::vector<int>{} : std::move(cycles.front());
}

bool acyclic(const Graph& g, const std::vector<bool>& active) { return find_cycle_edges(g, active).empty(); }

namespace {
// Whether a search from vertex `from`, over the vertices `blocked` leaves
// and the edges `cut` leaves (empty: all), meets vertex `to`. It stops
// there, and otherwise explores only the side of `from`: a cut's small
// side, not the whole board (the check of every cut of a 40x40 loopy took
// 8% of its time as components of the whole graph).
bool reaches(const Graph& g, int from, int to, const std::vector<bool>& blocked, const std::vector<bool>& cut) {
  if (from == to) return true;
  std::vector<bool> seen(static_cast<std::size_t>(g.vertices), false);
  std::vector<int> stack{from};
  seen[static_cast<std::size_t>(from)] = true;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int e : g.incident[static_cast<std::size_t>(v)]) {
      if (!cut.empty() && cut[static_cast<std::size_t>(e)]) continue;
      const int x = g.other(e, v);
      if (seen[static_cast<std::size_t>(x)] || (!blocked.empty() && blocked[static_cast<std::size_t>(x)])) continue;
      if (x == to) return true;
      seen[static_cast<std::size_t>(x)] = true;
      stack.push_back(x);
    }
  }
  return false;
}
}  // namespace

bool separates_vertices(const Graph& g0, int u, int w, const std::vector<bool>& removed) {
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  if (removed[static_cast<std::size_t>(u)] || removed[static_cast<std::size_t>(w)] || u == w) return false;
  return !reaches(g, u, w, removed, {});
}

bool separates_edges(const Graph& g0, int e, int f, const std::vector<bool>& removed) {
  Graph scratch;
  const Graph& g = indexed(g0, scratch);
  if (f < 0) {  // whether removing them leaves the graph in pieces
    std::vector<bool> usable(g.edges.size());
    for (std::size_t i = 0; i < g.edges.size(); ++i) usable[i] = !removed[i];
    std::vector<bool> on(static_cast<std::size_t>(g.vertices), true);
    int count = 0;
    components(g, on, usable, count);
    return count > 1;
  }
  if (removed[static_cast<std::size_t>(e)] || removed[static_cast<std::size_t>(f)]) return false;
  return !reaches(g, g.edges[static_cast<std::size_t>(e)].first, g.edges[static_cast<std::size_t>(f)].first, {}, removed);
}

}  // namespace psmt::graph
