// What the shading genres share (nurikabe, hitori, kurodoko, heyawake: the
// answer is a set of shaded cells): the board with cells given as shaded or
// unshaded (what diagnose offers as extra givens), the solution as rows of
// '#' shaded and '.' unshaded, the rules several of them state ("no two
// shaded cells side by side", "the unshaded cells are connected"), and an
// Encoder base that does everything but the genre's own clues and rules.
// A genre derives its board from ShadeBoard and its encoder from
// ShadingEncoder, and writes parse, encode, its checks and its clue edits.
//
// The plain parts (ids, solutions, checks) are in shading_check.cpp, without
// Z3; the clause helpers in shading.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"
#include "render/svg.h"

namespace psmt {
struct Encoding;
}

namespace psmt::pencil {

inline constexpr int kGivenShaded = 1, kGivenUnshaded = 2;

struct ShadeBoard : Puzzle {
  Lattice lat;
  std::vector<int> given;  // per cell: 0, kGivenShaded or kGivenUnshaded
};

std::string given_id(Cell c, bool shaded);     // "shaded/r2c3"
std::string given_label(Cell c, bool shaded);  // "r2c3 shaded"

// Rows of '#' shaded and '.' unshaded, and back (InputError naming the row).
nlohmann::json shading_json(const Lattice& L, const std::vector<bool>& shaded);
std::vector<bool> shading_of(const Lattice& L, const nlohmann::json& solution);

// A cell as "r3c7" or [row, col] from 0, on the board.
Cell read_cell(const JsonNode& node, const Lattice& L);
// The optional "shaded" and "unshaded" lists into b.given (b.lat set first).
void read_givens(const JsonNode& root, ShadeBoard& b);
// The schema of those two lists, to end a genre's "properties".
std::string givens_schema();

// A grid of numbered cells: one array per row, each entry '.' (no number),
// '?' (a number not given: kUnknownNumber) or an integer in [least, most].
inline constexpr int kNoNumber = -1, kUnknownNumber = -2;
void read_number_grid(const JsonNode& grid, int least, int most, int max_side, Lattice& L, std::vector<int>& numbers);
std::string number_text(int n);  // "", "?" or the number

// The board's rows, then its columns, each as its cells in order; and a
// line's name for people ("row 3", "column 2").
std::vector<std::vector<int>> lines(const Lattice& L);
std::string line_name(const Lattice& L, std::size_t line);

// The values a changed number may take (diagnose's "change" repairs): lo to
// hi in order, n left out. A genre's alternatives and its edits both use
// this list, so that the k-th alternative is the k-th value.
std::vector<int> other_values(int n, int lo, int hi);

// Drop or change the number whose clue id (id(cell)) `e` names: dropped, the
// cell holds `dropped`; changed, the e.alternative-th of values(cell, n).
// False when no numbered cell has that id.
bool edit_number(const Lattice& L, std::vector<int>& number, const ClueEdit& e, const std::function<std::string(int)>& id,
                 int dropped, const std::function<std::vector<int>(int, int)>& values);

// Plain checks, appended to `out`.
void check_givens(const ShadeBoard& b, const std::vector<bool>& shaded, std::vector<Violation>& out);
void check_no_adjacent_shaded(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out);
void check_unshaded_connected(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out);
void check_shaded_connected(const Lattice& L, const std::vector<bool>& shaded, std::vector<Violation>& out);
// No more than `longest` cells in a row or column all shaded, nor all
// unshaded (aqre: 3; binairo: 2), named with `on` and `off` (plural nouns:
// "shaded cells", "1s").
void check_no_runs(const Lattice& L, const std::vector<bool>& shaded, int longest, std::vector<Violation>& out,
                   const char* on = "shaded cells", const char* off = "unshaded cells");
// pzprjs's checkShadeCellExist: an answer shades at least one cell.
void check_some_shaded(const std::vector<bool>& shaded, std::vector<Violation>& out);
// No 2x2 block of cells all `on` (pzprjs's check2x2ShadeCell with the
// shading, check2x2UnshadeCell with its opposite): "a 2x2 block of
// {what} at r1c1", under `id`.
void check_no_2x2(const Lattice& L, const std::vector<bool>& on, const char* what, const char* id, std::vector<Violation>& out);
// Lines of sight (kurodoko's numbers, nurimisaki's circles): how many
// unshaded cells a cell sees up, down, left and right until a shaded cell or
// the edge, itself included (0 if it is shaded).
int sight(const Lattice& L, const std::vector<bool>& shaded, int cell);

// Clause helpers. A Bool per cell (shaded_rRcC), the decision variables and
// places of `enc`, in reading order.
std::vector<Expr> shading_vars(const Lattice& L, Context& ctx, Encoding& enc);
void no_adjacent_shaded(const Lattice& L, const std::vector<Expr>& shaded, Encoding& enc);
// pzprjs's checkShadeCellExist: an answer shades at least one cell (a rule
// named "some cell is shaded").
void some_shaded(const std::vector<Expr>& shaded, Context& ctx, Encoding& enc);
// In every longest+1 cells in a row or column, one shaded and one not.
void no_runs(const Lattice& L, const std::vector<Expr>& shaded, int longest, Context& ctx, Encoding& enc,
             const char* on = "shaded cells", const char* off = "unshaded cells");
// No 2x2 block whose four literals are all true (the shading, or its
// negation for unshaded blocks), named "no 2x2 block of {what}".
void no_2x2(const Lattice& L, const std::vector<Expr>& lits, Context& ctx, Encoding& enc, const char* what = "shaded cells");
// Lines of sight as clauses: encoders/pencil/sight.h.
// Hitori's, kurodoko's and heyawake's shared rules (pzprjs's
// checkShadeCellExist, checkAdjacentShadeCell, checkConnectUnshadeRB): some
// cell is shaded, no two shaded cells side by side, and the unshaded cells
// connected (cuts unless `eager`); `anchor`:
// a cell unshaded in every solution, or -1 (graph::Rule::anchor).
void unshaded_area(const Lattice& L, const std::vector<Expr>& shaded, bool eager, Context& ctx, Encoding& enc, int anchor = -1);
// The cells whose literal is true are connected (cuts unless `eager`).
void cells_connected(const Lattice& L, const std::vector<Expr>& lits, const std::string& name, bool eager,
                     Context& ctx, Encoding& enc, const std::string& prefix, int anchor = -1);
// The given cells as clues (given_id / given_label), and the solver the
// shading genres run on (QF_FD: plain clauses and counters); the last step
// of their encode().
void given_clues(const ShadeBoard& b, const std::vector<Expr>& shaded, Encoding& enc);

class ShadingEncoder : public Encoder {
 public:
  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override;
  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override;
  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override;
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override;
  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override;
  std::vector<Place> places(const Puzzle& p) const override;
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override;
  // "r2c3 is shaded", "r2c3 is unshaded" (marked_word, unmarked_word).
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override;
  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override;
  // Given shaded and unshaded cells draw what is known of a shading; not of
  // a light, a star or a tent (the kinds whose facts have words of their own).
  bool fixed_places_draw_the_solution() const override { return fact_words(true) == std::string("is ") + marked_word(); }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override;
  // Several solutions: the numbers of the genre a setter could write
  // (numbers_to_add), never shaded or unshaded cells.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override;
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override;
  std::string no_extra_clues_reason(const Puzzle& p) const override { return no_number_to_add(static_cast<const ShadeBoard&>(p)); }

