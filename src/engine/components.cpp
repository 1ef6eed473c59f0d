#include "engine/components.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace psmt {
namespace {

struct UnionFind {
  std::vector<std::size_t> parent;
  std::size_t add() {
    parent.push_back(parent.size());
    return parent.size() - 1;
  }
  std::size_t find(std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

// For every subterm, one uninterpreted constant it contains (its union-find
// node), after uniting the constants of all its arguments: every term is
// visited once over the whole encoding, so the split is linear in its size
// (the 6x10 pentomino tiling: 1.9 s before, when each assertion walked its
// shared subterms again).
struct ConstantLinker {
  UnionFind& uf;
  std::function<std::size_t(const Expr&)> node_of;
  std::unordered_map<uint64_t, long> rep;  // term id -> union-find node, -1: no constants

  // A native clause of constants and negated constants (most rules): its
  // constants united at once, without memoising the clause.
  bool plain(const Expr& e, long& out) {
    const ExprNode* n = e.node();
    if (!n || (n->op != Op::Or && n->op != Op::And) || n->args.empty()) return false;
    for (const auto& a : n->args) {
      const ExprNode* x = a.node();
      if (x && x->op == Op::Not) x = x->args[0].node();
      if (!x || x->op != Op::Const) return false;
    }
    out = -1;
    for (const auto& a : n->args) {
      const Expr& c = a.node()->op == Op::Not ? a.node()->args[0] : a;
      const long v = static_cast<long>(node_of(c));
      if (out < 0) out = v;
      else uf.unite(static_cast<std::size_t>(v), static_cast<std::size_t>(out));
    }
    return true;
  }

  long link(const Expr& root) {
    if (long r = -1; plain(root, r)) return r;
    std::vector<std::pair<Expr, bool>> todo{{root, false}};
    while (!todo.empty()) {
      auto [e, expanded] = todo.back();
      todo.pop_back();
      const uint64_t id = e.id();
      if (!expanded && rep.count(id)) continue;
      if (e.is_var()) {
        rep[id] = static_cast<long>(node_of(e));
        continue;
      }
      const unsigned n = e.num_args();
      if (n == 0) {
        rep[id] = -1;
        continue;
      }
      if (!expanded) {
        todo.push_back({e, true});
        for (unsigned i = 0; i < n; ++i) {
          Expr a = e.arg(i);
          if (!rep.count(a.id())) todo.push_back({a, false});
        }
        continue;
      }
      long r = -1;
      for (unsigned i = 0; i < n; ++i) {
        long c = rep.at(e.arg(i).id());
        if (c < 0) continue;
        if (r < 0) r = c;
        else uf.unite(static_cast<std::size_t>(c), static_cast<std::size_t>(r));
      }
      rep[id] = r;
    }
    return rep.at(root.id());
  }
};

}  // namespace

std::vector<Component> split_components(const Encoding& enc) {
  if (enc.connected) {  // the encoder says so: one component
    Component whole;
    whole.vars.resize(enc.decision_vars.size());
    std::iota(whole.vars.begin(), whole.vars.end(), 0u);
    whole.assertions_are_the_encoding = true;
    return {std::move(whole)};
  }
  // The assertions: the rules, then the clues (read in place, not copied).
  const std::size_t rules = enc.rules.size(), total = rules + enc.clues.size();
  auto assertion = [&](std::size_t a) -> const Expr& {
    return a < rules ? enc.rules.items()[a] : enc.clues[a - rules].constraint;
  };

  UnionFind uf;
  ConstKeys keys;
  std::vector<std::size_t> node;  // constant key -> union-find node
  auto node_of = [&](const Expr& c) -> std::size_t {
    const uint32_t k = keys.key(c);
    while (node.size() <= k) node.push_back(uf.add());
    return node[k];
  };
  std::vector<std::size_t> var_node(enc.decision_vars.size());
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) var_node[i] = node_of(enc.decision_vars[i]);
  ConstantLinker linker{uf, node_of, {}};
  std::vector<long> first(total);  // a constant of each assertion, -1: none
  for (std::size_t a = 0; a < total; ++a) first[a] = linker.link(assertion(a));
  // One component (a sudoku, most puzzles): said without listing its
  // assertions, which are the whole encoding.
  {
    std::unordered_set<std::size_t> roots;
    for (unsigned i = 0; i < enc.decision_vars.size() && roots.size() < 2; ++i) roots.insert(uf.find(var_node[i]));
    for (std::size_t a = 0; a < total && roots.size() < 2; ++a)
      if (first[a] >= 0) roots.insert(uf.find(static_cast<std::size_t>(first[a])));
    if (roots.size() < 2) {
      Component whole;
      whole.vars.resize(enc.decision_vars.size());
      std::iota(whole.vars.begin(), whole.vars.end(), 0u);
      whole.assertions_are_the_encoding = true;
      return {std::move(whole)};
    }
  }
  // One component per root that holds a decision variable; roots without one
  // (auxiliary-only groups) become components with no variables.
  std::unordered_map<std::size_t, std::size_t> comp_of_root;
  std::vector<Component> comps;
  auto comp = [&](std::size_t root) -> Component& {
    auto it = comp_of_root.find(root);
    if (it != comp_of_root.end()) return comps[it->second];
    comp_of_root[root] = comps.size();
    comps.push_back(Component{});
    return comps.back();
  };
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) comp(uf.find(var_node[i])).vars.push_back(i);
  std::vector<Expr> global;
  for (std::size_t a = 0; a < total; ++a) {
    if (first[a] < 0) global.push_back(assertion(a));
    else comp(uf.find(static_cast<std::size_t>(first[a]))).assertions.push_back(assertion(a));
  }
  if (comps.empty()) comps.push_back(Component{});
  for (auto& c : comps) c.assertions.insert(c.assertions.end(), global.begin(), global.end());
  return comps;
}

