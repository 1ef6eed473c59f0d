#include "encoders/pencil/shikaku.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/regions.h"
#include "encoders/pencil/valued.h"
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
                        "counters)", "cadical"}};
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

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
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
