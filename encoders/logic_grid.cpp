#include "io/words.h"
#include "logic_grid.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>
#include <functional>
#include <set>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::logic_grid {
namespace {

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

bool valid_op(const std::string& op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

struct Parser;

// The compact string form of a clue, parsed into the same structure:
//   clue    := conj ("or" conj)*          conj := unary ("and" unary)*
//   unary   := "not" unary | "(" clue ")" | atom
//   atom    := side OP side               OP := == != < <= > >=
//   side    := item [(+|-) integer] | integer | "|" item "-" item "|"
// Items are written as in JSON clues; names with operator characters or the
// words and/or/not go in double quotes. `a == b` is "same", `a != b`
// "different"; `|a - b| == k` is next_to at distance k; the rest compares in
// the category given by "in", else the one category holding the number, else
// the puzzle's only numeric or ordered category.
struct ExprParser {
  const Parser& P;
  const JsonNode& node;
  std::string s;
  int in;
  std::size_t at = 0;

  struct Side {
    bool is_item = false, abs_diff = false;
    ItemRef a, b;
    int64_t number = 0;  // value, or offset of an item
  };

  [[noreturn]] void fail(const std::string& msg, std::size_t where, const char* id = "input.value") const {
    node.fail(id, fmt::format("at character {} of {}: {}", where + 1, quoted_around(s, where), msg));
  }
  void skip() {
    while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
  }
  bool word(const char* w) {
    skip();
    std::size_t n = std::strlen(w);
    if (s.compare(at, n, w) != 0) return false;
    if (at + n < s.size() && !std::isspace(static_cast<unsigned char>(s[at + n])) && s[at + n] != '(') return false;
    at += n;
    return true;
  }
  bool punct(const char* p) {
    skip();
    std::size_t n = std::strlen(p);
    if (s.compare(at, n, p) != 0) return false;
    at += n;
    return true;
  }
  static bool special(char c) { return std::strchr("()|=!<>+-\"", c) != nullptr; }
  bool ends_name(std::size_t i) const {  // a keyword starts at i
    for (const char* k : {"and", "or"}) {
      std::size_t n = std::strlen(k);
      if (s.compare(i, n, k) == 0 && i > 0 && std::isspace(static_cast<unsigned char>(s[i - 1])) &&
          (i + n == s.size() || std::isspace(static_cast<unsigned char>(s[i + n])) || s[i + n] == '('))
        return true;
    }
    return false;
  }

  Cond parse() {
    if (s.size() > 10000) fail("longer than 10000 characters", 0);
    Cond c = disj(0);
    skip();
    if (at != s.size()) fail("unexpected text", at);
    return c;
  }
  // next (word next)*: "or" over conjunctions, "and" over unary clues.
  Cond chain(int depth, const char* w, Op op, Cond (ExprParser::*next)(int)) {
    Cond first = (this->*next)(depth);
    if (!word(w)) return first;
    Cond c;
    c.op = op;
    c.subs.push_back(std::move(first));
    do c.subs.push_back((this->*next)(depth));
    while (word(w));
    return c;
  }
  Cond disj(int depth) { return chain(depth, "or", Op::Or, &ExprParser::conj); }
  Cond conj(int depth) { return chain(depth, "and", Op::And, &ExprParser::unary); }
  Cond unary(int depth) {
    if (depth > kMaxClueDepth) fail(fmt::format("nested deeper than {}", kMaxClueDepth), at);
    if (word("not")) {
      Cond c;
      c.op = Op::Not;
      c.subs.push_back(unary(depth + 1));
      return c;
    }
    skip();
    if (punct("(")) {
      Cond c = disj(depth + 1);
      if (!punct(")")) fail("expected ')'", at);
      return c;
    }
    return atom();
  }

  std::string name() {
    skip();
    std::size_t start = at;
    if (at < s.size() && s[at] == '"') {
      auto end = s.find('"', at + 1);
      if (end == std::string::npos) fail("unterminated quote", at);
      at = end + 1;
      return s.substr(start + 1, end - start - 1);
    }
    while (at < s.size() && !special(s[at]) && !(at > start && ends_name(at))) ++at;
    std::string n = s.substr(start, at - start);
    while (!n.empty() && std::isspace(static_cast<unsigned char>(n.back()))) n.pop_back();
    if (n.empty()) fail("expected an item or a number", start);
    return n;
  }
  bool is_integer(const std::string& t) const {
    return !t.empty() && t.size() <= 10 && std::all_of(t.begin(), t.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
  }
  ItemRef item_at(const std::string& text, std::size_t where, bool number) const;

  Side side() {
    Side sd;
    skip();
    if (punct("|")) {
      skip();
      std::size_t w = at;
      sd.abs_diff = true;
      sd.a = item_at(name(), w, false);
      if (!punct("-")) fail("expected '-' in |a - b|", at);
      skip();
      w = at;
      sd.b = item_at(name(), w, false);
      if (!punct("|")) fail("expected '|'", at);
      return sd;
    }
    bool negative = punct("-");
    skip();
    std::size_t w = at;
    std::string t = name();
    if (is_integer(t)) {
      sd.number = (negative ? -1 : 1) * std::stoll(t);
      return sd;
    }
    if (negative) fail("a minus sign before an item", w);
    sd.is_item = true;
    sd.a = item_at(t, w, false);
    skip();
    std::size_t op_at = at;
    if (punct("+") || punct("-")) {
      bool minus = s[op_at] == '-';
      std::size_t nw = at;
      std::string k = name();
      if (!is_integer(k)) fail("expected an integer offset", nw);
      sd.number = (minus ? -1 : 1) * std::stoll(k);
    }
    return sd;
  }

  Cond atom();
  int category_for(std::size_t where, std::optional<int64_t> number) const;
};

// Parsing state: categories are known; resolves item and category names.
struct Parser {
  Grid& g;

  int category(const JsonNode& node) const {
    std::string name = node.as_string();
    for (std::size_t c = 0; c < g.cats.size(); ++c)
      if (lower(g.cats[c].name) == lower(name)) return static_cast<int>(c);
    std::string known;
    for (const auto& c : g.cats) known += (known.empty() ? "" : ", ") + c.name;
    node.fail("input.unknown_name", fmt::format("unknown category \"{}\" (categories: {})", name, known));
  }

  int comparable(const JsonNode& clue) const {
    if (auto in = clue.find("in")) {
      int c = category(*in);
      if (!g.cats[c].comparable())
        in->fail("input.value", fmt::format("category \"{}\" is neither numeric nor ordered: it cannot be compared "
                                            "(give it numbers, or \"ordered\": true)", g.cats[c].name));
      return c;
    }
    std::vector<int> cands;
    for (std::size_t c = 0; c < g.cats.size(); ++c)
      if (g.cats[c].comparable()) cands.push_back(static_cast<int>(c));
    if (cands.size() == 1) return cands[0];
    if (cands.empty())
      clue.fail("input.value", "a comparison needs a numeric or ordered category, and this puzzle has none");
    std::string names;
    for (int c : cands) names += (names.empty() ? "" : ", ") + g.cats[c].name;
    clue.fail("input.missing", fmt::format("say which category to compare in with \"in\" (numeric or ordered: {})", names));
  }

  // Items named `text` (case-insensitive; numbers by value; "category:item").
  std::vector<ItemRef> lookup(const std::string& text, bool number) const {
    std::vector<ItemRef> found;
    auto colon = text.find(':');
    int only = -1;
    std::string name = text;
    if (!number && colon != std::string::npos) {
      for (std::size_t c = 0; c < g.cats.size(); ++c)
        if (lower(g.cats[c].name) == lower(text.substr(0, colon))) only = static_cast<int>(c);
      if (only >= 0) name = text.substr(colon + 1);
    }
    for (std::size_t c = 0; c < g.cats.size(); ++c) {
      if ((only >= 0 && static_cast<int>(c) != only) || (number && !g.cats[c].numeric)) continue;
      for (int j = 0; j < g.n; ++j)
        if (lower(g.cats[c].items[j]) == lower(name)) found.push_back({static_cast<int>(c), j});
    }
    return found;
  }

  // The one item named `text`, or the reason there is none (empty).
  std::optional<ItemRef> resolve(const std::string& text, bool number, std::string& why) const {
    auto found = lookup(text, number);
    if (found.empty()) why = fmt::format("unknown item \"{}\" (in no category)", text);
    else if (found.size() > 1)
      why = fmt::format("\"{}\" is an item of both {} and {}: write \"{}:{}\"", text, g.cats[found[0].cat].name,
                        g.cats[found[1].cat].name, g.cats[found[0].cat].name, text);
    else return found[0];
    return std::nullopt;
  }

  ItemRef item(const JsonNode& node) const {
    std::string text, why;
    if (node.is_number()) text = std::to_string(node.as_int(-kMaxValue, kMaxValue));
    else if (node.is_string()) text = node.as_string();
    else node.expected("an item name (a string) or a number");
    auto r = resolve(text, node.is_number(), why);
    if (!r) node.fail(why.rfind("unknown", 0) == 0 ? "input.unknown_name" : "input.value", why);
    return *r;
  }

  std::vector<ItemRef> items(const JsonNode& node, std::size_t at_least) const {
    auto list = node.items();
    if (list.size() < at_least) node.fail("input.shape", fmt::format("expected at least {} items, found {}", at_least, list.size()));
    std::vector<ItemRef> out;
    for (const auto& x : list) out.push_back(item(x));
    return out;
  }

  Cond clue(const JsonNode& node, int depth) const {
    if (node.is_string()) return ExprParser{*this, node, node.as_string(), -1}.parse();
    node.require_object();
    if (depth > kMaxClueDepth) node.fail("input.depth", fmt::format("clues nested deeper than {}", kMaxClueDepth));
    static const char* const kOps[] = {"same", "different", "all_different", "at", "left", "next_to", "of", "not", "and", "or", "xor", "expr"};
    std::vector<std::string> present;
    for (const char* k : kOps)
      if (node.has(k)) present.push_back(k);
    if (present.size() != 1)
      node.fail("input.shape", present.empty()
                                   ? "a clue needs one of: same, different, at, left (a comparison), next_to, of, not, and, or, xor"
                                   : fmt::format("a clue has one operator, found {} and {}", present[0], present[1]));
    const std::string& op = present[0];
    Cond c;
    if (op == "expr") {
      node.allow_only({"text", "expr", "in"});
      int in = node.has("in") ? comparable(node) : -1;
      JsonNode e = node.at("expr");
      return ExprParser{*this, e, e.as_string(), in}.parse();
    }
    if (op == "same" || op == "different" || op == "all_different") {
      node.allow_only({"text", "same", "different", "all_different"});
      c.op = op == "same" ? Op::Same : Op::Different;
      c.items = items(node.at(op), 2);
    } else if (op == "at") {
      node.allow_only({"text", "at", "position", "in"});
      c.op = Op::At;
      c.items = {item(node.at("at"))};
      c.in = comparable(node);
      JsonNode pos = node.at("position");
      c.value = pos.as_int(-kMaxValue, kMaxValue);
      const auto& vals = g.cats[c.in].values;
      if (std::find(vals.begin(), vals.end(), c.value) == vals.end())
        pos.fail("input.range", fmt::format("{} is not a value of category {} ({}..{})", c.value, g.cats[c.in].name,
                                            *std::min_element(vals.begin(), vals.end()), *std::max_element(vals.begin(), vals.end())));
    } else if (op == "left") {
      node.allow_only({"text", "left", "op", "right", "offset", "in"});
      c.op = Op::Compare;
      c.items = {item(node.at("left"))};
      c.in = comparable(node);
      JsonNode o = node.at("op");
      c.cmp = o.as_string();
      if (!valid_op(c.cmp)) o.fail("input.value", fmt::format("unknown comparison \"{}\" (==, !=, <, <=, >, >=)", c.cmp));
      JsonNode right = node.at("right");
      if (right.is_number()) {
        c.right_is_value = true;
        c.value = right.as_int(-kMaxValue, kMaxValue);
      } else {
        c.items.push_back(item(right));
      }
      if (auto off = node.find("offset")) c.offset = off->as_int(-kMaxValue, kMaxValue);
    } else if (op == "next_to") {
      node.allow_only({"text", "next_to", "in", "distance"});
      c.op = Op::NextTo;
      JsonNode pair = node.at("next_to");
      auto two = pair.items(2);
      c.items = {item(two[0]), item(two[1])};
      c.in = comparable(node);
      if (auto d = node.find("distance")) c.distance = d->as_int(1, kMaxValue);
    } else if (op == "of") {
      node.allow_only({"text", "of", "are"});
      c.op = Op::OneEach;
      auto ab = node.at("of").items(2);
      auto cd = node.at("are").items(2);
      c.items = {item(ab[0]), item(ab[1]), item(cd[0]), item(cd[1])};
    } else if (op == "not") {
      node.allow_only({"text", "not"});
      c.op = Op::Not;
      c.subs.push_back(clue(node.at("not"), depth + 1));
    } else {
      node.allow_only({"text", "and", "or", "xor"});
      c.op = op == "and" ? Op::And : op == "or" ? Op::Or : Op::Xor;
      JsonNode list = node.at(op);
      auto subs = list.items();
      if (subs.size() < (c.op == Op::And ? 1u : 2u))
        list.fail("input.shape", fmt::format("\"{}\" needs at least {} clues", op, c.op == Op::And ? 1 : 2));
      for (const auto& s : subs) c.subs.push_back(clue(s, depth + 1));
    }
    return c;
  }
};

ItemRef ExprParser::item_at(const std::string& text, std::size_t where, bool number) const {
  std::string why;
  auto r = P.resolve(text, number, why);
  if (!r) fail(why, where, why.rfind("unknown", 0) == 0 ? "input.unknown_name" : "input.value");
  return *r;
}

Cond ExprParser::atom() {
  std::size_t start = at;
  Side l = side();
  skip();
  std::string op;
  for (const char* o : {"==", "!=", "<=", ">=", "<", ">"})
    if (punct(o)) {
      op = o;
      break;
    }
  if (op.empty()) fail("expected a comparison (==, !=, <, <=, >, >=)", at);
  Side r = side();
  Cond c;
  if (l.abs_diff || r.abs_diff) {
    if (!l.abs_diff || r.abs_diff || r.is_item || op != "==" || r.number < 1)
      fail("write a distance as |a - b| == k with k >= 1", start);
    c.op = Op::NextTo;
    c.items = {l.a, l.b};
    c.distance = r.number;
    c.in = in >= 0 ? in : category_for(start, {});
    return c;
  }
  if (!l.is_item) {
    if (!r.is_item) fail("compare at least one item", start);
    std::swap(l, r);
    static const std::map<std::string, std::string> flip = {{"==", "=="}, {"!=", "!="}, {"<", ">"}, {">", "<"}, {"<=", ">="}, {">=", "<="}};
    op = flip.at(op);
  }
  if (r.is_item && l.number == 0 && r.number == 0 && (op == "==" || op == "!=")) {
    c.op = op == "==" ? Op::Same : Op::Different;
    c.items = {l.a, r.a};
    return c;
  }
  c.op = Op::Compare;
  c.cmp = op;
  c.items = {l.a};
  if (r.is_item) {
    c.items.push_back(r.a);
    c.offset = r.number - l.number;
    c.in = in >= 0 ? in : category_for(start, {});
  } else {
    c.right_is_value = true;
    c.value = r.number - l.number;
    c.in = in >= 0 ? in : category_for(start, {r.number});
  }
  return c;
}

// The category an expression compares in: the numeric/ordered category whose
// values include the number (if exactly one does), else the only one.
int ExprParser::category_for(std::size_t where, std::optional<int64_t> number) const {
  std::vector<int> all, holding;
  for (std::size_t c = 0; c < P.g.cats.size(); ++c) {
    const auto& cat = P.g.cats[c];
    if (!cat.comparable()) continue;
    all.push_back(static_cast<int>(c));
    if (number && std::find(cat.values.begin(), cat.values.end(), *number) != cat.values.end()) holding.push_back(static_cast<int>(c));
  }
  if (holding.size() == 1) return holding[0];
  if (all.size() == 1) return all[0];
  if (all.empty()) fail("a comparison needs a numeric or ordered category, and this puzzle has none", where);
  fail("say which category to compare in with \"in\" next to \"expr\"", where);
}

// The Z3 side of one encoding: `same` and (int) values of items.
struct Compiler {
  const Grid& g;
  z3::context& ctx;
  bool boolean;
  // bool: b[cat][idx][e]; int: p[cat][idx]. Key items (cat 0) are constants.
  std::vector<std::vector<std::vector<z3::expr>>> b;
  std::vector<std::vector<z3::expr>> p;

  z3::expr at(ItemRef x, int e) const {
    if (x.cat == 0) return ctx.bool_val(x.idx == e);
    return b[x.cat][x.idx][e];
  }
  z3::expr pos(ItemRef x) const { return x.cat == 0 ? ctx.int_val(x.idx) : p[x.cat][x.idx]; }

  z3::expr same(ItemRef x, ItemRef y) const {
    if (x.cat == y.cat) return ctx.bool_val(x.idx == y.idx);
    if (!boolean) return pos(x) == pos(y);
    if (x.cat == 0) return at(y, x.idx);
    if (y.cat == 0) return at(x, y.idx);
    z3::expr_vector v(ctx);
    for (int e = 0; e < g.n; ++e) v.push_back(at(x, e) && at(y, e));
    return z3::mk_or(v);
  }

  // int: the value in comparable category C of the entity holding x.
  z3::expr value(ItemRef x, int C) const {
    const auto& vals = g.cats[C].values;
    if (x.cat == C) return ctx.int_val(vals[x.idx]);
    z3::expr out = ctx.int_val(vals[g.n - 1]);
    for (int j = g.n - 2; j >= 0; --j) out = z3::ite(same(x, {C, j}), ctx.int_val(vals[j]), out);
    return out;
  }

  // Boolean: OR over the pairs of C's items (j1 for a, j2 for b) that satisfy ok(v1, v2).
  z3::expr pairs(ItemRef a, ItemRef b2, int C, const std::function<bool(int64_t, int64_t)>& ok) const {
    z3::expr_vector v(ctx);
    const auto& vals = g.cats[C].values;
    for (int j1 = 0; j1 < g.n; ++j1)
      for (int j2 = 0; j2 < g.n; ++j2)
        if (ok(vals[j1], vals[j2])) v.push_back(same(a, {C, j1}) && same(b2, {C, j2}));
    return z3::mk_or(v);
  }

  z3::expr compile(const Cond& c) const {
    z3::expr_vector v(ctx);
    switch (c.op) {
      case Op::Same:
        for (std::size_t i = 1; i < c.items.size(); ++i) v.push_back(same(c.items[0], c.items[i]));
        return z3::mk_and(v);
      case Op::Different:
        for (std::size_t i = 0; i < c.items.size(); ++i)
          for (std::size_t j = i + 1; j < c.items.size(); ++j) v.push_back(!same(c.items[i], c.items[j]));
        return z3::mk_and(v);
      case Op::At: {
        const auto& vals = g.cats[c.in].values;
        int j = static_cast<int>(std::find(vals.begin(), vals.end(), c.value) - vals.begin());
        return same(c.items[0], {c.in, j});
      }
      case Op::Compare:
        if (!boolean) {
          z3::expr r = c.right_is_value ? ctx.int_val(c.value) : value(c.items[1], c.in);
          return apply_comparison<z3::expr>(c.cmp, value(c.items[0], c.in), r + ctx.int_val(c.offset));
        }
        if (c.right_is_value) {
          for (int j = 0; j < g.n; ++j)
            if (apply_comparison<int64_t>(c.cmp, g.cats[c.in].values[j], c.value + c.offset)) v.push_back(same(c.items[0], {c.in, j}));
          return z3::mk_or(v);
        }
        return pairs(c.items[0], c.items[1], c.in, [&](int64_t l, int64_t r) { return apply_comparison<int64_t>(c.cmp, l, r + c.offset); });
      case Op::NextTo:
        if (!boolean) {
          z3::expr d = value(c.items[0], c.in) - value(c.items[1], c.in);
          return d == ctx.int_val(c.distance) || d == ctx.int_val(-c.distance);
        }
        return pairs(c.items[0], c.items[1], c.in, [&](int64_t l, int64_t r) { return l - r == c.distance || r - l == c.distance; });
      case Op::OneEach: {
        const auto &A = c.items[0], &B = c.items[1], &C = c.items[2], &D = c.items[3];
        return !same(A, B) && !same(C, D) && ((same(A, C) && same(B, D)) || (same(A, D) && same(B, C)));
      }
      case Op::Not:
        return !compile(c.subs[0]);
      case Op::And:
      case Op::Or:
        for (const auto& s : c.subs) v.push_back(compile(s));
        return c.op == Op::And ? z3::mk_and(v) : z3::mk_or(v);
      case Op::Xor: {
        std::vector<z3::expr> subs;
        for (const auto& s : c.subs) subs.push_back(compile(s));
        for (const auto& s : subs) v.push_back(s);
        z3::expr out = z3::mk_or(v);
        for (std::size_t i = 0; i < subs.size(); ++i)
          for (std::size_t j = i + 1; j < subs.size(); ++j) out = out && !(subs[i] && subs[j]);
        return out;
      }
    }
    return ctx.bool_val(true);
  }
};

class LogicGridEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "logic_grid"; }
  std::string_view summary() const override {
    return "logic-grid puzzles (Zebra/Einstein): categories of items, one per entity, and clues in a JSON clue language";
  }
  std::vector<std::string> fields() const override { return {"categories", "clues", "questions"}; }
  std::string schema() const override {
    return R"json({
 "description": "Logic-grid puzzles (Zebra/Einstein): n entities, categories of n items each, every item of every category belonging to exactly one entity, and clues over the items. Items are named by their text (case-insensitive) or, for numbers, by value; \"category:item\" disambiguates. The first category is the key. Solution: {category: [items, in the order of the key category's items], ...}.",
 "required": [
  "categories",
  "clues"
 ],
 "properties": {
  "categories": {
   "type": "array",
   "minItems": 2,
   "maxItems": 16,
   "description": "the categories; every one has the same number of items (2 to 32)",
   "items": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "name",
     "items"
    ],
    "properties": {
     "name": {
      "type": "string",
      "minLength": 1,
      "description": "without ':'"
     },
     "items": {
      "type": "array",
      "minItems": 2,
      "maxItems": 32,
      "items": {
       "type": [
        "string",
        "integer"
       ]
      },
      "description": "all numbers (a numeric category) or all names"
     },
     "ordered": {
      "type": "boolean",
      "default": false,
      "description": "names in order (1st, 2nd, ...): values 1..n, so clues may compare them"
     }
    }
   }
  },
  "clues": {
   "type": "array",
   "maxItems": 10000,
   "items": {
    "$ref": "#/$defs/clue"
   },
   "description": "each clue is one clue for diagnose (clues/0, clues/1, ...)"
  },
  "questions": {
   "type": "array",
   "description": "what the puzzle asks: the answer is printed with the solution",
   "items": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "which",
     "has"
    ],
    "properties": {
     "which": {
      "type": "string",
      "description": "a category"
     },
     "has": {
      "type": [
       "string",
       "integer"
      ],
      "description": "an item"
     },
     "text": {
      "type": "string"
     }
    }
   }
  }
 },
 "$defs": {
  "clue": {
   "description": "a clue: the compact string form (\"Englishman == red\", \"|Norwegian - blue| == 1\", \"not (A < B)\") or an object: {same: [items]}, {different: [items]}, {at: item, position: value, in: category}, {left: item, op: ==|!=|<|<=|>|>=, right: item or number, offset, in}, {next_to: [a, b], in, distance}, {of: [a, b], are: [c, d]}, {not: clue}, {and|or|xor: [clues]}, {expr: \"compact form\", in}; any object may carry \"text\", the sentence as published",
   "anyOf": [
    {
     "type": "string",
     "minLength": 1
    },
    {
     "type": "object"
    }
   ]
  }
 },
 "examples": [
  {
   "kind": "logic_grid",
   "categories": [
    {
     "name": "person",
     "items": [
      "Ann",
      "Bob"
     ]
    },
    {
     "name": "pet",
     "items": [
      "cat",
      "dog"
     ]
    }
   ],
   "clues": [
    "Ann == dog"
   ]
  },
  {
   "kind": "logic_grid",
   "name": "Three houses",
   "categories": [
    {
     "name": "house",
     "items": [
      1,
      2,
      3
     ]
    },
    {
     "name": "owner",
     "items": [
      "Ann",
      "Bob",
      "Cy"
     ]
    },
    {
     "name": "colour",
     "items": [
      "red",
      "green",
      "blue"
     ]
    }
   ],
   "clues": [
    {
     "text": "Ann lives in the red house.",
     "same": [
      "Ann",
      "red"
     ]
    },
    {
     "text": "The green house is right of the red one.",
     "left": "green",
     "op": "==",
     "right": "red",
     "offset": 1,
     "in": "house"
    },
    "Cy == 1",
    {
     "text": "Bob does not live in the blue house.",
     "different": [
      "Bob",
      "blue"
     ]
    }
   ],
   "questions": [
    {
     "which": "owner",
     "has": "blue",
     "text": "Who lives in the blue house?"
    }
   ],
   "expect": {
    "status": "unique"
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    return {{"bool", "a Bool per (item, entity), exactly one per row and column (pairwise clauses); clues as clauses over item pairs (QF_FD)"},
            {"int", "an Int per item (its entity), Distinct per category; values by if-then-else, comparisons in linear arithmetic"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto g = std::make_shared<Grid>();
    JsonNode cats = root.at("categories");
    auto list = cats.items();
    if (list.size() < 2 || list.size() > static_cast<std::size_t>(kMaxCategories))
      cats.fail("input.size", fmt::format("expected 2 to {} categories, found {}", kMaxCategories, list.size()));
    std::vector<std::pair<std::string, std::string>> seen;  // lower-cased name item -> where
    for (std::size_t c = 0; c < list.size(); ++c) {
      const JsonNode& cn = list[c];
      cn.require_object();
      cn.allow_only({"name", "items", "ordered"});
      Category cat;
      JsonNode name = cn.at("name");
      cat.name = name.as_string();
      if (cat.name.empty() || cat.name.find(':') != std::string::npos)
        name.fail("input.value", "a category name must be non-empty and without ':'");
      for (const auto& other : g->cats)
        if (lower(other.name) == lower(cat.name)) name.fail("input.value", fmt::format("category \"{}\" is defined twice", cat.name));
      JsonNode items = cn.at("items");
      auto its = items.items();
      if (its.size() < 2 || its.size() > static_cast<std::size_t>(kMaxEntities))
        items.fail("input.size", fmt::format("expected 2 to {} items, found {}", kMaxEntities, its.size()));
      if (c == 0) g->n = static_cast<int>(its.size());
      else if (static_cast<int>(its.size()) != g->n)
        items.fail("input.shape", fmt::format("category {} has {} items, but {} has {}: every category needs one item per entity",
                                              cat.name, its.size(), g->cats[0].name, g->n));
      int numbers = 0;
      for (const auto& it : its) numbers += it.is_number() ? 1 : 0;
      cat.numeric = numbers == static_cast<int>(its.size());
      if (numbers && !cat.numeric)
        items.fail("input.value", fmt::format("category {} mixes numbers and names", cat.name));
      for (std::size_t j = 0; j < its.size(); ++j) {
        std::string text;
        if (cat.numeric) {
          int64_t v = its[j].as_int(-kMaxValue, kMaxValue);
          cat.values.push_back(v);
          text = std::to_string(v);
        } else {
          text = its[j].as_string();
          if (text.empty()) its[j].fail("input.value", "an item name must not be empty");
          for (const auto& [other, where] : seen)
            if (other == lower(text)) its[j].fail("input.value", fmt::format("item \"{}\" is also in category {}", text, where));
        }
        for (std::size_t k = 0; k < j; ++k)
          if (lower(cat.items[k]) == lower(text))
            its[j].fail("input.value", fmt::format("item \"{}\" appears twice in category {}", text, cat.name));
        cat.items.push_back(text);
      }
      if (!cat.numeric)
        for (const auto& t : cat.items) seen.push_back({lower(t), cat.name});
      if (auto o = cn.find("ordered")) {
        cat.ordered = o->as_bool();
        if (cat.ordered && !cat.numeric)
          for (int j = 0; j < g->n; ++j) cat.values.push_back(j + 1);
      }
      g->cats.push_back(std::move(cat));
    }
    Parser P{*g};
    JsonNode clues = root.at("clues");
    auto cl = clues.items();
    if (cl.size() > 10000) clues.fail("input.size", fmt::format("{} clues, more than the supported 10000", cl.size()));
    for (std::size_t i = 0; i < cl.size(); ++i) {
      LClue c;
      c.id = fmt::format("clues/{}", i);
      c.cond = P.clue(cl[i], 0);
      if (!cl[i].is_object()) c.text = cl[i].as_string();  // the compact form is its own label
      else if (auto t = cl[i].find("text")) c.text = t->as_string();
      if (c.text.empty()) c.text = describe_cond(*g, c.cond);
      g->clues.push_back(std::move(c));
    }
    if (auto qs = root.find("questions")) {
      for (const auto& q : qs->items()) {
        q.require_object();
        q.allow_only({"which", "has", "text"});
        Question question;
        question.which = P.category(q.at("which"));
        question.has = P.item(q.at("has"));
        if (auto t = q.find("text")) question.text = t->as_string();
        if (question.text.empty())
          question.text = fmt::format("{} of {}:", g->cats[question.which].name, g->item_label(question.has));
        g->questions.push_back(question);
      }
    }
    return g;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions&) const override {
    z3::context& ctx = context.z3();
    const auto& g = static_cast<const Grid&>(p);
    Encoding enc(context);
    Compiler C{g, ctx, encoding == "bool", {}, {}};
    C.b.resize(g.cats.size());
    C.p.resize(g.cats.size());
    for (std::size_t c = 1; c < g.cats.size(); ++c) {
      std::vector<unsigned> cat_vars;
      if (C.boolean) {
        C.b[c].resize(g.n);
        for (int j = 0; j < g.n; ++j) {
          for (int e = 0; e < g.n; ++e) {
            C.b[c][j].push_back(ctx.bool_const(fmt::format("b_{}_{}_{}", c, j, e).c_str()));
            cat_vars.push_back(enc.decision_vars.size());
            enc.decision_vars.push_back(C.b[c][j].back());
          }
        }
        for (int j = 0; j < g.n; ++j) {  // each item on exactly one entity
          const std::size_t first = enc.rules.size();
          z3::expr_vector any(ctx);
          for (int e = 0; e < g.n; ++e) any.push_back(C.b[c][j][e]);
          enc.rules.push_back(z3::mk_or(any));
          at_most_one_pairwise(C.b[c][j], enc.rules);
          enc.name_rules(first, [&] {
            return Encoding::RuleGroup{fmt::format("rule/item/{}/{}", c, j + 1),
                                       fmt::format("{} goes with exactly one {}", g.item_label({static_cast<int>(c), j}), g.cats[0].name), {}};
          });
        }
        for (int e = 0; e < g.n; ++e) {  // each entity holds exactly one item of the category
          const std::size_t first = enc.rules.size();
          std::vector<z3::expr> col;
          for (int j = 0; j < g.n; ++j) col.push_back(C.b[c][j][e]);
          z3::expr_vector any(ctx);
          for (const auto& x : col) any.push_back(x);
          enc.rules.push_back(z3::mk_or(any));
          at_most_one_pairwise(col, enc.rules);
          enc.name_rules(first, [&] {
            return Encoding::RuleGroup{fmt::format("rule/entity/{}/{}", c, e + 1),
                                       fmt::format("{} has exactly one {}", g.item_label({0, e}), g.cats[c].name), {}};
          });
        }
        // place (c, e): the variables of column e
        for (int e = 0; e < g.n; ++e) {
          std::vector<unsigned> place;
          for (int j = 0; j < g.n; ++j) place.push_back(cat_vars[j * g.n + e]);
          enc.places.push_back(place);
        }
      } else {
        z3::expr_vector all(ctx);
        for (int j = 0; j < g.n; ++j) {
          C.p[c].push_back(ctx.int_const(fmt::format("p_{}_{}", c, j).c_str()));
          cat_vars.push_back(enc.decision_vars.size());
          enc.decision_vars.push_back(C.p[c].back());
          enc.rules.push_back(C.p[c].back() >= 0 && C.p[c].back() < g.n);
          all.push_back(C.p[c].back());
        }
        enc.rules.push_back(z3::distinct(all));
        for (int e = 0; e < g.n; ++e) enc.places.push_back(cat_vars);
      }
    }
    if (C.boolean) {
      enc.solver_logic = "QF_FD";
      enc.block_true_literals = true;
    }
    for (const auto& cl : g.clues) enc.clues.push_back({cl.id, cl.text, C.compile(cl.cond), {}, {}});
    return enc;
  }

  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (encoding != "bool") return Encoder::fact_label(p, encoding, var, value, place, position);
    const auto& g = static_cast<const Grid&>(p);
    const auto n = static_cast<std::size_t>(g.n);
    const int c = static_cast<int>(var / (n * n)) + 1, j = static_cast<int>(var / n % n), e = static_cast<int>(var % n);
    return fmt::format("{} {} {}", g.item_label({c, j}), value ? "is with" : "is not with", g.item_label({0, e}));
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& g = static_cast<const Grid&>(p);
    Assignment a(g.cats.size(), std::vector<int>(g.n, 0));
    for (int k = 0; k < g.n; ++k) a[0][k] = k;
    std::size_t i = 0;
    for (std::size_t c = 1; c < g.cats.size(); ++c)
      for (int j = 0; j < g.n; ++j) {
        if (encoding == "bool") {
          for (int e = 0; e < g.n; ++e)
            if (values.at(i++)) a[c][j] = e;
        } else {
          a[c][j] = static_cast<int>(values.at(i++));
        }
      }
    return solution_json(g, a);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& g = static_cast<const Grid&>(p);
    node.require_object();
    Assignment a(g.cats.size(), std::vector<int>(g.n, -1));
    for (std::size_t c = 0; c < g.cats.size(); ++c) {
      JsonNode col = node.at(g.cats[c].name);
      auto its = col.items(static_cast<std::size_t>(g.n));
      for (int e = 0; e < g.n; ++e) {
        std::string text = its[e].is_number() ? std::to_string(its[e].as_int(-kMaxValue, kMaxValue)) : its[e].as_string();
        int idx = -1;
        for (int j = 0; j < g.n; ++j)
          if (lower(g.cats[c].items[j]) == lower(text)) idx = j;
        if (idx < 0) its[e].fail("input.unknown_name", fmt::format("\"{}\" is not an item of category {}", text, g.cats[c].name));
        if (a[c][idx] >= 0) its[e].fail("input.value", fmt::format("\"{}\" is listed twice", text));
        a[c][idx] = e;
        if (c == 0 && idx != e)
          its[e].fail("input.value", fmt::format("list the key category {} in its own order ({} first)", g.cats[0].name, g.cats[0].items[0]));
      }
    }
    for (const auto& [key, value] : node.json().items()) {
      bool known = false;
      for (const auto& c : g.cats) known = known || c.name == key;
      if (!known) node.fail("input.unknown_field", fmt::format("\"{}\" is not a category", key));
    }
    return solution_json(g, a);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Grid&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& g = static_cast<const Grid&>(p);
    auto pl = places(p);
    auto va = place_values(p, a), vb = place_values(p, b);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < pl.size(); ++i)
      if (va[i] != vb[i]) out.push_back(pl[i].label);
    (void)g;
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& g = static_cast<const Grid&>(p);
    if (opt.format != RenderFormat::Svg) return render_table(g, solution);
    TableSvg t;
    t.title = opt.title;
    for (const auto& c : g.cats) t.header.push_back(c.name);
    auto pl = places(p);
    std::set<std::string> marked;
    for (const auto& h : opt.highlight) marked.insert(fmt::format("{},{}", h.row, h.col));
    for (int e = 0; e < g.n; ++e) {
      std::vector<std::string> row;
      for (std::size_t c = 0; c < g.cats.size(); ++c) {
        if (c == 0) row.push_back(g.cats[0].items[e]);
        else if (solution) {
          const auto& v = (*solution)[g.cats[c].name][e];
          row.push_back(v.is_string() ? v.get<std::string>() : v.dump());
        } else {
          row.push_back("");
        }
      }
      t.rows.push_back(row);
    }
    t.highlighted = [&](int r, int c) { return marked.count(fmt::format("{},{}", r, c)) > 0; };
    // Without a solution (diagnose of a contradiction) the clues are the
    // picture: listed under the empty table, those in the conflict and those
    // the repair changes marked.
    if (!solution) {
      auto in = [](const std::vector<std::string>& ids, const std::string& id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
      };
      for (const auto& c : g.clues)
        t.items.push_back({c.text, in(opt.changed_clues, c.id)       ? "clue changed"
                                   : in(opt.highlight_clues, c.id) ? "clue highlighted"
                                                                   : "clue"});
    }
    if (solution)
      for (const auto& ans : answers(g, *solution)) {
        const auto& v = ans["answer"];
        t.footer.push_back(ans["question"].get<std::string>() + " " + (v.is_string() ? v.get<std::string>() : v.dump()));
      }
    apply_marks(t, opt);
    return t.render();
  }

  std::string describe(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::string cats;
    for (const auto& c : g.cats)
      cats += (cats.empty() ? "" : ", ") + c.name + (c.numeric ? " (numeric)" : c.ordered ? " (ordered)" : "");
    return fmt::format("logic grid: {} entities, {} categories ({}), {}", g.n, g.cats.size(), cats, plural(g.clues.size(), "clue"));
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<Place> out;
    for (std::size_t c = 1; c < g.cats.size(); ++c)
      for (int e = 0; e < g.n; ++e)
        out.push_back({entity_label(g, e) + "." + g.cats[c].name, Cell{e, static_cast<int>(c)}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<std::string> out;
    for (std::size_t c = 1; c < g.cats.size(); ++c)
      for (int e = 0; e < g.n; ++e) {
        const auto& v = solution[g.cats[c].name][e];
        out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
      }
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    std::set<std::string> drop;
    for (const auto& e : edits) {
      if (e.alternative >= 0) throw InputError("input.value", "#", "clue " + e.clue_id + " has no alternatives");
      bool known = std::any_of(g->clues.begin(), g->clues.end(), [&](const LClue& c) { return c.id == e.clue_id; });
      if (!known) throw InputError("input.value", "#", "no clue " + e.clue_id);
      drop.insert(e.clue_id);
    }
    std::erase_if(g->clues, [&](const LClue& c) { return drop.count(c.id) > 0; });
    return g;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    auto pl = places(p);
    auto vals = place_values(p, solution);
    for (auto i : place_indices) {
      int c = 1 + static_cast<int>(i) / g->n, e = static_cast<int>(i) % g->n;
      const auto& items = g->cats[c].items;
      int idx = static_cast<int>(std::find(items.begin(), items.end(), vals.at(i)) - items.begin());
      LClue cl;
      cl.id = fmt::format("extra/{}", pl[i].label);
      cl.cond.op = Op::Same;
      cl.cond.items = {ItemRef{0, e}, ItemRef{c, idx}};
      cl.text = fmt::format("{} is {}", pl[i].label, vals[i]);
      if (labels) labels->push_back(cl.text);
      g->clues.push_back(std::move(cl));
    }
    return g;
  }

  nlohmann::json annotations(const Puzzle& p, const nlohmann::json& solution) const override {
    auto a = answers(static_cast<const Grid&>(p), solution);
    if (a.empty()) return nlohmann::json::object();
    return {{"answers", a}};
  }

 private:
  static std::string entity_label(const Grid& g, int e) {
    const auto& k = g.cats[0];
    return k.numeric ? k.name + k.items[e] : k.items[e];
  }
};

}  // namespace

const Encoder& logic_grid_encoder() {
  static const LogicGridEncoder e;
  return e;
}

}  // namespace psmt::logic_grid
