// serve: the page for setters. The server is a program of its own
// (server/main.cpp, beside this one: CMakeLists.txt says why); this command
// runs it with the arguments given.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/common.h"

namespace psmt::cli {

void setup_serve(CLI::App& app, int& exit_status) {
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "a local page for setters: paste a link, a game ID or a puzzle, see the verdict, the conflict and the repair on "
      "the board (http://127.0.0.1:8080; --port, --bind, --jobs, --timeout; serve --help says more)");
  cmd->prefix_command();
  cmd->set_help_flag();  // serve --help is the server's
  cmd->callback([cmd, &exit_status]() {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::string program = (ec ? std::filesystem::path("puzzle-smt") : self).parent_path() / "puzzle-smt-serve";
    std::vector<std::string> args{program};
    for (const auto& a : cmd->remaining()) args.push_back(a);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    print_error(fmt::format("serve: cannot run {}: {} (the page for setters is a program of its own: "
                            "scripts/puzzle-smt serve builds it, or cmake --build build --target puzzle-smt-serve)",
                            program, std::strerror(errno)));
    exit_status = 2;
  });
}

}  // namespace psmt::cli
