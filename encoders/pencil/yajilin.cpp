#include "encoders/pencil/yajilin.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/shading.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::yajilin {
namespace {

// The counts diagnose tries instead of n: 0 to the most the arrow's cells can hold.
std::vector<int> alternatives(const pencil::Lattice& L, int cell, const Clue& k) {
  const int most = (static_cast<int>(pointed(L, cell, k.dir).size()) + 1) / 2;
  return pencil::other_values(k.count, 0, std::max(most, k.count));
}

class YajilinEncoder final : public Encoder {
 public:
  // Extra clues: none that keep the solution. Every cell of a solution is
  // shaded or on the loop, and a clue cell is neither, so an arrow added
  // anywhere makes another puzzle with other solutions.
  bool proposes_extra_clues() const override { return true; }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every cell of a yajilin solution is shaded or on the loop, and a clue cell is neither: an arrow added anywhere "
           "would change the solution";
  }
  std::string_view kind() const override { return "yajilin"; }
  std::string_view summary() const override {
    return "shade cells (never side by side) and draw one loop through every other cell without a clue; an arrow "
           "counts the shaded cells its way (puzz.link's yajilin)";
  }
  std::vector<std::string> fields() const override { return {"grid", "given"}; }
  std::string schema() const override {
    return R"json({"description": "Yajilin (puzz.link's yajilin): shade some cells and draw one loop through the centres of all other cells without a clue; shaded cells are never side by side; an arrow's number is how many shaded cells lie that way up to the edge; clue cells are neither shaded nor on the loop. Each arrow is a clue (grid/r3c4) that diagnose can blame. Solution: the loop drawn as 2*rows-1 strings of 2*cols-1 characters ('o' on the loop, '#' shaded, '.' a clue cell, '-' and '|' steps).", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, an arrow and a number ('^2' up, 'v0' down, '<1' left, '>3' right, '?' a number not given), 'x' a clue cell without an arrow, 'x3' one with a number but no arrow (pzprjs allows it: the number says nothing)", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"type": "string", "pattern": "^(\\.|x|[\\^v<>x](\\?|[0-9]{1,4}))$"}}}, "given": {"type": "array", "description": "cells as they are in the answer: 'r3c4=#' shaded, 'r2c2=LR' the loop's directions through it (two of L R U D)", "items": {"type": "string"}}}, "examples": [{"kind": "yajilin", "grid": [[".", ".", "."], [".", "x", "."], [".", ".", "."]]}, {"kind": "yajilin", "name": "pzprjs's test puzzle yajilin/5/5/m32j10", "source": "https://puzz.link/p?yajilin/5/5/m32j10", "grid": [[".", ".", ".", ".", "."], [".", ".", ".", ".", "."], [".", ".", ".", "<2", "."], [".", ".", ".", ".", "."], [".", ".", ".", ".", "^0"]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded) and per pair of neighbouring cells (a step); degrees and arrows as "
                     "clauses and sequential counters; one loop by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with one loop as reachability clauses from the first cell on the loop"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const JsonNode grid = root.at("grid");
    const auto rows = grid.items();
    if (rows.empty() || static_cast<int>(rows.size()) > kMaxSide) grid.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    L.rows = static_cast<int>(rows.size());
    static const std::regex arrow(R"(([\^v<>x])(\?|[0-9]{1,4}))");
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (L.cols == 0) L.cols = static_cast<int>(cells.size());
      if (cells.empty() || static_cast<int>(cells.size()) > kMaxSide) row.fail("input.shape", fmt::format("1 to {} cells", kMaxSide));
      if (static_cast<int>(cells.size()) != L.cols) row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), L.cols));
      for (const auto& e : cells) {
        const std::string s = e.as_string();
        Clue k;
        std::smatch m;
        if (s == "x") {
          k.present = true;
        } else if (std::regex_match(s, m, arrow)) {
          k.present = true;
          k.dir = static_cast<int>(std::string("x^v<>").find(m[1].str()[0]));
          k.count = m[2] == "?" ? kUnknownCount : std::stoi(m[2]);
          k.bare_number = k.dir == kNone;
        } else if (s != ".") {
          e.fail("input.value", fmt::format("{}: '.', 'x', or an arrow and a number (\"^2\", \"v0\", \"<1\", \">3\", \"^?\"; \"x3\" a number without an arrow)", quote_input(s)));
        }
        b->clue.push_back(k);
      }
    }
    b->given.assign(static_cast<std::size_t>(L.cells()), "");
    if (auto list = root.find("given"))
      for (const auto& item : list->items()) {
        static const std::regex g(R"(r(\d{1,3})c(\d{1,3})=(#|[LRUD]{2}))");
        const std::string s = item.as_string();
        std::smatch m;
        if (!std::regex_match(s, m, g)) item.fail("input.value", fmt::format("{}: \"r3c4=#\" or \"r2c2=LR\"", quote_input(s)));
        const int r = std::stoi(m[1]) - 1, c = std::stoi(m[2]) - 1;
        if (r >= L.rows || c >= L.cols || r < 0 || c < 0) item.fail("input.value", fmt::format("r{}c{} is not on the board", r + 1, c + 1));
        std::string v = m[3];
        if (v != "#") {  // the canonical order L R U D
          std::string sorted;
          for (char d : std::string("LRUD"))
            if (v.find(d) != std::string::npos) sorted += d;
          if (sorted.size() != 2) item.fail("input.value", quote_input(s) + ": two different directions");
          v = sorted;
        }
        if (b->clue[static_cast<std::size_t>(L.cell(r, c))].present) item.fail("input.value", fmt::format("r{}c{} holds a clue", r + 1, c + 1));
        b->given[static_cast<std::size_t>(L.cell(r, c))] = v;
      }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const graph::Graph cells = L.cell_graph();
    std::vector<Expr> step, shaded;
    for (int s = 0; s < L.steps(); ++s) {
      const auto [u, v] = cells.edges[static_cast<std::size_t>(s)];
      step.push_back(ctx.bool_const(fmt::format("step_{}_{}", cell_label(L.cell_at(u)), cell_label(L.cell_at(v))).c_str()));
      enc.decision_vars.push_back(step.back());
    }
    for (int i = 0; i < L.cells(); ++i) {
      shaded.push_back(ctx.bool_const(fmt::format("shaded_{}", cell_label(L.cell_at(i))).c_str()));
      enc.decision_vars.push_back(shaded.back());
    }
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      std::vector<Expr> at;
      std::vector<unsigned> place{static_cast<unsigned>(L.steps() + i)};
      for (int s : L.cell_steps(c.row, c.col))
        if (s >= 0) {
          at.push_back(step[static_cast<std::size_t>(s)]);
          place.push_back(static_cast<unsigned>(s));
        }
      enc.places.push_back(place);
      const Expr sh = shaded[static_cast<std::size_t>(i)];
      if (b.clue[static_cast<std::size_t>(i)].present) {  // neither shaded nor on the loop
        enc.rules.push_back(!sh);
        for (const auto& e : at) enc.rules.push_back(!e);
        continue;
      }
      const std::size_t first = enc.rules.size();
      for (const auto& e : at) enc.rules.push_back(!sh || !e);
      enc.rules.push_back(sh || pencil::exactly(ctx, at, 2));
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{"rule/cell/" + cell_label(c), fmt::format("{} is shaded or the loop passes through it", cell_label(c)), {c}};
      });
    }
    const std::size_t apart = enc.rules.size();
    for (const auto& [u, v] : cells.edges) enc.rules.push_back(!shaded[static_cast<std::size_t>(u)] || !shaded[static_cast<std::size_t>(v)]);
    enc.name_rules(apart, [] { return Encoding::RuleGroup{"rule/apart", "no two shaded cells side by side", {}}; });
    graph::Rule loop;
    loop.kind = graph::RuleKind::ConnectedEdges;
    loop.name = "one loop";
    loop.graph = cells;
    loop.edge_lits = step;
    if (encoding == "eager") graph::encode_eager(loop, ctx, enc.rules, "loop!");
    else enc.lazy_rules.push_back(loop);
    // Arrows.
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const Clue& k = b.clue[static_cast<std::size_t>(i)];
      // A number without an arrow: pzprjs's editor lets a setter write it,
      // and its checker refuses every answer while it is there
      // (checkNumberHasArrow, "anNoArrow"): a clue that cannot hold.
      if (k.present && k.bare_number) {
        const Cell c = L.cell_at(i);
        psmt::Clue clue{clue_id(c), bare_label(c, k), ctx.bool_val(false), {c}, {}};
        clue.dropped_label = fmt::format("a clue cell without a number at {}", cell_label(c));
        enc.clues.push_back(std::move(clue));
        continue;
      }
      if (!k.present || k.dir == kNone || k.count == kUnknownCount) continue;
      const Cell c = L.cell_at(i);
      std::vector<Expr> lits;
      for (int j : pointed(L, i, k.dir)) lits.push_back(shaded[static_cast<std::size_t>(j)]);
      auto count = [&](int v, const std::string& prefix) { return pencil::count_is(ctx, lits, v, prefix); };
      psmt::Clue clue{clue_id(c), clue_label(c, k), count(k.count, fmt::format("arrow_{}!", cell_label(c))), {c}, {}};
      {
        Clue unknown = k;
        unknown.count = kUnknownCount;
        clue.dropped_label = clue_label(c, unknown);  // the arrow stays, its number unknown
      }
      if (eo.alternatives)
        for (int v : alternatives(L, i, k)) {
          Clue other = k;
          other.count = v;
          clue.alternatives.push_back({clue_label(c, other), count(v, fmt::format("arrow_{}_as{}!", cell_label(c), v))});
        }
      enc.clues.push_back(std::move(clue));
    }
    // Given cells.
    for (int i = 0; i < L.cells(); ++i) {
      const std::string& g = b.given[static_cast<std::size_t>(i)];
      if (g.empty()) continue;
      const Cell c = L.cell_at(i);
      ExprVector parts(ctx);
      if (g == "#") {
        parts.push_back(shaded[static_cast<std::size_t>(i)]);
      } else {
        const auto st = L.cell_steps(c.row, c.col);
        for (std::size_t d = 0; d < 4; ++d) {
          const bool on = g.find("LRUD"[d]) != std::string::npos;
          if (st[d] >= 0) parts.push_back(on ? step[static_cast<std::size_t>(st[d])] : !step[static_cast<std::size_t>(st[d])]);
          else if (on) parts.push_back(ctx.bool_val(false));
        }
      }
      enc.clues.push_back({"given/" + cell_label(c), given_label(c, g), mk_and(parts), {c}, {}});
    }
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = false;
    return enc;
  }

  static std::string given_label(Cell c, const std::string& g) {
    return g == "#" ? fmt::format("{} shaded", cell_label(c)) : fmt::format("the loop through {} {}", cell_label(c), g);
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto v = pencil::truth_of(values);
    const auto steps = static_cast<std::size_t>(b.lat.steps());
    return solution_json(b, std::vector<bool>(v.begin() + static_cast<std::ptrdiff_t>(steps), v.end()),
                         std::vector<bool>(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(steps)));
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& b = static_cast<const Board&>(p);
    return pencil::normalized(node, [&](const nlohmann::json& j) {
      const auto states = cell_states(b, j);
      std::vector<bool> shaded;
      for (const auto& s : states) shaded.push_back(s == "#");
      return solution_json(b, shaded, pencil::loop_steps(b.lat, j));
    });
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Board&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto& b = static_cast<const Board&>(p);
    return pencil::cells_that_differ(b.lat, cell_states(b, a), cell_states(b, c));
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    std::vector<bool> step(static_cast<std::size_t>(L.steps()), false), shaded(static_cast<std::size_t>(L.cells()), false);
    if (solution) {
      step = pencil::loop_steps(L, *solution);
      const auto states = cell_states(b, *solution);
      for (int i = 0; i < L.cells(); ++i) shaded[static_cast<std::size_t>(i)] = states[static_cast<std::size_t>(i)] == "#";
    }
    if (opt.format == RenderFormat::Svg) {
      static const char* arrows[] = {"", "↑", "↓", "←", "→"};
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) {
        const Clue& k = b.clue[static_cast<std::size_t>(L.cell(c.row, c.col))];
        if (!k.present || (k.dir == kNone && !k.bare_number)) return std::string();
        return arrows[k.dir] + (k.count == kUnknownCount ? std::string("?") : std::to_string(k.count));
      };
      g.is_given = [](Cell) { return true; };
      g.filled = [&](Cell c) { return shaded[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      g.filled_meaning = "shaded";
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), clue_id(c)) != opt.highlight_clues.end();
      };
      for (const auto& line : pencil::loop_shapes(L, step)) g.shapes.push_back(line);
      apply_marks(g, opt);
      return g.render();
    }
    // Text: the drawing, three columns a cell (a clue such as "<12" fits),
    // the loop's steps run on through the padding.
    const nlohmann::json drawing = solution_json(b, shaded, step);
    std::string out;
    for (int r = 0; r < 2 * L.rows - 1; ++r) {
      const std::string s = drawing[static_cast<std::size_t>(r)].get<std::string>();
      std::string line;
      for (int c = 0; c < 2 * L.cols - 1; ++c) {
        const char ch = s[static_cast<std::size_t>(c)];
        if (c % 2 == 1) {
          line += ch == '-' ? '-' : ' ';
          continue;
        }
        std::string t = r % 2 == 0 && b.clue[static_cast<std::size_t>(L.cell(r / 2, c / 2))].present
                            ? clue_text(b.clue[static_cast<std::size_t>(L.cell(r / 2, c / 2))])
                            : std::string(1, ch);
        const char pad = c > 0 && s[static_cast<std::size_t>(c - 1)] == '-' ? '-' : ' ';
        line += std::string(3 - std::min<std::size_t>(3, t.size()), pad) + t;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto clues = static_cast<std::size_t>(std::count_if(b.clue.begin(), b.clue.end(), [](const Clue& k) { return k.present; }));
    return fmt::format("{}x{} yajilin, {}", b.lat.rows, b.lat.cols, plural(clues, "clue"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  // Explanations: the loop's steps first, then the cells' shading.
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    const auto& L = static_cast<const Board&>(p).lat;
    if (var < static_cast<std::size_t>(L.steps())) return pencil::step_fact(L, var, value);
    return cell_label(L.cell_at(static_cast<int>(var) - L.steps())) + (value ? " is shaded" : " is unshaded");
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    return cell_states(static_cast<const Board&>(p), solution);
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (int i = 0; i < b->lat.cells() && !found; ++i) {
        const Cell c = b->lat.cell_at(i);
        Clue& k = b->clue[static_cast<std::size_t>(i)];
        if (k.present && k.bare_number && clue_id(c) == e.clue_id) {  // the number without an arrow taken out
          if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          k.bare_number = false;
          k.count = 0;
          found = true;
        } else if (k.present && k.dir != kNone && k.count != kUnknownCount && clue_id(c) == e.clue_id) {
          if (e.alternative < 0) {
            k.count = kUnknownCount;  // the arrow's number dropped, the clue cell kept
          } else {
            const auto v = alternatives(b->lat, i, k);
            if (e.alternative >= static_cast<int>(v.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
            k.count = v[static_cast<std::size_t>(e.alternative)];
          }
          found = true;
        } else if (!b->given[static_cast<std::size_t>(i)].empty() && "given/" + cell_label(c) == e.clue_id) {
          if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          b->given[static_cast<std::size_t>(i)].clear();
          found = true;
        }
      }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution, const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto states = cell_states(*b, solution);
    for (auto k : place_indices) {
      if (b->clue[k].present) continue;
      b->given[k] = states[k];
      if (labels) labels->push_back(given_label(b->lat.cell_at(static_cast<int>(k)), states[k]));
    }
    return b;
  }
};

}  // namespace

const Encoder& yajilin_encoder() {
  static const YajilinEncoder e;
  return e;
}

}  // namespace psmt::yajilin
