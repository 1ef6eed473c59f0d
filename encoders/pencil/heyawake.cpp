#include "encoders/pencil/heyawake.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::heyawake {

void heyawake_rules(const Board& b, const std::vector<Expr>& shaded, bool eager, Context& ctx, Encoding& enc, const EncodeOptions& eo) {
  const auto& L = b.lat;
  pencil::unshaded_area(L, shaded, eager, ctx, enc);
  // No unshaded run across two borders: between neighbouring borders of a
  // line, from the cell before the first to the cell after the second.
  for (const auto& cells : pencil::lines(L)) {
    std::vector<std::size_t> border;  // border k lies between cells[k] and cells[k+1]
    for (std::size_t k = 0; k + 1 < cells.size(); ++k)
      if (b.room[static_cast<std::size_t>(cells[k])] != b.room[static_cast<std::size_t>(cells[k + 1])]) border.push_back(k);
    for (std::size_t j = 0; j + 1 < border.size(); ++j) {
      ExprVector any(ctx);
      const std::size_t first = enc.rules.size();
      for (std::size_t k = border[j]; k <= border[j + 1] + 1; ++k) any.push_back(shaded[static_cast<std::size_t>(cells[k])]);
      enc.rules.push_back(mk_or(any));
      enc.name_rules(first, [&] {
        std::vector<Cell> run;
        for (std::size_t k = border[j]; k <= border[j + 1] + 1; ++k) run.push_back(L.cell_at(cells[k]));
        const std::string span = fmt::format("{}-{}", cell_label(run.front()), cell_label(run.back()));
        return Encoding::RuleGroup{"rule/run-across-rooms/" + span,
                                   fmt::format("{} is not all unshaded (no unshaded run across two room borders)", span), run};
      });
    }
  }
  eo.check_deadline();
  pencil::room_count_clues(b, shaded, ctx, enc, eo);
}

namespace {

class HeyawakeEncoder final : public pencil::RoomCountEncoder {
 public:
  std::string_view kind() const override { return "heyawake"; }
  std::string_view summary() const override {
    return "shade cells in rooms: no two side by side, the unshaded ones connected, a room's number its shaded cells, "
           "no unshaded run across two room borders (puzz.link's heyawake)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Heyawake (puzz.link's heyawake): the board is divided into rooms; shade cells so that no two shaded cells are side by side, the unshaded cells are connected, a room's number is how many of its cells are shaded, and no straight run of unshaded cells crosses two room borders. Each room's number is a clue (grid/r2c3, where it is drawn; named 'room 7 (3 shaded)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["rooms"], "properties": {)json" +
           pencil::room_board_schema() +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "heyawake", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[1, ".", 1], [".", ".", "."], [".", ".", "."]]}, {"kind": "heyawake", "name": "pzprjs's test puzzle heyawake/6/6/lll155007rs12222j", "source": "https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "rooms": [[0, 1, 1, 2, 2, 3], [0, 1, 1, 2, 2, 3], [0, 1, 1, 2, 2, 3], [4, 4, 4, 4, 4, 3], [5, 5, 5, 6, 6, 3], [5, 5, 5, 6, 6, 7]], "grid": [[2, 2, ".", 2, ".", 2], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per pair of neighbouring borders; room counts as sequential "
                     "counters; the unshaded cells connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first unshaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_room_board(root, *b, kMaxSide);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(b.lat, ctx, enc);
    heyawake_rules(b, shaded, encoding == "eager", ctx, enc, eo);
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return heyawake::check_shading(static_cast<const Board&>(p), shaded);
  }
};

}  // namespace

const Encoder& heyawake_encoder() {
  static const HeyawakeEncoder e;
  return e;
}

}  // namespace psmt::heyawake
