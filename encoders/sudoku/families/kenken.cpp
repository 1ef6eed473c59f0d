// KenKen cages (Tatham's keen): the digits of a cage combine to its target
// under its operation. Digits may repeat inside a cage (the rows and columns
// of the grid still keep them apart); cages do not overlap.
//   "kenken": [{"cells": "r1c1 r2c1", "op": "/", "value": 2}, ...]
// op: "+" sum, "*" product, "-" difference and "/" quotient (two cells:
// |a - b|, or max / min dividing exactly), "=" a one-cell cage holding the
// value (the default for one cell), "?" the operation is hidden: any of
// those that the cage's size allows.
// Encodings: "+" through the builder's sum; "-" and "/" as a table of digit
// pairs; "*" without multiplying: a product of digits 1..9 is fixed by its
// exponents of 2, 3, 5 and 7, and each exponent is a count of conditions
// ("the digit is one of 2 4 6 8", "one of 4 8", "8" for the 2s), so every
// encoding states it as the builder's count_is — a pseudo-Boolean equality,
// or a linear sum of if-then-else terms. No encoding needs
// non-linear arithmetic.
// Change repairs: every other target of the same operation that digits
// 1..n can reach in a cage of that size.
#include <set>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

constexpr int kPrimes[] = {2, 3, 5, 7};

int exponent(int64_t v, int p) {
  int e = 0;
  while (v % p == 0) {
    v /= p;
    ++e;
  }
  return e;
}

std::string symbol(const std::string& op) {
  if (op == "*") return "×";
  if (op == "/") return "÷";
  if (op == "-") return "−";
  if (op == "+") return "+";
  if (op == "?") return "";
  return "";  // "=": the number alone
}

std::string kenken_cage_label(const Item& it) {
  return fmt::format("cage {} ({}): {}{}", it.index + 1, span_label(it.cells), *it.value, symbol(it.variant));
}

// Does a tuple of digits meet the operation?
bool meets(const std::string& op, const std::vector<int>& ds, int64_t v) {
  if (op == "?")
    return meets("+", ds, v) || meets("*", ds, v) || (ds.size() == 2 && (meets("-", ds, v) || meets("/", ds, v))) ||
           (ds.size() == 1 && meets("=", ds, v));
  if (op == "=") return ds.size() == 1 && ds[0] == v;
  if (op == "+") {
    int64_t s = 0;
    for (int d : ds) s += d;
    return s == v;
  }
  if (op == "*") {
    int64_t p = 1;
    for (int d : ds) p *= d;
    return p == v;
  }
  if (ds.size() != 2) return false;
  const int hi = std::max(ds[0], ds[1]), lo = std::min(ds[0], ds[1]);
  if (op == "-") return hi - lo == v;
  return hi % lo == 0 && hi / lo == v;  // "/"
}

// The targets digits 1..n reach under `op` in a cage of k cells.
std::set<int64_t> reachable(const std::string& op, std::size_t k, int n) {
  std::set<int64_t> out;
  if (op == "=") {
    for (int d = 1; d <= n; ++d) out.insert(d);
  } else if (op == "-" || op == "/") {
    for (int a = 1; a <= n; ++a)
      for (int b = 1; b < a; ++b)
        if (meets(op, {a, b}, op == "-" ? a - b : a / b)) out.insert(op == "-" ? a - b : a / b);
  } else if (op == "+") {
    for (int64_t s = static_cast<int64_t>(k); s <= static_cast<int64_t>(k) * n; ++s) out.insert(s);
  } else if (op == "*") {
    out = {1};
    for (std::size_t i = 0; i < k; ++i) {
      std::set<int64_t> next;
      for (int64_t p : out)
        for (int d = 1; d <= n; ++d) next.insert(p * d);
      out.swap(next);
    }
  }
  return out;
}

