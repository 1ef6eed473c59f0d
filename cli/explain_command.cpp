// explain, hint and grade: how a unique puzzle is solved step by step
// (engine/explain.h), the next step from a player's entries, and a
// difficulty per puzzle of a corpus.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "app/pipeline.h"
#include "cli/common.h"
#include "engine/explain.h"
#include "importers/importer.h"
#include "io/corpus.h"
#include "io/error.h"
#include "io/halt.h"
#include "io/json_load.h"
#include "io/report.h"
#include "io/words.h"
#include "io/write_file.h"

namespace psmt::cli {
namespace {

struct ExplainCli {
  PuzzleOptions common;
  uint64_t case_split = 5;
  std::vector<std::string> entries;  // hint: --entry
  std::string entries_file;          // hint: --entries
  std::string progress_file;         // hint: --progress
  std::string kind;                  // grade: what a line of a corpus is
  std::string svg;                   // explain: a picture per step into this directory
  bool all = false;                  // hint: every step up to the hint, not only the last
};

using app::because_text;
using app::facts_text;

std::size_t unknown_left(const Explanation& e) {
  std::size_t known = e.givens.size() + e.known_at_start;
  for (const auto& s : e.steps) known += s.facts.size();
  return e.facts - std::min(known, e.facts);
}

std::string grade_text(const Grade& g) {
  if (!g.steps) return "no step";
  return fmt::format("{} (hardest step: {}, {} such step{}, the widest weighing {} open fact{}; {} steps)", g.level,
                     plural(g.hardest, "item"), g.hardest_steps, g.hardest_steps == 1 ? "" : "s", g.hardest_width,
                     g.hardest_width == 1 ? "" : "s", g.steps);
}

std::string step_text(const Explanation& e, const ExplainStep& s, std::size_t number) {
  std::string size = fmt::format("size {}", s.size());
  if (!s.smallest) size += ", the smallest found, not shown smallest";
  if (s.case_split) size += ", a case split or a long chain";
  return fmt::format("step {} ({}): {}\n    => {}\n", number, size, because_text(e, s.items), facts_text(s.facts));
}

// One line for a verdict that is not unique: explain needs one solution.
int not_unique(const LoadedPuzzle& lp, const Explanation& e, const std::string& command, bool json) {
  const Status st = e.verdict.status;
  const std::string why =
      st == Status::None       ? "it has no solution (diagnose shows which clues conflict)"
      : st == Status::Multiple ? "it has several solutions (diagnose shows where they differ and which clues would fix it)"
                               : "its verdict is unknown: " + e.verdict.reason_unknown;
  if (json) {
    ReportContext rc;
    rc.command = command;
    nlohmann::json j = report_json(lp, e.verdict, rc);
    j["explanation"] = nullptr;
    j["explain_note"] = command + " needs a puzzle with exactly one solution: " + why;
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << puzzle_header(lp) << fmt::format("{}: {} needs a puzzle with exactly one solution; {}\n", status_name(st), command, why);
  }
  return exit_code(st);
}

ExplainOptions options_of(const ExplainCli& o, std::chrono::steady_clock::time_point start) {
  ExplainOptions eo;
  eo.encoding = o.common.encoding;
  eo.limits.start = start;
  eo.limits.timeout_ms = o.common.timeout_ms;
  eo.limits.rlimit = o.common.rlimit;
  eo.case_split = static_cast<unsigned>(o.case_split);
  return eo;
}

// One picture per step: the puzzle (never its solution), the step's clues
// and the cells of its rules highlighted, the cells of its new facts marked,
// the step in words under it.
void write_step_pictures(const LoadedPuzzle& lp, const Explanation& e, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw UsageError(fmt::format("--svg: cannot make the directory {}: {}", dir, ec.message()));
  const int width = e.steps.size() >= 1000 ? 4 : 3;
  for (std::size_t k = 0; k < e.steps.size(); ++k)
    write_file_atomically(fmt::format("{}/step-{:0{}}.svg", dir, k + 1, width), app::step_picture(lp, e, k));
}

int explain_file(const ExplainCli& o, const std::string& file) {
  const auto start = std::chrono::steady_clock::now();
  LoadedPuzzle lp = load_argument(file, o.common.import_options());
  app::Request rq = base_request(app::Command::Explain, o.common, start);
  rq.case_split = static_cast<unsigned>(o.case_split);
  const app::Outcome outcome = app::run(lp, rq);
  const Explanation& e = *outcome.explanation;
  if (e.verdict.status == Status::Unique && !o.svg.empty()) write_step_pictures(lp, e, o.svg);
  if (o.common.quiet && e.verdict.status == Status::Unique) return outcome.exit_status();
  if (o.common.json) {
    std::cout << app::report(lp, outcome).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return outcome.exit_status();
  }
  if (e.verdict.status != Status::Unique) return not_unique(lp, e, "explain", false);
  std::string out = puzzle_header(lp);
  out += fmt::format("explain with encoding {} on {}: unique; {} in {} round{}\n", e.encoding, e.solver,
                     plural(e.steps.size(), "step"), e.steps.empty() ? 0 : e.steps.back().round,
                     !e.steps.empty() && e.steps.back().round == 1 ? "" : "s");
  if (!e.givens.empty()) out += fmt::format("given outright by {}: {}\n", plural(e.givens.size(), "clue"), facts_text(e.givens, 12));
  for (std::size_t i = 0; i < e.steps.size(); ++i) out += step_text(e, e.steps[i], i + 1);
  for (const auto& n : e.notes) out += "note: " + n + "\n";
  out += fmt::format("{}: {}; grade: {}\n", e.complete ? "solved" : "partial",
                     e.complete ? fmt::format("every one of the {} facts follows", e.facts)
                                : fmt::format("{} of the {} facts follow", e.facts - unknown_left(e), e.facts),
                     grade_text(e.grade));
  if (!e.complete) out += "partial: the steps above hold; the rest was not explained\n";
  if (o.common.stats) out += fmt::format("[{} solver checks, {:.0f} ms]\n", e.checks, e.wall_ms);
  std::cout << out << std::flush;
  return e.complete ? 0 : 30;
}

// hint --progress FILE: JSON (the rows, an object of places, or a puzzle
// file with a "progress" field), or the rows as lines of text.
nlohmann::json read_progress_file(const std::string& path, bool& is_text) {
  is_text = false;
  const std::string text = read_text_file(path);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    nlohmann::json j = parse_json_text(text, path);
    if (j.is_object() && j.contains("kind")) {
      if (!j.contains("progress"))
        throw InputError("input.missing", "", "a puzzle file given to --progress needs a \"progress\" field", path);
      return j["progress"];
    }
    return j;
  }
  is_text = true;
  nlohmann::json rows = nlohmann::json::array();
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    rows.push_back(line);
    start = end + 1;
  }
  while (!rows.empty() && rows.back().get<std::string>().empty()) rows.erase(rows.size() - 1);
  if (rows.empty()) throw InputError("input.format", kNoPath, "the progress file is empty", path);
  return rows;
}

