// Graph rules checked without a solver: "these vertices are connected",
// "these edges form connected paths or one loop", "these edges form no
// cycle", over an undirected graph given by its vertex count and edge list.
//
// This is plain C++ (no Z3): the pencil genres' independent checkers use it,
// and the lazy encoding (engine/graph.h) uses it to find the cut a model
// violates and, with --certify, to check that every cut it added follows
// from the rule alone.
#pragma once

#include <utility>
#include <vector>

namespace psmt::graph {

struct Graph {
  int vertices = 0;
  std::vector<std::pair<int, int>> edges;  // (u, v), u != v
  // Edges at each vertex (indices into `edges`), built by index().
  std::vector<std::vector<int>> incident;
  void index();
  int other(int e, int v) const { return edges[static_cast<std::size_t>(e)].first == v ? edges[static_cast<std::size_t>(e)].second : edges[static_cast<std::size_t>(e)].first; }
};

// The graph with its incidence lists: g itself when it has them, else a copy
// made in `scratch` (a graph is copied only when it must be: a copy per call
// was most of a 40x40 gokigen's time in its cuts).
const Graph& indexed(const Graph& g, Graph& scratch);

// Components of the vertices in `on` (on[v]) joined by the edges in `usable`
// (usable[e]; empty: every edge): a component number per vertex, -1 for
// vertices not on; the number of components in `count`.
std::vector<int> components(const Graph& g, const std::vector<bool>& on, const std::vector<bool>& usable, int& count);

// The rules, on a full assignment.
// Every vertex in `on` in one component over the edges (any edge between two on vertices).
bool vertices_connected(const Graph& g, const std::vector<bool>& on);
// The edges in `active` form one connected piece (every vertex that has an
// active edge is in it; with all_vertices, every vertex of the graph is, and
// no vertex may be left without an edge unless the graph has one vertex).
bool edges_connected(const Graph& g, const std::vector<bool>& active, bool all_vertices);
// Every vertex has 0 or 2 active edges, and the active edges are connected
// and not empty: one simple closed loop.
bool one_loop(const Graph& g, const std::vector<bool>& active);
// The active edges contain no cycle.
bool acyclic(const Graph& g, const std::vector<bool>& active);
// The edges of one cycle of the active edges (empty if none).
std::vector<int> find_cycle_edges(const Graph& g, const std::vector<bool>& active);
// The edges of up to `limit` cycles, each closed by an edge that the ones
// before it leave out: the first is find_cycle_edges's, the next is one of
// the active edges without the first's closing edge, and so on.
std::vector<std::vector<int>> find_cycles(const Graph& g, const std::vector<bool>& active, std::size_t limit);

// Whether removing the vertices in `removed` leaves u and w in different
// components (vertex separator), using every edge.
bool separates_vertices(const Graph& g, int u, int w, const std::vector<bool>& removed);
// Whether removing the edges in `removed` leaves edge e and edge f (or, with
// f = -1, some two vertices) in different components.
bool separates_edges(const Graph& g, int e, int f, const std::vector<bool>& removed);

}  // namespace psmt::graph
