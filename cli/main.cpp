// puzzle-smt: solve, check, count and enumerate puzzles with Z3.
// Only this file turns errors into exit statuses.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>
#include <utility>

#include "cli/common.h"
#include "cli/guide.h"
#include "encoders/registry.h"
#include "importers/importer.h"
#include "engine/backend.h"
#include "engine/stop.h"
#include "io/error.h"
#include "io/halt.h"

#ifdef PSMT_MIMALLOC_OPTIONS
#include <mimalloc.h>
#include <sys/mman.h>
#endif

#ifdef PSMT_MIMALLOC_OPTIONS
namespace {
// mimalloc's memory in 2 MiB pages (transparent huge pages, madvise'd): a
// page fault is dear on a virtual machine (about 10 us here), and a run that
// builds a large formula touches thousands of 4 KiB pages for the first
// time (magnets 15x15: 2,890 faults and 54 ms per process; 200 faults and
// 22 ms in 2 MiB pages; docs/corpora-and-speed.md). mimalloc's own option
// (MIMALLOC_LARGE_OS_PAGES) is read when the library loads, before main;
// so here: the segment the main thread allocates from now (mimalloc's
// segments are aligned to their size, 32 MiB) is advised, and an arena of
// advised address space (pages only on first touch, mimalloc maps it
// MAP_NORESERVE) serves the segments that follow; a reservation refused
// (strict overcommit, a small `ulimit -v`) leaves mimalloc as it was, and
// where transparent huge pages are off the advice does nothing.
// MIMALLOC_LARGE_OS_PAGES in the environment (0 or 1) leaves it to mimalloc.
void huge_pages_for_the_heap() {
  if (std::getenv("MIMALLOC_LARGE_OS_PAGES")) return;
  constexpr std::uintptr_t kSegment = std::uintptr_t{32} << 20;
  void* probe = mi_malloc(64);
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(probe) & ~(kSegment - 1);
  madvise(reinterpret_cast<void*>(base), kSegment, MADV_HUGEPAGE);  // ENOMEM past the segment's end: advised up to it
  mi_free(probe);
  // The arena: mimalloc reserves it (aligned as its segments need), it is
  // advised here.
  mi_arena_id_t arena = 0;
  if (mi_reserve_os_memory_ex(std::size_t{1} << 30, true, false, false, &arena) != 0) return;  // address space only
  std::size_t size = 0;
  if (void* area = mi_arena_area(arena, &size)) madvise(area, size, MADV_HUGEPAGE);
}
}  // namespace
#endif

int main(int argc, char** argv) {
  using namespace psmt;
  cli::process_age_ms();  // the anchor of --stats' process times
#ifdef PSMT_MIMALLOC_OPTIONS
  huge_pages_for_the_heap();
#endif
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
  app.footer("What puzzle-smt reads: " + importers::inputs_read() + ".");
  app.set_version_flag("--version", [] { return std::string("puzzle-smt ") + cli::kVersion + " (" + solver_versions() + ")"; });
  app.require_subcommand(1);
  // A run names its subcommand first (puzzle-smt check FILE): only that one
  // is set up, which was a third of a one-puzzle run's own time. Anything
  // else first (--help, --version, a typo) sets up every subcommand.
  using Setup = void (*)(CLI::App&, int&);
  static constexpr std::pair<std::string_view, Setup> kSubcommands[] = {
      {"solve", [](CLI::App& a, int& e) { cli::setup_run_command(a, "solve", e); }},
      {"check", [](CLI::App& a, int& e) { cli::setup_run_command(a, "check", e); }},
      {"count", [](CLI::App& a, int& e) { cli::setup_run_command(a, "count", e); }},
      {"enumerate", [](CLI::App& a, int& e) { cli::setup_run_command(a, "enumerate", e); }},
      {"diagnose", cli::setup_diagnose},
      {"explain", cli::setup_explain},
      {"hint", cli::setup_hint},
      {"grade", cli::setup_grade},
      {"batch", cli::setup_batch},
      {"export", cli::setup_export},
      {"bench", cli::setup_bench},
      {"kinds", cli::setup_kinds},
      {"render", cli::setup_render},
      {"convert", cli::setup_convert},
      {"schema", cli::setup_schema},
      {"serve", cli::setup_serve}};
  std::string_view chosen;
  for (const auto& [name, setup] : kSubcommands)
    if (argc > 1 && name == argv[1]) chosen = name;
  for (const auto& [name, setup] : kSubcommands)
    if (chosen.empty() || chosen == name) setup(app, exit_status);
  cli::name_placeholders(app);
  // The bare program: its help, not an error.
  if (argc == 1) {
    std::cout << app.help();
    return 0;
  }
  // A word that is no command: the nearest one.
  if (chosen.empty() && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const auto& [name, setup] : kSubcommands) names.emplace_back(name);
    const std::string near = cli::closest(argv[1], names);
    std::cerr << "puzzle-smt: error: no command \"" << argv[1] << "\""
              << (near.empty() ? "" : "; did you mean " + near + "?") << " (puzzle-smt --help lists the commands)" << std::endl;
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "puzzle-smt: error: " << cli::explain_parse_error(app, e, std::string(chosen), argc, argv) << std::endl;
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
