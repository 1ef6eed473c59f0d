#include "encoders/pencil/norinori.h"

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::norinori {
namespace {

class NorinoriEncoder final : public pencil::RegionShadingEncoder<Board> {
 public:
  std::string_view kind() const override { return "norinori"; }
  std::string_view summary() const override {
    return "shade two cells of every region so that the shaded cells form dominoes (puzz.link's norinori)";
  }
  std::vector<std::string> fields() const override { return {"regions"}; }
  std::string schema() const override {
    return R"json({"description": "Norinori (puzz.link's norinori): the board is divided into regions; shade exactly two cells of every region so that every shaded cell has exactly one shaded neighbour (the shaded cells form dominoes, which may cross region borders). Each region's count is a clue (regions/3, named 'region 3 (r1c1-r3c2) holds 2 shaded cells') that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["regions"], "properties": {"regions": )json" +
           pencil::regions_schema("region") +
           R"json(}, "examples": [{"kind": "norinori", "regions": [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]}, {"kind": "norinori", "name": "pzprjs's test puzzle norinori/5/5/cag4ocjo", "source": "https://puzz.link/p?norinori/5/5/cag4ocjo", "regions": [[0, 0, 1, 2, 2], [1, 1, 1, 2, 2], [1, 3, 3, 2, 2], [3, 3, 3, 3, 3], [4, 4, 3, 3, 3]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"counter", "a Bool per cell (shaded); a shaded cell has one shaded neighbour (clauses); two per region as a "
                        "sequential counter", "cadical"},
            {"pairwise", "the same with the regions' counts as plain clauses over subsets", "cadical"}};
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
    // Dominoes: a shaded cell has a shaded neighbour, and never two (one
    // rule, as the rulebook says it).
    const std::size_t dominoes = enc.rules.size();
    const graph::Graph g = L.cell_graph();
    for (int i = 0; i < L.cells(); ++i) {
      const Expr& s = shaded[static_cast<std::size_t>(i)];
      std::vector<Expr> nb;
      for (int e : g.incident[static_cast<std::size_t>(i)]) nb.push_back(shaded[static_cast<std::size_t>(g.other(e, i))]);
      ExprVector some(ctx);
      some.push_back(!s);
      for (const auto& n : nb) some.push_back(n);
      enc.rules.push_back(mk_or(some));
      for (std::size_t x = 0; x < nb.size(); ++x)
        for (std::size_t y = x + 1; y < nb.size(); ++y) enc.rules.push_back(!s || !nb[x] || !nb[y]);
    }
    enc.name_rules(dominoes, [] {
      return Encoding::RuleGroup{"rule/dominoes", "the shaded cells form dominoes (each beside exactly one other)", {}};
    });
    eo.check_deadline();
    const bool pairwise = encoding == "pairwise";
    region_clues(
        b, shaded, enc, [&](int r, const std::vector<Expr>& in) { return pencil::exactly_k(ctx, in, 2, pairwise, fmt::format("region{}!", r)); },
        [&](int r) { return region_label(b, r); });
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return fmt::format("{}x{} norinori, {}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.regions.count()), "region"));
  }
  // A region's count is the rules' (dropped, diagnose may blame it).
  std::string never_redundant(const Puzzle&, const std::string&) const override {
    return "every region holds two shaded cells by the rules: a region's count is no clue a setter can leave out";
  }
  std::string no_extra_clues_reason(const Puzzle&) const override { return "a norinori's only clues are its regions; none can be added"; }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return norinori::check_shading(static_cast<const Board&>(p), shaded);
  }
};

}  // namespace

const Encoder& norinori_encoder() {
  static const NorinoriEncoder e;
  return e;
}

}  // namespace psmt::norinori
