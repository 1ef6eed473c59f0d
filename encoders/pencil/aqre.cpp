#include "encoders/pencil/aqre.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::aqre {
namespace {

class AqreEncoder final : public pencil::RoomCountEncoder {
 public:
  std::string_view kind() const override { return "aqre"; }
  std::string_view summary() const override {
    return "shade cells in rooms: the shaded ones connected, a room's number its shaded cells, no four in a line of one "
           "colour (puzz.link's aqre)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "borders", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Aqre (puzz.link's aqre): the board is divided into rooms; shade cells so that the shaded cells are connected, a room's number is how many of its cells are shaded, and no four cells in a row or column are all shaded or all unshaded. With borders (puzz.link's flag b), two cells side by side across a room border are never the same colour. Each room's number is a clue (grid/r2c3, where it is drawn; named 'room 7 (3 shaded)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["rooms"], "properties": {)json" +
           pencil::room_board_schema() +
           R"json("borders": {"type": "boolean", "description": "cells side by side across a room border differ in colour (false unless given)"}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "aqre", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[2, ".", 1], [".", ".", "."], [".", ".", "."]]}, {"kind": "aqre", "name": "pzprjs's test puzzle aqre/6/6/444400vvo3u0012345g", "source": "https://puzz.link/p?aqre/6/6/444400vvo3u0012345g", "rooms": [[0, 0, 0, 1, 1, 1], [2, 2, 2, 3, 3, 3], [4, 4, 4, 5, 5, 5], [4, 4, 4, 5, 5, 5], [6, 6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6]], "grid": [[0, ".", ".", 1, ".", "."], [2, ".", ".", 3, ".", "."], [4, ".", ".", 5, ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause pair per four cells in a line; room counts as sequential "
                     "counters; the shaded cells connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first shaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_room_board(root, *b, kMaxSide);
    if (auto f = root.find("borders")) b->borders = f->as_bool();
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    // Shaded first at every decision (CaDiCaL's forcephase; its phase is
    // true): a model of scattered shaded pieces (what saved phases drift to
    // under "no four unshaded in a line") asks a cut round for each gap, and
    // a board of few numbers took rounds by the thousand (an empty 16x16
    // 24 s, 20x20 over a minute; 0.26 and 0.24 s so).
    enc.cadical_options.push_back({"forcephase", 1});
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    pencil::cells_connected(L, shaded, "the shaded cells are connected", encoding == "eager", ctx, enc, "black!");
    pencil::no_runs(L, shaded, kLongestRun, ctx, enc);
    if (b.borders)
      for (int i = 0; i < L.cells(); ++i)
        for (int j : L.neighbours(i))
          if (j > i && b.room[static_cast<std::size_t>(i)] != b.room[static_cast<std::size_t>(j)]) {
            const Expr &x = shaded[static_cast<std::size_t>(i)], &y = shaded[static_cast<std::size_t>(j)];
            enc.rules.push_back(x || y);
            enc.rules.push_back(!x || !y);
          }
    eo.check_deadline();
    pencil::room_count_clues(b, shaded, ctx, enc, eo);
    pencil::given_clues(b, shaded, enc);
    return enc;
  }


 protected:
  std::string kind_words(const pencil::RoomBoard& p) const override {
    return static_cast<const Board&>(p).borders ? "aqre (borders)" : "aqre";
  }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return aqre::check_shading(static_cast<const Board&>(p), shaded);
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
};

}  // namespace

const Encoder& aqre_encoder() {
  static const AqreEncoder e;
  return e;
}

}  // namespace psmt::aqre
