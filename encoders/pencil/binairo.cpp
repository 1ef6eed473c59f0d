#include "encoders/pencil/binairo.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::binairo {
namespace {

class BinairoEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "binairo"; }
  std::string_view summary() const override {
    return "fill cells with 0 and 1: as many of each in every line, never three alike in a row, lines distinct when "
           "asked (Tatham's unruly)";
  }
  std::vector<std::string> fields() const override { return {"grid", "unique", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Binairo (Tatham's unruly, also Takuzu): fill every cell with 0 or 1 so that each row and each column holds as many 0s as 1s and no three cells in a row or column are alike; with unique, no two rows and no two columns are the same. Each given digit is a clue (grid/r2c3, '1 at r2c3') that diagnose can blame and drop. Solution: one string per row, '#' a 1 and '.' a 0 (the collection draws 1 black).", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 2, "maxItems": 100, "description": "one string per row (an even number of rows and columns, 2 to 100): '.' empty, '0' or '1' given", "items": {"type": "string", "pattern": "^[.01]+$"}}, "unique": {"type": "boolean", "description": "no two rows and no two columns are the same (false unless given)"}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "binairo", "grid": ["1...", "..0.", ".0..", "...."]}, {"kind": "binairo", "name": "Unruly 8x8dt (the collection's generator)", "source": "unruly:8x8dt:IGABABmabDdbAcacBbe", "grid": ["........", "1......1", "1.11.1..", "........", "..00.0..", ".1...0.0", "1..00..0", ".1.0...."], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"counter", "a Bool per cell (a 1); two clauses per three cells in a line; half of each line as a sequential "
                        "counter; with unique, a difference Bool per cell of two lines, one of them true", "cadical"},
            {"pairwise", "the same with the halves as plain clauses over subsets (a counter where they would be too many)", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const auto rows = pencil::char_rows(root.at("grid"), 2, kMaxSide, "cells");
    L.rows = static_cast<int>(rows.size());
    L.cols = static_cast<int>(rows.front().second.size());
    if (L.rows % 2 || L.cols % 2)
      root.at("grid").fail("input.shape", fmt::format("{}x{}: both sides must be even (half 0s, half 1s)", L.rows, L.cols));
    for (const auto& [node, s] : rows)
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (s[k] != '.' && s[k] != '0' && s[k] != '1')
          node.fail("input.value", fmt::format("character {}: {} ('.' empty, '0' or '1')", k + 1, quote_input(std::string(1, s[k]))));
        b->digit.push_back(s[k] == '.' ? -1 : s[k] - '0');
      }
    if (auto u = root.find("unique")) b->unique = u->as_bool();
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> one = pencil::shading_vars(L, ctx, enc);
    pencil::no_runs(L, one, kLongestRun, ctx, enc, "1s", "0s");
    const auto all = pencil::lines(L);
    for (std::size_t k = 0; k < all.size(); ++k) {
      eo.check_deadline();
      std::vector<Expr> in;
      for (int c : all[k]) in.push_back(one[static_cast<std::size_t>(c)]);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(pencil::exactly_k(ctx, in, static_cast<int>(in.size()) / 2, encoding == "pairwise", fmt::format("line{}!", k + 1)));
      enc.name_rules(first, [&] {
        std::vector<Cell> cells;
        for (int c : all[k]) cells.push_back(L.cell_at(c));
        return Encoding::RuleGroup{fmt::format("rule/half/{}", k + 1), pencil::line_name(L, k) + " holds as many 0s as 1s", cells};
      });
    }
    if (b.unique)
      for (std::size_t x = 0; x < all.size(); ++x)
        for (std::size_t y = x + 1; y < all.size() && (y < static_cast<std::size_t>(L.rows)) == (x < static_cast<std::size_t>(L.rows)); ++y) {
          eo.check_deadline();
          const std::size_t first = enc.rules.size();
          ExprVector differ(ctx);
          for (std::size_t j = 0; j < all[x].size(); ++j) {
            const Expr& u = one[static_cast<std::size_t>(all[x][j])];
            const Expr& v = one[static_cast<std::size_t>(all[y][j])];
            const Expr d = ctx.bool_const(fmt::format("differ_{}_{}_{}!", x + 1, y + 1, j + 1).c_str());
            enc.rules.push_back(!d || u || v);    // d: u and v differ
            enc.rules.push_back(!d || !u || !v);
            differ.push_back(d);
          }
          enc.rules.push_back(mk_or(differ));
          enc.name_rules(first, [&] {
            std::vector<Cell> cells;
            for (int c : all[x]) cells.push_back(L.cell_at(c));
            for (int c : all[y]) cells.push_back(L.cell_at(c));
            return Encoding::RuleGroup{fmt::format("rule/differ/{}/{}", x + 1, y + 1),
                                       fmt::format("{} and {} differ", pencil::line_name(L, x), pencil::line_name(L, y)), cells};
          });
        }
    for (int i = 0; i < L.cells(); ++i) {
      const int d = b.digit[static_cast<std::size_t>(i)];
      if (d < 0) continue;
      const Cell c = L.cell_at(i);
      const Expr& x = one[static_cast<std::size_t>(i)];
      Clue clue{digit_id(c), digit_label(c, d), d ? x : !x, {c}, {}};
      if (eo.alternatives) clue.alternatives.push_back({digit_label(c, 1 - d), d ? !x : x});  // the other digit
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, one, enc);
    return enc;
  }

  // The kind's own search decides check and solve, up to 300,000 lines
  // settled (some 0.3 s); past them, the solver.
  Quick solve_quickly(const Puzzle& p, std::size_t limit, std::vector<nlohmann::json>& solutions) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::vector<bool>> found;
    const BinairoSearch r = search(b, limit, found, 300000);
    if (r == BinairoSearch::Stopped) return Quick::Unknown;
    for (const auto& f : found) solutions.push_back(pencil::shading_json(b.lat, f));
    return r == BinairoSearch::Limit ? Quick::Solved : Quick::None;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto given = static_cast<std::size_t>(std::count_if(b.digit.begin(), b.digit.end(), [](int d) { return d >= 0; }));
    return fmt::format("{}x{} binairo{}, {}", b.lat.rows, b.lat.cols, b.unique ? " (unique lines)" : "", plural(given, "given digit"));
  }

 protected:
  const char* marked_word() const override { return "1"; }
  const char* unmarked_word() const override { return "0"; }
  // Extra clues: a digit in an empty cell, as the solution has it.
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& ones) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.digit[static_cast<std::size_t>(i)] < 0) out.emplace_back(i, ones[static_cast<std::size_t>(i)] ? 1 : 0);
    return out;
  }
  void write_number(pencil::ShadeBoard& p, int cell, int value) const override { static_cast<Board&>(p).digit[static_cast<std::size_t>(cell)] = value; }
  std::string number_words(const pencil::ShadeBoard& p, int cell, int value) const override { return digit_label(p.lat.cell_at(cell), value); }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override { return "every cell already holds its digit"; }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& ones) const override {
    return binairo::check_shading(static_cast<const Board&>(p), ones);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    const int d = static_cast<const Board&>(p).digit[static_cast<std::size_t>(i)];
    return d < 0 ? std::string() : std::to_string(d);
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return static_cast<const Board&>(p).digit[static_cast<std::size_t>(i)] >= 0 ? digit_id(p.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override { return std::make_shared<Board>(static_cast<const Board&>(p)); }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.digit[static_cast<std::size_t>(i)] >= 0 && digit_id(b.lat.cell_at(i)) == e.clue_id) {
        int& d = b.digit[static_cast<std::size_t>(i)];
        if (e.alternative > 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        d = e.alternative == 0 ? 1 - d : -1;  // changed: the other digit; dropped: empty
        return true;
      }
    return false;
  }
};

}  // namespace

const Encoder& binairo_encoder() {
  static const BinairoEncoder e;
  return e;
}

}  // namespace psmt::binairo
