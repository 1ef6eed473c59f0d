#include "cli/common.h"
#include "app/pipeline.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>

#include <fmt/format.h>

#include "encoders/registry.h"
#include "importers/importer.h"
#include "engine/stop.h"
#include "io/error.h"
#include "engine/backend.h"
#include "io/halt.h"
#include "io/json_load.h"
#include "io/report.h"

namespace psmt::cli {

uint64_t parse_whole(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi) {
  const std::string range = hi == kMaxWhole ? fmt::format("a whole number, {} or more", lo)
                                            : fmt::format("a whole number from {} to {}", lo, hi);
  bool digits = !text.empty() && text.size() <= 20 &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  uint64_t v = 0;
  bool overflow = false;
  if (digits)
    for (char c : text) {
      if (v > (UINT64_MAX - static_cast<uint64_t>(c - '0')) / 10) overflow = true;
      v = v * 10 + static_cast<uint64_t>(c - '0');
    }
  if (!digits || overflow || v < lo || v > hi)
    throw CLI::ValidationError(option, fmt::format("expected {}, found \"{}\"", range, text.substr(0, 40)));
  return v;
}

CLI::Option* add_whole(CLI::App& cmd, const std::string& names, uint64_t& into, uint64_t lo, uint64_t hi,
                       const std::string& help) {
  std::string name = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  return cmd.add_option_function<std::string>(
      names, [&into, name, lo, hi](const std::string& s) { into = parse_whole(name, s, lo, hi); }, help);
}

CLI::Option* add_limit(CLI::App& cmd, const std::string& names, std::optional<uint64_t>& into, uint64_t hi,
                       const std::string& help) {
  std::string name = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  return cmd.add_option_function<std::string>(
      names,
      [&into, name, hi](const std::string& s) {
        uint64_t v = parse_whole(name, s, 0, hi);
        if (v == 0 || (name == "--timeout" && v > kForeverMs)) into.reset();
        else into = v;
      },
      help);
}

void add_puzzle_options(CLI::App& cmd, PuzzleOptions& o) {
  cmd.add_option("files", o.files, "puzzles, each one of: " + importers::inputs_read())->required();
  cmd.add_flag("--partial,--ignore-drawings", o.partial,
               "import links and exports even where drawings (lines, shapes, text, colours, a background image) or "
               "sentences of the rules text may carry rules the importer cannot read; they are left out and listed, "
               "and the verdict is for the rules read");
  add_alphabet_option(cmd, o.alphabet);
  cmd.add_option("-e,--encoding", o.encoding,
                 "encoding to use; default: the kind's fastest (bool-pairwise for sudoku and futoshiki, 22x faster than "
                 "int-distinct on 17-clue uniqueness proofs); `puzzle-smt kinds` lists them");
  add_limit(cmd, "--timeout", o.timeout_ms, kMaxWhole,
            "wall-clock limit per puzzle in ms, from reading it to the last word; hitting it gives `unknown`; 0: no "
            "limit");
  add_limit(cmd, "--rlimit", o.rlimit, kMaxWhole,
                 "Z3 resource limit per puzzle (deterministic, for reproducible research); gives `unknown`; the run is "
                 "on Z3 unless --solver says otherwise");
  cmd.add_flag("--json", o.json, "print one JSON report per puzzle (one per line)");
  cmd.add_option("--color", o.color, "colour in text output: auto (when a terminal, not NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd.add_flag("--stats,-v", o.stats,
               "end text reports with the time per phase and Z3's statistics (conflicts, decisions, propagations, "
               "memory); --json reports always carry them");
  cmd.add_flag("-q,--quiet", o.quiet,
               "print nothing on standard output: the exit status gives the verdict; errors still go to standard "
               "error and --svg files are still written");
  add_resource_options(cmd);
}

namespace {
// An option whose setter throws UsageError: CLI11's validation error for it
// (exit 2, one line naming the option).
std::function<void(const std::string&)> validated(const char* option, void (*set)(const std::string&)) {
  return [option, set](const std::string& value) {
    try {
      set(value);
    } catch (const UsageError& e) {
      throw CLI::ValidationError(option, e.what());
    }
  };
}
// A repeatable NAME KEY=VALUE option, each value handed to `set` (which
// throws UsageError, its message starting with NAME, for what it refuses).
void add_key_values(CLI::App& cmd, const std::string& name, const std::string& example,
                    void (*set)(const std::string&, const std::string&), const std::string& help) {
  cmd.add_option_function<std::vector<std::string>>(
         name,
         [name, example, set](const std::vector<std::string>& all) {
           for (const auto& s : all) {
             const auto eq = s.find('=');
             if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
               throw CLI::ValidationError(name, fmt::format("{} is not KEY=VALUE (e.g. {})", quote_input(s, 40), example));
             try {
               set(s.substr(0, eq), s.substr(eq + 1));
             } catch (const UsageError& e) {
               throw CLI::ValidationError(name, std::string(e.what()).substr(name.size() + 1));
             }
           }
         },
         help)
      ->type_name("KEY=VALUE")
      ->expected(1)
      ->allow_extra_args(false)  // one KEY=VALUE per option: the files after it stay files
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}
}  // namespace

void add_resource_options(CLI::App& cmd, bool solver) {
  if (solver) {
    cmd.add_option_function<std::string>(
           "--solver", validated("--solver", set_default_solver),
           "the solver back end: z3 or cadical (Boolean and bit-vector encodings, turned into clauses); default: the encoding's own, which `kinds` shows")
        ->type_name("NAME");
    cmd.add_option_function<std::string>(
           "--proof", validated("--proof", set_proof_dir),
           "write, for every UNSAT answer a verdict rests on, the clauses (DIMACS) and CaDiCaL's DRAT proof into DIR")
        ->type_name("DIR");
    cmd.add_flag_callback(
        "--certify", [] { set_certify(true); },
        "check the proof of every UNSAT answer a verdict rests on (no solution, no further solution) with CaDiCaL's "
        "proof checker before the verdict is printed; a failed check is an internal error (exit 1)");
  }
  add_key_values(cmd, "--z3", "sat.gc.initial=20000", set_solver_override,
                 "a Z3 solver parameter for every solver of the run, after puzzle-smt's own (repeat for more); "
                 "KEY=default leaves one of puzzle-smt's own settings unset, as Z3 has it (e.g. --z3 "
                 "sat.gc.initial=default --z3 sat.subsumption=default)");
  add_key_values(cmd, "--cadical", "chrono=1", set_cadical_option,
                 "a CaDiCaL option for every CaDiCaL solver of the run (--solver cadical, and proofs), after "
                 "puzzle-smt's own (chrono=0; repeat for more; VALUE true, false or a whole number in the option's "
                 "range)");
  cmd.add_option_function<std::string>(
         "--memory",
         [](const std::string& s) {
           set_memory_cap_mb(parse_whole("--memory", s, 0, 1u << 30));
         },
         fmt::format("memory cap in MB for the whole process (resident memory; also Z3's own limit); hitting it gives "
                     "`unknown (memory)`, exit 30; 0: no cap; default {}",
                     kDefaultMemoryMb))
      ->type_name("MB");
  cmd.add_option_function<std::string>(
         "--max-input",
         [](const std::string& s) { set_max_input_bytes(parse_whole("--max-input", s, 1, 1u << 20) << 20); },
         fmt::format("largest input read (a file, standard input, a line of a corpus) in MB; larger ones are refused "
                     "(exit 2) before being read whole; default {}",
                     kDefaultMaxInputBytes >> 20))
      ->type_name("MB");
}

int stopped_status() { return stop_signal() ? stop_exit_status() : 0; }

void validate_kind_and_encoding(const std::string& kind, const std::string& encoding) {
  if (kind.empty()) return;
  const Encoder* e = find_encoder(kind);
  if (!e) throw UsageError(fmt::format("--kind {}: no such kind (kinds: {})", quote_input(kind, 40), kind_names()));
  if (!encoding.empty() && !e->has_encoding(encoding))
    throw UsageError(fmt::format("-e {}: kind {} has no such encoding (available: {})", quote_input(encoding, 40), kind,
                                 e->encoding_names()));
}

void add_alphabet_option(CLI::App& cmd, std::string& into) {
  cmd.add_option_function<std::string>(
      "--alphabet",
      [&into](const std::string& s) {
        try {
          into = importers::check_alphabet(s);
        } catch (const UsageError& e) {
          throw CLI::ValidationError("--alphabet", std::string(e.what()).substr(std::string("--alphabet: ").size()));
        }
      },
      "how a 16x16 sudoku written as text spells 1-16: 1-G (1-9 then A-G, 0 a blank) or 0-F (0-9 then A-F); "
      "needed when a grid reads both ways");
}

double process_age_ms() {
  static const auto anchor = std::chrono::steady_clock::now();
  // The process's age when main starts is the CPU time it has used so far:
  // from exec to main it loads, relocates and initialises and never waits
  // (the kernel's start time, /proc/self/stat, counts in ticks of 10 ms: it
  // said 2 to 10 ms of a start that takes about 1).
  static const double age_at_anchor = [] {
    timespec cpu{};
    if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) != 0) return 0.0;
    return cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6;
  }();
  return age_at_anchor + std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - anchor).count();
}

