#include "encoders/pencil/simpleloop.h"

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

namespace psmt::simpleloop {
namespace {

class SimpleLoopEncoder final : public pencil::StepsEncoder<Board> {
 public:
  std::string_view kind() const override { return "simpleloop"; }
  std::string_view summary() const override {
    return "one loop through cell centres that visits every cell but the blocked ones (puzz.link's simpleloop)";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Simple Loop (puzz.link's simpleloop): draw one loop through the centres of cells, moving orthogonally, that passes through every cell but the blocked ones, never branching or crossing. Each blocked cell is a clue (grid/r2c3, 'r2c3 is blocked') that diagnose can blame. Solution: the loop as drawn, 2*rows-1 strings: 'o' a cell the loop visits, '#' a blocked cell, '-' and '|' its steps.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns), a character per cell: '#' blocked, '.' a cell the loop passes through", "items": {"type": "string", "pattern": "^[#.]{1,100}$"}}}, "examples": [{"kind": "simpleloop", "grid": ["...", ".#.", "..."]}, {"kind": "simpleloop", "name": "pzprjs's test puzzle simpleloop/5/5/sg020", "source": "https://puzz.link/p?simpleloop/5/5/sg020", "grid": ["###..", "#....", ".....", "...#.", "....."], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per step between neighbouring cells; degree 0 or 2 at every cell, 2 at every cell not blocked, "
                     "as clauses; one loop by cut clauses added between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with the loop's connectedness as clauses (reachability from its first cell)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const auto rows = pencil::char_rows(root.at("grid"), 1, kMaxSide, "cells");
    b->lat = {static_cast<int>(rows.size()), static_cast<int>(rows[0].second.size())};
    for (const auto& [row, s] : rows)
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (s[k] != '#' && s[k] != '.')
          row.fail("input.value", fmt::format("character {}: {} ('#' blocked, '.' a cell of the loop)", k + 1, quote_input(std::string(1, s[k]))));
        b->blocked.push_back(s[k] == '#');
      }
    if (std::all_of(b->blocked.begin(), b->blocked.end(), [](bool x) { return x; }))
      root.at("grid").fail("input.value", "every cell is blocked: there is no cell for the loop");
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> step = pencil::loop_step_vars(L, ctx, enc);
    eo.check_deadline();
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        std::vector<Expr> at;
        ExprVector some(ctx), none(ctx);
        for (int s : L.cell_steps(r, c))
          if (s >= 0) {
            at.push_back(step[static_cast<std::size_t>(s)]);
            some.push_back(at.back());
            none.push_back(!at.back());
          }
        const bool blocked = b.blocked[static_cast<std::size_t>(L.cell(r, c))];
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(pencil::none_or_two(ctx, at, false));
        if (!blocked) enc.rules.push_back(mk_or(some));
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/cell/r{}c{}", r + 1, c + 1),
                                     fmt::format("the loop {}r{}c{}", blocked ? "passes through or misses " : "passes through ", r + 1, c + 1),
                                     {{r, c}}};
        });
        if (!blocked) continue;
        enc.clues.push_back(Clue{block_id({r, c}), block_label({r, c}), mk_and(none), {{r, c}}, {}, {}});
      }
    pencil::one_loop(L, step, encoding == "eager", ctx, enc);
    pencil::cell_step_places(L, enc);  // places: the cells, each with its steps
    enc.solver_logic = "QF_FD";
    return enc;
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
      g.cell_text = [](Cell) { return std::string(); };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), block_id(c)) != opt.highlight_clues.end();
      };
      for (int i = 0; i < L.cells(); ++i)
        if (b.blocked[static_cast<std::size_t>(i)]) pencil::draw_black_cell(g.shapes, L.cell_at(i), -1, "blocked", "number");
      for (const auto& line : pencil::loop_shapes(L, on)) g.shapes.push_back(line);
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    for (const auto& row : solution_json(b, on)) {
      std::string s = row.get<std::string>();
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return fmt::format("{}x{} simple loop, {}", b.lat.rows, b.lat.cols,
                       plural(static_cast<std::size_t>(std::count(b.blocked.begin(), b.blocked.end(), true)), "blocked cell"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    return pencil::step_fact(static_cast<const Board&>(p).lat, var, value);
  }
  // A cell's value: how the loop passes it ("-", "|", a turn "LU", "RD", ...; "#" blocked).
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    auto out = pencil::loop_passes(b.lat, steps_of(b, solution));
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.blocked[static_cast<std::size_t>(i)]) out[static_cast<std::size_t>(i)] = "#";
    return out;
  }

  // Dropped, a blocked cell is a cell the loop visits (the solver's
  // relaxation lets the loop visit it or not; the repaired board is solved
  // again as written).
  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    pencil::drop_cell_clues(
        b->lat, edits, [&](int i) { return b->blocked[static_cast<std::size_t>(i)]; }, block_id,
        [&](int i) { b->blocked[static_cast<std::size_t>(i)] = false; }, "blocked cell");
    return b;
  }

  // Dropped, a blocked cell is one the loop visits or not, which keeps the
  // solution; left out, the loop would have to visit it.
  std::string never_redundant(const Puzzle&, const std::string&) const override {
    return "without its block a cell is one the loop must visit, so no block can be left out with the solution kept";
  }

  // Several solutions: the only clues are blocked cells, and the loop
  // visits every other cell, so no clue can be added that keeps a solution;
  // nor can a cell be pinned to how the loop passes it.
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool proposes_extra_clues() const override { return true; }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "a Simple Loop's only clues are its blocked cells, and the loop visits every other cell: no block can be added "
           "without changing the loop (move or add blocks where the solutions differ, and check again)";
  }

};

}  // namespace

const Encoder& simpleloop_encoder() {
  static const SimpleLoopEncoder e;
  return e;
}

}  // namespace psmt::simpleloop
