#include "encoders/pencil/tapa.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/json_node.h"
#include "io/words.h"

namespace psmt::tapa {
namespace {

// Every clue there is (the runs round a cell with all eight neighbours), in
// clues_that_fit's order: an extra clue's value is its index here.
const std::vector<std::vector<int>>& every_clue() {
  static const std::vector<std::vector<int>> all = clues_that_fit(pencil::Lattice{3, 3}, 4);
  return all;
}

// The clues a clue can be changed to: those its cell's neighbours can show,
// the clue itself left out.
std::vector<std::vector<int>> alternatives(const pencil::Lattice& L, int cell, const std::vector<int>& clue) {
  auto out = clues_that_fit(L, cell);
  out.erase(std::remove(out.begin(), out.end(), clue), out.end());
  return out;
}

// A clue as written: a number 0-8, "?", or 1 to 4 numbers (1-8) and "?"s,
// each run with the gap after it fitting round the cell.
std::vector<int> read_clue(const JsonNode& e) {
  auto one = [](const JsonNode& v, int lo) {
    if (v.is_number()) return static_cast<int>(v.as_int(lo, 8));
    if (v.as_string() != "?") v.fail("input.value", fmt::format("{}: a number or '?'", quote_input(v.as_string())));
    return kAnyRun;
  };
  if (!e.is_array()) return {one(e, 0)};
  const auto items = e.items();
  if (items.empty() || items.size() > 4) e.fail("input.shape", "a clue of 1 to 4 numbers");
  std::vector<int> out;
  int room = 0;
  for (const auto& v : items) {
    out.push_back(one(v, items.size() == 1 ? 0 : 1));
    room += (out.back() == kAnyRun ? 1 : out.back()) + (items.size() > 1 ? 1 : 0);
  }
  if (room > 8) e.fail("input.value", fmt::format("clue {}: its runs and the gaps between them need {} cells round a cell, which has 8", clue_text(out), room));
  return out;
}

class TapaEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "tapa"; }
  std::string_view summary() const override {
    return "shade cells, the shaded ones connected without a 2x2 block; a clue's numbers are the runs of shaded cells "
           "round its cell (puzz.link's tapa)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Tapa (puzz.link's tapa): shade cells so that the shaded cells are connected and no 2x2 block is all shaded; a clue's cell is unshaded, and its numbers are the lengths of the runs of shaded cells among its eight neighbours, read round the cell, in any order ('?' a run of any length, 0 no shaded neighbour). Each clue is a clue (grid/r2c3) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, a clue: a number 0-8, '?', or an array of 1 to 4 numbers (1-8) and '?'s whose runs and gaps fit round a cell", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 0, "maximum": 8}, {"type": "array", "minItems": 1, "maxItems": 4, "items": {"anyOf": [{"const": "?"}, {"type": "integer", "minimum": 0, "maximum": 8}]}}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "tapa", "grid": [[".", ".", "."], [".", [1, 1], "."], [".", ".", "."]]}, {"kind": "tapa", "name": "pzprjs's test puzzle tapa/5/5/3n5hchhajn2", "source": "https://puzz.link/p?tapa/5/5/3n5hchhajn2", "grid": [[3, ".", ".", ".", "."], [".", ".", ".", ".", 5], [".", ".", [3, 1, 1], ".", "."], [[3, 1], ".", ".", ".", "."], [".", ".", ".", ".", 2]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per 2x2 block; a clue as a clause against each arrangement of its "
                     "neighbours that shows other runs; the shaded cells connected by cut clauses between checks "
                     "(engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first shaded cell", "cadical"}};
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
      for (const auto& e : cells) b->clue.push_back(e.is_string() && e.as_string() == "." ? std::vector<int>{} : read_clue(e));
    }
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    pencil::some_shaded(shaded, ctx, enc);
    pencil::no_2x2(L, shaded, ctx, enc);
    pencil::cells_connected(L, shaded, "the shaded cells are connected", encoding == "eager", ctx, enc, "black!");
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const auto& clue = b.clue[static_cast<std::size_t>(i)];
      if (clue.empty()) continue;
      enc.rules.push_back(!shaded[static_cast<std::size_t>(i)]);  // a clue's cell is unshaded
      const auto around = ring(L, i);
      // Each arrangement of the neighbours on the board: as literals, and
      // the runs it shows.
      std::vector<std::pair<ExprVector, std::vector<int>>> arrangements;
      for (unsigned mask = 0; mask < 256; ++mask) {
        std::vector<bool> on(8);
        ExprVector lits(ctx);
        bool fits = true;
        for (std::size_t k = 0; k < 8 && fits; ++k) {
          on[k] = mask >> k & 1u;
          if (around[k] < 0) fits = !on[k];
          else lits.push_back(on[k] ? shaded[static_cast<std::size_t>(around[k])] : !shaded[static_cast<std::size_t>(around[k])]);
        }
        if (fits) arrangements.emplace_back(lits, runs_round(on));
      }
      // The clue: no arrangement that shows other runs.
      ExprVector forbidden(ctx);
      for (const auto& [lits, got] : arrangements)
        if (!shows(clue, got)) {
          ExprVector clause(ctx);
          for (const auto& l : lits.items()) clause.push_back(!l);
          forbidden.push_back(mk_or(clause));
        }
      const Cell c = L.cell_at(i);
      Clue cl{clue_id(c), clue_label(c, clue), forbidden.empty() ? ctx.bool_val(true) : mk_and(forbidden), {c}, {}};
      if (eo.alternatives)
        for (const auto& alt : alternatives(L, i, clue)) {
          ExprVector any(ctx);
          for (const auto& [lits, got] : arrangements)
            if (got == alt) any.push_back(mk_and(lits));
          cl.alternatives.push_back({clue_label(c, alt), mk_or(any)});
        }
      enc.clues.push_back(std::move(cl));
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto clues = static_cast<std::size_t>(std::count_if(b.clue.begin(), b.clue.end(), [](const auto& c) { return !c.empty(); }));
    return fmt::format("{}x{} tapa, {}", b.lat.rows, b.lat.cols, plural(clues, "clue"));
  }

 protected:
  // Extra clues: at an unshaded cell without a clue, the runs round it (the
  // value is the clue's index in every_clue()).
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    const auto& all = every_clue();
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.clue[static_cast<std::size_t>(i)].empty() && !shaded[static_cast<std::size_t>(i)])
        out.emplace_back(i, static_cast<int>(std::find(all.begin(), all.end(), runs(b.lat, shaded, i)) - all.begin()));
    return out;
  }
  void write_number(pencil::ShadeBoard& p, int cell, int value) const override {
    static_cast<Board&>(p).clue[static_cast<std::size_t>(cell)] = every_clue()[static_cast<std::size_t>(value)];
  }
  std::string number_words(const pencil::ShadeBoard& p, int cell, int value) const override {
    return clue_label(p.lat.cell_at(cell), every_clue()[static_cast<std::size_t>(value)]);
  }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override { return "every unshaded cell already holds a clue"; }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return tapa::check_shading(static_cast<const Board&>(p), shaded);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    std::string out;
    for (int v : static_cast<const Board&>(p).clue[static_cast<std::size_t>(i)]) out += v == kAnyRun ? std::string("?") : std::to_string(v);
    return out;
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return static_cast<const Board&>(p).clue[static_cast<std::size_t>(i)].empty() ? std::string() : clue_id(p.lat.cell_at(i));
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    for (int i = 0; i < b.lat.cells(); ++i) {
      auto& clue = b.clue[static_cast<std::size_t>(i)];
      if (clue.empty() || clue_id(b.lat.cell_at(i)) != e.clue_id) continue;
      if (e.alternative < 0) {
        clue.clear();
        return true;
      }
      const auto alts = alternatives(b.lat, i, clue);
      if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
      clue = alts[static_cast<std::size_t>(e.alternative)];
      return true;
    }
    return false;
  }
};

}  // namespace

const Encoder& tapa_encoder() {
  static const TapaEncoder e;
  return e;
}

}  // namespace psmt::tapa
