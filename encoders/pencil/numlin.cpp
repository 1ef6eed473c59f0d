#include "encoders/pencil/numlin.h"

#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::numlin {
namespace {

// The numbers' values, each a class of its own ('?' one more): what a
// line's cells "join".
std::map<int, int> number_classes(const Board& b) {
  std::map<int, int> out;
  for (int n : b.number)
    if (n != pencil::kNoNumber && !out.count(n)) out.emplace(n, static_cast<int>(out.size()));
  return out;
}

// The normal form (Encoding::normal_rules). A line can take another way
// between two of its cells, a and c, through cells no line uses (a
// reroute; the cells it leaves become unused). The solutions least by
// (cells used, then the sum of their indices) admit no reroute that makes
// them less, so a Numberlink has a solution exactly when it has one where
// these hold, for the numbers written exactly twice (one line each):
//  - two side-by-side cells of one line are joined by a step (else the
//    line is cut short there);
//  - a way of one or two unused cells between two cells of one line is not
//    there when every other way between them, round those cells and the
//    other numbers, is longer;
//  - a corner: two cells of one line diagonal to each other, with an
//    unused cell beside both, turn at the other cell beside both; and not
//    even there when the unused cell comes first in reading order.
// Arukone's rule that every cell is used forbids the reroutes: it has no
// normal form. The solution beside the only normal one is a reroute back
// (Encoder::beside_normal, numlin_check.cpp's shortcut and detour).
constexpr int kRerouteSteps = 3;  // ways of up to two unused cells

void normal_form(const Board& b, Context& ctx, const std::vector<Expr>& step, const std::vector<std::vector<Expr>>& joins,
                 const std::map<int, int>& classes, Encoding& enc) {
  const auto& L = b.lat;
  const std::size_t K = classes.size();
  auto at = [](const auto& v, int i) -> const auto& { return v[static_cast<std::size_t>(i)]; };
  std::vector<int> written(K, 0);
  for (int n : b.number)
    if (n != pencil::kNoNumber && n != pencil::kUnknownNumber) ++written[static_cast<std::size_t>(classes.at(n))];
  auto is_number = [&](int i) { return at(b.number, i) != pencil::kNoNumber; };
  auto step_between = [&](int i, int j) -> const Expr& {
    const Cell c = L.cell_at(i);
    return at(step, j == i + 1 ? L.step_right(c.row, c.col) : j == i - 1 ? L.step_left(c.row, c.col)
                    : j > i      ? L.step_down(c.row, c.col) : L.step_up(c.row, c.col));
  };
  std::vector<Expr> used;  // a line passes the cell
  for (int i = 0; i < L.cells(); ++i) {
    ExprVector some(ctx);
    const Cell c = L.cell_at(i);
    for (int s : L.cell_steps(c.row, c.col))
      if (s >= 0) some.push_back(at(step, s));
    used.push_back(mk_or(some));
  }
  // The guess for a first solution (Encoding::guess): every cell used, as
  // nearly every published Numberlink has it.
  const Expr every = ctx.bool_const("guess!every_cell");
  enc.guess.push_back(every);
  for (int i = 0; i < L.cells(); ++i)
    if (!is_number(i)) enc.guess_rules.push_back(!every || at(used, i));
  // Side by side: one line is one step.
  const graph::Graph g = L.cell_graph();
  for (int s = 0; s < L.steps(); ++s) {
    const auto [u, v] = g.edges[static_cast<std::size_t>(s)];
    for (std::size_t k = 0; k < K; ++k)
      if (written[k] == 2) enc.normal_rules.push_back(!at(joins, u)[k] || !at(joins, v)[k] || at(step, s));
  }
  // "a and c are cells of one line", a constant per pair, implied by the
  // classes.
  std::map<std::pair<int, int>, Expr> same;
  auto same_line = [&](int a, int c) {
    const auto key = std::minmax(a, c);
    if (auto it = same.find(key); it != same.end()) return it->second;
    Expr x = ctx.bool_const(fmt::format("same_line!{}_{}", key.first, key.second).c_str());
    for (std::size_t k = 0; k < K; ++k)
      if (written[k] == 2) enc.normal_rules.push_back(!at(joins, a)[k] || !at(joins, c)[k] || x);
    same.emplace(key, x);
    return x;
  };
  // The fewest steps from a to c round `avoid` and the numbers, up to `cap`.
  std::vector<int> dist(static_cast<std::size_t>(L.cells()));
  auto fewest_steps = [&](int a, int c, const std::vector<int>& avoid, int cap) {
    std::fill(dist.begin(), dist.end(), -1);
    for (int x : avoid) dist[static_cast<std::size_t>(x)] = -2;
    std::vector<int> queue{a};
    dist[static_cast<std::size_t>(a)] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h) {
      const int x = queue[h];
      if (x == c) return at(dist, x);
      if (at(dist, x) >= cap || (x != a && is_number(x))) continue;
      for (int y : L.neighbours(x))
        if (at(dist, y) == -1) dist[static_cast<std::size_t>(y)] = at(dist, x) + 1, queue.push_back(y);
    }
    return cap + 1;
  };
  // Ways of up to kRerouteSteps steps from each cell a, through cells that
  // hold no number.
  std::vector<int> way;
  std::function<void()> extend = [&] {
    const int steps = static_cast<int>(way.size()) - 1;
    if (steps >= 2) {
      const int a = way.front(), c = way.back();
      const std::vector<int> inner(way.begin() + 1, way.end() - 1);
      if (a < c && fewest_steps(a, c, inner, steps) > steps) {
        ExprVector clause(ctx);
        clause.push_back(!same_line(a, c));
        for (int x : inner) clause.push_back(at(used, x));
        enc.normal_rules.push_back(mk_or(clause));
      }
    }
    if (steps == kRerouteSteps || (steps >= 1 && is_number(way.back()))) return;
    for (int y : L.neighbours(way.back())) {
      if (std::find(way.begin(), way.end(), y) != way.end()) continue;
      way.push_back(y);
      extend();
      way.pop_back();
    }
  };
  for (int a = 0; a < L.cells(); ++a) {
    way = {a};
    extend();
  }
  // Corners: a and c beside the unused cell m, diagonal to each other, y
  // the fourth cell of their square.
  for (int m = 0; m < L.cells(); ++m) {
    if (is_number(m)) continue;
    const Cell mc = L.cell_at(m);
    for (int dr : {-1, 1})
      for (int dc : {-1, 1}) {
        const int r = mc.row + dr, c = mc.col + dc;
        if (r < 0 || r >= L.rows || c < 0 || c >= L.cols) continue;
        const int a = L.cell(r, mc.col), cc = L.cell(mc.row, c), y = L.cell(r, c);
        if (is_number(y)) continue;  // the other way is longer: stated above
        const Expr s = same_line(a, cc);
        if (m < y) {
          enc.normal_rules.push_back(!s || at(used, m));
        } else {
          enc.normal_rules.push_back(!s || at(used, m) || step_between(a, y));
          enc.normal_rules.push_back(!s || at(used, m) || step_between(y, cc));
        }
      }
  }
}

