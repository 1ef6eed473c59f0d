// Graph rules a kind declares over a graph of its own (cells, or vertices and
// edges), and the two ways the engine makes them hold:
//
//   "these vertices are connected"        (ConnectedVertices: nurikabe's shaded
//                                          cells, hitori's unshaded ones)
//   "these edges are connected"           (ConnectedEdges: with degree 0 or 2 at
//                                          every vertex, one loop; with
//                                          all_vertices, hashi's islands)
//   "these edges form no cycle"           (Acyclic: gokigen's diagonals)
//   "each area has the size its vertices  (SizedAreas: fillomino; the areas
//    say"                                  are the components of the true
//                                          edges)
//   "each part of the true vertices holds (MarkedComponents: choco banana's
//    a marked one"                         white areas, each with a corner
//                                          that makes it no rectangle)
//   "the true edges divide the vertices   (CheckedAreas: double choco's
//    into areas that pass the kind's       blocks, a white half and a grey
//    test"                                 half of one shape)
//
// Cuts (lazy): the kind puts the rule in Encoding::lazy_rules. The back end
// (make_backend wraps it, engine/graph.cpp) solves without it; when a model
// breaks the rule it adds the cut clause that model breaks and solves again
// in the same solver:
//   - connected vertices: a part C of the true vertices and a true vertex w
//     outside it: not u (a vertex of C) or not w or some vertex around C;
//   - connected edges: an edge of one piece and an edge of another: not e or
//     not f or some edge leaving the first piece's vertices (all_vertices:
//     some edge leaving the part);
//   - no cycle: not every edge of the cycle;
//   - sized areas: for a vertex v labelled n whose area is too big, "not
//     (v labelled n and the edges of a tree of n+1 vertices through v)";
//     too small (the area C), "not v labelled n, or some edge leaving C"
//     (while no edge leaves C, v's area lies within C whatever joins C's
//     vertices; naming C's spanning tree too made the cut rule out that one
//     area only: a 40x40 choco banana's proof took 8,108 rounds, now 132);
//   - marked components: a part C of the true vertices without a true
//     mark: not u (a vertex of C) or some vertex around C or some mark in
//     C (u's part then lies within C, and holds no mark);
//   - checked areas: an area A (a part of the vertices joined by true
//     edges) the kind's test refuses: not (the edges of a tree spanning A)
//     or some edge leaving A; a false edge e between two vertices of one
//     area: e or not (the edges of a path joining its ends) (an area's
//     edges are all true: a division, not a drawing with loose walls).
// Each cut follows from the rule alone (never from a clue, so diagnose never
// blames one), so solutions, counts and uniqueness are exact, and proofs
// (--proof, --certify) cover the formula and the cuts. Each cut is checked
// by the plain graph check of engine/graph_check.h before it is added.
//
// Eager: encode_eager() writes the rule as clauses: a canonical root (the
// first true vertex in a fixed order) and "reached from the root within k
// steps" for k up to the number of vertices, each auxiliary defined both
// ways so that its value is fixed by the solution (counts stay exact even
// without projection); no cycle as repeated peeling of the edges at
// vertices of degree below 2.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/expr.h"

#include "engine/graph_check.h"

namespace psmt {
struct Encoding;
namespace detail {
class Backend;
}

namespace graph {

enum class RuleKind { ConnectedVertices, ConnectedEdges, Acyclic, SizedAreas, MarkedComponents, CheckedAreas };

struct Rule {
  RuleKind kind = RuleKind::ConnectedVertices;
  std::string name;  // for people and statistics: "shaded cells connected"
  Graph graph;
  // ConnectedVertices: a literal per vertex (a Boolean constant, its
  // negation, or true: always in). ConnectedEdges and Acyclic: per edge.
  // SizedAreas: vertex_lits are labels, "vertex labels[j].first has size
  // labels[j].second" (every true one is held, so two true at a vertex
  // with different sizes is refuted); edge_lits join two vertices into one
  // area.
  std::vector<Expr> vertex_lits;
  std::vector<Expr> edge_lits;
  bool all_vertices = false;  // ConnectedEdges: every vertex must be joined
  // ConnectedVertices: a vertex true in every solution (a clue's cell), or
  // -1. A cut then separates each other part from the anchor's part, whose
  // literal is usually fixed: the clause has one literal fewer in effect.
  int anchor = -1;
  std::vector<std::pair<int, int>> labels;  // SizedAreas: per vertex literal, (vertex, size)
  // MarkedComponents: per vertex, its mark (a literal, or false: never
  // marked); vertex_lits say which vertices are in.
  std::vector<Expr> mark_lits;
  // CheckedAreas: whether an area (its vertices, in increasing order) may
  // stand in a division: a test of the area alone, never of a clue. Only
  // edge_lits are read.
  std::function<bool(const std::vector<int>&)> area_ok;
  // explain: a Boolean constant the rule holds under (empty: always). The
  // back end checks the rule only in models where the guard is true, and
  // its cuts are clauses "not guard, or the cut".
  Expr guard;
};

// A clause over a rule's literals: vertex and edge literals, each taken
// positively or negated.
struct Cut {
  std::vector<std::pair<int, bool>> vertices;  // (vertex, positive)
  std::vector<std::pair<int, bool>> edges;     // (edge, positive)
  std::vector<int> marks;                      // vertices whose mark is in the clause (positive)
};

// The cuts a full assignment of the rule's literals breaks (none: it holds).
// mark_on: per vertex, its mark (MarkedComponents only).
std::vector<Cut> cuts_for(const Rule& rule, const std::vector<bool>& vertex_on, const std::vector<bool>& edge_on,
                          const std::vector<bool>& mark_on = {});
// Whether a cut follows from the rule alone, by a plain graph check.
bool valid_cut(const Rule& rule, const Cut& cut);
// The cut as a Z3 clause over the rule's literals.
Expr cut_clause(const Rule& rule, const Cut& cut, Context& ctx);

// The rule as clauses, added to `rules`; auxiliary constants are named with
// `prefix`. SizedAreas, MarkedComponents and CheckedAreas have no eager encoding
// (std::logic_error): their kinds offer cuts only.
void encode_eager(const Rule& rule, Context& ctx, ExprVector& rules, const std::string& prefix);

// The back end for an encoding with lazy rules: cuts added between checks.
std::unique_ptr<detail::Backend> with_cuts(std::unique_ptr<detail::Backend> inner, const Encoding& enc);

}  // namespace graph
}  // namespace psmt
