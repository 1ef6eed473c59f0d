// Every constraint family of the sudoku kind, one line each, in the order
// their fields are listed (`puzzle-smt kinds --format sudoku`).
#include <algorithm>

#include "../family.h"

namespace psmt::sudoku {
namespace families {
const Family& extra_regions_family();
const Family& disjoint_groups_family();
const Family& diagonals_family();
const Family& killer_family();
const Family& kenken_family();
const Family& little_killer_family();
const Family& sandwich_family();
const Family& skyscrapers_family();
const Family& thermo_family();
const Family& slow_thermo_family();
const Family& region_sum_family();
const Family& zipper_family();
const Family& entropic_family();
const Family& modular_family();
const Family& nabner_family();
const Family& double_arrow_family();
const Family& lockout_family();
const Family& x_sum_family();
const Family& row_indexer_family();
const Family& column_indexer_family();
const Family& box_indexer_family();
const Family& digital_root_family();
const Family& counting_circles_family();
const Family& difference_count_family();
const Family& mixed_parity_triples_family();
const Family& arrow_family();
const Family& whispers_family();
const Family& renban_family();
const Family& palindrome_family();
const Family& between_family();
const Family& kropki_family();
const Family& xv_family();
const Family& non_consecutive_family();
const Family& anti_knight_family();
const Family& anti_king_family();
const Family& odd_family();
const Family& even_family();
const Family& minimum_family();
const Family& maximum_family();
const Family& quadruple_family();
const Family& clone_family();
const Family& candidates_family();
}  // namespace families

const std::vector<const Family*>& all_families() {
  using namespace families;
  static const std::vector<const Family*> all = {
      &extra_regions_family(), &disjoint_groups_family(), &diagonals_family(), &killer_family(),
      &kenken_family(),        &little_killer_family(),   &sandwich_family(),   &skyscrapers_family(), &thermo_family(),    &slow_thermo_family(), &arrow_family(),
      &whispers_family(),      &renban_family(),          &palindrome_family(), &between_family(),   &region_sum_family(),  &zipper_family(), &entropic_family(),
      &modular_family(),       &nabner_family(),          &double_arrow_family(), &lockout_family(),
      &x_sum_family(),         &row_indexer_family(),     &column_indexer_family(), &box_indexer_family(),
      &digital_root_family(),  &counting_circles_family(), &difference_count_family(), &mixed_parity_triples_family(),
      &kropki_family(),        &xv_family(),              &non_consecutive_family(), &anti_knight_family(),
      &anti_king_family(),     &odd_family(),             &even_family(),      &minimum_family(),
      &maximum_family(),       &quadruple_family(),       &clone_family(),      &candidates_family(),
  };
  return all;
}

const Family* find_family(std::string_view key) {
  for (const auto* f : all_families())
    if (f->key() == key) return f;
  return nullptr;
}

}  // namespace psmt::sudoku