LoadedPuzzle load_corpus_record(const CorpusRecord& r, const std::string& line_kind,
                                const importers::ImportOptions& options) {
  if (!r.unreadable.empty()) return load_record(r, line_kind);  // InputError naming the line
  std::optional<importers::Imported> imported;
  if (r.is_link) {
    imported = importers::import_text(r.text, r.origin, options);
    if (!imported) throw InputError("input.format", kNoPath, "not a link or a game ID this tool reads", r.origin);
    return app::load_imported(*imported, r.origin);
  }
  if (r.is_text_grid) {
    imported = importers::import_foreign_text_file(r.text, r.origin, options);
  } else if (r.is_line) {
    imported = importers::import_line(line_kind, r.text, r.origin, options);
  }
  if (!imported) return load_record(r, line_kind);
  LoadedPuzzle lp = load_puzzle(imported->puzzle, r.origin);
  lp.imported_from = imported->format;
  lp.warnings = imported->warnings;
  return lp;
}

LoadedPuzzle load_argument(const std::string& argument, bool partial, nlohmann::json* our_json) {
  importers::ImportOptions io;
  io.partial = partial;
  return load_argument(argument, io, our_json);
}

LoadedPuzzle load_argument(const std::string& argument, const importers::ImportOptions& io, nlohmann::json* our_json) {
  LoadedPuzzle lp = app::load_argument(argument, io, our_json);
  for (const auto& w : lp.warnings) std::cerr << "puzzle-smt: warning: " << one_line(lp.file + ": " + w) << "\n";
  return lp;
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
  } catch (const Halted& h) {  // a limit or Ctrl-C outside the engine (reading, parsing)
    if (h.cause() == HaltCause::Signal) return stop_exit_status();
    std::cerr << "puzzle-smt: " << what << ": unknown: " << h.what() << " before the puzzle was read whole\n";
    return 30;
  }
}

