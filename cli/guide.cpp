#include "cli/guide.h"

#include <unistd.h>

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace psmt::cli {

namespace {

// Optimal string alignment distance.
std::size_t distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& l : o->get_lnames()) out.push_back("--" + l);
    for (const auto& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

}  // namespace

std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    const std::size_t d = distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  // A typo: a third of the word at most (at least 1, at most 3 edits), or the
  // word is a prefix of the candidate.
  const std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  if (best_d <= allowed) return best;
  for (const auto& c : candidates)
    if (word.size() >= 3 && c.rfind(word, 0) == 0) return c;
  return {};
}

void name_placeholders(CLI::App& app) {
  // By the option's long name (or the positional's name).
  static const std::map<std::string, std::string> kPlaceholder = {
      {"timeout", "MS"},         {"rlimit", "N"},           {"limit", "N"},          {"jobs", "N"},
      {"renew", "N"},            {"all-conflicts", "N"},    {"max-repairs", "N"},    {"max-changes", "N"},
      {"max-solutions", "N"},    {"memory", "MB"},          {"max-input", "MB"},     {"svg", "FILE"},
      {"output", "FILE"},        {"csv", "FILE"},           {"summary", "FILE"},     {"smt2", "FILE"},
      {"dimacs", "FILE"},        {"proof", "DIR"},          {"encoding", "NAME"},    {"encodings", "NAMES"},
      {"solver", "NAME"},        {"kind", "KIND"},          {"format", "KIND"},      {"alphabet", "1-G|0-F"},
      {"color", "WHEN"},         {"enumeration", "HOW"},    {"shard", "I/N"},        {"files", "PUZZLE"},
      {"inputs", "INPUT"},       {"input", "PUZZLE"},       {"file", "PUZZLE"},      {"case-split", "N"},
      {"entry", "FACT"},         {"entries", "FILE"},       {"progress", "FILE"},
  };
  std::vector<CLI::App*> apps = {&app};
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) apps.push_back(sub);
  for (CLI::App* a : apps)
    for (CLI::Option* o : a->get_options()) {
      std::string name = o->get_lnames().empty() ? o->get_name(true, false) : o->get_lnames().front();
      auto it = kPlaceholder.find(name);
      if (it == kPlaceholder.end()) continue;
      if (o->get_type_size() == 0) continue;  // a flag
      // explain draws a picture per step into a directory.
      o->type_name(a->get_name() == "explain" && name == "svg" ? std::string("DIR") : it->second);
    }
}

std::string explain_parse_error(CLI::App& app, const CLI::ParseError& e, const std::string& command, int argc, char** argv) {
  CLI::App* cmd = nullptr;
  if (!command.empty()) {
    try {
      cmd = app.get_subcommand(command);
    } catch (const CLI::OptionNotFound&) {
      cmd = nullptr;
    }
  }
  const std::string where = command.empty() ? "puzzle-smt" : command;
  const std::string help = command.empty() ? "puzzle-smt --help" : "puzzle-smt " + command + " --help";
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    std::vector<std::string> known = option_names(app);
    if (cmd)
      for (auto& n : option_names(*cmd)) known.push_back(n);
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if (a == "--") break;
      if (a.size() < 2 || a[0] != '-' || (a.size() > 1 && std::isdigit(static_cast<unsigned char>(a[1])))) continue;
      const std::string name = a.substr(0, a.find('='));
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      if (name.size() > 2 && name[1] != '-') {  // -abc: short flags together
        bool all_known = true;
        for (std::size_t k = 1; k < name.size(); ++k)
          all_known = all_known && std::find(known.begin(), known.end(), std::string("-") + name[k]) != known.end();
        if (all_known) continue;
      }
      const std::string near = closest(name, known);
      return fmt::format("{}: no such option of {}{} (see {})", name, where, near.empty() ? "" : "; did you mean " + near + "?", help);
    }
    // A second puzzle or word where one is taken.
    return fmt::format("{} (see {})", e.what(), help);
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e) && cmd) {
    const std::string what = e.what();
    const bool puzzle_missing = what.find("files") != std::string::npos || what.find("input") != std::string::npos ||
                                what.find("file ") != std::string::npos;
    if (puzzle_missing && !::isatty(STDIN_FILENO))
      return fmt::format("no puzzle named; to read the puzzle piped to standard input, name it - (puzzle-smt {} -)", command);
    if (puzzle_missing) return fmt::format("no puzzle named: give a file, a link or a game ID (see {})", help);
  }
  return fmt::format("{} (see {})", e.what(), help);
}

}  // namespace psmt::cli