// hint: the player's entries are facts in the kind's words ("r3c4 is 5").
int hint_file(const ExplainCli& o, const std::string& file) {
  const auto start = std::chrono::steady_clock::now();
  LoadedPuzzle lp = load_argument(file, o.common.import_options());
  std::vector<std::string> entries = o.entries;
  if (!o.entries_file.empty()) {
    std::ifstream in(o.entries_file);
    if (!in) throw UsageError("--entries: cannot read " + o.entries_file);
    for (std::string line; std::getline(in, line);) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      if (!line.empty() && line[0] != '#') entries.push_back(line);
    }
  }
  ExplainOptions eo = options_of(o, start);
  eo.stop_at_decision = true;
  eo.entries = entries;
  if (!o.progress_file.empty()) {
    eo.progress = read_progress_file(o.progress_file, eo.progress_is_text);
    eo.progress_origin = o.progress_file;
  } else if (lp.progress) {
    eo.progress = lp.progress;
    eo.progress_path = "/progress";
    eo.progress_origin = file;
  }
  const Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
  if (e.verdict.status != Status::Unique) return not_unique(lp, e, "hint", o.common.json);
  if (o.common.json) {
    ReportContext rc;
    rc.command = "hint";
    nlohmann::json j = report_json(lp, e.verdict, rc);
    j["explanation"] = explanation_json(e);
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
  }
  std::string out = puzzle_header(lp);
  if (eo.progress) {
    const auto noun = lp.encoder->difference_noun();
    out += fmt::format("your progress: {} {} filled in{}\n", e.progress_places, e.progress_places == 1 ? noun.first : noun.second,
                       e.givens.empty() ? "" : " besides the givens");
  }
  if (!e.mistakes.empty()) {
    for (const auto& m : e.mistakes)
      out += fmt::format("mistake: {} cannot be: {} rule{} it out{}\n", m.fact.label, because_text(e, m.items),
                         m.items.size() == 1 ? "s" : "", e.known_at_start ? " (with your other entries)" : "");
  } else if (e.complete && e.steps.empty()) {
    out += "nothing left: your entries are the solution\n";
  } else {
    const std::size_t before = e.steps.empty() ? 0 : e.steps.size() - 1;
    if (o.all)
      for (std::size_t i = 0; i < e.steps.size(); ++i) out += step_text(e, e.steps[i], i + 1);
    else if (!e.steps.empty())
      out += step_text(e, e.steps.back(), e.steps.size());
    if (before && !o.all)
      out += fmt::format("(it rests on {} before it that only rule{} out candidates: hint --all lists them)\n",
                         plural(before, "step"), before == 1 ? "s" : "");
    if (!e.steps.empty()) out += fmt::format("hint: {}\n", facts_text(e.steps.back().facts));
  }
  for (const auto& n : e.notes) out += "note: " + n + "\n";
  std::cout << out << std::flush;
  return 0;
}

