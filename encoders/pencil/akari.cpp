#include "encoders/pencil/akari.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::akari {
namespace {

// The counts diagnose tries instead of n: 0 to the white cells beside it.
std::vector<int> alternatives(const Board& b, int cell, int n) {
  int white = 0;
  for (int w : b.lat.neighbours(cell)) white += b.cell[static_cast<std::size_t>(w)] == kWhite ? 1 : 0;
  return pencil::other_values(n, 0, std::max(white, n));
}

class AkariEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "akari"; }
  std::string_view summary() const override {
    return "put lights in white cells so that every white cell is lit, no light lights another, and a numbered wall has "
           "that many lights beside it (puzz.link's lightup, Tatham's lightup)";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Akari, Light Up (puzz.link's lightup and akari, Tatham's lightup): put lights in white cells so that every white cell is lit (a light lights its row and column up to the nearest wall or the edge), no light lights another, and a numbered wall has that many lights beside it, up, down, left and right. Each numbered wall is a clue (grid/r2c3, 'wall 2 at r2c3') that diagnose can blame. Solution: one string per row, '#' a light and '.' none.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns): '.' a white cell, '#' a wall without a number, '0'-'4' a numbered wall", "items": {"type": "string", "pattern": "^[.#0-4]{1,100}$"}}}, "examples": [{"kind": "akari", "grid": ["...", ".1.", "..."]}, {"kind": "akari", "name": "pzprjs's test puzzle lightup/6/6/nekcakbl", "source": "https://puzz.link/p?lightup/6/6/nekcakbl", "grid": ["......", "..4...", "....2.", ".0....", "...1..", "......"], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    // counter first (the default): 1.4x to 3x faster than pairwise from 7x7 to 20x20 (scripts/bench-pencil).
    return {{"counter", "a Bool per cell (a light); at most one per run of white cells as a sequential counter; each white cell "
                        "lit by its row's or column's run; a wall's count as a sequential counter", "cadical"},
            {"pairwise", "the same with at most one per run as plain clauses over pairs", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const auto rows = pencil::char_rows(root.at("grid"), 1, kMaxSide, "cells");
    L.rows = static_cast<int>(rows.size());
    L.cols = static_cast<int>(rows.front().second.size());
    for (const auto& [node, s] : rows)
      for (std::size_t k = 0; k < s.size(); ++k) {
        const char ch = s[k];
        if (ch == '.') b->cell.push_back(kWhite);
        else if (ch == '#') b->cell.push_back(kPlainWall);
        else if (ch >= '0' && ch <= '4') b->cell.push_back(ch - '0');
        else node.fail("input.value", fmt::format("character {}: {} ('.' white, '#' a wall, 0-4 a numbered wall)", k + 1, quote_input(std::string(1, ch))));
      }
    b->given.assign(static_cast<std::size_t>(L.cells()), 0);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> light = pencil::shading_vars(L, ctx, enc);
    const std::size_t first_black = enc.rules.size();
    for (int i = 0; i < L.cells(); ++i)
      if (b.cell[static_cast<std::size_t>(i)] != kWhite) enc.rules.push_back(!light[static_cast<std::size_t>(i)]);
    enc.name_rules(first_black, [] { return Encoding::RuleGroup{"rule/white", "lights go on white cells only", {}}; });
    std::vector<std::vector<std::size_t>> runs_at(static_cast<std::size_t>(L.cells()));
    const auto all = runs(b);
    for (std::size_t k = 0; k < all.size(); ++k) {
      const std::size_t first = enc.rules.size();
      std::vector<Expr> lits;
      for (int i : all[k]) {
        lits.push_back(light[static_cast<std::size_t>(i)]);
        runs_at[static_cast<std::size_t>(i)].push_back(k);
      }
      if (encoding == "counter" && lits.size() > 4) {
        enc.rules.push_back(at_most_one_counter(lits));
      } else {
        for (std::size_t x = 0; x < lits.size(); ++x)
          for (std::size_t y = x + 1; y < lits.size(); ++y) enc.rules.push_back(!lits[x] || !lits[y]);
      }
      enc.name_rules(first, [&] {
        std::vector<Cell> cells;
        for (int i : all[k]) cells.push_back(L.cell_at(i));
        return Encoding::RuleGroup{fmt::format("rule/run/{}", k + 1),
                                   fmt::format("at most one light in {}-{} (lights do not shine on each other)",
                                               cell_label(cells.front()), cell_label(cells.back())),
                                   cells};
      });
    }
    for (int i = 0; i < L.cells(); ++i) {
      if (b.cell[static_cast<std::size_t>(i)] != kWhite) continue;
      ExprVector lit(ctx);
      for (std::size_t k : runs_at[static_cast<std::size_t>(i)])
        for (int j : all[k]) lit.push_back(light[static_cast<std::size_t>(j)]);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(mk_or(lit));
      enc.name_rules(first, [&] {
        const Cell c = L.cell_at(i);
        return Encoding::RuleGroup{"rule/lit/" + cell_label(c), cell_label(c) + " is lit (a light in its row or column run)", {c}};
      });
    }
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const int n = b.cell[static_cast<std::size_t>(i)];
      if (n < 0) continue;
      const Cell c = L.cell_at(i);
      std::vector<Expr> beside;
      for (int w : L.neighbours(i)) beside.push_back(light[static_cast<std::size_t>(w)]);
      auto count = [&](int v, const std::string& prefix) { return pencil::count_is(ctx, beside, v, prefix); };
      Clue clue{wall_id(c), wall_label(c, n), count(n, fmt::format("wall_r{}c{}!", c.row + 1, c.col + 1)), {c}, {}};
      clue.dropped_label = wall_label(c, -1);  // the wall stays, without its number
      if (eo.alternatives)
        for (int v : alternatives(b, i, n))
          clue.alternatives.push_back({wall_label(c, v), count(v, fmt::format("wall_r{}c{}_as{}!", c.row + 1, c.col + 1, v))});
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, light, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto walls = static_cast<std::size_t>(std::count_if(b.cell.begin(), b.cell.end(), [](int v) { return v != kWhite; }));
    const auto numbered = static_cast<std::size_t>(std::count_if(b.cell.begin(), b.cell.end(), [](int v) { return v >= 0; }));
    return fmt::format("{}x{} akari, {} ({} numbered)", b.lat.rows, b.lat.cols, plural(walls, "wall"), numbered);
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& light) const override {
    return check_lights(static_cast<const Board&>(p), light);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    const int v = static_cast<const Board&>(p).cell[static_cast<std::size_t>(i)];
    return v >= 0 ? std::to_string(v) : std::string();
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return static_cast<const Board&>(p).cell[static_cast<std::size_t>(i)] >= 0 ? wall_id(p.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    for (int i = 0; i < b.lat.cells(); ++i) {
      int& v = b.cell[static_cast<std::size_t>(i)];
      if (v < 0 || wall_id(b.lat.cell_at(i)) != e.clue_id) continue;
      if (e.alternative < 0) {
        v = kPlainWall;  // the wall stays, its number goes
      } else {
        const auto alts = alternatives(b, i, v);
        if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        v = alts[static_cast<std::size_t>(e.alternative)];
      }
      return true;
    }
    return false;
  }
  // Extra clues: a number on a wall without one: the lights beside it.
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& light) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.cell[static_cast<std::size_t>(i)] != kPlainWall) continue;
      int n = 0;
      for (int w : b.lat.neighbours(i)) n += light[static_cast<std::size_t>(w)] ? 1 : 0;
      out.emplace_back(i, n);
    }
    return out;
  }
  void write_number(pencil::ShadeBoard& p, int cell, int value) const override { static_cast<Board&>(p).cell[static_cast<std::size_t>(cell)] = value; }
  std::string number_words(const pencil::ShadeBoard& p, int cell, int value) const override { return wall_label(p.lat.cell_at(cell), value); }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override {
    return "every wall already has its number, and a wall added would change which cells are lit";
  }
  const char* marked_word() const override { return "light"; }
  const char* unmarked_word() const override { return "no light"; }
  std::string fact_words(bool marked) const override { return marked ? "holds a light" : "holds no light"; }
  bool fill_marked() const override { return false; }
  void draw_marked(const pencil::ShadeBoard& p, const std::vector<bool>& light, GridSvg& g) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    // Walls black (their numbers in white), lights as yellow discs, the
    // cells they light pale yellow.
    std::vector<bool> lit(static_cast<std::size_t>(L.cells()), false);
    bool any = false;
    for (const auto& run : runs(b)) {
      bool on = false;
      for (int i : run) on = on || light[static_cast<std::size_t>(i)];
      if (on)
        for (int i : run) lit[static_cast<std::size_t>(i)] = true;
    }
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      Shape s;
      s.points = {{c.row + 0.5, c.col + 0.5}};
      if (b.cell[static_cast<std::size_t>(i)] != kWhite) {
        pencil::draw_black_cell(g.shapes, c, b.cell[static_cast<std::size_t>(i)], "wall", "wall-number");
      } else if (light[static_cast<std::size_t>(i)]) {
        s.type = Shape::Type::Circle;
        s.size = 0.3;
        s.fill = "#fbc02d";
        s.stroke = "#5d4037";
        s.stroke_width = 0.03;
        s.cls = "light";
        s.over = true;
        g.shapes.push_back(s);
        any = true;
      } else if (lit[static_cast<std::size_t>(i)]) {
        s.type = Shape::Type::Rect;
        s.size = 0.5;
        s.fill = "#fff9c4";
        s.stroke = "none";
        s.cls = "lit";
        g.shapes.push_back(s);
      }
    }
    g.cell_text = [](Cell) { return std::string(); };  // numbers are drawn on the walls
    if (any) g.legend.emplace_back("light", "#fbc02d", "a light (pale yellow: the cells it lights)");
  }
};

}  // namespace

const Encoder& akari_encoder() {
  static const AkariEncoder e;
  return e;
}

}  // namespace psmt::akari
