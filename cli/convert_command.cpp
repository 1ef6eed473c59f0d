// convert: any accepted input (a link, an f-puzzles export, a game ID, our
// own JSON) -> our puzzle JSON, checked by loading it as `check` would, so
// that what convert writes is a puzzle every command accepts.
#include <iostream>
#include <memory>

#include "cli/common.h"
#include "encoders/registry.h"
#include "importers/importer.h"
#include "io/error.h"
#include "io/json_format.h"
#include "io/write_file.h"

namespace psmt::cli {

void setup_convert(CLI::App& app, int& exit_status) {
  struct ConvertOptions {
    std::string input, output;
    bool partial = false;
    bool decoded = false;
    std::string alphabet;
  };
  auto o = std::make_shared<ConvertOptions>();
  CLI::App* cmd = app.add_subcommand(
      "convert",
      "write a puzzle given as a link, a game ID, an f-puzzles export, a grid as text or a file as puzzle-smt's JSON, "
      "for editing and for puzzles/; `check` gives the same verdict on both");
  cmd->add_option("input", o->input, "one of: " + importers::inputs_read())->required();
  cmd->add_option("-o,--output", o->output, "write here instead of standard output");
  cmd->add_flag("--partial,--ignore-drawings", o->partial,
                "convert even when drawings or the rules text may carry rules the importer cannot read; they are "
                "listed in \"notes\" (add those rules by hand)");
  add_alphabet_option(*cmd, o->alphabet);
  cmd->add_flag("--decoded", o->decoded,
                "print the data a link or a game ID carries, decoded but not converted (f-puzzles JSON, SudokuPad's "
                "JSON, a puzz.link link's genre, flags, size and body, a game ID's game, parameters and description), "
                "to see what an importer reads");
  add_resource_options(*cmd, false);
  cmd->callback([o, &exit_status]() {
    exit_status = guarded(o->input, [&]() {
      if (o->decoded) {
        std::string text = importers::decoded_foreign_data(o->input);
        if (o->output.empty()) std::cout << text << std::flush;
        else write_file_atomically(o->output, text);
        return 0;
      }
      nlohmann::json doc;
      importers::ImportOptions io;
      io.partial = o->partial;
      io.alphabet = o->alphabet;
      LoadedPuzzle lp = load_argument(o->input, io, &doc);  // validates, with located errors
      std::string text = format_puzzle_json(doc, lp.encoder->fields());
      if (o->output.empty()) std::cout << text << std::flush;
      else write_file_atomically(o->output, text);
      return 0;
    });
  });
}

}  // namespace psmt::cli
