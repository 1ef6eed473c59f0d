#include "encoders/pencil/shikaku.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/regions.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::shikaku {
namespace {

// Per number (in reading order), every rectangle it could fill; with
// `narrow`, a given number's only of its area (a '?' keeps every one).
std::vector<std::vector<pencil::Rect>> candidates(const Board& b, bool narrow = false) {
  std::vector<std::vector<pencil::Rect>> out;
  for (int home : b.numbered()) {
    out.push_back(pencil::rectangles_holding(
        b.lat, b.lat.cell_at(home), [&](Cell c) { return b.number[static_cast<std::size_t>(b.lat.cell(c.row, c.col))] == kNone; },
        b.lat.cells()));
    const int n = b.number[static_cast<std::size_t>(home)];
    if (narrow && n != kUnknown)
      out.back().erase(std::remove_if(out.back().begin(), out.back().end(), [&](const pencil::Rect& x) { return x.area() != n; }), out.back().end());
  }
  return out;
}

// An encoding is narrowed (each given number's rectangles only those of its
// area, the numbers then inside the rules: Encoding::clues_in_rules) unless
// diagnose asks for the numbers' other values. A 40x40's large numbers have
// hundreds of rectangles of every area; the collection's solver was 7x
// faster at 20x20 and 200x at 40x40 before. decode() tells the two apart by
// the number of decision variables: the narrowed set is a subset of the
// whole, so when the counts agree the sets are the same.
std::vector<std::vector<pencil::Rect>> candidates_for(const Board& b, std::size_t decision_vars) {
  auto whole = candidates(b);
  std::size_t n = 0;
  for (const auto& c : whole) n += c.size();
  return n == decision_vars ? whole : candidates(b, true);
}

// The areas a number's rectangles can have, other than its own: what
// diagnose tries instead of it.
std::vector<int> alternatives(const std::vector<pencil::Rect>& rects, int n) {
  std::set<int> areas;
  for (const auto& x : rects)
    if (x.area() != n) areas.insert(x.area());
  return {areas.begin(), areas.end()};
}

// The "open" encoding's reach: per cell, the numbers (by index in reading
// order) whose box spanned with the cell holds no other number. A rectangle
// holds its number and no other, so nothing else can be in it; the areas
// (the clues) narrow nothing here.
std::vector<std::vector<int>> open_reach(const Board& b) {
  const auto& L = b.lat;
  // numbers[r][c]: how many numbers lie in rows < r and columns < c.
  std::vector<std::vector<int>> sum(static_cast<std::size_t>(L.rows + 1), std::vector<int>(static_cast<std::size_t>(L.cols + 1), 0));
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c)
      sum[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(c + 1)] =
          sum[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + 1)] + sum[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(c)] -
          sum[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] + (b.number[static_cast<std::size_t>(L.cell(r, c))] != kNone);
  auto in_box = [&](int r0, int c0, int r1, int c1) {
    const auto at = [&](int r, int c) { return sum[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; };
    return at(r1 + 1, c1 + 1) - at(r0, c1 + 1) - at(r1 + 1, c0) + at(r0, c0);
  };
  const auto numbered = b.numbered();
  std::vector<std::vector<int>> reach(static_cast<std::size_t>(L.cells()));
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      const Cell h = L.cell_at(numbered[k]);
      if (in_box(std::min(c.row, h.row), std::min(c.col, h.col), std::max(c.row, h.row), std::max(c.col, h.col)) == 1)
        reach[static_cast<std::size_t>(i)].push_back(static_cast<int>(k));
    }
  }
  return reach;
}

