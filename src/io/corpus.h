// Corpora for batch and bench: records read from
//   - a .json file (one puzzle),
//   - a directory (its *.json files, recursively, in sorted order),
//   - a .jsonl file (one puzzle object per line),
//   - any other file as lines in a kind's line format (`line_kind`): for
//     sudoku, one puzzle string per line as public corpora ship them (the
//     first field of a CSV line; '#' comments, blank lines and a header or
//     count as the first line are skipped; any other line without a puzzle
//     is a record that fails to load, naming its line),
//   - without a line kind: a file of links or game IDs, one per line (what
//     setters keep: f-puzzles, SudokuPad and puzz.link links, Tatham IDs,
//     mixed), or a file holding one link. Whether a line is one is for the
//     caller to say (`is_link`, the importers' test: src/ knows no format);
//     any other line is a record that fails to load, naming its line.
// A directory is read whole (recursively, in sorted order): every file that
// `check` could read is taken (.json, .jsonl, .sdk, .ss, .non, a file of
// links or game IDs, a file holding one link, a grid as text; with a line
// kind, a line corpus), and each other file is skipped and named, with why,
// in `skipped` ("DIR/notes.md: no line is a link or a game ID, and it is not
// a grid as text"); hidden files and directories are skipped so too. A
// directory in which nothing is read is an InputError.
// Records are numbered from 0 across all inputs in order, so --shard and
// --resume can name them; each keeps its origin ("file:line").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/puzzle_file.h"

namespace psmt {

struct CorpusRecord {
  uint64_t index = 0;
  std::string origin;  // "corpus.txt:17"
  std::string text;    // JSON text, or a line of a line format
  bool is_line = false;
  bool is_text_grid = false;  // a whole .sdk/.ss file: read by the importers (sudoku text)
  bool is_link = false;       // a line that is a link or a game ID: read by the importers
  // A line that holds no puzzle (past the first line, which may be a
  // header): why, with its line number; loading it is an InputError.
  std::string unreadable;
};

// Says whether a line is a link or a game ID (importers::is_link_argument).
using LinkTest = bool (*)(const std::string& line);
// Says whether a whole text is one puzzle the importers read (a sudoku grid
// as text, a .non nonogram: importers::is_puzzle_text).
using TextTest = bool (*)(const std::string& text);

// Throws InputError for an unreadable input, or a line-format file without
// `line_kind` in which no line is a link (`is_link`; nullptr: links are not
// read), or a directory in which nothing is read. Files skipped in a
// directory are appended to `skipped` (when given) as "path: why".
std::vector<CorpusRecord> read_corpus(const std::vector<std::string>& inputs, const std::string& line_kind,
                                      LinkTest is_link = nullptr, TextTest is_puzzle_text = nullptr,
                                      std::vector<std::string>* skipped = nullptr);

// The puzzle of one record (InputError with the record's origin as file).
LoadedPuzzle load_record(const CorpusRecord& r, const std::string& line_kind);

}  // namespace psmt
