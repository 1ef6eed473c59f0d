// solve, check, count, enumerate: the same loop with different limits.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/pipeline.h"
#include "cli/common.h"
#include "cli/hard_deadline.h"
#include "cli/progress.h"
#include "engine/lazy_z3.h"
#include "engine/engine.h"
#include "engine/stop.h"
#include "engine/expect.h"
#include "io/error.h"
#include "io/halt.h"
#include "io/puzzle_file.h"
#include "io/report.h"
#include "io/words.h"
#include "io/write_file.h"

namespace psmt::cli {
namespace {

int run_file(const std::string& command, const PuzzleOptions& o, const std::string& file) {
  // --timeout counts from here: reading and parsing are part of the run.
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (o.timeout_ms) deadline = start + std::chrono::milliseconds(*o.timeout_ms);
  HaltScope halt_scope(deadline, o.timeout_ms.value_or(0));
  // The last puzzle of the command gets a hard deadline (hard_deadline.h):
  // its report comes within the limit even when Z3 or a teardown is slow.
  std::atomic<const LoadedPuzzle*> loaded{nullptr};
  const bool last = &file == &o.files.back();
  HardDeadline hard(last ? std::optional(start) : std::nullopt, o.timeout_ms, [&]() {
    const LoadedPuzzle* lp_now = loaded.load();
    print_unknown_report(command, o, file, lp_now,
                         fmt::format("timeout (--timeout {} ms){}", *o.timeout_ms, lp_now ? "" : " while reading the puzzle"));
  });
  const double process_before_ms = process_age_ms();
  LoadedPuzzle lp;
  double parse_ms = 0;
  try {
    lp = load_argument(file, o.import_options());
    parse_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  } catch (const Halted& h) {
    hard.claim();
    if (h.cause() == HaltCause::Signal) return stop_exit_status();
    print_unknown_report(command, o, file, nullptr, std::string(h.what()) + " while reading the puzzle");
    return 30;
  }
  loaded = &lp;
  app::Request rq = base_request(*app::command_named(command), o, start);
  rq.limit = o.limit;
  rq.confirm = o.confirm;
  rq.no_explain = o.no_explain;
  rq.up_to_symmetry = o.up_to_symmetry;
  rq.no_symmetry_breaking = o.no_symmetry_breaking;
  rq.enumeration = o.enumeration;
  const bool color = !o.json && use_color(o.color);
  if (command == "enumerate" && !o.json && !o.quiet) {
    std::cout << lp.file << ":\n";
    rq.on_solution = [&](const nlohmann::json& sol, uint64_t i) {
      std::cout << "solution " << (i + 1) << ":\n";
      RenderOptions rop;
      rop.color = color;
      std::cout << lp.encoder->render(*lp.puzzle, &sol, rop) << std::flush;
    };
  }
  // count and enumerate can run for minutes: a progress line on a terminal
  // (not while enumerate streams its solutions to the same terminal).
  std::optional<ProgressLine> progress;
  const bool streaming = command == "enumerate" && rq.on_solution && !o.up_to_symmetry && ::isatty(STDOUT_FILENO);
  std::atomic<uint64_t> found{0};
  if ((command == "count" || command == "enumerate") && !streaming) {
    rq.progress = &found;
    progress.emplace(o.quiet, [&found, command](double s) {
      uint64_t n = found.load();
      return fmt::format("{}: {} found so far, {:.0f}/s, {}", command, plural(n, "model"), n / std::max(s, 1e-9), elapsed_text(s));
    });
  }
  app::Outcome out = app::run(lp, rq);
  Result& res = out.result;
  res.stats.parse_ms = parse_ms;
  res.stats.process_before_ms = process_before_ms;
  progress.reset();  // erase the line before the report
  ReportContext& rc = out.context;
  rc.color = color;
  if (out.choice) rc.choice = &*out.choice;
  hard.claim();  // from here on this run has the last word
  if (!o.svg.empty()) write_file_atomically(o.svg, app::picture(lp, out));
  // The report; with --stats, the time it took to write, then the line of times.
  if (o.quiet) {
  } else if (o.json) {
    auto tr = std::chrono::steady_clock::now();
    nlohmann::json j = app::report(lp, out);
    if (o.stats) {
      res.stats.render_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - tr).count();
      j["stats"] = res.stats.to_json();
      j["stats"]["process_ms"] = std::round(process_age_ms() * 10) / 10;
      j["stats"]["z3_library_loaded"] = z3_library_loaded();  // cmake/LazyZ3.cmake
    }
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
  } else {
    auto tr = std::chrono::steady_clock::now();
    std::string text = report_text(lp, res, rc);
    if (o.stats) {
      res.stats.render_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - tr).count();
      text += stats_text(res, rc, process_age_ms());
    }
    std::cout << text << std::flush;
  }
  // A run stopped by a limit may hold a huge parsed puzzle: freed on the side.
  if (!res.reason_unknown.empty()) reap(std::shared_ptr<const void>(std::move(lp.puzzle)));
  // A verdict that contradicts the file's expect is its own exit status, so
  // that scripts and CI catch it: one line on standard error, status 3.
  if (!rc.mismatches.empty()) {
    std::string all;
    for (const auto& m : rc.mismatches) all += (all.empty() ? "" : "; ") + m;
    print_error(fmt::format("{}: expectation not met: {}", file, all));
    return kExitExpectation;
  }
  return exit_code(res.status);
}

