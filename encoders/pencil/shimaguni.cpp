#include "encoders/pencil/shimaguni.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::shimaguni {
namespace {

class ShimaguniEncoder final : public pencil::RoomCountEncoder {
 public:
  std::string_view kind() const override { return "shimaguni"; }
  std::string_view summary() const override {
    return "one island of shaded cells per room, none touching across a border, neighbouring rooms' islands of "
           "different sizes, a room's number its island's size (puzz.link's shimaguni)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Shimaguni (puzz.link's shimaguni, Islands): the board is divided into rooms; shade cells so that every room holds exactly one island (its shaded cells, at least one, form one connected block), no two shaded cells are side by side across a room border, the islands of two rooms that share a border differ in size, and a room's number is its island's size. Each room's number is a clue (grid/r2c3, where it is drawn; named 'room 7 (3 shaded)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["rooms"], "properties": {)json" +
           pencil::room_board_schema() + pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "shimaguni", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[2, ".", 1], [".", ".", "."], [".", ".", "."]]}, {"kind": "shimaguni", "name": "pzprjs's test puzzle shimaguni/6/6/7fe608s0e3uf3g3g2g43", "source": "https://puzz.link/p?shimaguni/6/6/7fe608s0e3uf3g3g2g43", "rooms": [[0, 0, 0, 1, 2, 3], [4, 4, 5, 1, 2, 3], [4, 4, 5, 1, 2, 2], [5, 5, 5, 1, 2, 2], [6, 6, 6, 6, 6, 6], [6, 6, 7, 7, 7, 7]], "grid": [[3, ".", ".", ".", 3, "."], [2, ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [4, ".", ".", ".", ".", "."], [".", ".", 3, ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per pair across a border and per room; a totalizer per room "
                     "and 'not both of size k' per pair of neighbouring rooms; each room's island connected by cut "
                     "clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with each room's island connected by reachability clauses"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_room_board(root, *b, kMaxSide);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    pencil::not_both_across_borders(b, shaded, "shaded", enc);
    const auto cells = pencil::room_cells(b);
    // Each room's island size in unary: size[r][k-1] is "at least k shaded".
    std::vector<std::vector<Expr>> size;
    for (std::size_t r = 0; r < cells.size(); ++r) {
      eo.check_deadline();
      ExprVector some(ctx), defs(ctx);
      std::vector<std::vector<Expr>> chains;
      for (int i : cells[r]) {
        some.push_back(shaded[static_cast<std::size_t>(i)]);
        chains.push_back({shaded[static_cast<std::size_t>(i)]});
      }
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(mk_or(some));
      enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/island/{}", r + 1), fmt::format("room {} has an island", r + 1), {}}; });
      size.push_back(unary_sum(ctx, chains, static_cast<unsigned>(cells[r].size()), fmt::format("island{}!", r + 1), defs));
      for (const auto& d : defs.items()) enc.rules.push_back(d);
    }
    // Neighbouring rooms' islands differ: never both exactly k.
    for (const auto& [a, c] : pencil::neighbouring_rooms(b)) {
      const auto& A = size[static_cast<std::size_t>(a)];
      const auto& C = size[static_cast<std::size_t>(c)];
      const std::size_t first = enc.rules.size();
      for (std::size_t k = 1; k <= std::min(A.size(), C.size()); ++k) {
        ExprVector clause(ctx);
        clause.push_back(!A[k - 1]);
        clause.push_back(!C[k - 1]);
        if (k < A.size()) clause.push_back(A[k]);
        if (k < C.size()) clause.push_back(C[k]);
        enc.rules.push_back(mk_or(clause));
      }
      // (the rooms' numbers copied: clang before 16 cannot capture a structured binding)
      enc.name_rules(first, [x = a + 1, y = c + 1] {
        return Encoding::RuleGroup{fmt::format("rule/sizes/{}-{}", x, y), fmt::format("the islands of rooms {} and {} differ in size", x, y), {}};
      });
    }
    pencil::connected_in_each_room(b, shaded, "shaded cells", encoding == "eager", ctx, enc);
    eo.check_deadline();
    pencil::room_count_clues(b, shaded, ctx, enc, eo);
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return shimaguni::check_shading(static_cast<const Board&>(p), shaded);
  }
};

}  // namespace

const Encoder& shimaguni_encoder() {
  static const ShimaguniEncoder e;
  return e;
}

}  // namespace psmt::shimaguni
