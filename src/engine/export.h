// An encoding as a file other solvers read: SMT-LIB2 (rules and clues as
// assertions, then (check-sat); runs in z3 or cvc5) or, for purely Boolean
// encodings, DIMACS CNF (Tseitin-transformed; variable names in comments).
#pragma once

#include <string>

#include "engine/encoder.h"

namespace psmt {

std::string export_smt2(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding);
// UsageError if the encoding has non-Boolean variables or constraints that do not become clauses.
std::string export_dimacs(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding);

}  // namespace psmt
