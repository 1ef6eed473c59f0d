// Equation grid: expression parser, evaluator, intervals and the independent
// checker. No Z3 here (tests enforce it).
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "equation_grid.h"

namespace psmt::equation_grid {

std::string Grid::name(int cell) const {
  int r = cell / cols + 1, c = cell % cols + 1;
  return rows > 9 || cols > 9 ? fmt::format("x{}_{}", r, c) : fmt::format("x{}{}", r, c);
}

int Grid::cell_of(std::string_view name) const {
  // x<r><c> (one digit each) or x<r>_<c>; read the numbers, then confirm
  // that the cell's own name is spelled exactly so ("x01" is no cell).
  if (name.size() < 3 || name.size() > 6 || name[0] != 'x') return -1;
  int r = 0, c = 0;
  auto digits = [](std::string_view d, int& out) {
    if (d.empty() || d.size() > 2) return false;
    out = 0;
    for (char ch : d) {
      if (ch < '0' || ch > '9') return false;
      out = out * 10 + (ch - '0');
    }
    return true;
  };
  auto us = name.find('_');
  if (us == std::string_view::npos) {
    if (name.size() != 3 || !digits(name.substr(1, 1), r) || !digits(name.substr(2, 1), c)) return -1;
  } else if (!digits(name.substr(1, us - 1), r) || !digits(name.substr(us + 1), c)) {
    return -1;
  }
  if (r < 1 || r > rows || c < 1 || c > cols) return -1;
  int cell = (r - 1) * cols + (c - 1);
  return name == this->name(cell) ? cell : -1;
}

namespace {

struct Parser {
  const Grid& g;
  const JsonNode& at;
  const std::string& s;
  std::size_t i = 0;
  int depth = 0;

  [[noreturn]] void fail(const std::string& msg, std::size_t where) const {
    at.fail("input.value", fmt::format("at character {} of {}: {}", where + 1, quoted_around(s, where), msg));
  }
  void skip() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
  bool eat(char c) {
    skip();
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  ExprPtr make(Expr::Kind k, ExprPtr a, ExprPtr b = nullptr) {
    auto e = std::make_shared<Expr>();
    e->kind = k;
    e->a = std::move(a);
    e->b = std::move(b);
    return e;
  }
  ExprPtr sum() {
    ExprPtr l = product();
    for (;;) {
      if (eat('+')) l = make(Expr::Add, l, product());
      else if (eat('-')) l = make(Expr::Sub, l, product());
      else return l;
    }
  }
  ExprPtr product() {
    ExprPtr l = unary();
    while (eat('*')) l = make(Expr::Mul, l, unary());
    return l;
  }
  ExprPtr unary() {
    if (++depth > 64) fail("nested deeper than 64", i);
    ExprPtr out;
    if (eat('-')) out = make(Expr::Neg, unary());
    else if (eat('+')) out = unary();
    else out = atom();
    --depth;
    return out;
  }
  ExprPtr atom() {
    skip();
    std::size_t start = i;
    if (eat('(')) {
      ExprPtr e = sum();
      if (!eat(')')) fail("expected ')'", i);
      return e;
    }
    if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      std::string digits = s.substr(start, i - start);
      if (digits.size() > 10 || std::stoll(digits) > kMaxAbs) fail(fmt::format("{} is larger than {}", digits, kMaxAbs), start);
      auto e = std::make_shared<Expr>();
      e->value = std::stoll(digits);
      return e;
    }
    if (i < s.size() && (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_')) {
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
      std::string name = s.substr(start, i - start);
      int c = g.cell_of(name);
      if (c >= 0) {
        auto e = std::make_shared<Expr>();
        e->kind = Expr::Var;
        e->var = c;
        return e;
      }
      fail(fmt::format("unknown cell \"{}\" (cells are {} .. {})", name, g.name(0), g.name(g.rows * g.cols - 1)), start);
    }
    if (i >= s.size()) fail("expected a number, a cell or '(' at the end", i);
    fail(fmt::format("unexpected '{}'", s[i]), i);
  }
};

}  // namespace

Equation parse_equation(const Grid& g, const JsonNode& at, const std::string& text) {
  if (text.size() > 10000) at.fail("input.size", "an equation longer than 10000 characters");
  Parser p{g, at, text};
  Equation eq;
  eq.text = text;
  eq.lhs = p.sum();
  p.skip();
  static const char* const rels[] = {"==", "!=", "<=", ">=", "=", "<", ">"};
  std::size_t rel_at = p.i;
  for (const char* r : rels)
    if (text.compare(p.i, std::string(r).size(), r) == 0) {
      eq.rel = r;
      p.i += eq.rel.size();
      break;
    }
  if (p.i == rel_at) p.fail("expected a relation (=, !=, <, <=, >, >=)", p.i);
  if (eq.rel == "==") eq.rel = "=";
  eq.rhs = p.sum();
  p.skip();
  if (p.i != text.size()) p.fail("unexpected text after the equation", p.i);
  // Every value on the way must fit the arithmetic that the checker (64-bit)
  // and the bv encoding (at most 62 bits) share, for any cell values in the
  // domain (givens included, so that dropping one in a diagnosis cannot
  // widen it): otherwise the encodings and the checker could disagree.
  __int128 lo = 0, hi = 0;
  if (!interval(g, *eq.lhs, false, lo, hi) || !interval(g, *eq.rhs, false, lo, hi))
    at.fail("input.range",
            fmt::format("over the domain [{}, {}] a value of this equation may pass ±2^60 (e.g. a product of several "
                        "cells); narrow the domain or split the equation",
                        g.lo, g.hi));
  return eq;
}

bool evaluate(const Expr& e, const std::vector<int64_t>& cells, int64_t& out) {
  int64_t a = 0, b = 0;
  switch (e.kind) {
    case Expr::Num: out = e.value; return true;
    case Expr::Var: out = cells.at(e.var); return true;
    case Expr::Neg: return evaluate(*e.a, cells, a) && !__builtin_sub_overflow(int64_t{0}, a, &out);
    default: break;
  }
  if (!evaluate(*e.a, cells, a) || !evaluate(*e.b, cells, b)) return false;
  if (e.kind == Expr::Add) return !__builtin_add_overflow(a, b, &out);
  if (e.kind == Expr::Sub) return !__builtin_sub_overflow(a, b, &out);
  return !__builtin_mul_overflow(a, b, &out);
}

bool relation_holds(const std::string& rel, int64_t l, int64_t r) {
  if (rel == "=") return l == r;
  if (rel == "!=") return l != r;
  if (rel == "<") return l < r;
  if (rel == "<=") return l <= r;
  if (rel == ">") return l > r;
  return l >= r;
}

bool interval(const Grid& g, const Expr& e, bool use_givens, __int128& lo, __int128& hi, __int128* all_lo,
              __int128* all_hi) {
  // Operands within ±kMaxMagnitude (2^60 - 1) keep every sum and product below
  // 2^121: no __int128 overflow on the way to the bound check.
  __int128 alo = 0, ahi = 0, blo = 0, bhi = 0;
  switch (e.kind) {
    case Expr::Num: lo = hi = e.value; break;
    case Expr::Var:
      if (use_givens && g.given[e.var]) lo = hi = g.givens[e.var];
      else {
        lo = g.lo;
        hi = g.hi;
      }
      break;
    case Expr::Neg:
      if (!interval(g, *e.a, use_givens, alo, ahi, all_lo, all_hi)) return false;
      lo = -ahi;
      hi = -alo;
      break;
    default:
      if (!interval(g, *e.a, use_givens, alo, ahi, all_lo, all_hi) || !interval(g, *e.b, use_givens, blo, bhi, all_lo, all_hi))
        return false;
      if (e.kind == Expr::Add) {
        lo = alo + blo;
        hi = ahi + bhi;
      } else if (e.kind == Expr::Sub) {
        lo = alo - bhi;
        hi = ahi - blo;
      } else {
        __int128 c[4] = {alo * blo, alo * bhi, ahi * blo, ahi * bhi};
        lo = *std::min_element(c, c + 4);
        hi = *std::max_element(c, c + 4);
      }
  }
  if (lo < -static_cast<__int128>(kMaxMagnitude) || hi > static_cast<__int128>(kMaxMagnitude)) return false;
  if (all_lo) *all_lo = std::min(*all_lo, lo);
  if (all_hi) *all_hi = std::max(*all_hi, hi);
  return true;
}

nlohmann::json solution_json(const Grid& g, const std::vector<int64_t>& v) {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < g.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < g.cols; ++c) row.push_back(v.at(r * g.cols + c));
    grid.push_back(row);
  }
  return {{"grid", grid}};
}

