// kinds (what the tool knows) and render (a puzzle as text).
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/common.h"
#include "engine/export.h"
#include "encoders/registry.h"
#include "io/error.h"
#include "io/puzzle_file.h"
#include "io/report.h"
#include "io/schema.h"
#include "io/write_file.h"

namespace psmt::cli {

void setup_kinds(CLI::App& app, int& exit_status) {
  auto json = std::make_shared<bool>(false);
  auto format = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("kinds", "list puzzle kinds and their encodings (the first is the default)");
  cmd->add_flag("--json", *json, "as JSON");
  cmd->add_option("--format", *format,
                  "print the input format of one kind (each field: type, default, meaning; a minimal and a full "
                  "example), or \"all\"; the same text as docs/formats.md");
  cmd->callback([json, format, &exit_status]() {
    exit_status = guarded("kinds", [&]() {
      if (!format->empty()) {
        std::string out;
        for (const auto* e : all_encoders())
          if (*format == "all" || e->kind() == *format)
            out += (out.empty() ? "" : "\n") + schema_text(std::string(e->kind()), puzzle_schema(std::string(e->kind()), e->schema()));
        if (out.empty()) throw UsageError(fmt::format("--format: unknown kind \"{}\" (known kinds: {}, or all)", *format, kind_names()));
        std::cout << out << std::flush;
        return 0;
      }
      nlohmann::json out = nlohmann::json::array();
      for (const auto* e : all_encoders()) {
        nlohmann::json encs = nlohmann::json::array();
        for (const auto& info : e->encodings())
          encs.push_back({{"name", info.name}, {"description", info.description}, {"solver", info.solver}});
        out.push_back({{"kind", e->kind()}, {"summary", e->summary()}, {"fields", e->fields()}, {"encodings", encs}});
        if (!*json) {
          std::cout << e->kind() << ": " << e->summary() << "\n";
          bool first = true;
          for (const auto& info : e->encodings()) {
            std::cout << fmt::format("  {:<14} {} [{}{}]\n", info.name, info.description, first ? "default, " : "",
                                     info.solver == "cadical" ? "on CaDiCaL" : "on Z3");
            first = false;
          }
        }
      }
      if (*json) std::cout << out.dump(2) << "\n";
      return 0;
    });
  });
}

void setup_schema(CLI::App& app, int& exit_status) {
  auto kind = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("schema", "print the JSON Schema of a kind's puzzle files (validate your files with it)");
  cmd->add_option("kind", *kind, "the kind (puzzle-smt kinds lists them)")->required();
  cmd->callback([kind, &exit_status]() {
    exit_status = guarded("schema", [&]() {
      const Encoder* e = find_encoder(*kind);
      if (!e) throw UsageError(fmt::format("unknown kind \"{}\" (known kinds: {})", *kind, kind_names()));
      nlohmann::ordered_json s = puzzle_schema(*kind, e->schema());
      s["$schema"] = "https://json-schema.org/draft/2020-12/schema";
      std::cout << s.dump(2) << "\n" << std::flush;
      return 0;
    });
  });
}

void setup_render(CLI::App& app, int& exit_status) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto color = std::make_shared<std::string>("auto");
  auto svg = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  auto ignore = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("render", "draw puzzles as text (the expected solution too, if the file has one)");
  cmd->add_option("files", *files, "puzzle files or links")->required();
  cmd->add_flag("--partial,--ignore-drawings", *ignore, "import links even where drawings or the rules text may carry rules the importer cannot read, leaving those out");
  cmd->add_option("--color", *color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--svg", *svg, "write the puzzle (with its expected solution, if any) as SVG to this file (one puzzle)");
  cmd->add_flag("-q,--quiet", *quiet, "nothing on standard output (with --svg: only the file)");
  add_resource_options(*cmd, false);
  cmd->callback([files, color, svg, quiet, ignore, &exit_status]() {
    if (!svg->empty() && files->size() != 1) {
      print_error("--svg takes exactly one puzzle file");
      exit_status = 2;
      return;
    }
    exit_status = for_each_file(*files, [&](const std::string& f) {
      LoadedPuzzle lp = load_argument(f, *ignore);
      if (!svg->empty()) {
        RenderOptions so;
        so.format = RenderFormat::Svg;
        so.title = lp.name.empty() ? lp.file : lp.name;
        write_file_atomically(*svg, lp.encoder->render(*lp.puzzle, lp.expect.solution ? &*lp.expect.solution : nullptr, so));
      }
      if (*quiet) return 0;
      RenderOptions ro;
      ro.color = use_color(*color);
      std::cout << puzzle_header(lp) << lp.encoder->render(*lp.puzzle, nullptr, ro);
      if (lp.expect.solution)
        std::cout << "expected solution:\n" << lp.encoder->render(*lp.puzzle, &*lp.expect.solution, ro);
      return 0;
    });
  });
}

void setup_export(CLI::App& app, int& exit_status) {
  struct ExportOptions {
    std::string file, encoding, smt2, dimacs;
  };
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export", "write a puzzle's encoding as SMT-LIB2 (for z3, cvc5) or DIMACS CNF (purely Boolean encodings)");
  cmd->add_option("file", o->file, "puzzle file")->required();
  cmd->add_option("-e,--encoding", o->encoding, "encoding (default: the kind's default)");
  cmd->add_option("--smt2", o->smt2, "write SMT-LIB2 here");
  cmd->add_option("--dimacs", o->dimacs, "write DIMACS CNF here");
  add_resource_options(*cmd, false);
  cmd->callback([o, &exit_status]() {
    exit_status = guarded(o->file, [&]() {
      if (o->smt2.empty() && o->dimacs.empty()) throw UsageError("say what to write: --smt2 FILE and/or --dimacs FILE");
      LoadedPuzzle lp = load_argument(o->file, false);
      // Both texts first, so a failure writes no file at all.
      std::string smt2 = o->smt2.empty() ? "" : export_smt2(*lp.encoder, *lp.puzzle, o->encoding);
      std::string dimacs = o->dimacs.empty() ? "" : export_dimacs(*lp.encoder, *lp.puzzle, o->encoding);
      std::vector<std::pair<std::string, std::string>> out;
      if (!o->smt2.empty()) out.emplace_back(o->smt2, smt2);
      if (!o->dimacs.empty()) out.emplace_back(o->dimacs, dimacs);
      write_files_atomically(out);  // both or neither
      return 0;
    });
  });
}

}  // namespace psmt::cli
