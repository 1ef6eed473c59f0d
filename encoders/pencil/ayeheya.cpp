#include "encoders/pencil/ayeheya.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::ayeheya {
namespace {

class AyeheyaEncoder final : public pencil::RoomCountEncoder {
 public:
  std::string_view kind() const override { return "ayeheya"; }
  std::string_view summary() const override {
    return "heyawake whose rooms and each room's shading are point symmetric (puzz.link's ayeheya, Ekawayeh)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Ekawayeh (puzz.link's ayeheya): Heyawake's rules (no two shaded cells side by side, the unshaded cells connected, a room's number its shaded cells, no straight run of unshaded cells across two room borders), and the shaded cells of each room are symmetric under a half-turn about the room's centre. Every room must itself be point symmetric (a board with another room is refused). Each room's number is a clue (grid/r2c3, named 'room 7 (3 shaded)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["rooms"], "properties": {)json" +
           pencil::room_board_schema() + pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "ayeheya", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[1, ".", "."], [".", ".", "."], [".", ".", "."]]}, {"kind": "ayeheya", "name": "pzprjs's test puzzle ayeheya/6/6/99aa8c0vu0ufk2k", "source": "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk2k", "rooms": [[0, 0, 1, 1, 1, 2], [0, 0, 1, 1, 1, 3], [4, 4, 5, 5, 6, 6], [7, 7, 5, 5, 6, 6], [7, 7, 8, 8, 8, 8], [7, 7, 9, 10, 10, 10]], "grid": [[".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", 2, ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "heyawake's clauses (a Bool per cell, runs, room counters, the unshaded cells connected by cut clauses "
                     "between checks), and two clauses per pair of cells a half-turn apart in a room", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first unshaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_room_board(root, *b, heyawake::kMaxSide);
    // A room that is not point symmetric fails every answer (pzprjs's
    // checkRoomSymm): the board is not an Ekawayeh.
    const auto partner = half_turn_partner(*b);
    const auto symmetric = symmetric_rooms(*b, partner);
    for (int i = 0; i < b->lat.cells(); ++i) {
      const int room = b->room[static_cast<std::size_t>(i)];
      if (symmetric[static_cast<std::size_t>(room)]) continue;
      const Cell c = b->lat.cell_at(i);
      root.at("rooms").items()[static_cast<std::size_t>(c.row)].fail(
          "input.value", fmt::format("{} is not point symmetric: a half-turn about its centre takes {} to {}, outside it "
                                     "(every room of an Ekawayeh is point symmetric)",
                                     room_name(*b, room), cell_label(c), cell_label(b->lat.cell_at(partner[static_cast<std::size_t>(i)]))));
    }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    heyawake::heyawake_rules(b, shaded, encoding == "eager", ctx, enc, eo);
    const auto partner = half_turn_partner(b);
    std::vector<std::vector<std::pair<int, int>>> pairs(static_cast<std::size_t>(b.rooms));
    for (int i = 0; i < L.cells(); ++i)
      if (i < partner[static_cast<std::size_t>(i)]) pairs[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])].push_back({i, partner[static_cast<std::size_t>(i)]});
    for (int room = 0; room < b.rooms; ++room) {
      const std::size_t first = enc.rules.size();
      std::vector<Cell> cells;
      for (const auto& [i, j] : pairs[static_cast<std::size_t>(room)]) {
        const Expr& a = shaded[static_cast<std::size_t>(i)];
        const Expr& c = shaded[static_cast<std::size_t>(j)];
        enc.rules.push_back(!a || c);
        enc.rules.push_back(a || !c);
        cells.push_back(L.cell_at(i));
        cells.push_back(L.cell_at(j));
      }
      if (enc.rules.size() > first)
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/shading-symmetry/{}", room + 1),
                                     fmt::format("the shading of {} is point symmetric", room_name(b, room)), cells};
        });
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return ayeheya::check_shading(static_cast<const Board&>(p), shaded);
  }
};

}  // namespace

const Encoder& ayeheya_encoder() {
  static const AyeheyaEncoder e;
  return e;
}

}  // namespace psmt::ayeheya
