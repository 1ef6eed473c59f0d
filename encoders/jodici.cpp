#include "io/words.h"
#include "jodici.h"

#include <fmt/format.h>
#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "grid/token_grid.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::jodici {
namespace {

class JodiciEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "jodici"; }
  std::string_view summary() const override {
    return "rings x sectors of digits, each digit used a fixed number of times, sectors and rings with fixed sums";
  }
  std::vector<std::string> fields() const override { return {"grid", "digits", "repeat", "sector_sum", "ring_sum"}; }
  std::string schema() const override {
    return R"json({
 "description": "Jodici: a disc of rings x sectors holding digits lo..hi, every digit used `repeat` times, every sector summing to `sector_sum` and every ring to `ring_sum`. Givens are clues. The defaults are the seed's (3 x 6, digits 1..9 twice, sectors 15, rings 30) scaled to the disc. Solution: {\"rings\": [[...], ...]}.",
 "required": [
  "grid"
 ],
 "properties": {
  "grid": {
   "$ref": "#/$defs/board",
   "description": "one ring per row (1 to 12 rings, 1 to 36 sectors): a digit is a given, _ (or null) a blank; the seed's CSV \"3,7,_,_,_,_\""
  },
  "digits": {
   "type": "array",
   "items": {
    "type": "integer",
    "minimum": 0,
    "maximum": 99
   },
   "minItems": 2,
   "maxItems": 2,
   "default": [
    1,
    9
   ],
   "description": "[lo, hi], the digits used"
  },
  "repeat": {
   "type": "integer",
   "minimum": 1,
   "description": "how often each digit is used; default: fields / digits (required when that does not divide)"
  },
  "sector_sum": {
   "type": "integer",
   "minimum": 0,
   "maximum": 1000000,
   "description": "what every sector sums to; default: the sum of all digits used / sectors"
  },
  "ring_sum": {
   "type": "integer",
   "minimum": 0,
   "maximum": 1000000,
   "description": "what every ring sums to; default: the sum of all digits used / rings"
  }
 },
 "examples": [
  {
   "kind": "jodici",
   "grid": "3,7,_,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_"
  },
  {
   "kind": "jodici",
   "name": "Jodici from \"Jodici solver: Python vs Prolog\"",
   "grid": [
    "3,7,_,_,_,_",
    "_,_,1,5,9,_",
    "6,_,_,_,_,_"
   ],
   "digits": [
    1,
    9
   ],
   "repeat": 2,
   "sector_sum": 15,
   "ring_sum": 30,
   "expect": {
    "status": "unique",
    "solution": {
     "rings": [
      [
       3,
       7,
       5,
       8,
       4,
       3
      ],
      [
       6,
       1,
       1,
       5,
       9,
       8
      ],
      [
       6,
       7,
       9,
       2,
       2,
       4
      ]
     ]
    }
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    // onehot first (the default): check on the seed takes 20 ms against 54 ms for int.
    return {{"onehot", "a Bool per field and digit (clauses); sums and counts as pseudo-Boolean equalities (QF_FD)"},
            {"int", "an Int per field; linear sums; per-digit counts as sums of if-then-else"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto d = std::make_shared<Disc>();
    if (auto dg = root.find("digits")) {
      auto lh = dg->items(2);
      d->lo = static_cast<int>(lh[0].as_int(0, 99));
      d->hi = static_cast<int>(lh[1].as_int(d->lo, 99));
    }
    JsonNode gn = root.at("grid");
    TokenGrid tg = parse_token_grid(gn, kMaxRings, kMaxSectors, d->lo, d->hi);
    d->rings = tg.rows;
    d->sectors = tg.cols;
    for (const auto& t : tg.cells) {
      if (t.kind == GridToken::Symbol)
        gn.fail("input.value", fmt::format("\"{}\" is neither a digit {}..{} nor a blank (_)", t.text, d->lo, d->hi));
      d->given.push_back(t.kind == GridToken::Number);
      d->givens.push_back(t.kind == GridToken::Number ? static_cast<int>(t.number) : 0);
    }
    const int fields = d->rings * d->sectors, digits = d->hi - d->lo + 1;
    d->repeat = fields % digits == 0 ? fields / digits : 1;
    if (auto r = root.find("repeat")) d->repeat = static_cast<int>(r->as_int(1, fields));
    else if (fields % digits != 0)
      gn.fail("input.shape", fmt::format("{} fields cannot hold each of {} digits equally often; say \"repeat\"", fields, digits));
    if (d->repeat * digits != fields)
      root.at("repeat").fail("input.value", fmt::format("{} digits x {} uses is {} fields, the disc has {}", digits, d->repeat,
                                                         digits * d->repeat, fields));
    // Defaults: the seed's sums scale with the disc (every digit `repeat` times).
    int64_t total = 0;
    for (int x = d->lo; x <= d->hi; ++x) total += static_cast<int64_t>(x) * d->repeat;
    d->ring_sum = total / d->rings;
    d->sector_sum = total / d->sectors;
    if (auto s = root.find("ring_sum")) d->ring_sum = s->as_int(0, 1000000);
    if (auto s = root.find("sector_sum")) d->sector_sum = s->as_int(0, 1000000);
    return d;
  }

  // Explanations (onehot): a field's k-th variable says it holds lo + k.
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place || encoding != "onehot") return Encoder::fact_label(p, encoding, var, value, place, position);
    const auto& d = static_cast<const Disc&>(p);
    return fmt::format("{} is {}{}", place->label, value ? "" : "not ", d.lo + static_cast<int>(position));
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& eo) const override {
    z3::context& ctx = context.z3();
    const auto& d = static_cast<const Disc&>(p);
    Encoding enc(context);
    const int F = d.rings * d.sectors;
    const bool onehot = encoding == "onehot";
    std::vector<z3::expr> x;                   // int: the field's Int
    std::vector<std::vector<z3::expr>> b(F);   // onehot: b[f][digit - lo]
    auto is = [&](int f, int v) -> z3::expr {
      if (v < d.lo || v > d.hi) return ctx.bool_val(false);
      return onehot ? b[f][v - d.lo] : x[f] == v;
    };
    for (int f = 0; f < F; ++f) {
      if (onehot) {
        z3::expr_vector any(ctx);
        for (int v = d.lo; v <= d.hi; ++v) {
          b[f].push_back(ctx.bool_const(fmt::format("b_{}_{}", field_label(f / d.sectors, f % d.sectors), v).c_str()));
          enc.decision_vars.push_back(b[f].back());
          any.push_back(b[f].back());
        }
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(z3::mk_or(any));
        at_most_one_pairwise(b[f], enc.rules);
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{"rule/field/" + field_label(f / d.sectors, f % d.sectors),
                                     field_label(f / d.sectors, f % d.sectors) + " holds one digit", {}};
        });
        std::vector<unsigned> place;
        for (int v = d.lo; v <= d.hi; ++v) place.push_back(static_cast<unsigned>(f * (d.hi - d.lo + 1) + (v - d.lo)));
        enc.places.push_back(place);
      } else {
        x.push_back(ctx.int_const(fmt::format("x_{}", field_label(f / d.sectors, f % d.sectors)).c_str()));
        enc.decision_vars.push_back(x.back());
        enc.rules.push_back(x.back() >= d.lo && x.back() <= d.hi);
        enc.places.push_back({static_cast<unsigned>(f)});
      }
    }
    // Weighted sum of a set of fields = target.
    auto sum_is = [&](const std::vector<int>& fs, int64_t target) -> z3::expr {
      if (!onehot) {
        z3::expr s = ctx.int_val(0);
        for (int f : fs) s = s + x[f];
        return s == ctx.int_val(target);
      }
      z3::expr_vector lits(ctx);
      std::vector<int> w;
      for (int f : fs)
        for (int v = d.lo; v <= d.hi; ++v) {
          lits.push_back(b[f][v - d.lo]);
          w.push_back(v);
        }
      if (target > INT32_MAX) return ctx.bool_val(false);
      return z3::pbeq(lits, w.data(), static_cast<int>(target));
    };
    for (int r = 0; r < d.rings; ++r) {
      std::vector<int> fs;
      for (int s = 0; s < d.sectors; ++s) fs.push_back(r * d.sectors + s);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(sum_is(fs, d.ring_sum));
      enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/ring/{}", r + 1), fmt::format("ring {} sums to {}", r + 1, d.ring_sum), {}}; });
    }
    for (int s = 0; s < d.sectors; ++s) {
      std::vector<int> fs;
      for (int r = 0; r < d.rings; ++r) fs.push_back(r * d.sectors + s);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(sum_is(fs, d.sector_sum));
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/sector/{}", s + 1), fmt::format("sector {} sums to {}", s + 1, d.sector_sum), {}};
      });
    }
    for (int v = d.lo; v <= d.hi; ++v) {
      const std::size_t first = enc.rules.size();
      auto name = [&] {
        enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/digit/{}", v), fmt::format("{} is on the disc {} times", v, d.repeat), {}}; });
      };
      if (onehot) {
        z3::expr_vector lits(ctx);
        std::vector<int> ones(F, 1);
        for (int f = 0; f < F; ++f) lits.push_back(b[f][v - d.lo]);
        enc.rules.push_back(z3::pbeq(lits, ones.data(), d.repeat));
      } else {
        z3::expr c = ctx.int_val(0);
        for (int f = 0; f < F; ++f) c = c + z3::ite(x[f] == v, ctx.int_val(1), ctx.int_val(0));
        enc.rules.push_back(c == d.repeat);
      }
      name();
    }
    if (onehot) {
      enc.solver_logic = "QF_FD";
      enc.block_true_literals = true;
    }
    for (int f = 0; f < F; ++f) {
      if (!d.given[f]) continue;
      int r = f / d.sectors, s = f % d.sectors;
      Clue clue{"grid/" + field_label(r, s), fmt::format("given {} = {}", field_label(r, s), d.givens[f]), is(f, d.givens[f]),
                {Cell{r, s}}, {}};
      if (eo.alternatives)
        for (int v = d.lo; v <= d.hi; ++v)
          clue.alternatives.push_back({fmt::format("given {} = {}", field_label(r, s), v), is(f, v)});
      enc.clues.push_back(std::move(clue));
    }
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& d = static_cast<const Disc&>(p);
    const int F = d.rings * d.sectors, D = d.hi - d.lo + 1;
    std::vector<int> v(F, 0);
    for (int f = 0; f < F; ++f) {
      if (encoding == "onehot") {
        for (int k = 0; k < D; ++k)
          if (values.at(f * D + k)) v[f] = d.lo + k;
      } else {
        v[f] = static_cast<int>(values.at(f));
      }
    }
    return solution_json(d, v);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& d = static_cast<const Disc&>(p);
    node.allow_only({"rings"});
    std::vector<int> v;
    for (const auto& row : node.at("rings").items(static_cast<std::size_t>(d.rings)))
      for (const auto& x : row.items(static_cast<std::size_t>(d.sectors))) v.push_back(static_cast<int>(x.as_int(d.lo, d.hi)));
    return solution_json(d, v);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Disc&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& d = static_cast<const Disc&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < d.rings; ++r)
      for (int s = 0; s < d.sectors; ++s)
        if (a["rings"][r][s] != b["rings"][r][s]) out.push_back(field_label(r, s));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& d = static_cast<const Disc&>(p);
    auto value = [&](int r, int s) -> std::string {
      if (solution) return std::to_string((*solution)["rings"][r][s].get<int>());
      return d.given[r * d.sectors + s] ? std::to_string(d.at(r, s)) : "_";
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = d.rings;
      g.cols = d.sectors;
      g.title = opt.title;
      g.cell_text = [&](Cell c) {
        std::string v = value(c.row, c.col);
        return v == "_" ? std::string() : v;
      };
      g.is_given = [&](Cell c) { return static_cast<bool>(d.given[c.row * d.sectors + c.col]); };
      g.highlighted = [&](Cell c) {
        for (const auto& h : opt.highlight)
          if (h.row == c.row && h.col == c.col) return true;
        return false;
      };
      g.footer.push_back(fmt::format("rings (rows) sum to {}, sectors (columns) to {}; each digit {}..{} used {} times",
                                     d.ring_sum, d.sector_sum, d.lo, d.hi, d.repeat));
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    for (int r = 0; r < d.rings; ++r) {
      out += fmt::format("ring {}:", r + 1);
      for (int s = 0; s < d.sectors; ++s) out += " " + value(r, s);
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& d = static_cast<const Disc&>(p);
    int givens = 0;
    for (bool g : d.given) givens += g ? 1 : 0;
    return fmt::format("jodici: {} rings x {} sectors, digits {}..{} each {} times, rings sum to {}, sectors to {}, {}",
                       d.rings, d.sectors, d.lo, d.hi, d.repeat, d.ring_sum, d.sector_sum, plural(static_cast<std::size_t>(givens), "given"));
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& d = static_cast<const Disc&>(p);
    std::vector<Place> out;
    for (int r = 0; r < d.rings; ++r)
      for (int s = 0; s < d.sectors; ++s) out.push_back({field_label(r, s), Cell{r, s}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& d = static_cast<const Disc&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < d.rings; ++r)
      for (int s = 0; s < d.sectors; ++s) out.push_back(std::to_string(solution["rings"][r][s].get<int>()));
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto d = std::make_shared<Disc>(static_cast<const Disc&>(p));
    for (const auto& e : edits) {
      int f = -1;
      for (int k = 0; k < d->rings * d->sectors; ++k)
        if (e.clue_id == "grid/" + field_label(k / d->sectors, k % d->sectors)) f = k;
      if (f < 0 || !d->given[f]) throw InputError("input.value", "#", "no clue " + e.clue_id);
      if (e.alternative < 0) {
        d->given[f] = false;
        d->givens[f] = 0;
      } else {
        d->givens[f] = d->lo + e.alternative;
      }
    }
    return d;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto d = std::make_shared<Disc>(static_cast<const Disc&>(p));
    for (auto i : place_indices) {
      int r = static_cast<int>(i) / d->sectors, s = static_cast<int>(i) % d->sectors;
      d->given[i] = true;
      d->givens[i] = solution["rings"][r][s].get<int>();
      if (labels) labels->push_back(fmt::format("given {} = {}", field_label(r, s), d->givens[i]));
    }
    return d;
  }
};

}  // namespace

const Encoder& jodici_encoder() {
  static const JodiciEncoder e;
  return e;
}

}  // namespace psmt::jodici
