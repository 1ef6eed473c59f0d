// puzzle-smt: solve, check, count and enumerate puzzles with Z3.
// Only this file turns errors into exit statuses.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/common.h"
#include "encoders/registry.h"
#include "engine/stop.h"
#include "io/error.h"
#include "io/halt.h"

int main(int argc, char** argv) {
  using namespace psmt;
  cli::process_age_ms();  // the anchor of --stats' process times
  // Before any other thread: Ctrl-C and SIGTERM stop runs within about a
  // second (src/engine/stop.h). Z3 gets the memory cap with its first
  // context (new_context).
  install_stop_signals();
  install_kinds();
  int exit_status = 0;
  CLI::App app{
      "puzzle-smt: solve puzzles given as JSON with Z3, prove they have exactly one solution, or show why they "
      "have none or several.\n"
      "Exit status: 0 unique/solved, 10 several solutions, 20 no solution, 30 unknown (limit hit), "
      "3 the verdict contradicts the file's expect, 2 bad input or usage, 1 internal error, 130/143 stopped by Ctrl-C/SIGTERM "
      "(what was found is printed as partial).",
      "puzzle-smt"};
  app.set_version_flag("--version", std::string("puzzle-smt ") + cli::kVersion);
  app.require_subcommand(1);
  // A run names its subcommand first (puzzle-smt check FILE): only that one
  // is set up, which was a third of a one-puzzle run's own time. Anything
  // else first (--help, --version, a typo) sets up every subcommand.
  static constexpr std::string_view kSubcommands[] = {"solve",  "check",  "count",  "enumerate", "diagnose", "batch",
                                                      "export", "bench",  "kinds",  "render",    "convert",  "schema"};
  std::string_view chosen;
  for (std::string_view name : kSubcommands)
    if (argc > 1 && name == argv[1]) chosen = name;
  auto wanted = [&](std::string_view name) { return chosen.empty() || chosen == name; };
  for (std::string_view name : {"solve", "check", "count", "enumerate"})
    if (wanted(name)) cli::setup_run_command(app, name, exit_status);
  if (wanted("diagnose")) cli::setup_diagnose(app, exit_status);
  if (wanted("batch")) cli::setup_batch(app, exit_status);
  if (wanted("export")) cli::setup_export(app, exit_status);
  if (wanted("bench")) cli::setup_bench(app, exit_status);
  if (wanted("kinds")) cli::setup_kinds(app, exit_status);
  if (wanted("render")) cli::setup_render(app, exit_status);
  if (wanted("convert")) cli::setup_convert(app, exit_status);
  if (wanted("schema")) cli::setup_schema(app, exit_status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "puzzle-smt: error: " << e.what() << " (see puzzle-smt --help)" << std::endl;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "puzzle-smt: error: internal error: " << e.what() << std::endl;
    return 1;
  }
  // Standard output that could not be written (a full disk, /dev/full) is
  // an error, not a verdict: one line and exit 1. A closed pipe has already
  // ended the process with SIGPIPE (status 141), as shells expect.
  errno = 0;
  std::cout.flush();
  if (std::cout.fail() || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;  // the cause when this flush failed; an earlier failure may have left none
    std::cerr << "puzzle-smt: error: cannot write standard output" << (err ? std::string(": ") + std::strerror(err) : "")
              << std::endl;
    return 1;
  }
  // Ctrl-C or SIGTERM: 128 + signal, after what was found was printed.
  if (stop_signal() && exit_status != 1) exit_status = stop_exit_status();
  // A run stopped by a limit may still be freeing a huge Z3 context on a
  // thread of its own: everything is written, so end without waiting.
  if (reaping_pending()) {
    std::cerr.flush();
    std::_Exit(exit_status);
  }
  return exit_status;
}
