// Cardinality constraints as plain clauses, for encodings that must not rely
// on Z3's atmost/atleast/pbeq (see the Z3 4.8.12 hazard in tests/data/z3-hazards):
// pairwise at-most-one, and Sinz's sequential counter for at-most-k and
// exactly-k (auxiliary variables; decision variables are unaffected).
// Over native formulas (engine/expr.h), and over Z3 Boolean terms for the
// encoders that mix them with integer variables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/expr.h"

namespace psmt {

// Append to `out` clauses saying at most one of `lits` is true (pairwise).
void at_most_one_pairwise(const std::vector<Expr>& lits, ExprVector& out);
void at_most_one_pairwise(const std::vector<z3::expr>& lits, ExprVector& out);

// Append clauses saying at most k of `lits` are true (sequential counter;
// `prefix` names the auxiliary variables and must be unique per call).
void at_most_k(Context& ctx, const std::vector<Expr>& lits, unsigned k, const std::string& prefix,
               ExprVector& out);
void at_most_k(z3::context& ctx, const std::vector<z3::expr>& lits, unsigned k, const std::string& prefix,
               ExprVector& out);

// Exactly k: one sequential counter, defined both ways, over lits or (when
// k > n - k) their negations: n x min(k, n - k) auxiliary variables.
void exactly_k(Context& ctx, const std::vector<Expr>& lits, unsigned k, const std::string& prefix,
               ExprVector& out);

// Exactly k, as a totalizer over the literals in the order given (their
// neighbours are merged first, so the order decides which partial counts
// exist), counting whichever side is smaller: a tree of merged counts cut
// at min(k, n - k) + 1, every auxiliary defined both ways (fixed by the
// solution). The definitions go to `defs` (satisfiable whatever the
// literals), the statement "exactly k" to `out`: one or two literals.
// Nurikabe's islands, their cells ordered by distance from the number:
// janko.at's 20x20 and larger boards 39 -> 28 s in all against exactly_k.
void exactly_k_tree(Context& ctx, const std::vector<Expr>& lits, unsigned k, const std::string& prefix,
                    ExprVector& defs, ExprVector& out);

// A sum of counts given in the order encoding: chains[c][i] says "count c is
// at least i + 1" (each literal implies the ones before it, as its caller
// defines them). Returns the sum in the same encoding, cut at `limit` (its
// last literal says "at least limit"), and appends a totalizer's clauses to
// `out`: the chains merged two by two, each merged literal implied by every
// pair of input literals making its value and implying, for each value
// above it, that one input has its share ("at least a + b" from "at least
// a" and "at least b"; "at most a + b" from "at most a" and "at most b").
// Unit propagation over them keeps every count's bounds consistent with
// the sum's. `prefix` names the auxiliary variables, unique per call: they
// are "PREFIX~k!v", so no two prefixes share one (before the "~", a prefix
// "a1" with merge 0 and a prefix "a" with merge 10 both made "a10!v", and
// two sums that were meant apart shared their counts).
std::vector<Expr> unary_sum(Context& ctx, const std::vector<std::vector<Expr>>& chains, unsigned limit,
                            const std::string& prefix, ExprVector& out);

// Where the true ones among `present` are exactly one of `sets` (bit i:
// present[i]; choices[j] the literal of sets[j]), per element i the two
// clauses "present only if a chosen set holds it, absent only if one lacks
// it", so that unit propagation strikes an element no remaining set holds
// and sets one every remaining set holds (a killer cage's digits, a kakuro
// run's). Elements no set holds get a unit clause; none for one set.
std::vector<Expr> set_supports(const std::vector<Expr>& present, const std::vector<uint64_t>& sets,
                               const std::vector<Expr>& choices);

}  // namespace psmt
