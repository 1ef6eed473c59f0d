#include "engine/export.h"

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/cnf.h"
#include "engine/encoding.h"
#include "io/error.h"

namespace psmt {
namespace {

std::string chosen(const Encoder& e, const Puzzle& puzzle, const std::string& encoding) {
  std::string name = encoding.empty() ? e.default_encoding(puzzle) : encoding;
  if (!e.has_encoding(name))
    throw UsageError(fmt::format("unknown encoding \"{}\" for kind {} (available: {})", name, e.kind(), e.encoding_names()));
  return name;
}

}  // namespace

std::string export_smt2(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding) {
  std::string name = chosen(encoder, puzzle, encoding);
  Context ctx;
  try {
    Encoding enc = encoder.encode(puzzle, ctx, name);
    z3::solver s(ctx.z3());
    for (unsigned i = 0; i < enc.rules.size(); ++i) s.add(ctx.to_z3(enc.rules[i]));
    for (const auto& c : enc.clues) s.add(ctx.to_z3(c.constraint));
    std::string header = fmt::format("; puzzle-smt export: kind {}, encoding {}, {} decision variables, {} clues\n",
                                     encoder.kind(), name, enc.decision_vars.size(), enc.clues.size());
    for (const auto& c : enc.clues) header += "; clue " + c.id + ": " + c.label + "\n";
    return header + s.to_smt2();
  } catch (const z3::exception& e) {
    throw InternalError(std::string("Z3 error: ") + e.msg());
  }
}

std::string export_dimacs(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding) {
  std::string name = chosen(encoder, puzzle, encoding);
  Context ctx;
  try {
    Encoding enc = encoder.encode(puzzle, ctx, name);
    // The translation the CaDiCaL back end runs on, so that the file is the
    // problem `--solver cadical` solves (the clue guards are not needed:
    // clues are asserted like rules).
    std::vector<int> clauses;
    std::size_t count = 0;
    std::unique_ptr<detail::CnfBuilder> cnf;
    try {
      cnf = std::make_unique<detail::CnfBuilder>(ctx, enc.decision_vars, name, [&](const std::vector<int>& c) {
        clauses.insert(clauses.end(), c.begin(), c.end());
        clauses.push_back(0);
        ++count;
      });
      for (unsigned i = 0; i < enc.rules.size(); ++i) cnf->add(enc.rules[i]);
      for (const auto& c : enc.clues) cnf->add(c.constraint);
    } catch (const detail::NotClauses& e) {
      throw UsageError(fmt::format("encoding {} is not purely Boolean: {}; export --smt2 instead", name, e.why()));
    }
    std::string out = fmt::format("c puzzle-smt export: kind {}, encoding {}, {} decision variables, {} clues\n",
                                  encoder.kind(), name, enc.decision_vars.size(), enc.clues.size());
    out += "c each decision variable and its literals (bits least significant first):\n";
    for (unsigned i = 0; i < enc.decision_vars.size(); ++i) {
      out += "c var " + enc.decision_vars[i].to_string();
      for (int l : cnf->bits(i)) out += fmt::format(" {}", l);
      out += '\n';
    }
    out += fmt::format("p cnf {} {}\n", cnf->vars(), count);
    for (int l : clauses) {
      out += fmt::format("{}", l);
      out += l ? ' ' : '\n';
    }
    return out;
  } catch (const z3::exception& e) {
    throw UsageError(std::string("cannot write DIMACS for encoding ") + name + ": " + e.what() + "; export --smt2 instead");
  }
}

}  // namespace psmt
