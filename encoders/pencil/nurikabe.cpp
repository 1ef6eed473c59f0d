#include "encoders/pencil/nurikabe.h"

#include <algorithm>
#include <cstdlib>
#include <regex>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::nurikabe {
namespace {

// The sizes a changed number may take (diagnose's "change" repairs).
// The sizes diagnose tries instead of n: every size an island can have, 1
// to the board's cells (run only where the puzzle without the number gives
// them, when all its solutions were seen).
int max_alternative(const Board& b, int n) { return std::max(b.lat.cells(), n); }

// A cell's place in an island's count: its distance from the number, then
// its place along a Z-order curve (interleaved row and column bits), so
// that cells at one distance and close together are counted together.
long long morton_after(int distance, Cell c) {
  long long z = 0;
  for (int bit = 0; bit < 8; ++bit)
    z |= (static_cast<long long>(c.row >> bit & 1) << (2 * bit + 1)) | (static_cast<long long>(c.col >> bit & 1) << (2 * bit));
  return static_cast<long long>(distance) * (1LL << 20) + z;
}

class NurikabeEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "nurikabe"; }
  std::string_view summary() const override {
    return "shade cells: the shaded ones connected without a 2x2 block, the others in islands of one number each, "
           "the number its size (puzz.link's nurikabe)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Nurikabe (puzz.link's nurikabe): shade cells so that the shaded cells are connected and hold no 2x2 block, and the unshaded cells fall into islands (orthogonally connected areas), each holding exactly one number, which is its size ('?': any size). Each number is a clue (grid/r2c3) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, a number the size of the island it starts, '?' a number not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 10000}]}}}, )json" + pencil::givens_schema() + R"json(}, "examples": [{"kind": "nurikabe", "grid": [[1, ".", "."], [".", ".", "."], [".", ".", 3]]}, {"kind": "nurikabe", "name": "pzprjs's test puzzle nurikabe/5/5/g5k2o1k3g", "source": "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "grid": [[".", 5, ".", ".", "."], [".", ".", 2, ".", "."], [".", ".", ".", ".", "."], [".", ".", 1, ".", "."], [".", ".", ".", 3, "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded) and per island and cell it can reach; sizes as totalizers over the cells by distance from the number; an island "
                     "of a given size connected by steps from its home (within size - 1); the shaded cells, and islands "
                     "of unknown size, connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with the shaded cells (and islands of unknown size) connected by reachability clauses"},
            {"open", "the same variables over every cell an island can reach whatever its size, nothing narrowed or added by "
                     "the sizes: each number's size a constraint of its own (what explain needs); islands connected by cuts",
             "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const JsonNode grid = root.at("grid");
    const auto rows = grid.items();
    if (rows.empty() || rows.size() > kMaxSide) grid.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    b->lat.rows = static_cast<int>(rows.size());
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (b->lat.cols == 0) b->lat.cols = static_cast<int>(cells.size());
      if (cells.empty() || cells.size() > kMaxSide) row.fail("input.shape", fmt::format("1 to {} cells", kMaxSide));
      if (static_cast<int>(cells.size()) != b->lat.cols)
        row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), b->lat.cols));
      for (const auto& e : cells) {
        if (e.is_number()) {
          b->number.push_back(static_cast<int>(e.as_int(1, kMaxSide * kMaxSide)));
        } else {
          const std::string s = e.as_string();
          if (s == ".") b->number.push_back(kPlain);
          else if (s == "?") b->number.push_back(kUnknownSize);
          else e.fail("input.value", fmt::format("{}: '.' a plain cell, a number, or '?'", quote_input(s)));
        }
      }
    }
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const bool eager = encoding == "eager";
    // "open": nothing follows from the sizes (the clues) but the sizes
    // themselves, so explain can cite each number where it is used.
    const bool open = encoding == "open";
    Encoding enc = pencil::new_encoding(ctx);
    enc.clues_in_rules = !open;
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    const graph::Graph cells = L.cell_graph();
    pencil::no_2x2(L, shaded, ctx, enc);
    // Shaded cells connected.
    graph::Rule sea;
    sea.kind = graph::RuleKind::ConnectedVertices;
    sea.name = "the shaded cells are connected";
    sea.graph = cells;
    sea.vertex_lits = shaded;
    const std::size_t sea_rule = enc.lazy_rules.size();
    if (eager) graph::encode_eager(sea, ctx, enc.rules, "sea!");
    else enc.lazy_rules.push_back(sea);
    // Islands: per number, the cells it can reach (within size-1 steps,
    // never through or onto another number's cell).
    std::vector<int> numbered;
    for (int i = 0; i < L.cells(); ++i)
      if (b.number[static_cast<std::size_t>(i)] != kPlain) numbered.push_back(i);
    std::vector<std::vector<std::optional<Expr>>> has(numbered.size(), std::vector<std::optional<Expr>>(static_cast<std::size_t>(L.cells())));
    std::vector<std::vector<int>> steps(numbered.size());  // per island, each cell's distance from its home (-1: out of reach)
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      eo.check_deadline();
      const int home = numbered[k], n = b.number[static_cast<std::size_t>(home)];
      const int reach = n == kUnknownSize || open ? L.cells() : n - 1;
      // Breadth-first over cells that are not another number and do not
      // touch one (an unshaded cell beside a number is in that number's
      // island).
      auto beside_other = [&](int w) {
        for (int e : cells.incident[static_cast<std::size_t>(w)]) {
          const int x = cells.other(e, w);
          if (x != home && b.number[static_cast<std::size_t>(x)] != kPlain) return true;
        }
        return false;
      };
      std::vector<int>& dist = steps[k];
      dist.assign(static_cast<std::size_t>(L.cells()), -1);
      std::vector<int> queue{home};
      dist[static_cast<std::size_t>(home)] = 0;
      for (std::size_t q = 0; q < queue.size(); ++q) {
        const int v = queue[q];
        if (dist[static_cast<std::size_t>(v)] == reach) continue;
        for (int e : cells.incident[static_cast<std::size_t>(v)]) {
          const int w = cells.other(e, v);
          if (dist[static_cast<std::size_t>(w)] >= 0 || b.number[static_cast<std::size_t>(w)] != kPlain || beside_other(w)) continue;
          dist[static_cast<std::size_t>(w)] = dist[static_cast<std::size_t>(v)] + 1;
          queue.push_back(w);
        }
      }
      const Cell hc = L.cell_at(home);
      for (int i : queue)
        has[k][static_cast<std::size_t>(i)] =
            ctx.bool_const(fmt::format("island_r{}c{}_has_r{}c{}", hc.row + 1, hc.col + 1, L.cell_at(i).row + 1, L.cell_at(i).col + 1).c_str());
    }
    // Which islands are connected within their size (below): those of a
    // given size whose layers (size x cells in reach) stay within 400,000; a
    // huge island (a 994 on a 32x32) would need a million, more than the
    // memory cap allows, and is connected by cuts. Cuts for islands of 20
    // to 70 instead of layers were slower (a 50x50: 24 s -> over 100 s).
    std::vector<bool> stepped(numbered.size(), false);
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      const int n = b.number[static_cast<std::size_t>(numbered[k])];
      const auto reach = static_cast<long long>(std::count_if(has[k].begin(), has[k].end(), [](const auto& h) { return h.has_value(); }));
      stepped[k] = !open && n != kUnknownSize && static_cast<long long>(n) * reach <= 400000;
    }
    // A cell is unshaded exactly when one island has it.
    int always_shaded = -1;  // a cell no island reaches
    const std::size_t first_owner = enc.rules.size();
    for (int i = 0; i < L.cells(); ++i) {
      std::vector<Expr> owners;
      for (std::size_t k = 0; k < numbered.size(); ++k)
        if (has[k][static_cast<std::size_t>(i)]) owners.push_back(*has[k][static_cast<std::size_t>(i)]);
      if (owners.empty() && always_shaded < 0) always_shaded = i;
      ExprVector any(ctx);
      for (const auto& o : owners) {
        any.push_back(o);
        enc.rules.push_back(!o || !shaded[static_cast<std::size_t>(i)]);
      }
      enc.rules.push_back(shaded[static_cast<std::size_t>(i)] || mk_or(any));
      at_most_one_pairwise(owners, enc.rules);
    }
    // One rule, as the rulebook says it (cited cell by cell, a step that
    // counts an island's room cited a dozen cells: 14 items where a person
    // sees one).
    enc.name_rules(first_owner, [] {
      return Encoding::RuleGroup{"rule/one-island", "every unshaded cell is in one island (a cell no number's island reaches is shaded)", {}};
    });
    // The sea's cuts part it from a cell that is shaded whatever the solution
    // (their clauses then lose that cell's literal): janko's 689 (20x20), 757
    // -> 527 ms; the others of 20x20 and more within noise.
    if (!eager && always_shaded >= 0) enc.lazy_rules[sea_rule].anchor = always_shaded;
    // Unshaded neighbours share their island.
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      const std::size_t first = enc.rules.size();
      for (const auto& [u, v] : cells.edges)
        for (auto [a, c] : {std::pair{u, v}, std::pair{v, u}}) {
          const auto& ha = has[k][static_cast<std::size_t>(a)];
          if (!ha) continue;
          const auto& hc = has[k][static_cast<std::size_t>(c)];
          enc.rules.push_back(implies(*ha && !shaded[static_cast<std::size_t>(c)], hc ? *hc : ctx.bool_val(false)));
        }
      enc.name_rules(first, [&] {
        const Cell hc = L.cell_at(numbered[k]);
        return Encoding::RuleGroup{"rule/island-walls/" + cell_label(hc),
                                   fmt::format("the island of {} is walled in by shaded cells (its unshaded neighbours are its own)", cell_label(hc)),
                                   {hc}};
      });
    }
    // Local consequences of connectedness, said outright for the areas the
    // cuts connect (fewer rounds of cuts): a cell of an island the cuts
    // connect, other than its home, has a neighbour in the same island (the
    // layers below say as much for the others); the home of an island of 2
    // or more has a neighbour in it (which the layers and the size counter
    // say only together: janko's 20x20 to 31x45, 32.4 -> 31.0 s in all,
    // 688_20x20 1.43 -> 1.11 s, 689 0.72 -> 0.37 s); a shaded
    // cell has a shaded neighbour when the numbers leave two or more cells
    // to shade (the sea is connected).
    // (Not in "open": they would be rules in no group, applied at every
    // step, and the home's leans on its size.)
    for (std::size_t k = 0; k < numbered.size() && !open; ++k)
      for (int i = 0; i < L.cells(); ++i) {
        const auto& hi = has[k][static_cast<std::size_t>(i)];
        if (!hi) continue;
        if (i == numbered[k] ? b.number[static_cast<std::size_t>(i)] < 2 : stepped[k]) continue;
        ExprVector next(ctx);
        next.push_back(!*hi);
        for (int e : cells.incident[static_cast<std::size_t>(i)])
          if (const auto& hj = has[k][static_cast<std::size_t>(cells.other(e, i))]) next.push_back(*hj);
        enc.rules.push_back(mk_or(next));
      }
    if (!open) {  // what follows from the sizes together
      long long to_shade = L.cells();
      for (int home : numbered) {
        const int n = b.number[static_cast<std::size_t>(home)];
        to_shade = n == kUnknownSize ? -1 : to_shade - n;
        if (to_shade < 0) break;
      }
      if (to_shade >= 2)
        for (int i = 0; i < L.cells(); ++i) {
          ExprVector next(ctx);
          next.push_back(!shaded[static_cast<std::size_t>(i)]);
          for (int e : cells.incident[static_cast<std::size_t>(i)]) next.push_back(shaded[static_cast<std::size_t>(cells.other(e, i))]);
          enc.rules.push_back(mk_or(next));
        }
      // Few shaded cells (janko.at's 32x32 has islands of 994 and 20 and
      // leaves 10): their number, implied by the islands' sizes, said once
      // over every cell. A counter of n x to_shade, short here, and what
      // the islands' counters only say together: 1030_32x32 55 s -> 3.5 s.
      // With about half the board shaded, as usual, it is a square of the
      // board and made 688_20x20 1.6 -> 2.8 s, 689 0.5 -> 1.1 s. Up to a
      // third of the board (it was a tenth): janko.at's 753_10x10 (islands
      // of 8, 15, 28 and 30; 19 shaded) from over 120 s to 15 s.
      if (to_shade >= 0 && to_shade * 3 <= L.cells()) {
        std::vector<Expr> lits(shaded.begin(), shaded.end());
        ExprVector parts(ctx);
        exactly_k(ctx, lits, static_cast<unsigned>(to_shade), "shaded_count!", parts);
        for (unsigned j = 0; j < parts.size(); ++j) enc.rules.push_back(parts[j]);
      }
    }
    // Each island connected, over the cells it can reach. An island of a
    // given size n reaches every cell of its own within n - 1 steps from its
    // home: within[t][i], "cell i is in the island and t or fewer steps from
    // home inside it", and every cell of the island is within n - 1 steps.
    // Said one way only (within[t][i] implies the cell is in the island and
    // it or a neighbour is within t - 1): a solution can always set them
    // true where they hold, and counts are projected on the cells, so the
    // other way (which fixes them) only doubles the clauses: janko.at's 28
    // boards of 20x20 to 31x45, 29.2 -> 22.7 s in all, 688_20x20 1.03 ->
    // 0.82 s, 161,620 -> 76,486 clauses. Eager and strong: the cuts
    // took 90 rounds on a 10x10 link, most of them for islands in pieces.
    // An island of unknown size (or past the budget above) is connected by
    // cuts (or eagerly, `eager`).
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      const int home = numbered[k], n = b.number[static_cast<std::size_t>(home)];
      if (!stepped[k] || n < 2) continue;
      const Cell hc = L.cell_at(home);
      std::vector<std::optional<Expr>> within(static_cast<std::size_t>(L.cells()));  // t - 1 steps
      for (int i = 0; i < L.cells(); ++i)
        if (steps[k][static_cast<std::size_t>(i)] == 0) within[static_cast<std::size_t>(i)] = *has[k][static_cast<std::size_t>(i)];
      for (int t = 1; t < n; ++t) {
        eo.check_deadline();  // a layer of a large island is thousands of terms
        std::vector<std::optional<Expr>> next(static_cast<std::size_t>(L.cells()));
        for (int i = 0; i < L.cells(); ++i) {
          const int d = steps[k][static_cast<std::size_t>(i)];
          if (d < 0 || d > t) continue;
          ExprVector from(ctx);
          if (within[static_cast<std::size_t>(i)]) from.push_back(*within[static_cast<std::size_t>(i)]);
          for (int e : cells.incident[static_cast<std::size_t>(i)])
            if (const auto& w = within[static_cast<std::size_t>(cells.other(e, i))]) from.push_back(*w);
          const Cell c = L.cell_at(i);
          Expr v = ctx.bool_const(fmt::format("island_r{}c{}_within{}_r{}c{}", hc.row + 1, hc.col + 1, t, c.row + 1, c.col + 1).c_str());
          enc.rules.push_back(!v || *has[k][static_cast<std::size_t>(i)]);
          enc.rules.push_back(!v || mk_or(from));
          next[static_cast<std::size_t>(i)] = v;
        }
        within = std::move(next);
      }
      for (int i = 0; i < L.cells(); ++i)
        if (const auto& h = has[k][static_cast<std::size_t>(i)]) enc.rules.push_back(!*h || *within[static_cast<std::size_t>(i)]);
    }
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      if (stepped[k]) continue;  // within its size, above
      std::vector<int> index(static_cast<std::size_t>(L.cells()), -1);
      graph::Rule island;
      island.kind = graph::RuleKind::ConnectedVertices;
      island.name = fmt::format("the island of {} is connected", cell_label(L.cell_at(numbered[k])));
      for (int i = 0; i < L.cells(); ++i)
        if (has[k][static_cast<std::size_t>(i)]) {
          index[static_cast<std::size_t>(i)] = island.graph.vertices++;
          island.vertex_lits.push_back(*has[k][static_cast<std::size_t>(i)]);
        }
      for (const auto& [u, v] : cells.edges)
        if (index[static_cast<std::size_t>(u)] >= 0 && index[static_cast<std::size_t>(v)] >= 0)
          island.graph.edges.push_back({index[static_cast<std::size_t>(u)], index[static_cast<std::size_t>(v)]});
      island.graph.index();
      island.anchor = index[static_cast<std::size_t>(numbered[k])];  // its home, unshaded in every solution
      if (island.graph.vertices < 2) continue;
      if (eager) graph::encode_eager(island, ctx, enc.rules, fmt::format("island{}!", k));
      else enc.lazy_rules.push_back(island);
    }
    // The numbers: the island has its home cell and, when given, its size.
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      eo.check_deadline();  // a size counter is thousands of terms
      const int home = numbered[k], n = b.number[static_cast<std::size_t>(home)];
      const Cell hc = L.cell_at(home);
      ExprVector parts(ctx);
      parts.push_back(*has[k][static_cast<std::size_t>(home)]);
      if (n != kUnknownSize) {
        // Counted by a totalizer over the cells by distance from home, so
        // that its partial counts are of rings around the number (a
        // sequential counter over the cells in reading order: all 28 janko.at
        // boards of 20x20 to 31x45, 39 -> 28 s; 94_20x36 9.3 -> 4.0 s,
        // 688_20x20 1.6 -> 1.2 s; 689 0.50 -> 0.56 s the one slower).
        std::vector<std::pair<long long, Expr>> by_distance;
        for (int i = 0; i < L.cells(); ++i)
          if (const auto& h = has[k][static_cast<std::size_t>(i)]) by_distance.push_back({morton_after(steps[k][static_cast<std::size_t>(i)], L.cell_at(i)), *h});
        std::stable_sort(by_distance.begin(), by_distance.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<Expr> lits;
        for (const auto& [key, h] : by_distance) lits.push_back(h);
        // In "open", the number also says outright what its size rules out
        // at once: no cell more than n - 1 steps away is in its island (a
        // person's first look; without it a step would cite the island's
        // connectedness and its size for each such cell).
        if (open)
          for (int i = 0; i < L.cells(); ++i)
            if (const auto& h = has[k][static_cast<std::size_t>(i)]; h && steps[k][static_cast<std::size_t>(i)] > n - 1) parts.push_back(!*h);
        if (static_cast<int>(lits.size()) < n) parts.push_back(ctx.bool_val(false));
        else {
          ExprVector defs(ctx);
          exactly_k_tree(ctx, lits, static_cast<unsigned>(n), fmt::format("size_r{}c{}!", hc.row + 1, hc.col + 1), defs, parts);
          for (unsigned j = 0; j < defs.size(); ++j) enc.rules.push_back(defs[j]);
        }
      }
      if (n == kUnknownSize) {  // an island of any size: a rule
        enc.rules.push_back(mk_and(parts));
        continue;
      }
      Clue clue{number_id(hc), number_label(hc, n), mk_and(parts), {hc}, {}};
      clue.dropped_label = number_label(hc, kUnknownSize);  // the island stays, its size unknown
      if (eo.alternatives)  // diagnose edits the puzzle (clues_in_rules): only the labels are used
        for (int s : pencil::other_values(n, 1, max_alternative(b, n))) clue.alternatives.push_back({number_label(hc, s), ctx.bool_val(true)});
      enc.clues.push_back(std::move(clue));
    }
    // A cell no island can reach is shaded (said above too, as part of the
    // cell's rule, in the words explain cites).
    for (int i = 0; i < L.cells() && !open; ++i) {
      bool reachable = false;
      for (std::size_t k = 0; k < numbered.size(); ++k) reachable = reachable || has[k][static_cast<std::size_t>(i)].has_value();
      if (!reachable) enc.rules.push_back(shaded[static_cast<std::size_t>(i)]);
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n != kPlain; }));
    return fmt::format("{}x{} nurikabe, {}", b.lat.rows, b.lat.cols, plural(numbers, "number"));
  }


 protected:
  // Extra clues: only an island whose size is not given ("?") can be given
  // one; a number anywhere else would be a second in its island, or start
  // an island the solution does not have.
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    const auto g = b.lat.cell_graph();
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.number[static_cast<std::size_t>(i)] != kUnknownSize || shaded[static_cast<std::size_t>(i)]) continue;
      std::vector<bool> seen(static_cast<std::size_t>(b.lat.cells()), false);
      std::vector<int> stack{i};
      seen[static_cast<std::size_t>(i)] = true;
      int size = 0;
      while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        ++size;
        for (int e : g.incident[static_cast<std::size_t>(v)]) {
          const int w = g.other(e, v);
          if (!seen[static_cast<std::size_t>(w)] && !shaded[static_cast<std::size_t>(w)]) {
            seen[static_cast<std::size_t>(w)] = true;
            stack.push_back(w);
          }
        }
      }
      out.emplace_back(i, size);
    }
    return out;
  }
  void write_number(pencil::ShadeBoard& p, int cell, int value) const override { static_cast<Board&>(p).number[static_cast<std::size_t>(cell)] = value; }
  std::string number_words(const pencil::ShadeBoard& p, int cell, int value) const override { return number_label(p.lat.cell_at(cell), value); }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override {
    return "every island of a nurikabe holds one number already, so a number added anywhere is a second in its island or "
           "an island the solution does not have (only an island whose size is not given, '?', could be given one)";
  }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return nurikabe::check_shading(static_cast<const Board&>(p), shaded);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    const int n = static_cast<const Board&>(p).number[static_cast<std::size_t>(i)];
    return n == kPlain ? std::string() : n == kUnknownSize ? std::string("?") : std::to_string(n);
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return static_cast<const Board&>(p).number[static_cast<std::size_t>(i)] > 0 ? number_id(p.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    return pencil::edit_number(
        b.lat, b.number, e, [&](int i) { return b.number[static_cast<std::size_t>(i)] > 0 ? number_id(b.lat.cell_at(i)) : std::string(); },
        kUnknownSize,  // the size dropped, the island kept
        [&](int, int n) { return pencil::other_values(n, 1, max_alternative(b, n)); });
  }
};

}  // namespace

const Encoder& nurikabe_encoder() {
  static const NurikabeEncoder e;
  return e;
}

}  // namespace psmt::nurikabe