int for_each_file(const std::vector<std::string>& files, const std::function<int(const std::string&)>& one, bool json) {
  int status = -1;
  for (const auto& f : files) {
    int code = guarded(f, [&]() {
      try {
        return one(f);
      } catch (InputError& e) {
        if (e.file().empty()) e.set_file(f);  // every error names its input
        // --json: the error is a record on standard output too, as batch writes it.
        if (json)
          std::cout << nlohmann::json{{"file", f}, {"status", "error"}, {"error", e.describe()}, {"error_id", e.id()}}.dump(
                           -1, ' ', false, nlohmann::json::error_handler_t::replace)
                    << "\n" << std::flush;
        throw;
      } catch (const UsageError& e) {
        if (json)
          std::cout << nlohmann::json{{"file", f}, {"status", "error"}, {"error", std::string(e.what())}}.dump(
                           -1, ' ', false, nlohmann::json::error_handler_t::replace)
                    << "\n" << std::flush;
        throw;
      }
    });
    status = status < 0 ? code : merge_exit(status, code);
    if (stop_signal()) return stop_exit_status();  // Ctrl-C: no further file
  }
  return status < 0 ? 2 : status;
}

void print_unknown_report(const std::string& command, const PuzzleOptions& o, const std::string& file,
                          const LoadedPuzzle* lp, const std::string& reason) {
  if (o.quiet) return;
  if (!lp) {
    if (o.json)
      std::cout << nlohmann::json({{"file", file}, {"command", command}, {"status", "unknown"}, {"reason", reason}, {"complete", false}})
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << "\n";
    else
      std::cout << one_line(file) << ": unknown: " << reason << "\n";
    std::cout << std::flush;
    return;
  }
  Result res;
  res.encoding = o.encoding.empty() ? lp->encoder->default_encoding(*lp->puzzle) : o.encoding;
  // The back end the run chose (engine.h run()): --solver, else Z3 for a
  // resource limit, else the encoding's own.
  res.solver = !default_solver().empty() ? default_solver() : o.rlimit ? "z3" : lp->encoder->default_solver(res.encoding);
  res.status = Status::Unknown;
  res.reason_unknown = reason;
  ReportContext rc;
  rc.command = command == "diagnose" ? "check" : command;
  if (command == "count" || command == "enumerate") rc.count_details = lp->encoder->count_details(*lp->puzzle, 0);
  if (o.json) {
    nlohmann::json j = report_json(*lp, res, rc);
    if (command == "diagnose") {
      j["command"] = "diagnose";
      j["diagnosis"] = {{"complete", false}, {"notes", {"stopped: " + reason + "; nothing was diagnosed"}}};
    }
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << report_text(*lp, res, rc);
  }
  std::cout << std::flush;
}

int merge_exit(int a, int b) {
  if (a == 1 || b == 1) return 1;
  if (a == 2 || b == 2) return 2;
  if (a == kExitExpectation || b == kExitExpectation) return kExitExpectation;
  return std::max(a, b);
}

void print_error(const std::string& message) { std::cerr << "puzzle-smt: error: " << one_line(message) << std::endl; }

bool use_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* nc = std::getenv("NO_COLOR");
  if (nc && *nc) return false;
  return isatty(STDOUT_FILENO) != 0;
}

}  // namespace psmt::cli

namespace psmt::cli {

app::Request base_request(app::Command command, const PuzzleOptions& o, std::chrono::steady_clock::time_point start) {
  app::Request rq;
  rq.command = command;
  rq.encoding = o.encoding;
  rq.start = start;
  rq.timeout_ms = o.timeout_ms;
  rq.rlimit = o.rlimit;
  return rq;
}

}  // namespace psmt::cli
