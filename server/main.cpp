// puzzle-smt-serve: the page for setters (server.h). `puzzle-smt serve`
// runs this program with its arguments.
#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "encoders/registry.h"
#include "engine/stop.h"
#include "io/error.h"
#include "io/halt.h"
#include "server/server.h"

int main(int argc, char** argv) {
  psmt::install_stop_signals();
  psmt::install_kinds();
  std::signal(SIGPIPE, SIG_IGN);  // a page closed mid-answer is a failed write, not the end of the server
  psmt::server::Options o;
  uint64_t memory = psmt::kDefaultMemoryMb;
  CLI::App app{
      "The page for setters: paste a link, a game ID or a puzzle, see the verdict, the conflict and the repair on the "
      "board. Every file the page needs is in this program; nothing is stored or fetched. Ctrl-C stops.",
      "puzzle-smt serve"};
  app.add_option("--port", o.port, "the port to listen on (0: any free one; the address is printed)")
      ->check(CLI::Range(0, 65535))
      ->default_val(8080);
  app.add_option("--bind", o.bind, "the address to listen on; any other than 127.0.0.1 lets other machines in")
      ->default_val("127.0.0.1");
  app.add_option("-j,--jobs", o.jobs, "runs at once; the others wait in order")->check(CLI::Range(1, 256))->default_val(1);
  app.add_option("--queue", o.queue, "runs that may wait; beyond them a request is refused (429)")
      ->check(CLI::Range(1, 100000))
      ->default_val(256);
  app.add_option("--timeout", o.timeout_ms,
                 "the longest one run may take, in ms; a request may ask for less (diagnose: 10000 unless asked)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1'000'000'000'000ULL}))
      ->default_val(60000);
  app.add_option("--memory", memory, "the server's memory cap in MB, also Z3's (a run past it: unknown (memory))")
      ->check(CLI::Range(uint64_t{64}, uint64_t{1} << 30))
      ->default_val(psmt::kDefaultMemoryMb);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "puzzle-smt serve: error: " << e.what() << "\n";
    return 2;
  }
  o.diagnose_timeout_ms = std::min<uint64_t>(o.diagnose_timeout_ms, o.timeout_ms);
  psmt::set_memory_cap_mb(memory);
  try {
    psmt::server::Server s(o);
    const int port = s.bind();
    std::cout << fmt::format("puzzle-smt serve: http://{}:{}/ ({} run{} at once; Ctrl-C stops)", o.bind, port, o.jobs,
                             o.jobs == 1 ? "" : "s")
              << std::endl;
    std::atomic<bool> ended{false};
    std::thread watcher([&s, &ended]() {
      while (!psmt::stop_signal() && !ended) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      s.stop();
    });
    s.run();
    ended = true;
    watcher.join();
    const auto c = s.counters();
    std::cout << fmt::format("puzzle-smt serve: stopped; {} answered, {} cancelled, {} refused", c.answered, c.cancelled,
                             c.refused)
              << std::endl;
  } catch (const psmt::UsageError& e) {
    std::cerr << "puzzle-smt serve: error: " << e.what() << "\n";
    return 2;
  }
  return psmt::stop_signal() ? 0 : 1;
}
