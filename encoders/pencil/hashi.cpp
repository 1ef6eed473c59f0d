#include "encoders/pencil/hashi.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "encoders/pencil/shading.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::hashi {
namespace {

// The numbers diagnose tries instead of n (its "change" repairs): 1 to the
// most an island can take (four sides, max_bridges each), n left out.
std::vector<int> alternatives(const Board& b, int n) { return pencil::other_values(n, 1, 4 * b.max_bridges); }

// The islands of a board as graph vertices, the pairs as its edges.
graph::Graph island_graph(const Board& b, std::vector<int>& index) {
  graph::Graph g;
  index.assign(static_cast<std::size_t>(b.lat.cells()), -1);
  for (int i = 0; i < b.lat.cells(); ++i)
    if (b.number[static_cast<std::size_t>(i)] != kSea) index[static_cast<std::size_t>(i)] = g.vertices++;
  for (const auto& p : b.pairs) g.edges.push_back({index[static_cast<std::size_t>(p.a)], index[static_cast<std::size_t>(p.b)]});
  g.index();
  return g;
}

class HashiEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  // The places are the island pairs a bridge can join ("r1c1-r1c3").
  std::pair<std::string, std::string> difference_noun() const override { return {"bridge", "bridges"}; }
  // Explanations: a place's variable k says "more than k bridges".
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place) return Encoder::fact_label(p, encoding, var, value, place, position);
    const auto& b = static_cast<const Board&>(p);
    const auto k = static_cast<int>(position) + 1;
    if (value) return k == 1 ? place->label + " has a bridge" : k == b.max_bridges ? fmt::format("{} has {} bridges", place->label, k)
                                                                                 : fmt::format("{} has {} bridges or more", place->label, k);
    return k == 1 ? place->label + " has no bridge" : fmt::format("{} has at most {}", place->label, plural(static_cast<std::size_t>(k - 1), "bridge"));
  }
  // Extra clues: a number on an island whose number is not given ("?"): its
  // bridges. A new island would change the bridges, so none is proposed.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto count = counts_of(b, solution);
    std::vector<int> at(static_cast<std::size_t>(b.lat.cells()), 0);
    for (std::size_t q = 0; q < b.pairs.size(); ++q) {
      at[static_cast<std::size_t>(b.pairs[q].a)] += count[q];
      at[static_cast<std::size_t>(b.pairs[q].b)] += count[q];
    }
    std::vector<ExtraClue> out;
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.number[static_cast<std::size_t>(i)] == kUnknown) {
        const Cell c = b.lat.cell_at(i);
        out.push_back({island_id(c), island_label(c, at[static_cast<std::size_t>(i)]), {c}, {{"cell", i}, {"value", at[static_cast<std::size_t>(i)]}}});
      }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->number[x.data.at("cell").get<std::size_t>()] = x.data.at("value").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every island already shows its number, and an island added would change the bridges (only an island whose "
           "number is not given, '?', could be given one)";
  }
  std::string_view kind() const override { return "hashi"; }
  std::string_view summary() const override {
    return "join the islands by straight bridges (at most 2 between two islands, none crossing), an island's number its "
           "bridges, all islands connected (puzz.link's hashikake, Tatham's bridges)";
  }
  std::vector<std::string> fields() const override { return {"grid", "max_bridges", "no_loops", "bridges"}; }
  std::string schema() const override {
    return R"json({"description": "Hashiwokakero (puzz.link's hashikake, Tatham's bridges): join the islands by bridges, each straight between two islands with only sea between them, at most max_bridges between two islands, none crossing; an island's number is how many bridges end there; every island is reached from every other; with no_loops the bridges form no cycle. Each island's number is a clue (grid/r2c3) that diagnose can blame. Solution: the bridges as 'r1c1-r1c5=2', in reading order of the first island.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' sea, a number an island, '?' an island whose number is not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 16}]}}}, "max_bridges": {"type": "integer", "minimum": 1, "maximum": 4, "default": 2, "description": "the most bridges between two islands"}, "no_loops": {"type": "boolean", "default": false, "description": "the bridges form no cycle (Tatham's L)"}, "bridges": {"type": "array", "description": "bridges given: 'r1c1-r1c5=2' (=0: none there)", "items": {"type": "string"}}}, "examples": [{"kind": "hashi", "grid": [[2, ".", 3], [".", ".", "."], [1, ".", 2]]}, {"kind": "hashi", "name": "pzprjs's test puzzle hashikake/5/5/4g2i3h23k3g1g3g4g3", "source": "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3", "grid": [[4, ".", 2, ".", "."], [".", 3, ".", ".", 2], [3, ".", ".", ".", "."], [".", 3, ".", 1, "."], [3, ".", 4, ".", 3]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "Booleans 'at least k bridges' per pair of islands; numbers as sequential counters; crossings as "
                     "clauses; the islands connected (and no cycle) by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses (no cycle: peeling)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 1, 16, kMaxSide, b->lat, b->number);
    if (auto m = root.find("max_bridges")) b->max_bridges = static_cast<int>(m->as_int(1, 4));
    if (auto l = root.find("no_loops")) b->no_loops = l->as_bool();
    index_pairs(*b);
    if (auto list = root.find("bridges")) {
      const auto items = list->items();
      for (std::size_t k = 0; k < items.size(); ++k) {
        const std::string text = items[k].as_string();
        static const std::regex item(R"(r(\d{1,3})c(\d{1,3})-r(\d{1,3})c(\d{1,3})=(\d))");
        std::smatch m;
        if (!std::regex_match(text, m, item)) items[k].fail("input.value", fmt::format("{}: a bridge \"r1c1-r1c5=2\"", quote_input(text)));
        const Cell x{std::stoi(m[1]) - 1, std::stoi(m[2]) - 1}, y{std::stoi(m[3]) - 1, std::stoi(m[4]) - 1};
        std::size_t found = b->pairs.size();
        for (std::size_t q = 0; q < b->pairs.size(); ++q) {
          const Cell a = b->lat.cell_at(b->pairs[q].a), c = b->lat.cell_at(b->pairs[q].b);
          if ((a == x && c == y) || (a == y && c == x)) found = q;
        }
        if (found == b->pairs.size()) items[k].fail("input.value", quote_input(text) + ": these islands do not see each other");
        if (b->given[found] >= 0) items[k].fail("input.value", quote_input(text) + ": given twice");
        const int n = std::stoi(m[5]);
        if (n > b->max_bridges) items[k].fail("input.value", fmt::format("{}: at most {} bridges", quote_input(text), b->max_bridges));
        b->given[found] = n;
      }
    }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const bool eager = encoding == "eager";
    Encoding enc = pencil::new_encoding(ctx);
    // at_least[p][k]: pair p has more than k bridges.
    std::vector<std::vector<Expr>> at_least(b.pairs.size());
    for (std::size_t q = 0; q < b.pairs.size(); ++q) {
      std::vector<unsigned> place;
      for (int k = 0; k < b.max_bridges; ++k) {
        at_least[q].push_back(ctx.bool_const(fmt::format("bridges_{}_ge{}", pair_label(b, b.pairs[q]), k + 1).c_str()));
        place.push_back(enc.decision_vars.size());
        enc.decision_vars.push_back(at_least[q].back());
        if (k > 0) enc.rules.push_back(!at_least[q][static_cast<std::size_t>(k)] || at_least[q][static_cast<std::size_t>(k - 1)]);
      }
      // ("more than 1" implies "more than 0": what the words say, not a rule)
      enc.places.push_back(place);
    }
    // Bridges never cross: one rule, as the rulebook says it.
    const std::size_t crossing = enc.rules.size();
    for (std::size_t q = 0; q < b.pairs.size(); ++q)
      for (std::size_t r = q + 1; r < b.pairs.size(); ++r)
        if (cross(b, b.pairs[q], b.pairs[r])) enc.rules.push_back(!at_least[q][0] || !at_least[r][0]);
    enc.name_rules(crossing, [] { return Encoding::RuleGroup{"rule/no-crossing", "no two bridges cross", {}}; });
    // pzprjs's checkLineExist: an answer draws at least one bridge.
    ExprVector some(ctx);
    for (const auto& q : at_least) some.push_back(q.front());
    const std::size_t any = enc.rules.size();
    enc.rules.push_back(mk_or(some));
    enc.name_rules(any, [] { return Encoding::RuleGroup{"rule/some-bridge", "there is a bridge", {}}; });
    // Islands connected (and no cycle), over the pairs with a bridge.
    std::vector<int> index;
    graph::Rule linked;
    linked.kind = graph::RuleKind::ConnectedEdges;
    linked.name = "the islands are connected";
    linked.graph = island_graph(b, index);
    linked.all_vertices = true;
    for (const auto& lits : at_least) linked.edge_lits.push_back(lits[0]);
    if (linked.graph.vertices > 1) {
      if (eager) graph::encode_eager(linked, ctx, enc.rules, "linked!");
      else enc.lazy_rules.push_back(linked);
    }
    if (b.no_loops) {
      graph::Rule tree = linked;
      tree.kind = graph::RuleKind::Acyclic;
      tree.name = "the bridges form no loop";
      tree.all_vertices = false;
      if (eager) graph::encode_eager(tree, ctx, enc.rules, "tree!");
      else enc.lazy_rules.push_back(tree);
    }
    // The islands' numbers.
    std::vector<std::vector<Expr>> ends(static_cast<std::size_t>(L.cells()));
    for (std::size_t q = 0; q < b.pairs.size(); ++q)
      for (int cell : {b.pairs[q].a, b.pairs[q].b}) ends[static_cast<std::size_t>(cell)].insert(ends[static_cast<std::size_t>(cell)].end(), at_least[q].begin(), at_least[q].end());
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n == kSea || n == kUnknown) continue;
      const Cell c = L.cell_at(i);
      const auto& lits = ends[static_cast<std::size_t>(i)];
      auto count = [&](int v, const std::string& prefix) { return pencil::count_is(ctx, lits, v, prefix); };
      Clue clue{island_id(c), island_label(c, n), count(n, fmt::format("island_r{}c{}!", c.row + 1, c.col + 1)), {c}, {}};
      clue.dropped_label = island_label(c, kUnknown);  // the island stays, its number unknown
      if (eo.alternatives)
        for (int v : alternatives(b, n))
          clue.alternatives.push_back({island_label(c, v), count(v, fmt::format("island_r{}c{}_as{}!", c.row + 1, c.col + 1, v))});
      enc.clues.push_back(std::move(clue));
    }
    // Given bridges.
    for (std::size_t q = 0; q < b.pairs.size(); ++q) {
      const int g = b.given[q];
      if (g < 0) continue;
      ExprVector parts(ctx);
      for (int k = 0; k < b.max_bridges; ++k) parts.push_back(k < g ? at_least[q][static_cast<std::size_t>(k)] : !at_least[q][static_cast<std::size_t>(k)]);
      const Pair& pr = b.pairs[q];
      enc.clues.push_back({given_id(b, pr), given_label(b, pr, g), mk_and(parts), {L.cell_at(pr.a), L.cell_at(pr.b)}, {}});
    }
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = false;
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> count(b.pairs.size(), 0);
    for (std::size_t q = 0; q < b.pairs.size(); ++q)
      for (int k = 0; k < b.max_bridges; ++k) count[q] += values[q * static_cast<std::size_t>(b.max_bridges) + static_cast<std::size_t>(k)] != 0;
    return solution_json(b, count);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> count = solution ? counts_of(b, *solution) : std::vector<int>(b.pairs.size(), 0);
    auto marked = [&](Cell c) {
      return has_cell(opt.highlight, c) ||
             std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), island_id(c)) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [&](Cell c) { return pencil::number_text(b.number[static_cast<std::size_t>(L.cell(c.row, c.col))] == kSea ? pencil::kNoNumber : b.number[static_cast<std::size_t>(L.cell(c.row, c.col))]); };
      g.is_given = [](Cell) { return true; };
      g.highlighted = marked;
      for (std::size_t q = 0; q < b.pairs.size(); ++q)  // bridges first, islands over them
        for (int k = 0; k < count[q]; ++k) {
          const Cell a = L.cell_at(b.pairs[q].a), c = L.cell_at(b.pairs[q].b);
          const double off = (k - (count[q] - 1) / 2.0) * 0.14;
          Shape line;
          line.type = Shape::Type::Line;
          line.points = b.pairs[q].horizontal ? std::vector<std::pair<double, double>>{{a.row + 0.5 + off, a.col + 0.5}, {c.row + 0.5 + off, c.col + 0.5}}
                                              : std::vector<std::pair<double, double>>{{a.row + 0.5, a.col + 0.5 + off}, {c.row + 0.5, c.col + 0.5 + off}};
          line.stroke = "#1565c0";
          line.size = 0.07;
          line.cls = "bridge";
          g.shapes.push_back(line);
        }
      for (int i = 0; i < L.cells(); ++i) {
        if (b.number[static_cast<std::size_t>(i)] == kSea) continue;
        const Cell c = L.cell_at(i);
        g.shapes.push_back(pencil::cell_circle(c, 0.38, marked(c) ? kHighlightFill : "white", "#222", 0.05, "island"));
      }
      apply_marks(g, opt);
      return g.render();
    }
    // Text: three characters per cell (bridge characters are one column
    // wide each); islands' numbers, "-" "=" and "|" "‖" for one and two
    // bridges (≡ ≣ and ⦀ ⁞ for three and four).
    static const char* across[] = {"", "---", "===", "≡≡≡", "≣≣≣"};
    static const char* down[] = {"", "  |", "  ‖", "  ⦀", "  ⁞"};
    // An island's number is padded on its left with the bridge arriving there.
    static const char* pad[] = {" ", "-", "=", "≡", "≣"};
    std::vector<std::string> cell(static_cast<std::size_t>(L.cells()), "  .");
    std::vector<int> from_left(static_cast<std::size_t>(L.cells()), 0);
    for (std::size_t q = 0; q < b.pairs.size(); ++q)
      if (b.pairs[q].horizontal) from_left[static_cast<std::size_t>(b.pairs[q].b)] = count[q];
    for (int i = 0; i < L.cells(); ++i) {
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n == kSea) continue;
      const std::string t = n == kUnknown ? std::string("?") : std::to_string(n);
      std::string& x = cell[static_cast<std::size_t>(i)];
      x.clear();
      for (std::size_t k = t.size(); k < 3; ++k) x += pad[from_left[static_cast<std::size_t>(i)]];
      x += t;
    }
    for (std::size_t q = 0; q < b.pairs.size(); ++q) {
      if (count[q] == 0) continue;
      const Cell a = L.cell_at(b.pairs[q].a), c = L.cell_at(b.pairs[q].b);
      if (b.pairs[q].horizontal)
        for (int k = a.col + 1; k < c.col; ++k) cell[static_cast<std::size_t>(L.cell(a.row, k))] = across[count[q]];
      else
        for (int k = a.row + 1; k < c.row; ++k) cell[static_cast<std::size_t>(L.cell(k, a.col))] = down[count[q]];
    }
    std::string out;
    for (int r = 0; r < L.rows; ++r) {
      for (int c = 0; c < L.cols; ++c) out += cell[static_cast<std::size_t>(L.cell(r, c))];
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto islands = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n != kSea; }));
    return fmt::format("{}x{} hashi, {}{}{}", b.lat.rows, b.lat.cols, plural(islands, "island"),
                       b.max_bridges != 2 ? fmt::format(", up to {} bridges a pair", b.max_bridges) : std::string(),
                       b.no_loops ? ", no loops" : "");
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<Place> out;
    for (const auto& q : b.pairs) out.push_back({pair_label(b, q), b.lat.cell_at(q.a)});
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      if (pencil::edit_number(
              b->lat, b->number, e, [&](int i) { return island_id(b->lat.cell_at(i)); }, kUnknown,
              [&](int, int n) { return alternatives(*b, n); }))
        continue;
      bool found = false;
      for (std::size_t q = 0; q < b->pairs.size() && !found; ++q)
        if (b->given[q] >= 0 && given_id(*b, b->pairs[q]) == e.clue_id) {
          if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          b->given[q] = -1;
          found = true;
        }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution, const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto count = counts_of(*b, solution);
    for (auto q : place_indices) {
      b->given[q] = count[q];
      if (labels) labels->push_back(given_label(*b, b->pairs[q], count[q]));
    }
    return b;
  }
 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override { return counts_of(b, solution); }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override { return solution_json(b, values); }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return check_counts(b, values); }
};

}  // namespace

const Encoder& hashi_encoder() {
  static const HashiEncoder e;
  return e;
}

}  // namespace psmt::hashi
