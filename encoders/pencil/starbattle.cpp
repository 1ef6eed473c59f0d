#include "encoders/pencil/starbattle.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/svg.h"

namespace psmt::starbattle {
namespace {

class StarBattleEncoder final : public pencil::RegionShadingEncoder<Board> {
 public:
  std::string_view kind() const override { return "starbattle"; }
  std::string_view summary() const override {
    return "place stars: the same number in every row, column and region, no two touching, not even diagonally "
           "(puzz.link's starbattle)";
  }
  std::vector<std::string> fields() const override { return {"regions", "stars"}; }
  std::string schema() const override {
    return R"json({"description": "Star Battle (puzz.link's starbattle): the board is divided into regions; place stars so that every row, every column and every region holds exactly 'stars' of them and no two stars touch, not even diagonally. Each region's count is a clue (regions/3, named 'region 3 (r1c1-r3c2) holds 1 star', regions numbered in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' a star and '.' none.", "required": ["regions", "stars"], "properties": {"regions": )json" +
           pencil::regions_schema("region") +
           R"json(, "stars": {"type": "integer", "minimum": 1, "maximum": 50, "description": "how many stars each row, column and region holds"}}, "examples": [{"kind": "starbattle", "regions": [[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 1]], "stars": 1}, {"kind": "starbattle", "name": "pzprjs's test puzzle starbattle/6/6/1/4ilbhgdnmhou", "source": "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "regions": [[0, 0, 0, 1, 1, 1], [0, 1, 1, 1, 2, 2], [0, 3, 3, 4, 4, 2], [5, 5, 3, 3, 4, 2], [5, 4, 4, 4, 4, 2], [5, 2, 2, 2, 2, 2]], "stars": 1, "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"blocks", "a Bool per cell (a star); exactly k per row, column and region as totalizers (trees of merged counts); a "
                       "clause per pair of touching cells; and, implied, two rows (columns) side by side hold their 2k stars in 2k "
                       "different 2x2 blocks of them, counted by totalizers too", "cadical"},
            {"totalizer", "the same without the blocks", "cadical"},
            {"counter", "the same with exactly k as sequential counters", "cadical"},
            {"pairwise", "the same with exactly k as plain clauses over subsets (a counter where they would be too many)", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_region_board(root, *b, kMaxSide);
    // More stars than fit is a puzzle without a solution, not bad input.
    b->stars = static_cast<int>(root.at("stars").as_int(1, 50));
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const pencil::Count how = pencil::count_named(encoding);
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> star = pencil::shading_vars(L, ctx, enc);
    auto lits_of = [&](const std::vector<int>& cells) {
      std::vector<Expr> out;
      for (int c : cells) out.push_back(star[static_cast<std::size_t>(c)]);
      return out;
    };
    const auto lines = pencil::lines(L);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(pencil::exactly_k(ctx, lits_of(lines[k]), b.stars, how, fmt::format("line{}!", k)));
      enc.name_rules(first, [&] {
        std::vector<Cell> cells;
        for (int c : lines[k]) cells.push_back(L.cell_at(c));
        return Encoding::RuleGroup{fmt::format("rule/line/{}", k + 1),
                                   fmt::format("{} holds {}", pencil::line_name(L, k), plural(static_cast<std::size_t>(b.stars), "star")),
                                   cells};
      });
    }
    // Two rows side by side hold 2k stars, at most one in each 2x2 block
    // of them (stars never touch): exactly 2k of those blocks hold one
    // (the same for columns). Implied by the rules; stated, the solver
    // counts blocks as a setter does.
    if (encoding == "blocks") {
      for (int dir = 0; dir < 2; ++dir) {
        const int lines_n = dir == 0 ? L.rows : L.cols, along = dir == 0 ? L.cols : L.rows;
        for (int a = 0; a + 1 < lines_n; ++a) {
          std::vector<Expr> blocks;
          for (int x = 0; x < along; x += 2) {
            ExprVector cells(ctx);
            for (int da = 0; da < 2; ++da)
              for (int dx = 0; dx < 2 && x + dx < along; ++dx)
                cells.push_back(star[static_cast<std::size_t>(dir == 0 ? L.cell(a + da, x + dx) : L.cell(x + dx, a + da))]);
            blocks.push_back(mk_or(cells));
          }
          const std::size_t first = enc.rules.size();
          enc.implied_rules.push_back(static_cast<unsigned>(enc.rules.size()));
          enc.rules.push_back(pencil::exactly_k(ctx, blocks, 2 * b.stars, how, fmt::format("blocks{}_{}!", dir, a)));
          enc.name_rules(first, [&] {
            return Encoding::RuleGroup{fmt::format("rule/blocks/{}/{}", dir == 0 ? "rows" : "cols", a + 1),
                                       fmt::format("{} {} and {} hold their {} in {} different 2x2 blocks", dir == 0 ? "rows" : "columns", a + 1, a + 2,
                                                   plural(static_cast<std::size_t>(2 * b.stars), "star"), 2 * b.stars),
                                       {}};
          });
        }
      }
    }
    // No two stars touch: one rule, as the rulebook says it.
    const std::size_t first_touch = enc.rules.size();
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, -1}, std::pair{1, 0}, std::pair{1, 1}}) {
        const int r = c.row + dr, q = c.col + dc;
        if (r < L.rows && q >= 0 && q < L.cols) enc.rules.push_back(!star[static_cast<std::size_t>(i)] || !star[static_cast<std::size_t>(L.cell(r, q))]);
      }
    }
    enc.name_rules(first_touch, [] { return Encoding::RuleGroup{"rule/touch", "no two stars touch, not even diagonally", {}}; });
    eo.check_deadline();
    region_clues(
        b, star, enc, [&](int r, const std::vector<Expr>& in) { return pencil::exactly_k(ctx, in, b.stars, how, fmt::format("region{}!", r)); },
        [&](int r) { return region_label(b, r); });
    pencil::given_clues(b, star, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return fmt::format("{}x{} star battle, {} per line and region, {}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.stars), "star"),
                       plural(static_cast<std::size_t>(b.regions.count()), "region"));
  }

  // A region's count is the rules' (dropped, diagnose may blame it).
  std::string never_redundant(const Puzzle&, const std::string&) const override {
    return "every region holds the same number of stars by the rules: a region's count is no clue a setter can leave out";
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "a star battle's only clues are its regions and its number of stars; none can be added";
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& star) const override {
    return check_stars(static_cast<const Board&>(p), star);
  }
  const char* marked_word() const override { return "star"; }
  const char* unmarked_word() const override { return "no star"; }
  std::string fact_words(bool marked) const override { return marked ? "holds a star" : "holds no star"; }
  bool fill_marked() const override { return false; }
  void draw_marked(const pencil::ShadeBoard& p, const std::vector<bool>& star, GridSvg& g) const override {
    const auto& L = p.lat;
    bool any = false;
    for (int i = 0; i < L.cells(); ++i) {
      if (!star[static_cast<std::size_t>(i)]) continue;
      g.shapes.push_back(pencil::cell_symbol(L.cell_at(i), "\u2605", 0.6, "#1565c0", "star"));
      any = true;
    }
    if (any) g.legend.emplace_back("star", "#1565c0", "\u2605 a star");
  }
};

}  // namespace

const Encoder& starbattle_encoder() {
  static const StarBattleEncoder e;
  return e;
}

}  // namespace psmt::starbattle
