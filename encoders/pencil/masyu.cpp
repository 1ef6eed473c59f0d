#include "encoders/pencil/masyu.h"

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

namespace psmt::masyu {
namespace {

class MasyuEncoder final : public pencil::BooleanEncoder<Board> {
 public:
  std::string_view kind() const override { return "masyu"; }
  std::string_view summary() const override {
    return "one loop through cell centres: straight through white pearls with a turn next to them, turning on black "
           "pearls and straight next to them (puzz.link's mashu, Tatham's pearl)";
  }
  std::vector<std::string> fields() const override { return {"pearls", "full"}; }
  std::string schema() const override {
    return R"json({"description": "Masyu (puzz.link's mashu, Tatham's pearl): draw one simple closed loop through the centres of cells, moving orthogonally, through every pearl. On a white pearl the loop goes straight through and turns in the cell before or after it; on a black pearl it turns and goes straight through the cells before and after it. Each pearl is a clue (pearls/r4c4) that diagnose can blame. Solution: the loop as drawn, 2*rows-1 strings: 'o' a cell the loop visits, '.' one it does not, '-' and '|' its steps.", "required": ["pearls"], "properties": {"pearls": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns), a character per cell: 'W' a white pearl, 'B' a black pearl, '.' none", "items": {"type": "string", "pattern": "^[WB.]{1,100}$"}}, "full": {"type": "boolean", "default": false, "description": "the loop visits every cell (puzz.link's flag f)"}}, "examples": [{"kind": "masyu", "pearls": ["W..", "...", "..."]}, {"kind": "masyu", "name": "pzprjs's test puzzle mashu/6/6/1063000i3000", "source": "https://puzz.link/p?mashu/6/6/1063000i3000", "pearls": ["..W...", ".B..W.", "......", "...B..", ".W....", "......"], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per step between neighbouring cells; degree 0 or 2 and the pearls as clauses; one loop by cut "
                     "clauses added between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with the loop's connectedness as clauses (reachability from its first cell)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const auto rows = pencil::char_rows(root.at("pearls"), 1, kMaxSide, "cells");
    b->lat = {static_cast<int>(rows.size()), static_cast<int>(rows[0].second.size())};
    for (const auto& [row, s] : rows) {
      for (std::size_t k = 0; k < s.size(); ++k) {
        const char ch = s[k];
        if (ch == 'W') b->pearl.push_back(Pearl::White);
        else if (ch == 'B') b->pearl.push_back(Pearl::Black);
        else if (ch == '.') b->pearl.push_back(Pearl::None);
        else row.fail("input.value", fmt::format("character {}: {} ('W' white, 'B' black, '.' none)", k + 1, quote_input(std::string(1, ch))));
      }
    }
    if (auto f = root.find("full")) b->full = f->as_bool();
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> step = pencil::loop_step_vars(L, ctx, enc);
    eo.check_deadline();
    auto on = [&](int s) { return s < 0 ? ctx.bool_val(false) : step[static_cast<std::size_t>(s)]; };
    ExprVector any(ctx);
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        std::vector<Expr> at;
        for (int s : L.cell_steps(r, c))
          if (s >= 0) at.push_back(step[static_cast<std::size_t>(s)]);
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(pencil::none_or_two(ctx, at, b.full));
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/cell/r{}c{}", r + 1, c + 1),
                                     fmt::format("the loop {}r{}c{} (two steps{})", b.full ? "passes through " : "passes through or misses ",
                                                 r + 1, c + 1, b.full ? "" : " or none"),
                                     {{r, c}}};
        });
      }
    for (const auto& s : step) any.push_back(s);
    const std::size_t first_any = enc.rules.size();
    enc.rules.push_back(mk_or(any));
    enc.name_rules(first_any, [] { return Encoding::RuleGroup{"rule/some-step", "there is a loop", {}}; });
    pencil::one_loop(L, step, encoding == "eager", ctx, enc);
    // A pearl's rule, given the loop passes through (degree 2 is a rule).
    auto pearl_rule = [&](int r, int c, Pearl kind) {
      const Expr left = on(L.step_left(r, c)), right = on(L.step_right(r, c)), up = on(L.step_up(r, c)),
                     down = on(L.step_down(r, c));
      const Expr left2 = on(L.step_left(r, c - 1)), right2 = on(L.step_right(r, c + 1)), up2 = on(L.step_up(r - 1, c)),
                     down2 = on(L.step_down(r + 1, c));
      if (kind == Pearl::White)
        return ((left && right && (!left2 || !right2)) || (up && down && (!up2 || !down2)));
      return ((left || right) && (up || down) && implies(left, left2) && implies(right, right2) &&
              implies(up, up2) && implies(down, down2))
          ;
    };
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        const Pearl kind = b.pearl[static_cast<std::size_t>(L.cell(r, c))];
        if (kind == Pearl::None) continue;
        Clue clue{pearl_id({r, c}), pearl_label({r, c}, kind), pearl_rule(r, c, kind), {{r, c}}, {}};
        if (eo.alternatives) {
          const Pearl other = kind == Pearl::White ? Pearl::Black : Pearl::White;
          clue.alternatives.push_back({pearl_label({r, c}, other), pearl_rule(r, c, other)});
        }
        enc.clues.push_back(std::move(clue));
      }
    pencil::cell_step_places(L, enc);  // places: the cells, each with its steps
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<bool> on = solution ? steps_of(b, *solution) : std::vector<bool>(static_cast<std::size_t>(L.steps()), false);
    auto marked = [&](Cell c) {
      return has_cell(opt.highlight, c) ||
             std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), pearl_id(c)) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [](Cell) { return std::string(); };
      g.highlighted = marked;
      for (int r = 0; r < L.rows; ++r)
        for (int c = 0; c < L.cols; ++c) {
          const Pearl kind = b.pearl[static_cast<std::size_t>(L.cell(r, c))];
          if (kind == Pearl::None) continue;
          Shape s;
          s.type = Shape::Type::Circle;
          s.points = {{r + 0.5, c + 0.5}};
          s.size = 0.3;
          s.fill = kind == Pearl::Black ? "#222" : "white";
          s.stroke = "#222";
          s.stroke_width = 0.05;
          s.cls = kind == Pearl::Black ? "pearl black" : "pearl white";
          g.shapes.push_back(s);
        }
      for (const auto& line : pencil::loop_shapes(L, on)) g.shapes.push_back(line);
      apply_marks(g, opt);
      return g.render();
    }
    const nlohmann::json drawing = solution_json(b, on);
    std::string out;
    for (int r = 0; r < 2 * L.rows - 1; ++r) {
      std::string s = drawing[static_cast<std::size_t>(r)].get<std::string>();
      if (r % 2 == 0)
        for (int c = 0; c < L.cols; ++c) {
          const Pearl kind = b.pearl[static_cast<std::size_t>(L.cell(r / 2, c))];
          if (kind != Pearl::None) s[static_cast<std::size_t>(2 * c)] = kind == Pearl::White ? 'W' : 'B';
        }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto white = static_cast<std::size_t>(std::count(b.pearl.begin(), b.pearl.end(), Pearl::White));
    const auto black = static_cast<std::size_t>(std::count(b.pearl.begin(), b.pearl.end(), Pearl::Black));
    return fmt::format("{}x{} masyu, {} white and {} black pearls{}", b.lat.rows, b.lat.cols, white, black,
                       b.full ? ", loop through every cell" : "");
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    return pencil::step_fact(static_cast<const Board&>(p).lat, var, value);
  }

  // A cell's value: how the loop passes it ("-" straight across, "|" straight
  // down, a turn by its two directions "LU", "RD", ..., "." not at all).
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    return pencil::loop_passes(b.lat, steps_of(b, solution));
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (int i = 0; i < b->lat.cells() && !found; ++i) {
        Pearl& k = b->pearl[static_cast<std::size_t>(i)];
        if (k == Pearl::None || pearl_id(b->lat.cell_at(i)) != e.clue_id) continue;
        if (e.alternative > 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        k = e.alternative < 0 ? Pearl::None : k == Pearl::White ? Pearl::Black : Pearl::White;
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no pearl " + e.clue_id);
    }
    return b;
  }

  // Extra clues: a pearl, white or black, in a cell without one, wherever
  // the target's loop keeps that pearl's rule (the kind's checker says).
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<ExtraClue> out;
    auto one = std::make_shared<Board>(b);
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.pearl[static_cast<std::size_t>(i)] != Pearl::None) continue;
      for (Pearl k : {Pearl::White, Pearl::Black}) {
        one->pearl[static_cast<std::size_t>(i)] = k;
        if (check_solution(*one, solution).empty()) {
          const Cell c = b.lat.cell_at(i);
          out.push_back({pearl_id(c), pearl_label(c, k), {c}, {{"cell", i}, {"pearl", k == Pearl::White ? "white" : "black"}}});
        }
      }
      one->pearl[static_cast<std::size_t>(i)] = Pearl::None;
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues)
      b->pearl[x.data.at("cell").get<std::size_t>()] = x.data.at("pearl") == "white" ? Pearl::White : Pearl::Black;
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "no cell without a pearl takes one on this loop (a white pearl where it goes straight with a turn beside, a black one "
           "where it turns between two straights)";
  }

  // Extra givens: a pearl where the loop's shape allows one (a white pearl
  // where it goes straight, a black one where it turns); a cell the loop
  // does not visit cannot be pinned by a pearl, so it is left as it is and
  // the judge (diagnose's re-check) decides.
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto values = place_values(*b, solution);
    for (auto k : place_indices) {
      const std::string& v = values.at(k);
      if (v == ".") continue;
      const Pearl kind = v == "-" || v == "|" ? Pearl::White : Pearl::Black;
      auto trial = std::make_shared<Board>(*b);
      trial->pearl[k] = kind;
      if (!check_solution(*trial, solution).empty()) continue;  // the pearl's neighbours rule it out
      b = trial;
      if (labels) labels->push_back(pearl_label(b->lat.cell_at(static_cast<int>(k)), kind));
    }
    return b;
  }
 protected:
  nlohmann::json write_bools(const Board& b, const std::vector<bool>& on) const override { return solution_json(b, on); }
  std::vector<bool> read_bools(const Board& b, const nlohmann::json& solution) const override { return steps_of(b, solution); }
  std::vector<Violation> check_json(const Board& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace

const Encoder& masyu_encoder() {
  static const MasyuEncoder e;
  return e;
}

}  // namespace psmt::masyu
