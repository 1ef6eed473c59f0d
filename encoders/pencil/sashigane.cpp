#include "encoders/pencil/sashigane.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "encoders/pencil/division.h"
#include "encoders/pencil/lshapes.h"
#include "encoders/pencil/valued.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::sashigane {
namespace {

class SashiganeEncoder final : public pencil::StepsEncoder<Board> {
 public:
  std::string_view kind() const override { return "sashigane"; }
  std::string_view summary() const override {
    return "divide into L shapes of width 1; a circle is a corner (its number the L's size), an arrow an end pointing to "
           "the corner (puzz.link's sashigane)";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Sashigane (puzz.link's sashigane): divide the board into L shapes of width 1 (a corner and two straight arms of at least one cell each); a circle is the corner of its L, a number in a circle is how many cells its L has, an arrow is an end of its L and points toward the corner. Each circle and arrow is a clue (grid/r2c3: 'circle 4 at r2c3', 'arrow up at r5c1') that diagnose can blame. Solution: one array per row, each cell's L numbered from 1 in reading order.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, 'o' a circle, a number (a circle holding it), '<' '>' '^' 'v' an arrow", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "o", "<", ">", "^", "v"]}, {"type": "integer", "minimum": 1, "maximum": 199}]}}}}, "examples": [{"kind": "sashigane", "grid": [[3, "."], [".", "^"]]}, {"kind": "sashigane", "name": "pzprjs's test puzzle sashigane/5/5/jm.o3khkgojm4", "source": "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4", "grid": [[">", ".", ".", ".", "o"], [".", ".", ".", ".", "."], [3, ".", "v", ".", "^"], [".", ".", ".", ".", "."], [">", ".", ".", ".", 4]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"corners", "a Bool per pair of neighbouring cells (in one L); per cell, the corner of its L or an arm cell whose "
                        "corner lies left, right, up or down (one of five), each arm straight toward its corner; a numbered "
                        "circle as the placements of its L's arms", "cadical"},
            {"corners-sizes", "the same, with a numbered circle's size held by cut clauses between checks (engine/graph.h's "
                              "sized areas) instead of its placements", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const JsonNode grid = root.at("grid");
    const auto rows = grid.items();
    if (rows.empty() || static_cast<int>(rows.size()) > kMaxSide) grid.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    b->lat.rows = static_cast<int>(rows.size());
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (b->lat.cols == 0) b->lat.cols = static_cast<int>(cells.size());
      if (cells.empty() || static_cast<int>(cells.size()) > kMaxSide) row.fail("input.shape", fmt::format("1 to {} cells", kMaxSide));
      if (static_cast<int>(cells.size()) != b->lat.cols)
        row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), b->lat.cols));
      for (const auto& e : cells) {
        if (e.is_number()) {
          b->mark.push_back(static_cast<int>(e.as_int(1, 199)));
          continue;
        }
        const std::string s = e.as_string();
        const auto at = std::string(".o<>^v").find(s);
        if (s.size() != 1 || at == std::string::npos)
          e.fail("input.value", fmt::format("{}: '.' a plain cell, 'o' a circle, a number (a circle holding it), or an arrow '<' '>' '^' 'v'", quote_input(s)));
        b->mark.push_back(at == 0 ? kPlain : at == 1 ? kCircle : kArrow - static_cast<int>(at - 2));
      }
    }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const pencil::LDivision d = pencil::l_division(L, ctx, enc);
    eo.check_deadline();
    graph::Rule sizes;  // corners-sizes: "the L of this cell has n cells", labels of a sized-areas rule
    sizes.kind = graph::RuleKind::SizedAreas;
    sizes.name = "a circle's number is its L's size";
    sizes.graph = L.cell_graph();
    sizes.edge_lits = d.join;
    for (int i = 0; i < L.cells(); ++i) {
      const int m = b.mark[static_cast<std::size_t>(i)];
      if (m == kPlain) continue;
      const Cell c = L.cell_at(i);
      Expr holds = d.corner[static_cast<std::size_t>(i)];
      if (is_arrow(m)) {
        // An end: an arm cell pointing its way, with nothing joined behind it.
        const int dir = arrow_dir(m);
        const int behind = L.cell_steps(c.row, c.col)[static_cast<std::size_t>(pencil::opposite(dir))];
        holds = d.arm[static_cast<std::size_t>(i)][static_cast<std::size_t>(dir)];
        if (behind >= 0) holds = holds && !d.join[static_cast<std::size_t>(behind)];
      } else if (m > 0 && encoding == "corners-sizes") {
        const Expr label = ctx.bool_const(fmt::format("size_{}_{}", m, cell_label(c)).c_str());
        sizes.vertex_lits.push_back(label);
        sizes.labels.push_back({i, m});
        holds = holds && label;
      } else if (m > 0) {
        holds = holds && pencil::l_of_size(L, d, c, m, ctx);
      }
      enc.clues.push_back(Clue{clue_id(c), clue_label(c, m), holds, {c}, {}, {}});
    }
    if (!sizes.labels.empty()) enc.lazy_rules.push_back(std::move(sizes));
    pencil::cell_step_places(L, enc);  // places: the cells, each with its steps
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    std::vector<int> region;
    if (solution) {
      int count = 0;
      region = pencil::regions_of_steps(L, steps_of(b, *solution), count);
    }
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) {
        const int m = b.mark[static_cast<std::size_t>(L.cell(c.row, c.col))];
        if (is_arrow(m)) return std::string(arrow_glyph(arrow_dir(m)));
        return m > 0 ? std::to_string(m) : std::string();
      };
      g.is_given = [](Cell) { return true; };
      if (solution) g.region = [&](Cell c) { return region[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), clue_id(c)) != opt.highlight_clues.end();
      };
      for (int i = 0; i < L.cells(); ++i) {
        const int m = b.mark[static_cast<std::size_t>(i)];
        if (m == kCircle || m > 0) g.shapes.push_back(pencil::cell_circle(L.cell_at(i), 0.4, "none", "#222222", 0.05, "circle"));
      }
      apply_marks(g, opt);
      return g.render();
    }
    // Text: the circles and arrows, and with a solution the walls between the L shapes.
    return pencil::division_text(L, [&](int i) { return mark_text(b.mark[static_cast<std::size_t>(i)]); }, region);
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto circles = static_cast<std::size_t>(std::count_if(b.mark.begin(), b.mark.end(), [](int m) { return m == kCircle || m > 0; }));
    const auto arrows = static_cast<std::size_t>(std::count_if(b.mark.begin(), b.mark.end(), [](int m) { return is_arrow(m); }));
    return fmt::format("{}x{} sashigane, {}, {}", b.lat.rows, b.lat.cols, plural(circles, "circle"), plural(arrows, "arrow"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    const auto& L = static_cast<const Board&>(p).lat;
    return fmt::format("{} {} in one L", L.step_label(static_cast<int>(var)), value ? "are" : "are not");
  }
  // A cell's value: its L (the number of the solution's rows).
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    int count = 0;
    std::vector<std::string> out;
    for (int k : pencil::regions_of_steps(b.lat, steps_of(b, solution), count)) out.push_back(std::to_string(k + 1));
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    pencil::drop_cell_clues(
        b->lat, edits, [&](int i) { return b->mark[static_cast<std::size_t>(i)] != kPlain; }, clue_id,
        [&](int i) { b->mark[static_cast<std::size_t>(i)] = kPlain; }, "circle or arrow");
    return b;
  }

  // Several solutions: a circle with its L's size at a corner, an arrow at
  // an end, wherever the cell holds no clue yet.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    int count = 0;
    const auto region = pencil::regions_of_steps(L, steps_of(b, solution), count);
    const auto cells = pencil::area_cells(L, region, count);
    std::vector<ExtraClue> out;
    for (const auto& mine : cells) {
      const auto l = pencil::l_shape(mine);
      if (!l) continue;
      auto add = [&](Cell c, int mark) {
        if (b.mark[static_cast<std::size_t>(L.cell(c.row, c.col))] != kPlain) return;
        out.push_back({clue_id(c), clue_label(c, mark), {c}, {{"cell", L.cell(c.row, c.col)}, {"mark", mark}}});
      };
      add(l->corner, static_cast<int>(mine.size()));
      for (const Cell& e : l->ends) {
        const int dr = l->corner.row - e.row, dc = l->corner.col - e.col;
        add(e, kArrow - (dr < 0 ? pencil::kUp : dr > 0 ? pencil::kDown : dc < 0 ? pencil::kLeft : pencil::kRight));
      }
    }
    std::sort(out.begin(), out.end(), [](const ExtraClue& x, const ExtraClue& y) { return x.cells[0] < y.cells[0]; });
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->mark[x.data.at("cell").get<std::size_t>()] = x.data.at("mark").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every corner and every end of the solutions' L shapes already holds a circle or an arrow";
  }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));  // extra clues are circles and arrows (extra_clues)
  }


 private:
  static const char* arrow_glyph(int dir) {
    static const char* const glyphs[] = {"\u2190", "\u2192", "\u2191", "\u2193"};
    return glyphs[dir];
  }
};

}  // namespace

const Encoder& sashigane_encoder() {
  static const SashiganeEncoder e;
  return e;
}

}  // namespace psmt::sashigane
