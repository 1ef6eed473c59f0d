#include "cli/common.h"

#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include <fmt/format.h>

#include "importers/importer.h"
#include "io/error.h"

namespace psmt::cli {

void add_puzzle_options(CLI::App& cmd, PuzzleOptions& o) {
  cmd.add_option("files", o.files,
                 "puzzles: files (our JSON, or an f-puzzles export), links (f-puzzles ?load=, SudokuPad), or files "
                 "holding a link; - reads standard input")
      ->required();
  cmd.add_flag("--partial,--ignore-drawings", o.partial,
               "import links and exports even where drawings (lines, shapes, text, colours, a background image) or "
               "sentences of the rules text may carry rules the importer cannot read; they are left out and listed, "
               "and the verdict is for the rules read");
  cmd.add_option("-e,--encoding", o.encoding,
                 "encoding to use; default: the kind's fastest (bool-pairwise for sudoku and futoshiki, 22x faster than "
                 "int-distinct on 17-clue uniqueness proofs); `puzzle-smt kinds` lists them");
  cmd.add_option("--timeout", o.timeout_ms, "wall-clock limit per puzzle in ms; hitting it gives `unknown`");
  cmd.add_option("--rlimit", o.rlimit,
                 "Z3 resource limit per puzzle (deterministic, for reproducible research); gives `unknown`");
  cmd.add_flag("--json", o.json, "print one JSON report per puzzle (one per line)");
  cmd.add_option("--color", o.color, "colour in text output: auto (when a terminal, not NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd.add_flag("-q,--quiet", o.quiet,
               "print nothing on standard output: the exit status gives the verdict; errors still go to standard "
               "error and --svg files are still written");
}

LoadedPuzzle load_argument(const std::string& argument, bool partial, nlohmann::json* our_json) {
  importers::ImportOptions io;
  io.partial = partial;
  importers::Argument a = importers::read_argument(argument, io);
  if (our_json) *our_json = a.imported ? a.imported->puzzle : a.doc;
  if (!a.imported) return load_puzzle(a.doc, a.origin);
  try {
    LoadedPuzzle lp = load_puzzle(a.imported->puzzle, a.origin);
    lp.imported_from = a.imported->format;
    lp.ignored_drawings = a.imported->ignored;
    return lp;
  } catch (const InputError& e) {
    std::string place = importers::foreign_place(*a.imported, e.path());
    std::string where = place.empty() ? "" : fmt::format(" (from {} in the {} data)", place, a.imported->format);
    throw InputError(e.id(), e.path(), std::string(e.what()) + where, e.file().empty() ? a.origin : e.file());
  }
}

int guarded(const std::string& what, const std::function<int()>& body) {
  try {
    return body();
  } catch (const InputError& e) {
    print_error(e.describe());
    return 2;
  } catch (const UsageError& e) {
    print_error(e.what());
    return 2;
  } catch (const InternalError& e) {
    print_error("internal error on " + what + ": " + e.what());
    return 1;
  }
}

int for_each_file(const std::vector<std::string>& files, const std::function<int(const std::string&)>& one) {
  int status = -1;
  for (const auto& f : files) {
    int code = guarded(f, [&]() { return one(f); });
    status = status < 0 ? code : merge_exit(status, code);
  }
  return status < 0 ? 2 : status;
}

int merge_exit(int a, int b) {
  if (a == 1 || b == 1) return 1;
  if (a == 2 || b == 2) return 2;
  return std::max(a, b);
}

void print_error(const std::string& message) { std::cerr << "puzzle-smt: error: " << message << std::endl; }

bool use_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* nc = std::getenv("NO_COLOR");
  if (nc && *nc) return false;
  return isatty(STDOUT_FILENO) != 0;
}

}  // namespace psmt::cli
