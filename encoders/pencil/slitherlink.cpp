#include "encoders/pencil/slitherlink.h"

#include <algorithm>

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

namespace psmt::slitherlink {
namespace {

char clue_char(int v) { return v == kUnknownClue ? '?' : v == kNoClue ? '.' : static_cast<char>('0' + v); }

class SlitherlinkEncoder final : public pencil::BooleanEncoder<Board> {
 public:
  std::string_view kind() const override { return "slitherlink"; }
  std::string_view summary() const override {
    return "one loop along the grid's edges; a number in a cell counts its edges on the loop (puzz.link's slither, "
           "Tatham's loopy)";
  }
  std::vector<std::string> fields() const override { return {"clues", "full"}; }
  std::string schema() const override {
    return R"json({"description": "Slitherlink (puzz.link's slither, Tatham's loopy on squares): draw one simple closed loop along the edges of the grid; a number in a cell is how many of its four edges the loop uses. Each number is a clue (clues/r2c5) that diagnose can blame. Solution: the loop as drawn, 2*rows+1 strings: '+' at the lattice points, '-' and '|' for the loop's edges, spaces elsewhere.", "required": ["clues"], "properties": {"clues": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns), a character per cell: 0-4 a clue, '.' none, '?' a numbered cell whose number is not given", "items": {"type": "string", "pattern": "^[0-4.?]{1,100}$"}}, "full": {"type": "boolean", "default": false, "description": "the loop passes through every lattice point (puzz.link's flag f)"}}, "examples": [{"kind": "slitherlink", "clues": ["3.", ".."]}, {"kind": "slitherlink", "name": "pzprjs's test puzzle slither/5/5/cbcbcddad", "source": "https://puzz.link/p?slither/5/5/cbcbcddad", "clues": ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per edge; degree 0 or 2 and the clues as clauses; one loop by cut clauses added between "
                     "checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with the loop's connectedness as clauses (reachability from its first point)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const auto rows = pencil::char_rows(root.at("clues"), 1, kMaxSide, "cells");
    b->lat = {static_cast<int>(rows.size()), static_cast<int>(rows[0].second.size())};
    for (const auto& [row, s] : rows) {
      for (std::size_t k = 0; k < s.size(); ++k) {
        const char ch = s[k];
        if (ch >= '0' && ch <= '4') b->clue.push_back(ch - '0');
        else if (ch == '.') b->clue.push_back(kNoClue);
        else if (ch == '?') b->clue.push_back(kUnknownClue);
        else row.fail("input.value", fmt::format("character {}: {} (0-4 a clue, '.' none, '?' unknown)", k + 1, quote_input(std::string(1, ch))));
      }
    }
    if (auto f = root.find("full")) b->full = f->as_bool();
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    std::vector<Expr> edge;
    for (int e = 0; e < L.edges(); ++e) {
      edge.push_back(ctx.bool_const(fmt::format("edge_{}", e).c_str()));
      enc.decision_vars.push_back(edge.back());
    }
    eo.check_deadline();
    // Degree 0 or 2 at every point (2 with `full`); some edge on.
    const graph::Graph g = L.point_graph();
    const std::size_t first_point = enc.rules.size();
    for (int v = 0; v < g.vertices; ++v) {
      std::vector<Expr> at;
      for (int e : g.incident[static_cast<std::size_t>(v)]) at.push_back(edge[static_cast<std::size_t>(e)]);
      enc.rules.push_back(pencil::none_or_two(ctx, at, b.full));
    }
    enc.name_rules(first_point, [&] {
      return Encoding::RuleGroup{"rule/points", b.full ? "the loop passes every point (two edges at each)"
                                                       : "the loop has no dead end and no branch (two edges or none at every point)",
                                 {}};
    });
    ExprVector any(ctx);
    for (const auto& e : edge) any.push_back(e);
    const std::size_t first = enc.rules.size();
    enc.rules.push_back(mk_or(any));
    enc.name_rules(first, [] { return Encoding::RuleGroup{"rule/some-edge", "there is a loop", {}}; });
    // One loop.
    graph::Rule loop;
    loop.kind = graph::RuleKind::ConnectedEdges;
    loop.name = "the lines form one loop";
    loop.graph = g;
    loop.edge_lits = edge;
    if (encoding == "eager") graph::encode_eager(loop, ctx, enc.rules, "loop!");
    else enc.lazy_rules.push_back(loop);
    // Clues.
    auto count_is = [&](int r, int c, int v) {
      std::vector<Expr> around;
      for (int e : L.cell_edges(r, c)) around.push_back(edge[static_cast<std::size_t>(e)]);
      return pencil::exactly(ctx, around, v);
    };
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        const int v = b.clue[static_cast<std::size_t>(L.cell(r, c))];
        if (v < 0) continue;
        Clue clue{clue_id({r, c}), clue_label({r, c}, v), count_is(r, c, v), {{r, c}}, {}};
        if (eo.alternatives)
          for (int w = 0; w <= 4; ++w)
            if (w != v) clue.alternatives.push_back({clue_label({r, c}, w), count_is(r, c, w)});
        enc.clues.push_back(std::move(clue));
      }
    // Places: the cells, each with its four edges (the number of loop edges
    // around a cell is what a setter can give as a clue).
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        std::vector<unsigned> place;
        for (int e : L.cell_edges(r, c)) place.push_back(static_cast<unsigned>(e));
        enc.places.push_back(place);
      }
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::pair<std::string, std::string> difference_noun() const override { return {"edge", "edges"}; }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    return static_cast<const Board&>(p).lat.edge_label(static_cast<int>(var)) + (value ? " is on the loop" : " is off the loop");
  }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto ea = edges_of(b, a), ec = edges_of(b, c);
    std::vector<std::string> out;
    for (int e = 0; e < b.lat.edges(); ++e)
      if (ea[static_cast<std::size_t>(e)] != ec[static_cast<std::size_t>(e)]) out.push_back(b.lat.edge_label(e).substr(9));  // "above r4c4"
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<bool> on = solution ? edges_of(b, *solution) : std::vector<bool>(static_cast<std::size_t>(L.edges()), false);
    auto marked = [&](Cell c) {
      return has_cell(opt.highlight, c) ||
             std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), clue_id(c)) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) {
        const int v = b.clue[static_cast<std::size_t>(L.cell(c.row, c.col))];
        return v == kNoClue ? std::string() : std::string(1, clue_char(v));
      };
      g.is_given = [](Cell) { return true; };
      g.highlighted = marked;
      for (int e = 0; e < L.edges(); ++e) {
        if (!on[static_cast<std::size_t>(e)]) continue;
        const auto pts = L.edge_points(e);
        Shape s;
        s.type = Shape::Type::Line;
        s.points = {{pts[0].row + 0.0, pts[0].col + 0.0}, {pts[1].row + 0.0, pts[1].col + 0.0}};
        s.stroke = "#1565c0";
        s.size = 0.1;
        s.cls = "loop";
        s.over = true;
        g.shapes.push_back(s);
      }
      for (int r = 0; r <= L.rows; ++r)
        for (int c = 0; c <= L.cols; ++c) {
          Shape dot;
          dot.type = Shape::Type::Circle;
          dot.points = {{r + 0.0, c + 0.0}};
          dot.size = 0.06;
          dot.fill = "#222";
          dot.cls = "point";
          dot.over = true;
          g.shapes.push_back(dot);
        }
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    const nlohmann::json drawing = solution_json(b, on);
    for (int r = 0; r <= 2 * L.rows; ++r) {
      std::string s = drawing[static_cast<std::size_t>(r)].get<std::string>();
      if (r % 2 == 1)
        for (int c = 0; c < L.cols; ++c) {
          const int v = b.clue[static_cast<std::size_t>(L.cell(r / 2, c))];
          if (v != kNoClue) s[static_cast<std::size_t>(2 * c + 1)] = clue_char(v);
        }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto clues = static_cast<std::size_t>(std::count_if(b.clue.begin(), b.clue.end(), [](int v) { return v != kNoClue; }));
    return fmt::format("{}x{} slitherlink, {}{}", b.lat.rows, b.lat.cols, plural(clues, "clue"), b.full ? ", loop through every point" : "");
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto on = edges_of(b, solution);
    std::vector<std::string> out;
    for (int i = 0; i < b.lat.cells(); ++i) {
      const Cell c = b.lat.cell_at(i);
      // The number of loop edges around the cell (what a clue there would
      // say), then which sides they are: "2:TL" (top and left), "0".
      int n = 0;
      std::string sides;
      const auto edges = b.lat.cell_edges(c.row, c.col);
      for (std::size_t k = 0; k < 4; ++k)
        if (on[static_cast<std::size_t>(edges[k])]) {
          n++;
          sides += "TRBL"[k];
        }
      out.push_back(n ? fmt::format("{}:{}", n, sides) : "0");
    }
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (int i = 0; i < b->lat.cells() && !found; ++i) {
        int& v = b->clue[static_cast<std::size_t>(i)];
        if (v < 0 || clue_id(b->lat.cell_at(i)) != e.clue_id) continue;
        if (e.alternative < 0) v = kNoClue;
        else if (e.alternative > 3) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        else v = e.alternative + (e.alternative >= v ? 1 : 0);
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto values = place_values(*b, solution);
    for (auto k : place_indices) {
      const int v = values.at(k)[0] - '0';
      b->clue[k] = v;
      if (labels) labels->push_back(clue_label(b->lat.cell_at(static_cast<int>(k)), v));
    }
    return b;
  }
 protected:
  nlohmann::json write_bools(const Board& b, const std::vector<bool>& on) const override { return solution_json(b, on); }
  std::vector<bool> read_bools(const Board& b, const nlohmann::json& solution) const override { return edges_of(b, solution); }
  std::vector<Violation> check_json(const Board& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace

const Encoder& slitherlink_encoder() {
  static const SlitherlinkEncoder e;
  return e;
}

}  // namespace psmt::slitherlink
