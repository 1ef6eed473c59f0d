// Small counting constraints the pencil genres share, written as plain
// clauses (so both back ends take them as they are): exactly k of a few
// literals, and "0 or 2 of these" (a loop's degree at a point or a cell).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/expr.h"

namespace psmt::pencil {

// Exactly k of `lits` (a handful: every subset of k+1 has a false literal,
// every subset of n-k+1 a true one).
Expr exactly(Context& ctx, const std::vector<Expr>& lits, int k);
// 0 or 2 of `lits` true (2 only, when `at_least_one`).
Expr none_or_two(Context& ctx, const std::vector<Expr>& lits, bool at_least_one = false);

// Exactly k of `lits` as one expression, by a sequential counter whose
// auxiliary constants are named with `prefix` (false when k > |lits|): how
// a clue that counts (a room's shaded cells, an island's bridges, an
// arrow's shaded cells) is written.
Expr count_is(Context& ctx, const std::vector<Expr>& lits, int k, const std::string& prefix);

// How a count is written: a sequential counter; plain clauses over subsets
// (the counter where those would be more than 4,000); a totalizer (a tree of
// merged counts, engine/cardinality.h's exactly_k_tree).
enum class Count { Counter, Pairwise, Totalizer };
// The count an encoding of the counting genres names: "pairwise", "counter",
// and totalizers for any other (magnets, star battle).
Count count_named(std::string_view encoding);

// Exactly k of `lits` in one of the encodings the counting genres offer
// (star battle, norinori: `pairwise` or the counter).
Expr exactly_k(Context& ctx, const std::vector<Expr>& lits, int k, bool pairwise, const std::string& prefix);
Expr exactly_k(Context& ctx, const std::vector<Expr>& lits, int k, Count how, const std::string& prefix);

}  // namespace psmt::pencil
