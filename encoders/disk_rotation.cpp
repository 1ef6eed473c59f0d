#include "disk_rotation.h"

#include <algorithm>
#include <fmt/format.h>
#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "grid/token_grid.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::disk_rotation {
namespace {

std::string disk_id(int d) { return fmt::format("disks/{}", d); }

class DiskRotationEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "disk_rotation"; }
  std::string_view summary() const override {
    return "stacked disks with holes: rotate them so every position is covered by exactly one solid area";
  }
  std::vector<std::string> fields() const override { return {"disks", "cover"}; }
  std::string schema() const override {
    return R"json({
 "description": "Stacked disks with holes (the flower disk puzzle): rotate the disks so that every position is covered by exactly one solid area. Rotation r shifts a disk so that position p shows its area (p + r) mod n; the first disk is the fixed reference. Each disk's pattern is a clue whose alternative is the same disk flipped over, so diagnose can find a disk mounted upside down. Solution: {\"rotations\": [r1, r2, ...]}.",
 "required": [
  "disks"
 ],
 "properties": {
  "disks": {
   "$ref": "#/$defs/board",
   "description": "one row per disk (1 to 32), one token per position (2 to 360, the same for every disk): 1 solid, 0 hole"
  },
  "cover": {
   "enum": [
    "exactly",
    "at_least"
   ],
   "default": "exactly",
   "description": "each position is covered by exactly one solid area, or by at least one"
  }
 },
 "examples": [
  {
   "kind": "disk_rotation",
   "disks": [
    "1,1,0,0",
    "0,0,1,1"
   ]
  },
  {
   "kind": "disk_rotation",
   "name": "Flower disk rotation puzzle with the last disk flipped",
   "source": "seed 002, \"Flower disk rotation puzzle solver: Python vs Prolog\"",
   "disks": [
    [
     0,
     0,
     0,
     0,
     0,
     1,
     0,
     1,
     0,
     0,
     1,
     0
    ],
    [
     1,
     0,
     0,
     1,
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     1
    ],
    [
     0,
     1,
     0,
     0,
     0,
     0,
     0,
     1,
     0,
     1,
     0,
     0
    ],
    [
     1,
     0,
     0,
     0,
     0,
     1,
     0,
     0,
     1,
     0,
     0,
     0
    ]
   ],
   "cover": "exactly",
   "expect": {
    "status": "unique",
    "solution": {
     "rotations": [
      0,
      0,
      5,
      11
     ]
    }
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    return {{"bool", "a Bool per disk and rotation, coverage as clauses (QF_FD)"},
            {"int", "an Int rotation per disk, coverage as sums of if-then-else"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto s = std::make_shared<Stack>();
    JsonNode dn = root.at("disks");
    TokenGrid tg = parse_token_grid(dn, kMaxDisks, kMaxPositions, 0, 1);
    for (int d = 0; d < tg.rows; ++d) {
      std::vector<int> disk;
      for (int p = 0; p < tg.cols; ++p) {
        const auto& t = tg.at(d, p);
        if (t.kind != GridToken::Number) dn.fail("input.value", fmt::format("disk {}: \"{}\" is neither 0 (hole) nor 1 (solid)", d + 1, t.text));
        disk.push_back(static_cast<int>(t.number));
      }
      s->disks.push_back(disk);
    }
    if (tg.cols < 2) dn.fail("input.shape", "a disk needs at least 2 positions");
    if (auto c = root.find("cover")) {
      std::string v = c->as_string();
      if (v != "exactly" && v != "at_least") c->fail("input.value", fmt::format("expected \"exactly\" or \"at_least\", found \"{}\"", v));
      s->exactly = v == "exactly";
    }
    return s;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& eo) const override {
    z3::context& ctx = context.z3();
    const auto& s = static_cast<const Stack&>(p);
    Encoding enc(context);
    const int k = static_cast<int>(s.disks.size()), n = s.n();
    const bool boolean = encoding == "bool";
    std::vector<std::vector<z3::expr>> o(k);  // bool: o[d][r]
    std::vector<z3::expr> rot;                // int
    auto rotation_is = [&](int d, int r) -> z3::expr {
      if (d == 0) return ctx.bool_val(r == 0);  // the reference disk
      return boolean ? o[d][r] : rot[d] == r;
    };
    for (int d = 0; d < k; ++d) {
      if (boolean) {
        if (d == 0) {
          for (int r = 0; r < n; ++r) o[0].push_back(ctx.bool_val(r == 0));
          continue;
        }
        z3::expr_vector any(ctx);
        std::vector<unsigned> place;
        const std::size_t first = enc.rules.size();
        for (int r = 0; r < n; ++r) {
          o[d].push_back(ctx.bool_const(fmt::format("rot_{}_{}", d + 1, r).c_str()));
          place.push_back(enc.decision_vars.size());
          enc.decision_vars.push_back(o[d].back());
          any.push_back(o[d].back());
        }
        enc.rules.push_back(z3::mk_or(any));
        at_most_one_pairwise(o[d], enc.rules);
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/disk/{}", d + 1), fmt::format("disk {} is turned by one amount", d + 1),
                                     {Cell{d, 0}}};
        });
        enc.places.push_back(place);
      } else {
        rot.push_back(ctx.int_const(fmt::format("rot_{}", d + 1).c_str()));
        if (d == 0) {
          enc.rules.push_back(rot[0] == 0);
          continue;
        }
        enc.places.push_back({static_cast<unsigned>(enc.decision_vars.size())});
        enc.decision_vars.push_back(rot[d]);
        enc.rules.push_back(rot[d] >= 0 && rot[d] < n);
      }
    }
    // solid[d][p]: disk d shows a solid area at position p; defined by the disk's clue.
    std::vector<std::vector<z3::expr>> solid(k);
    for (int d = 0; d < k; ++d)
      for (int q = 0; q < n; ++q) solid[d].push_back(ctx.bool_const(fmt::format("solid_{}_{}", d + 1, q + 1).c_str()));
    auto pattern = [&](int d, bool flipped) {
      z3::expr_vector all(ctx);
      for (int q = 0; q < n; ++q) {
        z3::expr_vector when(ctx);
        for (int r = 0; r < n; ++r) {
          int area = (q + r) % n;
          if (flipped) area = n - 1 - area;
          if (s.disks[d][area]) when.push_back(rotation_is(d, r));
        }
        all.push_back(solid[d][q] == z3::mk_or(when));
      }
      return z3::mk_and(all);
    };
    for (int q = 0; q < n; ++q) {
      std::vector<z3::expr> lits;
      z3::expr_vector any(ctx);
      for (int d = 0; d < k; ++d) {
        lits.push_back(solid[d][q]);
        any.push_back(solid[d][q]);
      }
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(z3::mk_or(any));
      if (s.exactly) {
        if (boolean) {
          at_most_one_pairwise(lits, enc.rules);
        } else {
          z3::expr c = ctx.int_val(0);
          for (const auto& l : lits) c = c + z3::ite(l, ctx.int_val(1), ctx.int_val(0));
          enc.rules.push_back(c <= 1);
        }
      }
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/position/{}", q + 1),
                                   fmt::format("position {} is covered by {} solid area", q + 1, s.exactly ? "exactly one" : "a"), {}};
      });
    }
    if (boolean) {
      enc.solver_logic = "QF_FD";
      enc.block_true_literals = true;
    }
    for (int d = 0; d < k; ++d) {
      if (!s.wildcard.empty() && s.wildcard[d]) {  // dropped: any pattern; its rotation is then meaningless
        enc.rules.push_back(rotation_is(d, 0));
        continue;
      }
      bool flipped = !s.flipped.empty() && s.flipped[d];
      Clue clue{disk_id(d), fmt::format("disk {}{} as given", d + 1, flipped ? " flipped" : ""), pattern(d, flipped), {}, {}};
      if (eo.alternatives) clue.alternatives.push_back({fmt::format("disk {} flipped over", d + 1), pattern(d, !flipped)});
      enc.clues.push_back(std::move(clue));
    }
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& s = static_cast<const Stack&>(p);
    const int k = static_cast<int>(s.disks.size()), n = s.n();
    std::vector<int> rot(k, 0);
    for (int d = 1; d < k; ++d) {
      if (encoding == "bool") {
        for (int r = 0; r < n; ++r)
          if (values.at((d - 1) * n + r)) rot[d] = r;
      } else {
        rot[d] = static_cast<int>(values.at(d - 1));
      }
    }
    return solution_json(rot);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& s = static_cast<const Stack&>(p);
    node.allow_only({"rotations"});
    std::vector<int> rot;
    for (const auto& r : node.at("rotations").items(s.disks.size())) rot.push_back(static_cast<int>(r.as_int(0, s.n() - 1)));
    if (rot[0] != 0) node.at("rotations").fail("input.value", "the first disk is the reference: its rotation is 0");
    return solution_json(rot);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Stack&>(p), solution);
  }

  std::pair<std::string, std::string> difference_noun() const override { return {"disk", "disks"}; }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    std::vector<std::string> out;
    for (std::size_t d = 0; d < static_cast<const Stack&>(p).disks.size(); ++d)
      if (a["rotations"][d] != b["rotations"][d]) out.push_back(fmt::format("disk{}", d + 1));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& s = static_cast<const Stack&>(p);
    const int k = static_cast<int>(s.disks.size()), n = s.n();
    auto rot = [&](int d) { return solution ? (*solution)["rotations"][d].get<int>() : 0; };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = k + (solution ? 1 : 0);
      g.cols = n;
      g.title = opt.title;
      g.cell_text = [&](Cell c) {
        if (c.row == k) {
          int covered = 0;
          for (int d = 0; d < k; ++d) covered += s.solid(d, c.col, rot(d));
          return std::to_string(covered);
        }
        return s.solid(c.row, c.col, rot(c.row)) ? std::string("1") : std::string("0");
      };
      g.is_given = [&](Cell c) { return c.row < k; };
      g.filled = [&](Cell c) { return c.row < k && s.solid(c.row, c.col, rot(c.row)); };
      g.filled_meaning = "solid (no hole)";
      g.highlighted = [&](Cell c) {  // the disks of a conflict
        return c.row < k && std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), disk_id(c.row)) !=
                                opt.highlight_clues.end();
      };
      for (int d = 0; d < k; ++d) g.footer.push_back(fmt::format("disk {}: rotation {}", d + 1, rot(d)));
      if (solution) g.footer.push_back("last row: how often each position is covered");
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    for (int d = 0; d < k; ++d) {
      out += fmt::format("disk {} {:<14}", d + 1, solution ? fmt::format("(rotation {}):", rot(d)) : std::string(":"));
      for (int q = 0; q < n; ++q) out += s.solid(d, q, rot(d)) ? " 1" : " 0";
      out += "\n";
    }
    if (solution) {
      out += fmt::format("{:<21}", "covered:");
      for (int q = 0; q < n; ++q) {
        int covered = 0;
        for (int d = 0; d < k; ++d) covered += s.solid(d, q, rot(d));
        out += " " + std::to_string(covered);
      }
      out += "\n(disk 1 is the reference: rotating the whole stack gives the same solution)\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& s = static_cast<const Stack&>(p);
    int solid = 0;
    for (const auto& d : s.disks)
      for (int x : d) solid += x;
    return fmt::format("disk rotation: {} disks x {} positions, {} solid areas, cover each position {}; disk 1 fixed as the reference",
                       s.disks.size(), s.n(), solid, s.exactly ? "exactly once" : "at least once");
  }

  std::vector<Place> places(const Puzzle& p) const override {
    std::vector<Place> out;
    for (std::size_t d = 1; d < static_cast<const Stack&>(p).disks.size(); ++d)
      out.push_back({fmt::format("disk{}", d + 1), Cell{static_cast<int>(d), 0}});
    return out;
  }

  // bool: the variables are disk 2's rotations 0..n-1, then disk 3's, ...
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (encoding != "bool") return Encoder::fact_label(p, encoding, var, value, place, position);
    const std::size_t n = static_cast<std::size_t>(static_cast<const Stack&>(p).n());
    return fmt::format("disk {} is {}turned by {}", var / n + 2, value ? "" : "not ", var % n);
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    std::vector<std::string> out;
    for (std::size_t d = 1; d < static_cast<const Stack&>(p).disks.size(); ++d)
      out.push_back(std::to_string(solution["rotations"][d].get<int>()));
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto s = std::make_shared<Stack>(static_cast<const Stack&>(p));
    if (s->flipped.empty()) s->flipped.assign(s->disks.size(), false);
    if (s->wildcard.empty()) s->wildcard.assign(s->disks.size(), false);
    for (const auto& e : edits) {
      int d = -1;
      for (std::size_t k = 0; k < s->disks.size(); ++k)
        if (e.clue_id == disk_id(static_cast<int>(k))) d = static_cast<int>(k);
      if (d < 0) throw InputError("input.value", "#", "no clue " + e.clue_id);
      if (e.alternative < 0) {
        s->wildcard[d] = true;
      } else {
        s->flipped[d] = !s->flipped[d];
      }
    }
    return s;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle&, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    throw UsageError("extra givens are not defined for disk rotation (every disk is already given)");
  }
};

}  // namespace

const Encoder& disk_rotation_encoder() {
  static const DiskRotationEncoder e;
  return e;
}

}  // namespace psmt::disk_rotation
