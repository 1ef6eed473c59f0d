// The command line forgives and guides (issue: the first hour): a mistyped
// command or option gets "did you mean", every option's placeholder names
// its unit (--timeout MS, -j N, --svg FILE), and a missing puzzle with a
// pipe on standard input points to "-".
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace psmt::cli {

// The candidate nearest to `word` by edit distance (insertions, deletions,
// substitutions, swaps of neighbours), if it is near enough to be a typo;
// "" otherwise.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

// Every option placeholder of the program named by what it takes (MS, N,
// FILE, DIR, NAME, ...), in place of CLI11's TEXT and UINT.
void name_placeholders(CLI::App& app);

// A parse error in the user's terms: an argument not expected gets the
// nearest option of its command ("--timout: no such option of check; did
// you mean --timeout?"); a missing puzzle while standard input is a pipe
// points to "-". `command` is the sub-command given ("" none).
std::string explain_parse_error(CLI::App& app, const CLI::ParseError& e, const std::string& command, int argc, char** argv);

}  // namespace psmt::cli