// "the 4 at r2c3", "the ? at r2c3": a number as a rectangle's owner.
std::string owner_label(const Board& b, int home) {
  const Cell c = b.lat.cell_at(home);
  const int n = b.number[static_cast<std::size_t>(home)];
  return n == kUnknown ? fmt::format("the ? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("the {} at r{}c{}", n, c.row + 1, c.col + 1);
}

class ShikakuEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  std::string_view kind() const override { return "shikaku"; }
  std::string_view summary() const override {
    return "divide the board into rectangles, each holding one number, its area (puzz.link's shikaku, Tatham's rect)";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Shikaku (puzz.link's shikaku, Tatham's rect): divide the board into rectangles, each holding exactly one number, the number its area ('?' a number not given: any area). Each number is a clue (grid/r2c3, 'area 4 at r2c3') that diagnose can blame; dropped, it becomes '?'. Solution: one array per row, the rectangle of each cell named by its number's place in reading order (from 1).", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a cell, a number (an area, 1 or more), or '?'", "items": {"type": "array", "items": {"type": ["integer", "string"]}}}}, "examples": [{"kind": "shikaku", "grid": [[2, ".", "."], [".", ".", 4], [".", ".", "."]]}, {"kind": "shikaku", "name": "pzprjs's test puzzle shikaku/6/6/j3g56h6t6h23g5j", "source": "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "grid": [[".", ".", ".", ".", 3, "."], [5, 6, ".", ".", 6, "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", 6, ".", ".", 2, 3], [".", 5, ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"owners", "per number a Bool for every rectangle holding it and no other number, exactly one (a sequential "
                       "counter); per cell a Bool for each number that can reach it, exactly one (pairwise); a chosen rectangle "
                       "owns its cells, and a cell a number owns lies in one of that number's chosen rectangles", "cadical"},
            {"counter", "the same rectangles, with exactly one per cell counted over the rectangles that cover it (sequential "
                        "counters)", "cadical"},
            {"open", "per cell a Bool for each number whose box with it holds no other number, exactly one; each number's cells "
                     "a rectangle holding it (each cell's neighbour toward the number is the number's too, and no 2x2 window has "
                     "three of its cells); each area a count of its own, nothing narrowed by the areas (what explain needs)", "cadical"}};
  }
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (encoding != "open") return Encoder::fact_label(p, encoding, var, value, place, position);
    const auto& b = static_cast<const Board&>(p);
    const auto reach = open_reach(b);
    const auto numbered = b.numbered();
    std::size_t v = 0;
    for (int i = 0; i < b.lat.cells(); ++i)
      for (int k : reach[static_cast<std::size_t>(i)])
        if (v++ == var)
          return fmt::format("r{}c{} is {}in the rectangle of {}", b.lat.cell_at(i).row + 1, b.lat.cell_at(i).col + 1, value ? "" : "not ",
                             owner_label(b, numbered[static_cast<std::size_t>(k)]));
    return Encoder::fact_label(p, encoding, var, value, place, position);
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const JsonNode grid = root.at("grid");
    const auto rows = grid.items();
    if (rows.empty() || static_cast<int>(rows.size()) > kMaxSide) grid.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (b->lat.cols == 0) b->lat.cols = static_cast<int>(cells.size());
      if (cells.empty() || static_cast<int>(cells.size()) > kMaxSide) row.fail("input.shape", fmt::format("1 to {} cells", kMaxSide));
      if (static_cast<int>(cells.size()) != b->lat.cols)
        row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), b->lat.cols));
      for (const auto& v : cells) {
        if (v.is_string() && (v.as_string() == "." || v.as_string() == "?")) {
          b->number.push_back(v.as_string() == "." ? kNone : kUnknown);
        } else {
          b->number.push_back(static_cast<int>(v.as_int(1, kMaxSide * kMaxSide)));
        }
      }
    }
    b->lat.rows = static_cast<int>(rows.size());
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    if (encoding == "open") return encode_open(b, ctx, eo);
    const auto& L = b.lat;
    const bool owners = encoding == "owners";
    Encoding enc = pencil::new_encoding(ctx);
    const auto numbered = b.numbered();
    const bool narrow = !eo.alternatives;
    enc.clues_in_rules = narrow;  // conflicts and repairs then edit the puzzle
    const auto cand = candidates(b, narrow);
    std::vector<std::vector<Expr>> covering(static_cast<std::size_t>(L.cells()));
    std::vector<std::vector<unsigned>> vars_of(static_cast<std::size_t>(L.cells()));
    std::vector<std::vector<Expr>> chosen(numbered.size());
    // owners: per cell, the numbers that can reach it and their Bools.
    std::vector<std::map<std::size_t, Expr>> owner(static_cast<std::size_t>(L.cells()));
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      eo.check_deadline();
      const Cell home = L.cell_at(numbered[k]);
      for (const auto& x : cand[k]) {
        const Expr v = ctx.bool_const(fmt::format("rect_r{}c{}_r{}c{}_{}x{}", home.row + 1, home.col + 1, x.row + 1, x.col + 1, x.rows, x.cols).c_str());
        chosen[k].push_back(v);
        for (int r = x.row; r < x.row + x.rows; ++r)
          for (int c = x.col; c < x.col + x.cols; ++c) {
            const auto i = static_cast<std::size_t>(L.cell(r, c));
            covering[i].push_back(v);
            vars_of[i].push_back(static_cast<unsigned>(enc.decision_vars.size()));
            if (owners && !owner[i].count(k))
              owner[i].emplace(k, ctx.bool_const(fmt::format("owner_r{}c{}_n{}", r + 1, c + 1, k + 1).c_str()));
            if (owners) enc.rules.push_back(!v || owner[i].at(k));  // a chosen rectangle owns its cells
          }
        enc.decision_vars.push_back(v);
      }
      enc.rules.push_back(pencil::exactly_k(ctx, chosen[k], 1, false, fmt::format("number{}!", k + 1)));
    }
    for (int i = 0; i < L.cells(); ++i) {
      const auto u = static_cast<std::size_t>(i);
      enc.places.push_back(vars_of[u]);
      if (!owners) {
        enc.rules.push_back(pencil::exactly_k(ctx, covering[u], 1, false, fmt::format("cell{}!", i)));
        continue;
      }
      // Each cell has one owner, and a cell a number owns is in one of its
      // chosen rectangles.
      std::vector<Expr> mine;
      for (const auto& [k, o] : owner[u]) {
        mine.push_back(o);
        ExprVector in(ctx);
        for (std::size_t j = 0; j < cand[k].size(); ++j)
          if (cand[k][j].holds(L.cell_at(i))) in.push_back(chosen[k][j]);
        enc.rules.push_back(!o || mk_or(in));
      }
      enc.rules.push_back(pencil::exactly_k(ctx, mine, 1, true, fmt::format("owner{}!", i)));
    }
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      const int n = b.number[static_cast<std::size_t>(numbered[k])];
      if (n == kUnknown) continue;
      const Cell home = L.cell_at(numbered[k]);
      auto of_area = [&](int a) {
        ExprVector any(ctx);
        for (std::size_t j = 0; j < cand[k].size(); ++j)
          if (cand[k][j].area() == a) any.push_back(chosen[k][j]);
        return any.empty() ? ctx.bool_val(false) : mk_or(any);
      };
      Clue clue{number_id(home), number_label(home, n), of_area(n), {home}, {}};
      clue.dropped_label = number_label(home, kUnknown);
      if (eo.alternatives)
        for (int a : alternatives(cand[k], n)) clue.alternatives.push_back({number_label(home, a), of_area(a)});
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    return enc;
  }

  // "open": nothing follows from the areas (the clues) but the areas
  // themselves, so explain can cite each number where it is used.
  Encoding encode_open(const Board& b, Context& ctx, const EncodeOptions& eo) const {
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const auto numbered = b.numbered();
    const auto reach = open_reach(b);
    // in[number][cell]
    std::vector<std::vector<std::optional<Expr>>> in(numbered.size(), std::vector<std::optional<Expr>>(static_cast<std::size_t>(L.cells())));
    auto cell_name = [&](int i) { return fmt::format("r{}c{}", L.cell_at(i).row + 1, L.cell_at(i).col + 1); };
    for (int i = 0; i < L.cells(); ++i) {
      std::vector<unsigned> place;
      for (int k : reach[static_cast<std::size_t>(i)]) {
        const Expr v = ctx.bool_const(fmt::format("{}_in_{}", cell_name(i), k + 1).c_str());
        in[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)] = v;
        place.push_back(static_cast<unsigned>(enc.decision_vars.size()));
        enc.decision_vars.push_back(v);
      }
      enc.places.push_back(place);
    }
    for (int i = 0; i < L.cells(); ++i) {  // each cell in one rectangle
      eo.check_deadline();
      std::vector<Expr> lits;
      for (int k : reach[static_cast<std::size_t>(i)]) lits.push_back(*in[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]);
      const std::size_t first = enc.rules.size();
      ExprVector any(ctx), one(ctx);
      for (const auto& l : lits) any.push_back(l);
      enc.rules.push_back(lits.empty() ? ctx.bool_val(false) : mk_or(any));
      if (lits.size() > 8) at_most_k(ctx, lits, 1, fmt::format("{}_one!", cell_name(i)), one);
      else at_most_one_pairwise(lits, one);
      for (const auto& e : one) enc.rules.push_back(e);
      enc.name_rules(first, [&] { return Encoding::RuleGroup{"rule/one-rectangle/" + cell_name(i), cell_name(i) + " is in one rectangle", {L.cell_at(i)}}; });
    }
    // Each number's cells are a rectangle holding it: each cell's
    // neighbours toward the number (in its row, in its column) are the
    // number's too, so every row and column of them is a run through the
    // number's row and column; and no 2x2 window holds three of them (two
    // runs side by side that end apart would), so they are a rectangle.
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      eo.check_deadline();
      const auto& mine = in[k];
      const Cell h = L.cell_at(numbered[k]);
      auto at = [&](int r, int c) -> const std::optional<Expr>& { return mine[static_cast<std::size_t>(L.cell(r, c))]; };
      // A number is in its own rectangle: the board says so, not a step.
      enc.rules.push_back(*at(h.row, h.col));
      const std::size_t first = enc.rules.size();
      for (int i = 0; i < L.cells(); ++i) {
        const auto& v = mine[static_cast<std::size_t>(i)];
        if (!v) continue;
        const Cell c = L.cell_at(i);
        // The neighbour toward the number lies in the box of the cell and
        // the number, so it is in reach as well.
        if (c.row != h.row) enc.rules.push_back(!*v || *at(c.row + (h.row > c.row ? 1 : -1), c.col));
        if (c.col != h.col) enc.rules.push_back(!*v || *at(c.row, c.col + (h.col > c.col ? 1 : -1)));
      }
      for (int r = 0; r + 1 < L.rows; ++r)
        for (int c = 0; c + 1 < L.cols; ++c) {
          const std::optional<Expr>* w[4] = {&at(r, c), &at(r, c + 1), &at(r + 1, c), &at(r + 1, c + 1)};
          for (int out = 0; out < 4; ++out) {
            ExprVector clause(ctx);
            bool possible = true;
            for (int j = 0; j < 4; ++j) {
              if (j == out) {
                if (*w[j]) clause.push_back(**w[j]);
              } else if (*w[j]) {
                clause.push_back(!**w[j]);
              } else {
                possible = false;
              }
            }
            if (possible) enc.rules.push_back(clause.empty() ? ctx.bool_val(false) : mk_or(clause));
          }
        }
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/rectangle/{}", k + 1),
                                   fmt::format("the cells of {} are a rectangle", owner_label(b, numbered[k])), {h}};
      });
    }
    // The areas: each a count of its own. The number also says outright
    // what its area rules out at once: no cell whose box with the number is
    // larger (a person's first look).
    auto area_is = [&](std::size_t k, int n, const std::string& prefix) {
      const Cell h = L.cell_at(numbered[k]);
      ExprVector parts(ctx);
      std::vector<std::pair<int, Expr>> by_distance;
      for (int i = 0; i < L.cells(); ++i) {
        const auto& v = in[k][static_cast<std::size_t>(i)];
        if (!v) continue;
        const Cell c = L.cell_at(i);
        const int dr = std::abs(c.row - h.row), dc = std::abs(c.col - h.col);
        if ((dr + 1) * (dc + 1) > n) parts.push_back(!*v);
        else by_distance.push_back({dr + dc, *v});
      }
      std::stable_sort(by_distance.begin(), by_distance.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      std::vector<Expr> lits;
      for (const auto& [d, v] : by_distance) lits.push_back(v);
      if (static_cast<int>(lits.size()) < n) {
        parts.push_back(ctx.bool_val(false));
      } else {
        ExprVector defs(ctx);
        exactly_k_tree(ctx, lits, static_cast<unsigned>(n), prefix, defs, parts);
        for (unsigned j = 0; j < defs.size(); ++j) enc.rules.push_back(defs[j]);
      }
      return mk_and(parts);
    };
    const auto cand = eo.alternatives ? candidates(b) : std::vector<std::vector<pencil::Rect>>{};
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      eo.check_deadline();
      const int n = b.number[static_cast<std::size_t>(numbered[k])];
      if (n == kUnknown) continue;
      const Cell home = L.cell_at(numbered[k]);
      Clue clue{number_id(home), number_label(home, n), area_is(k, n, fmt::format("area{}!", k + 1)), {home}, {}};
      clue.dropped_label = number_label(home, kUnknown);
      if (eo.alternatives)
        for (int a : alternatives(cand[k], n))
          clue.alternatives.push_back({number_label(home, a), area_is(k, a, fmt::format("area{}_{}!", k + 1, a))});
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    if (encoding == "open") {
      const auto reach = open_reach(b);
      std::vector<int> owner(static_cast<std::size_t>(b.lat.cells()), 1);
      std::size_t v = 0;
      for (int i = 0; i < b.lat.cells(); ++i)
        for (int k : reach[static_cast<std::size_t>(i)])
          if (values[v++] != 0) owner[static_cast<std::size_t>(i)] = k + 1;
      return solution_json(b, owner);
    }
    const auto cand = candidates_for(b, values.size());
    std::vector<int> owner(static_cast<std::size_t>(b.lat.cells()), 1);
    std::size_t v = 0;
    for (std::size_t k = 0; k < cand.size(); ++k)
      for (const auto& x : cand[k])
        if (values[v++] != 0)
          for (int r = x.row; r < x.row + x.rows; ++r)
            for (int c = x.col; c < x.col + x.cols; ++c) owner[static_cast<std::size_t>(b.lat.cell(r, c))] = static_cast<int>(k) + 1;
    return solution_json(b, owner);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> owner = solution ? owners_of(b, *solution) : std::vector<int>{};
    auto text = [&](int i) {
      const int n = b.number[static_cast<std::size_t>(i)];
      return n == kNone ? std::string() : n == kUnknown ? std::string("?") : std::to_string(n);
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) { return text(L.cell(c.row, c.col)); };
      g.is_given = [](Cell) { return true; };
      if (solution) g.region = [&](Cell c) { return owner[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               (b.number[static_cast<std::size_t>(L.cell(c.row, c.col))] != kNone &&
                std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), number_id(c)) != opt.highlight_clues.end());
      };
      apply_marks(g, opt);
      return g.render();
    }
    // Text: the numbers, and with a solution the rectangles' walls.
    return pencil::division_text(L, text, owner);
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return fmt::format("{}x{} shikaku, {}", b.lat.rows, b.lat.cols, plural(b.numbered().size(), "number"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto cand = candidates(*b);  // the numbers' cells do not move: the candidates stay
    const auto numbered = b->numbered();
    for (const auto& e : edits) {
      bool found = false;
      for (std::size_t k = 0; k < numbered.size() && !found; ++k) {
        int& n = b->number[static_cast<std::size_t>(numbered[k])];
        if (n == kUnknown || number_id(b->lat.cell_at(numbered[k])) != e.clue_id) continue;
        if (e.alternative < 0) {
          n = kUnknown;
        } else {
          const auto alts = alternatives(cand[k], n);
          if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          n = alts[static_cast<std::size_t>(e.alternative)];
        }
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no number " + e.clue_id);
    }
    return b;
  }

  // Extra clues: a '?' given its area.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto owner = owners_of(b, solution);
    const auto numbered = b.numbered();
    std::vector<ExtraClue> out;
    for (std::size_t k = 0; k < numbered.size(); ++k) {
      if (b.number[static_cast<std::size_t>(numbered[k])] != kUnknown) continue;
      const int area = static_cast<int>(std::count(owner.begin(), owner.end(), static_cast<int>(k) + 1));
      const Cell c = b.lat.cell_at(numbered[k]);
      out.push_back({number_id(c), number_label(c, area), {c}, {{"cell", numbered[k]}, {"value", area}}});
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->number[x.data.at("cell").get<std::size_t>()] = x.data.at("value").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every number is given, and a number added would need a rectangle of its own";
  }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));  // extra clues are areas (extra_clues)
  }

 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override { return owners_of(b, solution); }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override { return solution_json(b, values); }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return check_owners(b, values); }
};

}  // namespace

const Encoder& shikaku_encoder() {
  static const ShikakuEncoder e;
  return e;
}

}  // namespace psmt::shikaku
