// The format modules behind importer.h, and what they share. Internal to
// importers/.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/importer.h"
#include "io/json_node.h"

namespace psmt::importers {

// f-puzzles JSON (an export file, or a decoded ?load= link): `source` is
// what the puzzle's "source" field says (the link, or the file).
Imported import_fpuzzles(const nlohmann::json& doc, const std::string& origin, const std::string& source,
                         const ImportOptions& options);

// SudokuPad's own format: the decompressed text of an scl/ctc id (zipped
// or plain JSON).
Imported import_sudokupad(const std::string& text, const std::string& origin, const std::string& source,
                          const ImportOptions& options);

// Parse SudokuPad's zipped JSON (PuzzleZipper) into JSON with the long
// property names. Errors name the character position.
nlohmann::json sudokupad_unzip(const std::string& text, const std::string& origin);

// Links (http(s)://, sudokupad://): std::nullopt if `text` is not a link.
// decode_link only decodes: the foreign data as text (f-puzzles JSON, or
// SudokuPad's zipped JSON) and which format it is.
struct DecodedLink {
  std::string format;  // "f-puzzles" or "SudokuPad"
  std::string text;
  std::string link;
};
std::optional<DecodedLink> decode_link(const std::string& text, const std::string& origin);
std::optional<Imported> import_link(const std::string& text, const std::string& origin, const ImportOptions& options);

// Game IDs of Simon Tatham's collection (importers/tatham.cpp): the game's
// name and the rest ("PARAMS:DESC") when `text` starts with the name of one
// of the collection's games and a colon; import_game_id reads it (an
// InputError naming the part for a game it does not read, or a malformed ID).
std::optional<std::pair<std::string, std::string>> split_game_id(const std::string& text);
Imported import_game_id(const std::string& game, const std::string& id, const std::string& origin);

// puzz.link (pzprjs) links (importers/puzzlink.cpp): the query after '?'
// (percent-decoded) when `link` is on puzz.link, pzv.jp or pzprxs.vercel.app;
// import_puzzlink reads "PID/[FLAG/]COLS/ROWS/BODY" (kakuro, skyscrapers; other PIDs are
// named and refused).
std::optional<std::string> puzzlink_query(const std::string& link);
Imported import_puzzlink(const std::string& query, const std::string& origin, const std::string& link);

// The pencil genres (loops and connected areas), one reader per format:
// puzz.link (importers/puzzlink_pencil.cpp: slither, ...; `flags` are the
// fields before the size) and Tatham IDs (importers/tatham_pencil.cpp: loopy,
// ...). std::nullopt for a PID or game these do not know; an InputError
// naming the place for anything malformed or a flag that is not read.
std::optional<Imported> puzzlink_pencil(const std::string& pid, const std::vector<std::string>& flags,
                                        const std::vector<std::string>& fields, const std::string& origin,
                                        const std::string& link);
std::optional<Imported> tatham_pencil(const std::string& game, const std::string& params, const std::string& desc,
                                      const std::string& origin, const std::string& id);

// Percent-decoding (%2B -> +); invalid escapes are left as they are.
std::string percent_decode(std::string_view s);

// Building our puzzle JSON with provenance.
class Builder {
 public:
  explicit Builder(std::string format) { out.format = std::move(format); }
  // Record that our pointer `ours` comes from `theirs` in the foreign data.
  void from(const std::string& ours, const std::string& theirs) { out.provenance.emplace_back(ours, theirs); }
  Imported out;
};

// A drawing that may carry a rule: refused (InputError listing them all)
// unless options.partial, when they go to Imported::ignored and the
// puzzle's notes.
void settle_drawings(Imported& imported, const std::vector<std::string>& drawings, const std::string& origin,
                     const ImportOptions& options, std::string_view what_to_do);

// The sentences of a rules text that are not accounted for by the usual
// sudoku rules, by a rule the imported puzzle carries, or as harmless text
// (rules_text.cpp says how). Any of them may state a rule the data lacks.
std::vector<std::string> unexplained_rules(const std::string& rules, const nlohmann::json& puzzle);

// Pieces of our puzzle JSON that several importers build (grid_parts.cpp).
// A Latin square's givens, n*n values in reading order (0: empty), as
// "grid"; `what` words where they came from.
// A grid of numbers, one array per row: '.' where -1 (none), '?' where -2
// (a number not given), else the value; values row-major.
nlohmann::json number_rows(const std::vector<int>& values, int cols, int rows);

void set_givens(Builder& b, const std::vector<int>& givens, int n, const std::string& what);
// Skyscrapers clues of an n x n grid, 4n values (0: none) above the
// columns, below them, left of the rows, right of them, as "skyscrapers";
// `words(side, k)` words where clue k of side 0..3 came from.
void set_skyscrapers_clues(Builder& b, const std::vector<int>& clues, int n,
                           const std::function<std::string(int side, int k)>& words);

// Labels for people: r3c7, and "r1c1–r1c4" for a list.
std::string rc_label(int row, int col);

}  // namespace psmt::importers
