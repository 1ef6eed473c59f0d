#include "encoders/pencil/fillomino.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <regex>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "encoders/pencil/shading.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::fillomino {
namespace {

// The numbers diagnose tries instead of n: every size an area can have, 1
// to the board's cells (diagnose runs only those that a solution of the
// puzzle without this number gives it, when it has seen them all).
std::vector<int> alternatives(const Board& b, int n) { return pencil::other_values(n, 1, std::max(b.lat.cells(), n)); }

// The sizes each cell may hold. Plain: 1 to the board's cells. Otherwise
// what the given numbers allow. A cell holding k lies in an area of k cells,
// connected, not across a wall, each a blank or a given k. Either the area
// holds a given k, and then the cell is within k - 1 steps of one through
// such cells; or it holds none, and then no cell of it is beside a given k
// (they would be one area), so it lies among the blanks beside no given k,
// in a component of at least k of them. A given cell keeps its own number.
std::vector<std::vector<int>> compute_domains(const Board& b, bool plain) {
  const auto& L = b.lat;
  const auto cells = static_cast<std::size_t>(L.cells());
  std::vector<std::vector<int>> out(cells);
  if (plain) {
    for (auto& d : out)
      for (int k = 1; k <= L.cells(); ++k) d.push_back(k);
    return out;
  }
  const graph::Graph g = L.cell_graph();
  std::vector<bool> open(g.edges.size());  // no wall between the two cells
  for (std::size_t e = 0; e < g.edges.size(); ++e) open[e] = !b.wall[e];
  auto given = [&](int i) { return b.given[static_cast<std::size_t>(i)]; };
  // Per cell, the size of its component among the cells `usable` allows.
  auto room = [&](const std::vector<bool>& usable) {
    int count = 0;
    const auto comp = graph::components(g, usable, open, count);
    std::vector<int> size(static_cast<std::size_t>(count), 0), per_cell(cells, 0);
    for (int c : comp)
      if (c >= 0) size[static_cast<std::size_t>(c)]++;
    for (std::size_t i = 0; i < cells; ++i)
      if (comp[i] >= 0) per_cell[i] = size[static_cast<std::size_t>(comp[i])];
    return per_cell;
  };
  const int most_given = b.given.empty() ? 0 : *std::max_element(b.given.begin(), b.given.end());
  // An area without a given is made of blanks, and the given numbers need
  // some blanks of their own: the c given k's fill at least ceil(c / k)
  // areas of k cells. So such an area has at most the blanks left over.
  long long spare = 0;
  {
    std::vector<long long> given_count(cells + 1, 0);
    for (std::size_t i = 0; i < cells; ++i) {
      if (given(static_cast<int>(i)) == 0) spare++;
      else given_count[static_cast<std::size_t>(std::min<int>(given(static_cast<int>(i)), L.cells()))]++;
    }
    for (std::size_t k = 1; k <= cells; ++k)
      if (given_count[k]) spare -= (given_count[k] + static_cast<long long>(k) - 1) / static_cast<long long>(k) * static_cast<long long>(k) - given_count[k];
  }
  // The first try's bound on areas without a number (Board::cap).
  if (b.cap) spare = std::min<long long>(spare, b.cap);
  for (int k = 1; k <= std::min(most_given, L.cells()); ++k) {
    // Steps from the nearest given k through blanks and given k's.
    std::vector<int> steps(cells, -1);
    std::vector<int> queue;
    std::vector<bool> apart(cells, false);  // a blank beside no given k
    for (std::size_t i = 0; i < cells; ++i) {
      if (given(static_cast<int>(i)) == k) {
        steps[i] = 0;
        queue.push_back(static_cast<int>(i));
      }
      apart[i] = given(static_cast<int>(i)) == 0;
    }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const int v = queue[q];
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        if (!open[static_cast<std::size_t>(e)]) continue;
        const int w = g.other(e, v);
        if (given(v) == k) apart[static_cast<std::size_t>(w)] = false;
        const int gw = given(w);
        if (steps[static_cast<std::size_t>(w)] >= 0 || (gw != 0 && gw != k) || steps[static_cast<std::size_t>(v)] + 1 > k - 1) continue;
        steps[static_cast<std::size_t>(w)] = steps[static_cast<std::size_t>(v)] + 1;
        queue.push_back(w);
      }
    }
    // (Every given k is in the queue, so `apart` has lost all their open neighbours.)
    std::vector<bool> usable(cells);
    for (std::size_t i = 0; i < cells; ++i) usable[i] = given(static_cast<int>(i)) == 0 || given(static_cast<int>(i)) == k;
    const auto with_given = room(usable), without = room(apart);
    for (std::size_t i = 0; i < cells; ++i) {
      const int gi = given(static_cast<int>(i));
      if (gi != 0 && gi != k) continue;
      if ((steps[i] >= 0 && with_given[i] >= k) || (gi == 0 && without[i] >= k && spare >= k)) out[i].push_back(k);
    }
  }
  std::vector<bool> blank(cells);
  for (std::size_t i = 0; i < cells; ++i) blank[i] = given(static_cast<int>(i)) == 0;
  const auto blanks = room(blank);
  for (std::size_t i = 0; i < cells; ++i)
    for (int k = most_given + 1; k <= std::min<long long>(blanks[i], spare); ++k) out[i].push_back(k);
  // Then narrowed as a person would (none left anywhere: no solution).
  auto narrowed = narrow_sizes(b, out);
  if (!narrowed) return std::vector<std::vector<int>>(cells);
  return std::move(*narrowed);
}