void setup_one(CLI::App& app, const std::string& name, const std::string& help, int& exit_status) {
  auto o = std::make_shared<PuzzleOptions>();
  CLI::App* cmd = app.add_subcommand(name, help);
  add_puzzle_options(*cmd, *o);
  if (name == "count" || name == "enumerate")
    add_whole(*cmd, "--limit", o->limit, 0, kMaxWhole,
              "stop after N solutions (0: no limit); the report says if it was complete")
        ->default_val(name == "count" ? 1000000 : 1000);
  if (name == "check") {
    cmd->add_flag("--confirm", o->confirm,
                  "confirm the verdict with a second encoding; a disagreement is an internal error (exit 1)");
  }
  if (name == "count" || name == "enumerate") {
    cmd->add_flag("--up-to-symmetry", o->up_to_symmetry,
                  "count (and, for enumerate, show) solutions up to the symmetries of the board (kinds that have them, "
                  "e.g. polyomino); the full count is rebuilt from orbit sizes");
    cmd->add_flag("--no-symmetry-breaking", o->no_symmetry_breaking,
                  "with --up-to-symmetry: enumerate every solution instead of pruning non-canonical ones in the encoding "
                  "(slower; cross-checks orbit sizes against the full count)");
  }
  if (name == "check" || name == "count" || name == "enumerate")
    cmd->add_option("--enumeration", o->enumeration,
                    "how to go from one solution to the next: cover (exact-cover search over the encoding's "
                    "exactly-one groups, the leaves confirmed against every other constraint; polyomino), blocking (a blocking clause "
                    "per solution), or auto: cover where the encoding has such groups and no --proof/--certify")
        ->check(CLI::IsMember({"auto", "blocking", "cover"}))
        ->default_val("auto");
  if (name == "check" || name == "count")
    cmd->add_flag("--no-explain", o->no_explain, "do not compute the conflicting clues of a puzzle with no solution");
  if (name == "solve" || name == "check")
    cmd->add_option("--svg", o->svg,
                    "write the puzzle and its solution as SVG to this file (one puzzle): ambiguous places shaded, "
                    "conflicting clues marked");
  cmd->callback([o, name, &exit_status]() {
    if (!o->svg.empty() && o->files.size() != 1) {
      print_error("--svg takes exactly one puzzle file");
      exit_status = 2;
      return;
    }
    exit_status = for_each_file(o->files, [&](const std::string& f) { return run_file(name, *o, f); }, o->json);
  });
}

}  // namespace

void setup_run_command(CLI::App& app, std::string_view name, int& exit_status) {
  if (name == "solve") setup_one(app, "solve", "find one solution (exit 0; 20 if there is none)", exit_status);
  if (name == "check")
    setup_one(app, "check",
              "verdict: unique (exit 0), multiple (10, with two solutions and the cells that differ), none (20, "
              "with the clues that conflict), unknown (30)",
              exit_status);
  if (name == "count")
    setup_one(app, "count", "count solutions up to --limit (blocking clauses over the decision variables)", exit_status);
  if (name == "enumerate") setup_one(app, "enumerate", "print every solution up to --limit", exit_status);
}

}  // namespace psmt::cli