std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& sol) {
  if (!sol.is_object() || !sol.contains("grid") || !sol["grid"].is_array() || static_cast<int>(sol["grid"].size()) != g.rows)
    return {{"rule/shape", fmt::format("a solution is {{\"grid\": [{} rows of {}]}}", g.rows, g.cols)}};
  std::vector<int64_t> v;
  for (const auto& row : sol["grid"]) {
    if (!row.is_array() || static_cast<int>(row.size()) != g.cols) return {{"rule/shape", fmt::format("every row needs {} values", g.cols)}};
    for (const auto& x : row) {
      if (!x.is_number_integer()) return {{"rule/shape", "values must be integers"}};
      v.push_back(x.get<int64_t>());
    }
  }
  std::vector<Violation> out;
  for (int c = 0; c < g.rows * g.cols; ++c) {
    if (v[c] < g.lo || v[c] > g.hi)
      out.push_back({"rule/domain/" + g.name(c), fmt::format("{} = {} is outside {}..{}", g.name(c), v[c], g.lo, g.hi)});
    if (g.given[c] && v[c] != g.givens[c])
      out.push_back({"givens/" + g.name(c), fmt::format("{} is given as {} but is {}", g.name(c), g.givens[c], v[c])});
  }
  for (const auto& eq : g.equations) {
    int64_t l = 0, r = 0;
    if (!evaluate(*eq.lhs, v, l) || !evaluate(*eq.rhs, v, r)) out.push_back({eq.id, "overflow evaluating: " + eq.text});
    else if (!relation_holds(eq.rel, l, r)) out.push_back({eq.id, fmt::format("{} does not hold ({} vs {})", eq.text, l, r)});
  }
  return out;
}

}  // namespace psmt::equation_grid
