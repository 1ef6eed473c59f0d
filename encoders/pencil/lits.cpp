#include "encoders/pencil/lits.h"

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::lits {
namespace {

class LitsEncoder final : public pencil::RegionShadingEncoder<Board> {
 public:
  std::string_view kind() const override { return "lits"; }
  std::string_view summary() const override {
    return "shade a tetromino in every region, all shaded cells connected, no shaded 2x2, equal shapes never touching "
           "across a border (puzz.link's lits)";
  }
  std::vector<std::string> fields() const override { return {"regions"}; }
  std::string schema() const override {
    return R"json({"description": "LITS (puzz.link's lits): the board is divided into regions; shade four connected cells in every region (a tetromino: L, I, T or S, turned or mirrored) so that all shaded cells are connected, no 2x2 block is all shaded, and two tetrominoes of the same shape never touch across a region border. Each region's tetromino is a clue (regions/3, named 'region 3 (r1c1-r3c2) holds a tetromino') that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["regions"], "properties": {"regions": )json" +
           pencil::regions_schema("region") +
           R"json(}, "examples": [{"kind": "lits", "regions": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]}, {"kind": "lits", "name": "pzprjs's test puzzle lits/4/4/9q02jg", "source": "https://puzz.link/p?lits/4/4/9q02jg", "regions": [[0, 0, 1, 1], [0, 0, 1, 2], [0, 1, 1, 2], [2, 2, 2, 2]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded) and per tetromino placed in a region; touching placements of one shape "
                     "exclude each other; no shaded 2x2; connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first shaded cell", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_region_board(root, *b, kMaxSide);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    // Each region's placements.
    struct Placed {
      Placement where;
      int region;
      Expr lit;
    };
    std::vector<Placed> all;
    std::vector<std::vector<std::size_t>> of_region(static_cast<std::size_t>(b.regions.count()));
    for (int r = 0; r < b.regions.count(); ++r) {
      eo.check_deadline();
      for (auto& pl : placements_in(L, b.regions.cells[static_cast<std::size_t>(r)])) {
        of_region[static_cast<std::size_t>(r)].push_back(all.size());
        all.push_back({pl, r, ctx.bool_const(fmt::format("tetromino!{}", all.size()).c_str())});
      }
    }
    // Placements of one shape in neighbouring regions that touch.
    std::vector<int> placed_at(static_cast<std::size_t>(L.cells()), -1);
    for (std::size_t x = 0; x < all.size(); ++x)
      for (std::size_t y = x + 1; y < all.size(); ++y) {
        const auto& a = all[x];
        const auto& c = all[y];
        if (a.region == c.region || a.where.shape != c.where.shape) continue;
        bool touch = false;
        for (int u : a.where.cells)
          for (int v : c.where.cells) {
            const Cell cu = L.cell_at(u), cv = L.cell_at(v);
            touch = touch || std::abs(cu.row - cv.row) + std::abs(cu.col - cv.col) == 1;
          }
        if (touch) enc.rules.push_back(!a.lit || !c.lit);
      }
    pencil::no_2x2(L, shaded, ctx, enc);
    pencil::cells_connected(L, shaded, "the shaded cells are connected", encoding == "eager", ctx, enc, "black!");
    // Each region: exactly one tetromino, and its shaded cells are the
    // tetromino's (the region's clue).
    region_clues(
        b, shaded, enc,
        [&](int r, const std::vector<Expr>&) {
          ExprVector parts(ctx), one(ctx);
          const auto& mine = of_region[static_cast<std::size_t>(r)];
          for (std::size_t x : mine) one.push_back(all[x].lit);
          parts.push_back(mk_or(one));
          for (std::size_t i = 0; i < mine.size(); ++i)
            for (std::size_t j = i + 1; j < mine.size(); ++j) parts.push_back(!all[mine[i]].lit || !all[mine[j]].lit);
          for (int cell : b.regions.cells[static_cast<std::size_t>(r)]) {
            ExprVector covering(ctx);
            for (std::size_t x : mine)
              if (std::find(all[x].where.cells.begin(), all[x].where.cells.end(), cell) != all[x].where.cells.end()) {
                covering.push_back(all[x].lit);
                parts.push_back(!all[x].lit || shaded[static_cast<std::size_t>(cell)]);
              }
            covering.push_back(!shaded[static_cast<std::size_t>(cell)]);
            parts.push_back(mk_or(covering));
          }
          return mk_and(parts);
        },
        [&](int r) { return region_label(b, r); });
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return fmt::format("{}x{} LITS, {}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.regions.count()), "region"));
  }
  std::string no_extra_clues_reason(const Puzzle&) const override { return "a LITS's only clues are its regions; none can be added"; }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return lits::check_shading(static_cast<const Board&>(p), shaded);
  }
};

}  // namespace

const Encoder& lits_encoder() {
  static const LitsEncoder e;
  return e;
}

}  // namespace psmt::lits
