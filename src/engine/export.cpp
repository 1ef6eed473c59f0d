#include "engine/export.h"

#include <fmt/format.h>
#include <z3++.h>

#include "engine/encoding.h"
#include "io/error.h"

namespace psmt {
namespace {

std::string chosen(const Encoder& e, const std::string& encoding) {
  std::string name = encoding.empty() ? e.encodings().front().name : encoding;
  if (!e.has_encoding(name))
    throw UsageError(fmt::format("unknown encoding \"{}\" for kind {} (available: {})", name, e.kind(), e.encoding_names()));
  return name;
}

}  // namespace

std::string export_smt2(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding) {
  std::string name = chosen(encoder, encoding);
  z3::context ctx;
  try {
    Encoding enc = encoder.encode(puzzle, ctx, name);
    z3::solver s(ctx);
    for (unsigned i = 0; i < enc.rules.size(); ++i) s.add(enc.rules[i]);
    for (const auto& c : enc.clues) s.add(c.constraint);
    std::string header = fmt::format("; puzzle-smt export: kind {}, encoding {}, {} decision variables, {} clues\n",
                                     encoder.kind(), name, enc.decision_vars.size(), enc.clues.size());
    for (const auto& c : enc.clues) header += "; clue " + c.id + ": " + c.label + "\n";
    return header + s.to_smt2();
  } catch (const z3::exception& e) {
    throw InternalError(std::string("Z3 error: ") + e.msg());
  }
}

std::string export_dimacs(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding) {
  std::string name = chosen(encoder, encoding);
  z3::context ctx;
  try {
    Encoding enc = encoder.encode(puzzle, ctx, name);
    for (unsigned i = 0; i < enc.decision_vars.size(); ++i)
      if (!enc.decision_vars[i].is_bool())
        throw UsageError(fmt::format("encoding {} is not purely Boolean ({} is {}); export --smt2 instead", name,
                                     enc.decision_vars[i].to_string(), enc.decision_vars[i].get_sort().to_string()));
    z3::goal g(ctx);
    for (unsigned i = 0; i < enc.rules.size(); ++i) g.add(enc.rules[i]);
    for (const auto& c : enc.clues) g.add(c.constraint);
    // Cardinality and pseudo-Boolean constraints become clauses too.
    z3::tactic t = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "card2bv") & z3::tactic(ctx, "bit-blast") &
                   z3::tactic(ctx, "tseitin-cnf");
    z3::apply_result r = t(g);
    if (r.size() != 1) throw UsageError("encoding " + name + " did not become one CNF");
    z3::goal cnf = r[0];
    for (unsigned i = 0; i < cnf.size(); ++i) {
      z3::expr f = cnf[i];
      if (!(f.is_or() || f.is_not() || f.is_const() || f.is_false() || f.is_true()))
        throw UsageError("encoding " + name + " has constraints that are not clauses after Tseitin; export --smt2 instead");
    }
    return cnf.dimacs(true);
  } catch (const z3::exception& e) {
    throw UsageError(std::string("cannot write DIMACS for encoding ") + name + ": " + e.msg() + "; export --smt2 instead");
  }
}

}  // namespace psmt