int grade_inputs(const ExplainCli& o) {
  // Links and game IDs given as arguments are records of their own; files
  // and directories are read as corpora.
  std::vector<CorpusRecord> records;
  for (const auto& arg : o.common.files) {
    if (importers::is_link_argument(arg)) {
      CorpusRecord r;
      r.index = records.size();
      r.origin = arg;
      r.text = arg;
      r.is_link = true;
      records.push_back(r);
      continue;
    }
    for (auto& r : read_corpus({arg}, o.kind, o.kind.empty() ? &importers::is_link_text : nullptr, &importers::is_puzzle_text)) {
      r.index = records.size();
      records.push_back(std::move(r));
    }
  }
  int status = 0;
  for (const auto& r : records) {
    status = merge_exit(status, guarded(r.origin, [&]() {
      const auto start = std::chrono::steady_clock::now();
      LoadedPuzzle lp = r.is_link && r.text == r.origin && importers::is_link_argument(r.text)
                            ? load_argument(r.text, o.common.import_options())
                            : load_corpus_record(r, o.kind, o.common.import_options());
      const Explanation e = explain(*lp.encoder, *lp.puzzle, options_of(o, start));
      const bool unique = e.verdict.status == Status::Unique;
      if (o.common.json) {
        nlohmann::json j{{"file", r.origin}, {"index", r.index}, {"kind", lp.kind}, {"status", status_name(e.verdict.status)}};
        if (!lp.name.empty()) j["name"] = lp.name;
        if (unique) {
          const auto x = explanation_json(e);
          j["grade"] = x["grade"];
          j["complete"] = e.complete;
          j["wall_ms"] = e.wall_ms;
        }
        std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
      } else if (unique) {
        std::cout << fmt::format("{}: {}{}\n", r.origin, grade_text(e.grade), e.complete ? "" : " (partial: " + (e.notes.empty() ? std::string("stopped") : e.notes.front()) + ")")
                  << std::flush;
      } else {
        std::cout << fmt::format("{}: {}: not graded (grade needs exactly one solution)\n", r.origin, status_name(e.verdict.status))
                  << std::flush;
      }
      if (!unique) return exit_code(e.verdict.status);
      return e.complete ? 0 : 30;
    }));
  }
  return status;
}

void add_common(CLI::App& cmd, ExplainCli& o) {
  add_puzzle_options(cmd, o.common);
  add_whole(cmd, "--case-split", o.case_split, 1, 1000,
            "steps citing more clues and rules than this are reported as a case split (and grade so)")
      ->default_val(5);
}

}  // namespace

void setup_explain(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<ExplainCli>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "how a puzzle with one solution is solved, step by step: each step the fewest clues and rules of the kind from "
      "which new facts follow, in the kind's words, and a grade from the steps");
  add_common(*cmd, *o);
  cmd->add_option("--svg", o->svg, "also draw each step into this directory (step-001.svg, ...): its clues and rule cells "
                                   "highlighted, where its facts are marked, the step in words");
  cmd->callback([o, &exit_status]() {
    exit_status = for_each_file(o->common.files, [&](const std::string& f) { return explain_file(*o, f); }, o->common.json);
  });
}

void setup_hint(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<ExplainCli>();
  CLI::App* cmd = app.add_subcommand(
      "hint",
      "the next step from a player's entries (--entry \"r3c4 is 5\", in the words explain uses), or which entry is "
      "wrong and the smallest reason why");
  add_common(*cmd, *o);
  cmd->add_option("--entry", o->entries, "an entry of the player, as explain words facts (\"r3c4 is 5\"); repeatable");
  cmd->add_option("--entries", o->entries_file, "a file of entries, one per line");
  cmd->add_option("--progress", o->progress_file,
                  "the player's grid so far: the solution form's rows with ? where nothing is filled in yet (JSON, or "
                  "lines of text), or an object of places and values; a puzzle file's own \"progress\" field is read "
                  "without it");
  cmd->add_flag("--all", o->all, "list every step up to the hint, not only the last");
  cmd->callback([o, &exit_status]() {
    exit_status = for_each_file(o->common.files, [&](const std::string& f) { return hint_file(*o, f); }, o->common.json);
  });
}

void setup_grade(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<ExplainCli>();
  CLI::App* cmd = app.add_subcommand(
      "grade", "a difficulty for each puzzle of files, directories and corpora (one line each; --json: JSONL), from "
               "the steps explain finds");
  add_common(*cmd, *o);
  cmd->add_option("--kind", o->kind, "what a line of a non-JSON corpus is (sudoku: one grid per line)");
  cmd->callback([o, &exit_status]() {
    exit_status = guarded("grade", [&]() { return grade_inputs(*o); });
  });
}

}  // namespace psmt::cli
