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

namespace {

struct Parser {
  const Grid& g;
  const JsonNode& at;
  const std::string& s;
  std::size_t i = 0;
  int depth = 0;

  [[noreturn]] void fail(const std::string& msg, std::size_t where) const {
    at.fail("input.value", fmt::format("at character {} of \"{}\": {}", where + 1, s, msg));
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
      for (int c = 0; c < g.rows * g.cols; ++c)
        if (g.name(c) == name) {
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

void interval(const Grid& g, const Expr& e, __int128& lo, __int128& hi) {
  __int128 alo, ahi, blo, bhi;
  switch (e.kind) {
    case Expr::Num: lo = hi = e.value; return;
    case Expr::Var:
      if (g.given[e.var]) lo = hi = g.givens[e.var];
      else {
        lo = g.lo;
        hi = g.hi;
      }
      return;
    case Expr::Neg:
      interval(g, *e.a, alo, ahi);
      lo = -ahi;
      hi = -alo;
      return;
    default: break;
  }
  interval(g, *e.a, alo, ahi);
  interval(g, *e.b, blo, bhi);
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
