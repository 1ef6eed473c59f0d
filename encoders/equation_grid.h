// Equation grid (seed #10): a grid of integer cells with a domain, some
// given, and equations over the cells' names written with the usual
// precedence ("x11 - x12 * x13 = -278"). Cells are named x<row><col>
// (1-based; x<row>_<col> when a side exceeds 9).
//
// Input: "rows", "cols", "domain": [lo, hi], givens as "givens": {"x11": 26}
// and/or a "grid" of tokens ("26,_,_"), and "equations": strings with
// + - * ( ), integer literals, unary minus and one of = == != < <= > >=.
// Each equation and each given is a clue, so a contradictory grid names the
// equations that conflict.
//
// Encodings:
//   bv   (default) a bit-vector per cell, wide enough for every intermediate
//        value (interval arithmetic over the domain), with a no-overflow
//        guard on every +, - and * (the operation in double width equals
//        the sign-extended result) as a second line of defence; not Z3's
//        bvsmul_noovfl, which in 4.8.12 says (-2) * 3 overflows. Decidable,
//        so conflicts shrink to minimal sets.
//   int  an Int per cell; equations in (non-)linear integer arithmetic
//
// The parser, evaluator and checker use no Z3 (equation_grid_check.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/encoder.h"

namespace psmt::equation_grid {

inline constexpr int kMaxSide = 20;
inline constexpr int64_t kMaxAbs = 1000000000;  // domain bounds and literals

struct Expr {
  enum Kind { Num, Var, Neg, Add, Sub, Mul } kind = Num;
  int64_t value = 0;  // Num
  int var = 0;        // Var: cell index
  std::shared_ptr<Expr> a, b;
};
using ExprPtr = std::shared_ptr<Expr>;

struct Equation {
  std::string id, text;
  ExprPtr lhs, rhs;
  std::string rel = "=";  // = != < <= > >=
};

struct Grid : Puzzle {
  int rows = 3, cols = 3;
  int64_t lo = -9, hi = 99;
  std::vector<bool> given;
  std::vector<int64_t> givens;
  std::vector<Equation> equations;
  std::string name(int cell) const;  // "x11"
  int cell_of(std::string_view name) const;  // the cell so named, or -1
};

// Parse "expr REL expr"; throws InputError at `at` naming the character.
Equation parse_equation(const Grid& g, const JsonNode& at, const std::string& text);
// Evaluate with overflow detection (false: overflow).
bool evaluate(const Expr& e, const std::vector<int64_t>& cells, int64_t& out);
bool relation_holds(const std::string& rel, int64_t l, int64_t r);
// Values of every expression stay within ±kMaxMagnitude (parse_equation
// refuses the rest): the checker's 64-bit arithmetic and the bv encoding's
// at most 62 bits (61 for the values, one to spare) both hold them, so the
// encodings and the checker agree.
inline constexpr int64_t kMaxMagnitude = (int64_t{1} << 60) - 1;
// The interval of an expression over the domain (given cells fixed when
// `use_givens`); `all_lo`/`all_hi`, when given, take the extremes over every
// node. False if some node's values may leave ±kMaxMagnitude. Each node is
// visited once.
bool interval(const Grid& g, const Expr& e, bool use_givens, __int128& lo, __int128& hi, __int128* all_lo = nullptr,
              __int128* all_hi = nullptr);

nlohmann::json solution_json(const Grid& g, const std::vector<int64_t>& values);
std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& solution);

const Encoder& equation_grid_encoder();

}  // namespace psmt::equation_grid