BigCount::BigCount(uint64_t v) {
  limbs_.push_back(static_cast<uint32_t>(v));
  if (v >> 32) limbs_.push_back(static_cast<uint32_t>(v >> 32));
}

void BigCount::multiply(uint64_t v) {
  // multiply by the two 32-bit halves of v
  std::vector<uint32_t> out(limbs_.size() + 2, 0);
  const uint32_t parts[2] = {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)};
  for (int h = 0; h < 2; ++h) {
    uint64_t carry = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      uint64_t cur = out[i + h] + static_cast<uint64_t>(limbs_[i]) * parts[h] + carry;
      out[i + h] = static_cast<uint32_t>(cur);
      carry = cur >> 32;
    }
    for (std::size_t i = limbs_.size() + h; carry; ++i) {
      uint64_t cur = out[i] + carry;
      out[i] = static_cast<uint32_t>(cur);
      carry = cur >> 32;
    }
  }
  while (out.size() > 1 && out.back() == 0) out.pop_back();
  limbs_ = out;
}

bool BigCount::fits_u64() const { return limbs_.size() <= 2; }

uint64_t BigCount::to_u64() const {
  if (!fits_u64()) return UINT64_MAX;
  uint64_t v = limbs_[0];
  if (limbs_.size() > 1) v |= static_cast<uint64_t>(limbs_[1]) << 32;
  return v;
}

bool BigCount::is_zero() const { return limbs_.size() == 1 && limbs_[0] == 0; }

std::string BigCount::to_string() const {
  std::vector<uint32_t> n = limbs_;
  std::string digits;
  auto zero = [&]() { return n.size() == 1 && n[0] == 0; };
  if (zero()) return "0";
  while (!zero()) {
    uint64_t rem = 0;
    for (std::size_t i = n.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | n[i];
      n[i] = static_cast<uint32_t>(cur / 10);
      rem = cur % 10;
    }
    while (n.size() > 1 && n.back() == 0) n.pop_back();
    digits.push_back(static_cast<char>('0' + rem));
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace psmt
