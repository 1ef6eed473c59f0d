#include "engine/components.h"

#include <algorithm>
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

// Uninterpreted constants in `e` (visiting each shared subterm once).
void constants(const z3::expr& root, std::vector<unsigned>& out, std::unordered_set<unsigned>& seen_terms) {
  std::vector<z3::expr> todo{root};
  while (!todo.empty()) {
    z3::expr e = todo.back();
    todo.pop_back();
    unsigned id = Z3_get_ast_id(e.ctx(), e);
    if (!seen_terms.insert(id).second) continue;
    if (!e.is_app()) continue;
    if (e.num_args() == 0) {
      if (e.decl().decl_kind() == Z3_OP_UNINTERPRETED) out.push_back(id);
      continue;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
  }
}

}  // namespace

std::vector<Component> split_components(const Encoding& enc) {
  std::vector<z3::expr> all;
  for (unsigned i = 0; i < enc.rules.size(); ++i) all.push_back(enc.rules[i]);
  for (const auto& c : enc.clues) all.push_back(c.constraint);

  UnionFind uf;
  std::unordered_map<unsigned, std::size_t> node;  // constant ast id -> union-find node
  auto node_of = [&](unsigned id) {
    auto it = node.find(id);
    if (it != node.end()) return it->second;
    return node[id] = uf.add();
  };
  std::vector<unsigned> var_id(enc.decision_vars.size());
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) {
    var_id[i] = Z3_get_ast_id(enc.decision_vars.ctx(), enc.decision_vars[i]);
    node_of(var_id[i]);
  }
  std::vector<std::vector<unsigned>> consts(all.size());
  for (std::size_t a = 0; a < all.size(); ++a) {
    std::unordered_set<unsigned> seen;
    constants(all[a], consts[a], seen);
    for (std::size_t k = 1; k < consts[a].size(); ++k) uf.unite(node_of(consts[a][0]), node_of(consts[a][k]));
    if (!consts[a].empty()) node_of(consts[a][0]);
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
  for (unsigned i = 0; i < enc.decision_vars.size(); ++i) comp(uf.find(node_of(var_id[i]))).vars.push_back(i);
  std::vector<z3::expr> global;
  for (std::size_t a = 0; a < all.size(); ++a) {
    if (consts[a].empty()) global.push_back(all[a]);
    else comp(uf.find(node_of(consts[a][0]))).assertions.push_back(all[a]);
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