 protected:
  // The numbers a setter could add that hold in the shading: (cell, value),
  // written by write_number and named by number_words (its clue's label).
  virtual std::vector<std::pair<int, int>> numbers_to_add(const ShadeBoard&, const std::vector<bool>& shaded) const {
    (void)shaded;
    return {};
  }
  virtual void write_number(ShadeBoard& b, int cell, int value) const {
    (void)b, (void)cell, (void)value;
  }
  virtual std::string number_words(const ShadeBoard& b, int cell, int value) const {
    (void)b, (void)cell;
    return std::to_string(value);
  }
  virtual std::string no_number_to_add(const ShadeBoard&) const { return "no number of this genre can be added"; }
  // What a marked cell is in the genre's words ("shaded"; a star battle's
  // "star"), and how a picture draws it: the default fills the cell grey;
  // a genre may draw a symbol instead (draw_marked sets nothing then).
  virtual const char* marked_word() const { return "shaded"; }
  // What explain says of a cell ("r2c3 is shaded"; "r2c3 holds a star").
  virtual std::string fact_words(bool marked) const { return std::string("is ") + (marked ? marked_word() : unmarked_word()); }
  virtual const char* unmarked_word() const { return "unshaded"; }
  virtual bool fill_marked() const { return true; }
  virtual void draw_marked(const ShadeBoard& b, const std::vector<bool>& marked, GridSvg& g) const {
    (void)b, (void)marked, (void)g;
  }
  // The genre's rules and clues on a full shading (the givens are checked here).
  virtual std::vector<Violation> check_shading(const ShadeBoard& b, const std::vector<bool>& shaded) const = 0;
  // What a cell shows ("" nothing), and the id of the clue drawn there ("" none).
  virtual std::string cell_text(const ShadeBoard& b, int cell) const = 0;
  virtual std::string clue_id_at(const ShadeBoard& b, int cell) const = 0;
  // The room of a cell, when the genre has rooms (thick lines between them).
  virtual std::function<int(Cell)> rooms(const ShadeBoard&) const { return {}; }
  // A copy of the board, to edit.
  virtual std::shared_ptr<ShadeBoard> clone(const ShadeBoard& b) const = 0;
  // Drop (alternative < 0) or change one of the genre's clues; false when
  // `e` names none of them (the givens are handled here).
  virtual bool edit_clue(ShadeBoard& b, const ClueEdit& e) const = 0;
};

// The genres whose clues are numbers in cells (kurodoko, choco banana,
// nurimisaki): the board's numbers (kNoNumber, kUnknownNumber or the
// number), drawn in their cells, each a clue "grid/r2c3" that diagnose
// drops (to dropped_number()) or changes to every value of
// number_values(); the extra clues of several solutions are numbers too.
struct NumberBoard : ShadeBoard {
  std::vector<int> number;
};
std::string grid_number_id(Cell c);  // "grid/r2c3"

template <class B>  // B derives from NumberBoard
class NumberShadingEncoder : public ShadingEncoder {
 protected:
  // The clue's words ("sees 4 at r2c3"), and every value a number n could
  // be changed to, n left out (pencil::other_values).
  virtual std::string number_label(Cell c, int n) const = 0;
  virtual std::vector<int> number_values(const Lattice& L, int n) const = 0;
  virtual int dropped_number() const { return kNoNumber; }

  void write_number(ShadeBoard& p, int cell, int value) const override { static_cast<B&>(p).number[static_cast<std::size_t>(cell)] = value; }
  std::string number_words(const ShadeBoard& p, int cell, int value) const override { return number_label(p.lat.cell_at(cell), value); }
  std::vector<Violation> check_shading(const ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return check_board(static_cast<const B&>(p), shaded);
  }
  virtual std::vector<Violation> check_board(const B& b, const std::vector<bool>& shaded) const = 0;
  std::string cell_text(const ShadeBoard& p, int i) const override { return number_text(static_cast<const B&>(p).number[static_cast<std::size_t>(i)]); }
  std::string clue_id_at(const ShadeBoard& p, int i) const override {
    return static_cast<const B&>(p).number[static_cast<std::size_t>(i)] > 0 ? grid_number_id(p.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<ShadeBoard> clone(const ShadeBoard& p) const override { return std::make_shared<B>(static_cast<const B&>(p)); }
  bool edit_clue(ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<B&>(p);
    return edit_number(
        b.lat, b.number, e, [&](int i) { return grid_number_id(b.lat.cell_at(i)); }, dropped_number(),
        [&](int, int n) { return number_values(b.lat, n); });
  }
};

}  // namespace psmt::pencil
