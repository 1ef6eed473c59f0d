// A constraint over Boolean decision variables, compiled once from its
// formula and evaluated without Z3 under assignments in which at most
// one of its variables is true (what a leaf of the cover search gives the
// variables of one exactly-one group: engine.cpp, prove_groups).
//
// Covers the Boolean connectives (not, and, or, implies, =, xor, ite),
// true/false, and cardinality and pseudo-Boolean atoms (atmost, atleast,
// pble, pbge, pbeq) with integer coefficients. Anything else, and any
// constant that is not one of the given decision variables, makes
// compile() return nothing: the caller then asks a solver.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/expr.h"

namespace psmt::detail {

class BoolEval {
 public:
  // `var_index`: a constant's decision variable index, or -1 when it is
  // not a decision variable.
  static std::optional<BoolEval> compile(const Expr& e, const std::function<long(const Expr&)>& var_index);

  // The value when decision variable `only` is true and every other one
  // false (`only` < 0: all false).
  bool value(long only) const;

  // The decision variables the constraint mentions, without repeats.
  const std::vector<unsigned>& vars() const { return vars_; }

 private:
  enum class Op : uint8_t { True, False, Var, Not, And, Or, Iff, Xor, Ite, AtMost, AtLeast, Le, Ge, Eq };
  struct Node {
    Op op;
    unsigned var = 0;                 // Var
    int64_t k = 0;                    // the bound of a sum
    std::vector<unsigned> kids;       // node indices
    std::vector<int64_t> weights;     // Le, Ge, Eq (one per kid)
  };
  bool build(const Expr& e, const std::function<long(const Expr&)>& var_index,
             std::unordered_map<uint64_t, unsigned>& memo, unsigned& out);
  bool eval(unsigned n, long only) const;

  std::vector<Node> nodes_;
  unsigned root_ = 0;
  std::vector<unsigned> vars_;
};

}  // namespace psmt::detail