// The same board's sizes are asked for by encode and again by decode: the
// last board's are kept (per thread, compared whole).
std::vector<std::vector<int>> domains(const Board& b, bool plain) {
  struct Last {
    int rows = -1, cols = -1, cap = 0;
    bool plain = false;
    std::vector<int> given;
    std::vector<bool> wall;
    std::vector<std::vector<int>> domains;
  };
  thread_local Last last;
  if (last.rows != b.lat.rows || last.cols != b.lat.cols || last.cap != b.cap || last.plain != plain || last.given != b.given ||
      last.wall != b.wall) {
    last.domains = compute_domains(b, plain);
    last.rows = b.lat.rows;
    last.cols = b.lat.cols;
    last.plain = plain;
    last.cap = b.cap;
    last.given = b.given;
    last.wall = b.wall;
  }
  return last.domains;
}

// The board's cells in order of their distance from `from` (breadth first).
std::vector<int> by_distance(const pencil::Lattice& L, int from) {
  const auto g = L.cell_graph();
  std::vector<int> order{from};
  std::vector<bool> seen(static_cast<std::size_t>(L.cells()), false);
  seen[static_cast<std::size_t>(from)] = true;
  for (std::size_t at = 0; at < order.size(); ++at)
    for (int e : g.incident[static_cast<std::size_t>(order[at])])
      if (const int o = g.other(e, order[at]); !seen[static_cast<std::size_t>(o)]) {
        seen[static_cast<std::size_t>(o)] = true;
        order.push_back(o);
      }
  return order;
}

class FillominoEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  std::string_view kind() const override { return "fillomino"; }
  std::string_view summary() const override {
    return "write a number in every cell so that each area of equal neighbouring numbers has as many cells as its "
           "number (puzz.link's fillomino, Tatham's filling)";
  }
  std::vector<std::string> fields() const override { return {"grid", "walls"}; }
  std::string schema() const override {
    return R"json({"description": "Fillomino (puzz.link's fillomino, Tatham's filling): write a number in every cell so that each area (cells joined to neighbours with the same number) has as many cells as its number; walls given between two cells separate areas. Each given number is a clue (grid/r2c3) that diagnose can blame. Solution: one array per row of numbers.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): a number given, '.' or '?' a cell to fill", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 10000}]}}}, "walls": {"type": "array", "description": "walls between neighbouring cells: 'r1c1|r1c2' (side by side) or 'r1c1_r2c1' (one above the other)", "items": {"type": "string"}}}, "examples": [{"kind": "fillomino", "grid": [[".", 2, "."], [3, ".", "."], [".", ".", 1]]}, {"kind": "fillomino", "name": "pzprjs's test puzzle fillomino/6/6/h4j53g2k5233k2g14j3h", "source": "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h", "grid": [[".", ".", 4, ".", ".", "."], [".", 5, 3, ".", 2, "."], [".", ".", ".", ".", 5, 2], [3, 3, ".", ".", ".", "."], [".", 2, ".", 1, 4, "."], [".", ".", ".", 3, ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell and size it may hold (pruned by what the given numbers allow), 'same area' per pair of "
                     "neighbours defined by equal sizes, helper clauses; each area's size by the engine's sized-areas cut "
                     "clauses between checks (engine/graph.h)", "cadical"},
            {"cuts-plain", "every size from 1 to the board's cells and no helper clauses: the sizes left to the cuts alone, "
                           "the reference the pruning and helpers are checked against, and what explain takes (the rule "
                           "has no eager form)", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 1, kMaxSide * kMaxSide, kMaxSide, b->lat, b->given);
    for (auto& n : b->given) n = std::max(n, 0);  // '.' and '?': a cell to fill
    const auto& L = b->lat;
    for (int i = 0; i < L.cells(); ++i)
      if (b->given[static_cast<std::size_t>(i)] > L.cells()) {
        const Cell c = L.cell_at(i);
        root.at("grid").items()[static_cast<std::size_t>(c.row)].items()[static_cast<std::size_t>(c.col)].fail(
            "input.value", fmt::format("{} is more than the {} cells of the board", b->given[static_cast<std::size_t>(i)], L.cells()));
      }
    b->wall.assign(static_cast<std::size_t>(L.steps()), false);
    if (auto walls = root.find("walls"))
      for (const auto& item : walls->items()) {
        static const std::regex w(R"(r(\d{1,3})c(\d{1,3})([|_])r(\d{1,3})c(\d{1,3}))");
        const std::string s = item.as_string();
        std::smatch m;
        if (!std::regex_match(s, m, w)) item.fail("input.value", fmt::format("{}: \"r1c1|r1c2\" or \"r1c1_r2c1\"", quote_input(s)));
        const int r = std::stoi(m[1]) - 1, c = std::stoi(m[2]) - 1, r2 = std::stoi(m[4]) - 1, c2 = std::stoi(m[5]) - 1;
        const bool across = m[3] == "|";
        const bool ok = r >= 0 && c >= 0 && r < L.rows && c < L.cols && (across ? r2 == r && c2 == c + 1 && c2 < L.cols : c2 == c && r2 == r + 1 && r2 < L.rows);
        if (!ok) item.fail("input.value", quote_input(s) + ": two neighbouring cells of the board, left to right or top to bottom");
        b->wall[static_cast<std::size_t>(across ? L.step_right(r, c) : L.step_down(r, c))] = true;
      }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const bool plain = encoding == "cuts-plain";
    const auto dom = domains(b, plain);
    Encoding enc = pencil::new_encoding(ctx);
    enc.clues_in_rules = !plain;  // the domains reason from the given numbers
    graph::Rule areas;
    areas.kind = graph::RuleKind::SizedAreas;
    areas.name = "each area has the size of its number";
    areas.graph = L.cell_graph();
    // lits[cell][j]: the cell holds dom[cell][j]; is(cell, k): that literal
    // for k, or none where k is not in the cell's domain.
    std::vector<std::vector<Expr>> lits_of(static_cast<std::size_t>(L.cells()));
    auto is = [&](int i, int k) -> std::optional<Expr> {
      const auto& d = dom[static_cast<std::size_t>(i)];
      const auto it = std::lower_bound(d.begin(), d.end(), k);
      if (it == d.end() || *it != k) return std::nullopt;
      return lits_of[static_cast<std::size_t>(i)][static_cast<std::size_t>(it - d.begin())];
    };
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      std::vector<unsigned> place;
      auto& lits = lits_of[static_cast<std::size_t>(i)];
      for (int k : dom[static_cast<std::size_t>(i)]) {
        const Expr v = ctx.bool_const(fmt::format("{}_is_{}", cell_label(L.cell_at(i)), k).c_str());
        lits.push_back(v);
        place.push_back(enc.decision_vars.size());
        enc.decision_vars.push_back(v);
        areas.vertex_lits.push_back(v);
        areas.labels.push_back({i, k});
      }
      enc.places.push_back(place);
      // Exactly one: at least one, and at most one as one formula, which the
      // clause builder writes pairwise up to 6 sizes and else as a counter
      // of unnamed variables (named ones, one per size and cell, were an
      // eighth of a 13x9's time: 30 filling IDs 337 -> 294 ms in all); on
      // Z3, the QF_FD solver's own (solver_logic below).
      ExprVector one(ctx);
      for (const auto& l : lits) one.push_back(l);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(lits.empty() ? ctx.bool_val(false) : mk_or(one));
      if (lits.size() > 1) enc.rules.push_back(atmost(lits, 1));
      enc.name_rules(first, [&] {
        const Cell c = L.cell_at(i);
        return Encoding::RuleGroup{"rule/cell/" + cell_label(c), cell_label(c) + " holds one number", {c}};
      });
    }
    // Same area exactly when the numbers are equal (and never across a wall).
    std::vector<std::vector<Expr>> steps_at(static_cast<std::size_t>(L.cells()));
    for (int s = 0; s < L.steps(); ++s) {
      const auto [u, v] = areas.graph.edges[static_cast<std::size_t>(s)];
      const Expr same = ctx.bool_const(fmt::format("same_{}", step_label(L, s)).c_str()), not_same = !same;
      areas.edge_lits.push_back(same);
      steps_at[static_cast<std::size_t>(u)].push_back(same);
      steps_at[static_cast<std::size_t>(v)].push_back(same);
      if (b.wall[static_cast<std::size_t>(s)]) {
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(!same);
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{"rule/wall/" + step_label(L, s), fmt::format("{} and {} are in different areas (a wall between)",
                                     cell_label(L.cell_at(u)), cell_label(L.cell_at(v))), {L.cell_at(u), L.cell_at(v)}};
        });
      }
      // Every size either cell may hold (the two domains merged).
      std::vector<int> sizes;
      std::set_union(dom[static_cast<std::size_t>(u)].begin(), dom[static_cast<std::size_t>(u)].end(), dom[static_cast<std::size_t>(v)].begin(),
                     dom[static_cast<std::size_t>(v)].end(), std::back_inserter(sizes));
      for (int k : sizes) {
        const auto a = is(u, k), c = is(v, k);
        if (a && c) {  // (one disjunction each: a || b || c would make two)
          const Expr na = !*a, nc = !*c;
          enc.rules.push_back(mk_or({na, nc, same}));
          enc.rules.push_back(mk_or({not_same, na, *c}));
          enc.rules.push_back(mk_or({not_same, nc, *a}));
        } else if (a || c) {
          enc.rules.push_back(!same || !(a ? *a : *c));  // the other cannot hold k
        }
      }
    }
    // What the rule implies at once: a 1 is alone, a larger number is not.
    for (int i = 0; i < L.cells() && !plain; ++i) {
      ExprVector any(ctx);
      const auto one = is(i, 1);
      for (const auto& s : steps_at[static_cast<std::size_t>(i)]) {
        any.push_back(s);
        if (one) enc.rules.push_back(!*one || !s);
      }
      enc.rules.push_back(one ? *one || mk_or(any) : mk_or(any));
    }
    // And: two neighbours in one area of 3 or more have a third cell of it
    // beside one of them (one clause per pair of neighbours). Generated
    // 5x5 to 13x9 IDs (30, five runs): 400 -> 370 ms in all, fewer rounds of
    // cuts. (At most k - 1 neighbours in an area of k, for k = 2 to 4: no gain.)
    for (int s = 0; s < L.steps() && !plain; ++s) {
      const auto [u, v] = areas.graph.edges[static_cast<std::size_t>(s)];
      const Expr& same = areas.edge_lits[static_cast<std::size_t>(s)];
      ExprVector c(ctx);
      c.push_back(!same);
      if (const auto two = is(u, 2)) c.push_back(*two);
      for (int w : {u, v})
        for (const auto& o : steps_at[static_cast<std::size_t>(w)])
          if (o.id() != same.id()) c.push_back(o);
      enc.rules.push_back(mk_or(c));
    }
    // A number given larger than half the board has one area: exactly that
    // many cells hold it, said at once (counted from the given cell
    // outwards). The cuts alone name an area too large by a tree of its
    // cells, one of many: janko.at's 485_10x10 (an area of 55 among 5s) took
    // more than two minutes, cut after cut.
    // ("A multiple of k cells hold k", as a totalizer for every k of 5 or
    // more given: 266_9x9 24 s -> over 120 s.)
    std::vector<bool> counted(static_cast<std::size_t>(L.cells()) + 1, false);
    for (int from = 0; from < L.cells() && !plain; ++from) {
      const int k = b.given[static_cast<std::size_t>(from)];
      if (2 * k <= L.cells() || counted[static_cast<std::size_t>(k)]) continue;
      counted[static_cast<std::size_t>(k)] = true;
      std::vector<Expr> held;
      for (int i : by_distance(L, from))
        if (const auto h = is(i, k)) held.push_back(*h);
      if (held.size() < static_cast<std::size_t>(k)) {
        enc.rules.push_back(ctx.bool_val(false));
        continue;
      }
      ExprVector defs(ctx), out(ctx);
      exactly_k_tree(ctx, held, static_cast<unsigned>(k), fmt::format("holding_{}!", k), defs, out);
      for (unsigned j = 0; j < defs.size(); ++j) enc.rules.push_back(defs[j]);
      for (unsigned j = 0; j < out.size(); ++j) enc.rules.push_back(out[j]);
    }
    enc.lazy_rules.push_back(std::move(areas));
    for (int i = 0; i < L.cells(); ++i) {
      const int n = b.given[static_cast<std::size_t>(i)];
      if (!n) continue;
      const Cell c = L.cell_at(i);
      const auto held = is(i, n);
      Clue clue{given_id(c), given_label(c, n), held ? *held : ctx.bool_val(false), {c}, {}};
      clue.dropped_label = fmt::format("r{}c{} left blank", c.row + 1, c.col + 1);
      if (eo.alternatives)  // with the domains pruned, diagnose edits the puzzle: only the labels are used
        for (int v : alternatives(b, n)) {
          const auto alt = is(i, v);
          clue.alternatives.push_back({given_label(c, v), plain ? (alt ? *alt : ctx.bool_val(false)) : ctx.bool_val(true)});
        }
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = true;
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto dom = domains(b, encoding == "cuts-plain");
    std::vector<int> number(static_cast<std::size_t>(b.lat.cells()), 0);
    std::size_t at = 0;
    for (std::size_t i = 0; i < dom.size(); ++i)
      for (int k : dom[i])
        if (values[at++] != 0) number[i] = k;
    return solution_json(b, number);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> number = solution ? numbers_of(b, *solution) : b.given;
    if (opt.format == RenderFormat::Svg) {
      // Areas: components of equal neighbouring numbers (walls drawn between them).
      const graph::Graph g = L.cell_graph();
      std::vector<bool> joined(g.edges.size()), all(static_cast<std::size_t>(L.cells()), true);
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        joined[e] = !b.wall[e] && number[static_cast<std::size_t>(g.edges[e].first)] != 0 &&
                    number[static_cast<std::size_t>(g.edges[e].first)] == number[static_cast<std::size_t>(g.edges[e].second)];
      int count = 0;
      const auto area = graph::components(g, all, joined, count);
      GridSvg s;
      s.rows = L.rows;
      s.cols = L.cols;
      s.title = opt.title;
      s.cell_text = [&](Cell c) {
        const int n = number[static_cast<std::size_t>(L.cell(c.row, c.col))];
        return n ? std::to_string(n) : std::string();
      };
      s.is_given = [&](Cell c) { return b.given[static_cast<std::size_t>(L.cell(c.row, c.col))] != 0; };
      s.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), given_id(c)) != opt.highlight_clues.end();
      };
      s.region = [&](Cell c) { return area[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      apply_marks(s, opt);
      return s.render();
    }
    return pencil::number_rows_text(L, number);
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto givens = static_cast<std::size_t>(std::count_if(b.given.begin(), b.given.end(), [](int n) { return n > 0; }));
    const auto walls = static_cast<std::size_t>(std::count(b.wall.begin(), b.wall.end(), true));
    return fmt::format("{}x{} fillomino, {}{}", b.lat.rows, b.lat.cols, plural(givens, "number"), walls ? ", " + plural(walls, "wall") : std::string());
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  // "r3c4 is 5", "r3c4 is not 5": the decision variables are the cells'
  // sizes, cell by cell, each cell's in its domain's order.
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto dom = domains(b, encoding == "cuts-plain");
    std::size_t at = 0;
    for (std::size_t i = 0; i < dom.size(); ++i) {
      if (var < at + dom[i].size())
        return fmt::format("{} {} {}", cell_label(b.lat.cell_at(static_cast<int>(i))), value ? "is" : "is not", dom[i][var - at]);
      at += dom[i].size();
    }
    return Encoder::fact_label(p, encoding, var, value, place, position);
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits)
      if (!pencil::edit_number(
              b->lat, b->given, e, [&](int i) { return b->given[static_cast<std::size_t>(i)] ? given_id(b->lat.cell_at(i)) : std::string(); }, 0,
              [&](int, int n) { return alternatives(*b, n); }))
        throw InputError("input.value", "#", "no clue " + e.clue_id);
    return b;
  }

  // First tried: no area without a given number larger than 4 cells. Most
  // solutions keep it, and the search is far smaller: a 15x15 with 20 of
  // its numbers left had no model within 60 s and has one in 57 ms so; on
  // 85 such boards (a conflict's clues but one, diagnose's checks), a bound
  // of 2 found 57 solutions, of 3 to 9 all 78, 4 soonest (27.1 s in all
  // against 29.1 s with 9).
  std::shared_ptr<const Puzzle> first_try(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    if (b.cap) return nullptr;
    // No gain where the narrowing leaves no cell without a number a choice
    // that takes a size above the bound (the collection's boards: one size
    // per cell).
    const auto dom = domains(b, false);
    bool larger = false;
    for (std::size_t i = 0; i < dom.size() && !larger; ++i)
      larger = !b.given[i] && dom[i].size() > 1 && dom[i].back() > kFirstTryCap;
    if (!larger) return nullptr;
    auto easier = std::make_shared<Board>(b);
    easier->cap = kFirstTryCap;
    return easier;
  }

  // The narrowing of the sizes is the quick oracle: a board it leaves a
  // cell no size has no solution.
  bool refutes_quickly(const Puzzle& p, const std::vector<std::string>& dropped) const override {
    Board b = static_cast<const Board&>(p);
    const std::set<std::string> gone(dropped.begin(), dropped.end());
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.given[static_cast<std::size_t>(i)] && gone.count(given_id(b.lat.cell_at(i)))) b.given[static_cast<std::size_t>(i)] = 0;
    const auto dom = compute_domains(b, false);
    return std::any_of(dom.begin(), dom.end(), [](const auto& d) { return d.empty(); });
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution, const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto number = numbers_of(*b, solution);
    for (auto k : place_indices) {
      b->given[k] = number[k];
      if (labels) labels->push_back(given_label(b->lat.cell_at(static_cast<int>(k)), number[k]));
    }
    return b;
  }
 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override { return numbers_of(b, solution); }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override { return solution_json(b, values); }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return check_numbers(b, values); }
};

}  // namespace

std::vector<std::vector<int>> sizes_of(const Board& b) { return compute_domains(b, false); }

const Encoder& fillomino_encoder() {
  static const FillominoEncoder e;
  return e;
}

}  // namespace psmt::fillomino