class NumlinEncoder final : public pencil::StepsEncoder<Board> {
 public:
  std::string_view kind() const override { return "numlin"; }
  std::string_view summary() const override {
    return "join each pair of equal numbers by a line that never branches, crosses or passes over a number (puzz.link's numlin, arukone)";
  }
  std::vector<std::string> fields() const override { return {"grid", "every_cell"}; }
  std::string schema() const override {
    return R"json({"description": "Numberlink (puzz.link's numlin and arukone): join each pair of equal numbers by a line through cell centres, moving orthogonally; lines never branch, cross or pass over a number, and every line joins two equal numbers. Cells may stay unused unless every_cell is true (arukone's rule, as pzprjs checks it). A '?' joins only another '?'. Each number is a clue (grid/r2c3, '4 at r2c3') that diagnose can blame. Solution: the lines as drawn, 2*rows-1 strings: 'o' a cell a line uses, '.' one it does not, '-' and '|' its steps.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' an empty cell, a number (0 to 9999), '?' a number not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 0, "maximum": 9999}]}}}, "every_cell": {"type": "boolean", "description": "every cell is used by a line (arukone without its flag 'e'); default false"}}, "examples": [{"kind": "numlin", "grid": [[1, ".", 2], [".", ".", "."], [1, ".", 2]]}, {"kind": "numlin", "name": "pzprjs's test puzzle numlin/5/5/1j2h3m1h2j3", "source": "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "grid": [[1, ".", ".", ".", "."], [2, ".", ".", 3, "."], [".", ".", ".", ".", "."], [".", 1, ".", ".", 2], [".", ".", ".", ".", 3]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per step between neighbouring cells; one step at a number, none or two elsewhere; a Bool per cell and "
                     "number, equal across every step and set at each number; no line closing on itself by cut clauses "
                     "between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with 'no line closes on itself' as clauses (repeated peeling of cells with fewer than two steps)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 0, 9999, kMaxSide, b->lat, b->number);
    if (auto f = root.find("every_cell")) b->every_cell = f->as_bool();
    if (std::all_of(b->number.begin(), b->number.end(), [](int n) { return n == pencil::kNoNumber; }))
      root.at("grid").fail("input.value", "no numbers: a Numberlink needs numbers for its lines to join");
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> step = pencil::loop_step_vars(L, ctx, enc);
    const auto classes = number_classes(b);
    const std::size_t K = classes.size();
    // joins[i][k]: cell i's line joins the numbers of class k.
    std::vector<std::vector<Expr>> joins(static_cast<std::size_t>(L.cells()));
    for (auto& [n, k] : classes)
      for (int i = 0; i < L.cells(); ++i)
        joins[static_cast<std::size_t>(i)].push_back(
            ctx.bool_const(fmt::format("joins_{}_{}", n == pencil::kUnknownNumber ? std::string("q") : std::to_string(n), cell_label(L.cell_at(i))).c_str()));
    eo.check_deadline();
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        const int i = L.cell(r, c);
        const int n = b.number[static_cast<std::size_t>(i)];
        std::vector<Expr> at;
        ExprVector some(ctx);
        for (int s : L.cell_steps(r, c))
          if (s >= 0) {
            at.push_back(step[static_cast<std::size_t>(s)]);
            some.push_back(at.back());
          }
        const std::size_t first = enc.rules.size();
        if (n == pencil::kNoNumber) {
          enc.rules.push_back(pencil::none_or_two(ctx, at, b.every_cell));
        } else {
          // No branch at a number; its clue says the rest (one step).
          for (std::size_t x = 0; x < at.size(); ++x)
            for (std::size_t y = x + 1; y < at.size(); ++y)
              for (std::size_t z = y + 1; z < at.size(); ++z) enc.rules.push_back(!at[x] || !at[y] || !at[z]);
        }
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/cell/r{}c{}", r + 1, c + 1),
                                     n != pencil::kNoNumber ? fmt::format("no line branches at r{}c{}", r + 1, c + 1)
                                     : b.every_cell        ? fmt::format("a line passes through r{}c{}", r + 1, c + 1)
                                                           : fmt::format("a line passes through r{}c{} or misses it", r + 1, c + 1),
                                     {{r, c}}};
        });
        // What its line joins: one class when used (the ends fix it), none when not.
        const auto& j = joins[static_cast<std::size_t>(i)];
        ExprVector any(ctx);
        for (const auto& x : j) {
          enc.rules.push_back(!x || mk_or(some));
          any.push_back(x);
        }
        enc.rules.push_back(!mk_or(some) || mk_or(any));
        // One line at most: what two lines join cannot meet in a cell.
        for (std::size_t x = 0; x < j.size(); ++x)
          for (std::size_t y = x + 1; y < j.size(); ++y) enc.rules.push_back(!j[x] || !j[y]);
        if (n == pencil::kNoNumber) continue;
        const std::size_t k = static_cast<std::size_t>(classes.at(n));
        ExprVector clue(ctx);
        clue.push_back(pencil::exactly(ctx, at, 1));
        for (std::size_t m = 0; m < K; ++m) clue.push_back(m == k ? j[m] : !j[m]);
        enc.clues.push_back(Clue{number_id({r, c}), number_label({r, c}, n), mk_and(clue), {{r, c}}, {}, {}});
      }
    // A step joins cells whose lines join the same numbers.
    const graph::Graph g = L.cell_graph();
    const std::size_t first = enc.rules.size();
    for (int s = 0; s < L.steps(); ++s) {
      const auto [u, v] = g.edges[static_cast<std::size_t>(s)];
      const Expr& st = step[static_cast<std::size_t>(s)];
      for (std::size_t k = 0; k < K; ++k) {
        const Expr& a = joins[static_cast<std::size_t>(u)][k];
        const Expr& w = joins[static_cast<std::size_t>(v)][k];
        enc.rules.push_back(!st || !a || w);
        enc.rules.push_back(!st || a || !w);
      }
    }
    enc.name_rules(first, [] { return Encoding::RuleGroup{"rule/same-number", "a line joins equal numbers", {}}; });
    // The smallest loops, round a block of 2x2, 2x3, 3x2, 3x3, 2x4 or 4x2 cells, as clauses
    // (the lazy rule below forbids every loop; these it would cut one by one).
    const std::size_t first_ring = enc.rules.size();
    for (auto [h, w] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{3, 3}, std::pair{2, 4}, std::pair{4, 2}})
      for (int r = 0; r + h <= L.rows; ++r)
        for (int c = 0; c + w <= L.cols; ++c) {
          ExprVector ring(ctx);
          for (int x = c; x + 1 < c + w; ++x) {
            ring.push_back(!step[static_cast<std::size_t>(L.step_right(r, x))]);
            ring.push_back(!step[static_cast<std::size_t>(L.step_right(r + h - 1, x))]);
          }
          for (int y = r; y + 1 < r + h; ++y) {
            ring.push_back(!step[static_cast<std::size_t>(L.step_down(y, c))]);
            ring.push_back(!step[static_cast<std::size_t>(L.step_down(y, c + w - 1))]);
          }
          enc.rules.push_back(mk_or(ring));
        }
    enc.name_rules(first_ring, [] { return Encoding::RuleGroup{"rule/small-loop", "no line closes on itself round a small block", {}}; });
    if (!b.every_cell) normal_form(b, ctx, step, joins, number_classes(b), enc);
    eo.check_deadline();
    graph::Rule acyclic;
    acyclic.kind = graph::RuleKind::Acyclic;
    acyclic.name = "no line closes on itself";
    acyclic.graph = g;
    acyclic.edge_lits = step;
    if (encoding == "eager") graph::encode_eager(acyclic, ctx, enc.rules, "noloop!");
    else enc.lazy_rules.push_back(acyclic);
    pencil::cell_step_places(L, enc);  // places: the cells, each with its steps
    enc.solver_logic = "QF_FD";
    return enc;
  }

  // Every solution reduces to a normal one by cutting lines short; the
  // last cut undone is a detour of a line of the normal solution through
  // cells it leaves unused (numlin_check.cpp's detour finds one if any).
  std::optional<nlohmann::json> beside_normal(const Puzzle& p, const nlohmann::json& normal) const override {
    const auto& b = static_cast<const Board&>(p);
    if (auto other = shortcut(b, steps_of(b, normal))) return solution_json(b, *other);
    if (auto other = detour(b, steps_of(b, normal))) return solution_json(b, *other);
    return std::nullopt;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<bool> on = solution ? steps_of(b, *solution) : std::vector<bool>(static_cast<std::size_t>(L.steps()), false);
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) { return pencil::number_text(b.number[static_cast<std::size_t>(L.cell(c.row, c.col))]); };
      g.is_given = [](Cell) { return true; };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), number_id(c)) != opt.highlight_clues.end();
      };
      for (const auto& line : pencil::loop_shapes(L, on)) g.shapes.push_back(line);
      for (int i = 0; i < L.cells(); ++i) {
        const int n = b.number[static_cast<std::size_t>(i)];
        if (n == pencil::kNoNumber) continue;
        g.shapes.push_back(pencil::cell_circle(L.cell_at(i), 0.36, "#ffffff", "#222222", 0.05, "number"));  // under its number
      }
      apply_marks(g, opt);
      return g.render();
    }
    // Text: the drawing, each number that fits in one character shown in its cell.
    std::string out;
    int r = 0;
    for (const auto& row : solution_json(b, on)) {
      std::string s = row.get<std::string>();
      if (r % 2 == 0)
        for (int c = 0; c < L.cols; ++c) {
          const std::string t = pencil::number_text(b.number[static_cast<std::size_t>(L.cell(r / 2, c))]);
          if (t.size() == 1) s[static_cast<std::size_t>(2 * c)] = t[0];
        }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
      ++r;
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto n = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int x) { return x != pencil::kNoNumber; }));
    return fmt::format("{}x{} numberlink, {}{}", b.lat.rows, b.lat.cols, plural(n, "number"), b.every_cell ? ", every cell used" : "");
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    return pencil::step_fact(static_cast<const Board&>(p).lat, var, value);
  }
  // A cell's value: how a line passes it ("-", "|", a turn "LU", an end "R", "." unused).
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    return pencil::loop_passes(b.lat, steps_of(b, solution));
  }

  // Dropped, a number's cell is an empty one (the solver's relaxation lets
  // it end a line, carry one or stay empty; the repaired board is solved
  // again as written).
  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    pencil::drop_cell_clues(
        b->lat, edits, [&](int i) { return b->number[static_cast<std::size_t>(i)] != pencil::kNoNumber; }, number_id,
        [&](int i) { b->number[static_cast<std::size_t>(i)] = pencil::kNoNumber; }, "number");
    return b;
  }

  // Dropped, a number may end a line or not, which keeps the solution; left
  // out, the other end of its line would have no partner.
  std::string never_redundant(const Puzzle&, const std::string&) const override {
    return "a number is one end of a line: without it the number at the other end would have no partner (leave a pair out, "
           "and check again)";
  }

  // Several solutions: a number is one end of a line, so no single number
  // added keeps a solution; a pair would, but that is a new line, not a
  // clue found where the solutions differ.
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool proposes_extra_clues() const override { return true; }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "a Numberlink's clues are pairs of numbers, each the end of a line: no single number can be added that keeps a "
           "solution (move a pair, or add one, where the solutions differ, and check again)";
  }

};

}  // namespace

const Encoder& numlin_encoder() {
  static const NumlinEncoder e;
  return e;
}

}  // namespace psmt::numlin
