#include "encoders/pencil/dbchoco.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/division.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::dbchoco {
namespace {

class DbchocoEncoder final : public pencil::StepsEncoder<Board> {
 public:
  std::string_view kind() const override { return "dbchoco"; }
  std::string_view summary() const override {
    return "divide into blocks, each a white half and a grey half of one shape; a number is its half's size (puzz.link's dbchoco)";
  }
  std::vector<std::string> fields() const override { return {"colours", "grid"}; }
  std::string schema() const override {
    return R"json({"description": "Double Choco (puzz.link's dbchoco): divide the board into blocks, each one white half and one grey half (each side by side within the block) of the same shape, turned or mirrored as need be; a number is how many cells its half has. Each number is a clue (grid/r2c3, 'half of 4 at r2c3') that diagnose can blame. Solution: one array per row, each cell's block numbered from 1 in reading order.", "required": ["colours", "grid"], "properties": {"colours": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns): '.' a white cell, '#' a grey one", "items": {"type": "string", "pattern": "^[.#]{1,100}$"}}, "grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row, as many as colours has: '.' no number, a number (1 to 5000), '?' a number not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 5000}]}}}}, "examples": [{"kind": "dbchoco", "colours": [".#", ".#"], "grid": [[2, "."], [".", "."]]}, {"kind": "dbchoco", "name": "pzprjs's test puzzle dbchoco/6/6/ueoq8p30g42j4n5s22j", "source": "https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22j", "colours": ["####..", "###.##", "...##.", "#..#..", ".##..#", "...##."], "grid": [[".", 4, 2, ".", ".", "."], [".", 4, ".", ".", ".", "."], [".", ".", ".", ".", 5, "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [2, 2, ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per pair of neighbouring cells (in one block); every cell in a block with another; each block a "
                     "white half and a grey half of one shape, and each number its half's size, by cut clauses between "
                     "checks (engine/graph.h)", "cadical"},
            {"cuts-plain", "the same without the clause per cell (no cell alone): every block left to the cut clauses", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 1, 5000, kMaxSide, b->lat, b->number);
    const auto rows = pencil::char_rows(root.at("colours"), 1, kMaxSide, "cells");
    if (static_cast<int>(rows.size()) != b->lat.rows)
      root.at("colours").fail("input.shape", fmt::format("{} rows, as many as grid has ({})", rows.size(), b->lat.rows));
    for (const auto& [row, s] : rows) {
      if (static_cast<int>(s.size()) != b->lat.cols)
        row.fail("input.shape", fmt::format("{}, grid's rows have {}", plural(s.size(), "cell"), b->lat.cols));
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (s[k] != '#' && s[k] != '.')
          row.fail("input.value", fmt::format("character {}: {} ('.' white, '#' grey)", k + 1, quote_input(std::string(1, s[k]))));
        b->grey.push_back(s[k] == '#');
      }
    }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    std::vector<Expr> join;
    for (int s = 0; s < L.steps(); ++s) {
      join.push_back(ctx.bool_const(fmt::format("join_{}", s).c_str()));
      enc.decision_vars.push_back(join.back());
    }
    // A block has two halves: no cell stands alone.
    const std::size_t first = enc.rules.size();
    for (int r = 0; r < L.rows && encoding != "cuts-plain"; ++r)
      for (int c = 0; c < L.cols; ++c) {
        ExprVector any(ctx);
        for (int s : L.cell_steps(r, c))
          if (s >= 0) any.push_back(join[static_cast<std::size_t>(s)]);
        enc.rules.push_back(any.empty() ? ctx.bool_val(false) : mk_or(any));
      }
    graph::Rule blocks;
    blocks.kind = graph::RuleKind::CheckedAreas;
    blocks.name = "each block is a white half and a grey half of one shape";
    blocks.graph = L.cell_graph();
    blocks.edge_lits = join;
    blocks.area_ok = [board = std::make_shared<Board>(b)](const std::vector<int>& vertices) {
      std::vector<Cell> cells;
      for (int v : vertices) cells.push_back(board->lat.cell_at(v));
      return block_fault(*board, cells).empty();
    };
    enc.lazy_rules.push_back(std::move(blocks));
    enc.name_rules(first, [] { return Encoding::RuleGroup{"rule/block", "each block is a white half and a grey half of one shape", {}}; });
    eo.check_deadline();
    // The numbers: "the half of this cell has n cells", labels of a sized-areas rule over the steps between cells of one colour.
    graph::Rule sizes;
    sizes.kind = graph::RuleKind::SizedAreas;
    sizes.name = "a number is the size of its half";
    sizes.graph = L.cell_graph();
    for (int s = 0; s < L.steps(); ++s) {
      const auto [u, v] = sizes.graph.edges[static_cast<std::size_t>(s)];
      sizes.edge_lits.push_back(b.grey[static_cast<std::size_t>(u)] == b.grey[static_cast<std::size_t>(v)] ? join[static_cast<std::size_t>(s)]
                                                                                                          : ctx.bool_val(false));
    }
    for (int i = 0; i < L.cells(); ++i) {
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n <= 0) continue;
      const Cell c = L.cell_at(i);
      const Expr label = ctx.bool_const(fmt::format("half_{}_{}", n, cell_label(c)).c_str());
      sizes.vertex_lits.push_back(label);
      sizes.labels.push_back({i, n});
      enc.clues.push_back(Clue{number_id(c), number_label(c, n), label, {c}, {}, {}});
    }
    if (!sizes.labels.empty()) enc.lazy_rules.push_back(std::move(sizes));
    pencil::cell_step_places(L, enc);  // places: the cells, each with its steps
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    std::vector<int> block;
    if (solution) {
      int count = 0;
      block = pencil::regions_of_steps(L, steps_of(b, *solution), count);
    }
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) { return pencil::number_text(b.number[static_cast<std::size_t>(L.cell(c.row, c.col))]); };
      g.is_given = [](Cell) { return true; };
      g.filled = [&](Cell c) { return static_cast<bool>(b.grey[static_cast<std::size_t>(L.cell(c.row, c.col))]); };
      g.filled_meaning = "a grey cell";
      if (solution) g.region = [&](Cell c) { return block[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), number_id(c)) != opt.highlight_clues.end();
      };
      apply_marks(g, opt);
      return g.render();
    }
    // Text: '#' before a grey cell's number ('#' alone: grey, no number), and with a solution the blocks' walls.
    return pencil::division_text(
        L,
        [&](int i) {
          const std::string t = pencil::number_text(b.number[static_cast<std::size_t>(i)]);
          return b.grey[static_cast<std::size_t>(i)] ? "#" + t : t;
        },
        block);
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto n = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int x) { return x != pencil::kNoNumber; }));
    const auto grey = static_cast<std::size_t>(std::count(b.grey.begin(), b.grey.end(), true));
    return fmt::format("{}x{} double choco, {}, {}", b.lat.rows, b.lat.cols, plural(grey, "grey cell"), plural(n, "number"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    const auto& L = static_cast<const Board&>(p).lat;
    return fmt::format("{} {} in one block", L.step_label(static_cast<int>(var)), value ? "are" : "are not");
  }
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
        b->lat, edits, [&](int i) { return b->number[static_cast<std::size_t>(i)] > 0; }, number_id,
        [&](int i) { b->number[static_cast<std::size_t>(i)] = pencil::kNoNumber; }, "number");
    return b;
  }

  // Several solutions: a number (its half's size) in a cell without one.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    int count = 0;
    const auto block = pencil::regions_of_steps(L, steps_of(b, solution), count);
    std::vector<ExtraClue> out;
    for (int i = 0; i < L.cells(); ++i) {
      if (b.number[static_cast<std::size_t>(i)] != pencil::kNoNumber) continue;
      int half = 0;
      for (int k = 0; k < L.cells(); ++k)
        half += block[static_cast<std::size_t>(k)] == block[static_cast<std::size_t>(i)] && b.grey[static_cast<std::size_t>(k)] == b.grey[static_cast<std::size_t>(i)];
      const Cell c = L.cell_at(i);
      out.push_back({number_id(c), number_label(c, half), {c}, {{"cell", i}, {"value", half}}});
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->number[x.data.at("cell").get<std::size_t>()] = x.data.at("value").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override { return "every cell already holds a number"; }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));  // extra clues are numbers (extra_clues)
  }
};

}  // namespace

const Encoder& dbchoco_encoder() {
  static const DbchocoEncoder e;
  return e;
}

}  // namespace psmt::dbchoco
