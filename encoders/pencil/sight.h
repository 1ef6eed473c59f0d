// Lines of sight as clauses (kurodoko's numbers, nurimisaki's circles): what
// a cell sees up, down, left and right until a shaded cell or the edge,
// itself included. The plain count is pencil::sight (shading.h). Kept apart
// from shading.h so that the checkers, which include that, do not parse Z3.
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/expr.h"

namespace psmt {
struct Encoding;
}

namespace psmt::pencil {

// What a cell sees, as Booleans fixed by the shading: sum[k-1] "it sees at
// least k other unshaded cells", k up to `cap` (Booleans per direction "the
// first k cells that way are unshaded", summed by a totalizer; names start
// with `prefix`). sees(m): the cell unshaded and m-1 others seen.
struct Sight {
  Expr cell_open;
  std::vector<Expr> sum;
  Expr sees(int m, Context& ctx) const;
};
Sight sight_count(const Lattice& L, const std::vector<Expr>& shaded, int cell, int cap, const std::string& prefix, Context& ctx,
                  Encoding& enc);

}  // namespace psmt::pencil
