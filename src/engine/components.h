// Splitting an encoding into independent components.
//
// Two decision variables are in the same component when some rule or clue
// mentions both (through any chain of auxiliary constants). Components share
// no variables, so the solutions of the whole are the product of the
// components' solutions: counting multiplies per-component counts instead of
// enumerating the product (an XOR keystream has one component per key byte).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/expr.h"

#include "engine/encoding.h"

namespace psmt {

struct Component {
  std::vector<unsigned> vars;        // decision variable indices, ascending
  std::vector<Expr> assertions;  // rules and clue constraints over it
  // The only component: its assertions are every rule and clue of the
  // encoding, not listed in `assertions`.
  bool assertions_are_the_encoding = false;
};

// At least one component; assertions without any constant go to every one.
// A single component comes back with assertions_are_the_encoding set.
std::vector<Component> split_components(const Encoding& enc);

// An unsigned integer of any size, for products of counts.
class BigCount {
 public:
  explicit BigCount(uint64_t v = 0);
  void multiply(uint64_t v);
  bool fits_u64() const;
  uint64_t to_u64() const;  // saturates at UINT64_MAX
  std::string to_string() const;
  bool is_zero() const;

 private:
  std::vector<uint32_t> limbs_;  // base 2^32, little-endian
};

}  // namespace psmt
