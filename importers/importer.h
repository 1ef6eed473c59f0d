// Importers: foreign puzzle formats in, our own puzzle JSON out.
//
// A puzzle argument on the command line is a file, standard input ("-"), a
// link (anything starting with http:// or https://, or a SudokuPad app
// link), or a game ID of Simon Tatham's collection (GAME:PARAMS:DESC). A
// file whose whole content is a link or a game ID counts as that link. An
// f-puzzles export (JSON with "size" and "grid" but no "kind") is imported
// too. Everything else is read as our own puzzle JSON.
//
// An importer's only output is our JSON for a kind: encoders never see a
// foreign format, and `convert` is "import and print". Anything an importer
// cannot map to a rule it knows is an InputError naming it (a dropped
// constraint would change the verdict); drawings that may carry rules are
// refused unless the user says they are decoration (ImportOptions).
//
// Nothing is fetched over the network: a short link that only a server can
// expand is an error saying what to paste instead.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace psmt::importers {

struct ImportOptions {
  // A partial import (--partial): import puzzles in which drawings (lines,
  // shapes, colours, a background image) or sentences of the rules text may
  // carry rules the importer cannot read, leaving those out. The imported
  // puzzle lists them in "notes", and reports say the verdict is for the
  // rules read.
  bool partial = false;
  // How a 16x16 sudoku written as text spells its values (--alphabet):
  // "1-G" (1-9 then A-G; 0 is a blank) or "0-F" (0-9 then A-F stand for
  // 1-16). Empty: read a grid only when one reading fits it.
  std::string alphabet;
};



struct Imported {
  nlohmann::json puzzle;   // our format: kind, name, source, author, rules, expect, ...
  std::string format;      // "f-puzzles", "SudokuPad (scl)", "Tatham keen", ...
  // Where the parts of our JSON come from: (pointer prefix in `puzzle`,
  // place in the foreign data), so that an error found later by the kind's
  // parser can name the foreign place too.
  std::vector<std::pair<std::string, std::string>> provenance;
  std::vector<std::string> ignored;  // what a partial import left out (ImportOptions::partial)
  // Drawings (and sentences) given a meaning by the rules text, one line
  // each: what was read as what, from which sentence. The caller checks the
  // setter's solution, when there is one, against the rules they became.
  std::vector<std::string> mapped;
  // Drawings read as decoration (cell colours the rules text gives no
  // meaning), one line each.
  std::vector<std::string> decorations;
  // What the user should know of the import though it was read: a link
  // whose data stops short of its board (cut off in a copy?), one line each.
  std::vector<std::string> warnings;
};

// One puzzle argument, read: either imported from a foreign format, or our
// own JSON (`doc`) for the caller to load. `origin` is how messages name the
// input: the file name, or the link shortened to one line.
struct Argument {
  std::string origin;
  std::optional<Imported> imported;
  nlohmann::json doc;  // our own JSON when nothing was imported
};
Argument read_argument(const std::string& argument, const ImportOptions& options);
// The same for text already read (pasted into a page, a dropped file's
// content): `name` names it in messages and picks the reading as a file's
// name would (".json", ".non").
Argument read_text_argument(const std::string& text, const std::string& name, const ImportOptions& options);

// The alphabets --alphabet accepts; UsageError for anything else.
std::string check_alphabet(const std::string& alphabet);

// Sudoku as text (importers/sudoku_text.cpp): a whole file (SadMan
// Software's .sdk, Simple Sudoku's .ss, n lines of n cells, or one line of
// n*n cells) or one line of a line corpus. Blanks: '.', '0' (not in 0-F),
// '_', '-', 'x', '*'; separators '|', '+', spaces and lines of '-' are
// skipped; "#" lines are comments (.sdk's #A author, #D description, #C
// comment, #S/#U source are kept). InputError naming the line and column
// when it is not one; std::nullopt from sudoku_text when the text does not
// look like a grid at all (the caller names the formats it reads).
std::optional<Imported> sudoku_text(const std::string& text, const std::string& origin, const ImportOptions& options);
Imported sudoku_line(const std::string& line, const std::string& origin, const ImportOptions& options);

// Steve Simpson's .non nonogram files (importers/non_file.cpp), as pbnsolve
// reads them: width, height, the rows and columns sections, the goal picture
// (as `expect`) and metadata. InputError naming the line for anything else.
bool looks_like_non(const std::string& text);
Imported import_non(const std::string& text, const std::string& origin);
// A file of the corpus's text formats (.sdk, .ss, .non; io/corpus.cpp), by its name.
Imported import_foreign_text_file(const std::string& text, const std::string& origin, const ImportOptions& options);

// A record of a line corpus read by an importer when `line_kind` has a text
// format here (sudoku), else std::nullopt (the kind reads the line itself).
std::optional<Imported> import_line(const std::string& line_kind, const std::string& line, const std::string& origin,
                                    const ImportOptions& options);

// Import text that is a link, a game ID or foreign JSON; std::nullopt when
// it is none of these (our own JSON, or not recognised).
std::optional<Imported> import_text(const std::string& text, const std::string& origin, const ImportOptions& options);

// The foreign data a link carries, decoded but not imported (convert
// --decoded): f-puzzles JSON, or SudokuPad's JSON with its long property
// names. InputError if the argument is not a link this tool reads.
std::string decoded_foreign_data(const std::string& argument);

// True when the argument is a link or a game ID rather than a file name.
bool is_link_argument(const std::string& argument);
// True when a line of text is a link or a game ID (a line of a corpus).
bool is_link_text(const std::string& text);
// True when a whole text is one puzzle read as text: a sudoku grid (.sdk,
// .ss, n rows of n cells, one line of n*n cells) or a .non nonogram (a file
// of a batch's directory that is neither JSON nor links).
bool is_puzzle_text(const std::string& text);

// The place in the foreign data for an error at `pointer` of the imported
// puzzle ("" if unknown).
std::string foreign_place(const Imported& imported, const std::string& pointer);

// What is read, for help texts and messages, made from the importers'
// tables (importers/catalogue.h) so that no list goes stale: the puzz.link
// genres ("fillomino, hashikake (hashi, bridges), ..."), the collection's
// games, the link forms, and every input in one sentence.
std::string puzzlink_genre_list();
// The puzz.link genres' pids, one each (the fuzz targets pzpr_<pid>).
std::vector<std::string> puzzlink_pids();
std::string tatham_game_list();
std::string links_read();
std::string inputs_read();

// A link or long string shortened for messages: at most `max` characters,
// with an ellipsis.
std::string shorten(const std::string& s, std::size_t max = 60);
// The text without leading and trailing white space.
std::string trim(const std::string& s);

}  // namespace psmt::importers
