#include "encoders/pencil/country.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::country {
namespace {

class CountryEncoder final : public pencil::BooleanEncoder<Board> {
 public:
  std::string_view kind() const override { return "country"; }
  std::string_view summary() const override {
    return "one loop through cell centres that passes through every room once, a room's number its cells on the loop, "
           "no two empty cells side by side across a border (puzz.link's country, Country Road)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "empty_rooms"}; }
  std::string schema() const override {
    return R"json({"description": "Country Road (puzz.link's country): the board is divided into rooms; draw one loop through the centres of cells, moving orthogonally, never branching or crossing, that passes through every room exactly once (with empty_rooms, some rooms may be left out); a room's number is how many of its cells the loop visits; two cells the loop leaves empty are never side by side across a room border. Each room's number is a clue (grid/r2c3, where it is drawn; named 'room 7 (3 on the loop)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: the loop as drawn, 2*rows-1 strings: 'o' a cell the loop visits, '.' one it does not, '-' and '|' its steps.", "required": ["rooms"], "properties": {)json" +
           pencil::room_board_schema() +
           R"json("empty_rooms": {"type": "boolean", "description": "a room may be left unvisited (puzz.link's flag e; false unless given)"}}, "examples": [{"kind": "country", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[3, ".", 2], [".", ".", "."], [".", ".", "."]]}, {"kind": "country", "name": "pzprjs's test puzzle country/5/5/amda0uf02h12h", "source": "https://puzz.link/p?country/5/5/amda0uf02h12h", "rooms": [[0, 0, 1, 1, 2], [0, 0, 1, 1, 2], [3, 4, 4, 4, 2], [3, 5, 5, 6, 6], [3, 5, 5, 6, 6]], "grid": [[2, ".", ".", ".", "."], [".", ".", ".", ".", "."], [1, 2, ".", ".", "."], [".", ".", ".", ".", "."], [".", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per step between neighbouring cells; degree 0 or 2 at every cell, at most two steps across a "
                     "room's border, a visited cell per room and per pair across a border, room counters, as clauses; one "
                     "loop by cut clauses added between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with the loop's connectedness as clauses (reachability from its first cell)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_room_board(root, *b, kMaxSide, kOnTheLoop);
    if (auto f = root.find("empty_rooms")) b->empty_rooms = f->as_bool();
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> step = pencil::loop_step_vars(L, ctx, enc);
    eo.check_deadline();
    // A cell is visited when one of its steps is (degree 0 or 2).
    std::vector<Expr> visited;
    ExprVector any(ctx);
    for (int r = 0; r < L.rows; ++r)
      for (int c = 0; c < L.cols; ++c) {
        std::vector<Expr> at;
        ExprVector some(ctx);
        for (int s : L.cell_steps(r, c))
          if (s >= 0) {
            at.push_back(step[static_cast<std::size_t>(s)]);
            some.push_back(at.back());
          }
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(pencil::none_or_two(ctx, at, false));
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/cell/r{}c{}", r + 1, c + 1),
                                     fmt::format("the loop passes through or misses r{}c{} (two steps or none)", r + 1, c + 1), {{r, c}}};
        });
        visited.push_back(mk_or(some));
      }
    for (const auto& s : step) any.push_back(s);
    const std::size_t first_any = enc.rules.size();
    enc.rules.push_back(mk_or(any));
    enc.name_rules(first_any, [] { return Encoding::RuleGroup{"rule/some-step", "there is a loop", {}}; });
    const auto crossing = border_steps(b);
    const auto cells = pencil::room_cells(b);
    for (int room = 0; room < b.rooms; ++room) {
      std::vector<Expr> across;
      for (int s : crossing[static_cast<std::size_t>(room)]) across.push_back(step[static_cast<std::size_t>(s)]);
      const std::size_t first = enc.rules.size();
      if (across.size() > 2) {
        ExprVector out(ctx);
        at_most_k(ctx, across, 2, fmt::format("pass{}!", room + 1), out);
        for (const auto& e : out.items()) enc.rules.push_back(e);
      }
      if (!b.empty_rooms) {
        ExprVector some(ctx);
        for (int i : cells[static_cast<std::size_t>(room)]) some.push_back(visited[static_cast<std::size_t>(i)]);
        enc.rules.push_back(mk_or(some));
      }
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/pass-once/{}", room + 1),
                                   fmt::format("the loop passes through room {} {}", room + 1, b.empty_rooms ? "at most once" : "once"), {}};
      });
    }
    std::vector<Expr> empty;
    for (const auto& v : visited) empty.push_back(!v);
    pencil::not_both_across_borders(b, empty, "empty", enc);
    pencil::one_loop(L, step, encoding == "eager", ctx, enc);
    eo.check_deadline();
    pencil::room_count_clues(b, visited, ctx, enc, eo, kOnTheLoop);
    pencil::cell_step_places(L, enc);
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<bool> on = solution ? steps_of(b, *solution) : std::vector<bool>(static_cast<std::size_t>(L.steps()), false);
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) { return pencil::number_text(b.number[static_cast<std::size_t>(L.cell(c.row, c.col))]); };
      g.is_given = [](Cell) { return true; };
      g.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) || std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(),
                                                       pencil::room_number_id(c)) != opt.highlight_clues.end();
      };
      g.region = [&](Cell c) { return b.room[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      for (const auto& line : pencil::loop_shapes(L, on)) g.shapes.push_back(line);
      apply_marks(g, opt);
      return g.render();
    }
    const nlohmann::json drawing = solution_json(b, on);
    std::string out;
    for (int r = 0; r < 2 * L.rows - 1; ++r) {
      std::string s = drawing[static_cast<std::size_t>(r)].get<std::string>();
      if (r % 2 == 0)
        for (int c = 0; c < L.cols; ++c) {
          const int n = b.number[static_cast<std::size_t>(L.cell(r / 2, c))];
          if (n >= 0 && n < 10) s[static_cast<std::size_t>(2 * c)] = static_cast<char>('0' + n);
        }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n >= 0; }));
    return fmt::format("{}x{} country road, {}, {}{}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.rooms), "room"),
                       plural(numbers, "number"), b.empty_rooms ? " (rooms may be left empty)" : "");
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  std::string fact_label(const Puzzle& p, std::string_view, std::size_t var, bool value, const Place*, std::size_t) const override {
    return pencil::step_fact(static_cast<const Board&>(p).lat, var, value);
  }
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    return pencil::loop_passes(b.lat, steps_of(b, solution));
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits)
      if (!pencil::edit_room_number(*b, e)) throw InputError("input.value", "#", "no room number " + e.clue_id);
    return b;
  }

  // Several solutions: a room's number, for a room without one (how many of
  // its cells the target's loop visits). No cell is pinned otherwise.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto passes = pencil::loop_passes(b.lat, steps_of(b, solution));
    std::vector<bool> visited;
    for (const auto& v : passes) visited.push_back(v != ".");
    std::vector<ExtraClue> out;
    for (const auto& [cell, n] : pencil::room_numbers_to_add(b, visited)) {
      const Cell c = b.lat.cell_at(cell);
      out.push_back({pencil::room_number_id(c), pencil::room_number_label(b, cell, n, kOnTheLoop), {c}, {{"cell", cell}, {"number", n}}});
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->number[x.data.at("cell").get<std::size_t>()] = x.data.at("number").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override { return "every room already holds its number"; }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }

 protected:
  nlohmann::json write_bools(const Board& b, const std::vector<bool>& on) const override { return solution_json(b, on); }
  std::vector<bool> read_bools(const Board& b, const nlohmann::json& solution) const override { return steps_of(b, solution); }
  std::vector<Violation> check_json(const Board& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace

const Encoder& country_encoder() {
  static const CountryEncoder e;
  return e;
}

}  // namespace psmt::country