class KenKen : public Family {
 public:
  std::string_view key() const override { return "kenken"; }
  std::string_view summary() const override {
    return "kenken cages: the digits of a cage give its value under its operation (+ - * /, or hidden)";
  }
  std::string schema() const override {
    return R"json({"type": "array", "description": "KenKen cages (Tatham's keen): the digits of a cage combine to its value under its operation; digits may repeat inside a cage; cages do not overlap", "items": {"type": "object", "additionalProperties": false, "required": ["cells", "value"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the cage"}, "op": {"enum": ["+", "-", "*", "/", "=", "?"], "description": "+ sum, * product, - difference and / quotient of two cells (|a-b|; max/min dividing exactly), = the one cell holds the value (default for one cell), ? hidden: any operation the cage's size allows"}, "value": {"type": "integer", "minimum": 1, "maximum": 1000000000, "description": "the target"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    std::set<std::pair<int, int>> used;
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "op", "value"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n);
      for (auto c : it.cells)
        if (!used.insert({c.row, c.col}).second)
          e.at("cells").fail("input.shape", fmt::format("{} is in two kenken cages (cages do not overlap)", cell_label(c)));
      it.variant = it.cells.size() == 1 ? "=" : "";
      if (auto op = e.find("op")) {
        it.variant = op->as_string();
        if (it.variant != "+" && it.variant != "-" && it.variant != "*" && it.variant != "/" && it.variant != "=" &&
            it.variant != "?")
          op->fail("input.value", fmt::format("{} is not an operation (+ - * / = ?)", quote_input(it.variant)));
      } else if (it.cells.size() > 1) {
        e.fail("input.missing", "a cage of several cells needs an \"op\" (+ - * /, or ? when it is hidden)");
      }
      if ((it.variant == "-" || it.variant == "/") && it.cells.size() != 2)
        e.at("op").fail("input.shape", fmt::format("a {} cage has two cells, this one has {}", it.variant, it.cells.size()));
      if (it.variant == "=" && it.cells.size() != 1)
        e.at("op").fail("input.shape", fmt::format("an = cage has one cell, this one has {}", it.cells.size()));
      it.value = static_cast<int>(e.at("value").as_int(1, 1000000000));
      it.label = kenken_cage_label(it);
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override { return encode_op(it.variant, it, b); }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    auto ds = digits_of(v, it.cells);
    if (meets(it.variant, ds, *it.value)) return std::nullopt;
    return fmt::format("{}: its digits {} do not make {}", it.label, digits_text(ds), *it.value);
  }
  std::vector<Item> alternatives(const Item& it, const Grid& g) const override {
    std::vector<Item> out;
    if (it.variant == "?") return out;
    for (int64_t t : reachable(it.variant, it.cells.size(), g.n)) {
      if (t == *it.value || t > 1000000000) continue;
      Item a = it;
      a.value = static_cast<int>(t);
      a.label = kenken_cage_label(a);
      out.push_back(a);
    }
    return out;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    out.push_back(cage_shape(it.cells, marked, std::to_string(*it.value) + symbol(it.variant), "kenken"));
  }

 private:
  static F encode_op(const std::string& op, const Item& it, Builder& b) {
    const int64_t v = *it.value;
    if (op == "?") {
      std::vector<F> any{encode_op("+", it, b), encode_op("*", it, b)};
      if (it.cells.size() == 2) {
        any.push_back(encode_op("-", it, b));
        any.push_back(encode_op("/", it, b));
      }
      if (it.cells.size() == 1) any.push_back(encode_op("=", it, b));
      return b.any(any);
    }
    if (op == "=") return b.among(it.cells[0], [&](int d) { return d == v; });
    if (op == "+") {
      std::vector<std::pair<Cell, int>> terms;
      for (auto c : it.cells) terms.push_back({c, 1});
      return b.sum_is(terms, static_cast<int>(v));
    }
    if (op == "-" || op == "/")
      return b.pair(it.cells[0], it.cells[1], [&](int x, int y) { return meets(op, {x, y}, v); });
    // "*": the exponents of 2, 3, 5 and 7; any other prime factor cannot be made.
    int64_t rest = v;
    std::vector<F> parts;
    for (int p : kPrimes) {
      const int want = exponent(v, p);
      for (int i = 0; i < want; ++i) rest /= p;
      // exponent of p in d = the number of k >= 1 with p^k dividing d.
      std::vector<F> conds;
      for (int pk = p; pk <= b.n(); pk *= p)
        for (auto c : it.cells) conds.push_back(b.among(c, [pk](int d) { return d % pk == 0; }));
      if (conds.empty()) {
        if (want > 0) return b.truth(false);
        continue;
      }
      parts.push_back(b.count_is(conds, want));
    }
    if (rest != 1) return b.truth(false);
    return b.all(parts);
  }
};

}  // namespace

const Family& kenken_family() {
  static const KenKen f;
  return f;
}

}  // namespace psmt::sudoku::families
