// Cardinality constraints as plain clauses, for encodings that must not rely
// on Z3's atmost/atleast/pbeq (see the Z3 4.8.12 hazard in tests/data/z3-hazards):
// pairwise at-most-one, and Sinz's sequential counter for at-most-k and
// exactly-k (auxiliary variables; decision variables are unaffected).
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

namespace psmt {

// Append to `out` clauses saying at most one of `lits` is true (pairwise).
void at_most_one_pairwise(const std::vector<z3::expr>& lits, z3::expr_vector& out);

// Append clauses saying at most k of `lits` are true (sequential counter;
// `prefix` names the auxiliary variables and must be unique per call).
void at_most_k(z3::context& ctx, const std::vector<z3::expr>& lits, unsigned k, const std::string& prefix,
               z3::expr_vector& out);

// Exactly k: at most k of lits, and at most n-k of their negations.
void exactly_k(z3::context& ctx, const std::vector<z3::expr>& lits, unsigned k, const std::string& prefix,
               z3::expr_vector& out);

}  // namespace psmt
