// bench: a corpus under several encodings, with differential checking. CSV
// per (puzzle, encoding), a Markdown summary per encoding, and a loud
// disagreement (exit 1) whenever encodings differ on a verdict, on the
// solution of a unique puzzle, or (with --enumerate) on the solution set.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "cli/common.h"
#include "cli/progress.h"
#include "encoders/registry.h"
#include "engine/backend.h"
#include "engine/differential.h"
#include "engine/engine.h"
#include "io/corpus.h"
#include "io/error.h"
#include "io/halt.h"
#include "io/words.h"
#include "io/write_file.h"

namespace psmt::cli {
namespace {

struct BenchOptions {
  std::vector<std::string> inputs;
  std::string kind, encodings = "all", csv, summary, solvers;  // solvers empty: each encoding's own
  uint64_t timeout_ms = 60000, limit = 0, max_solutions = 10000;
  bool enumerate = false, quiet = false;
  importers::ImportOptions import;  // --alphabet for sudoku text
};

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

int run_bench(const BenchOptions& o) {
  validate_kind_and_encoding(o.kind, "");
  std::vector<std::string> skipped;
  auto records = read_corpus(o.inputs, o.kind, o.kind.empty() ? &importers::is_link_text : nullptr, &importers::is_puzzle_text,
                             &skipped);
  for (const auto& s : skipped) std::cerr << "bench: skipped " << s << "\n";
  std::vector<std::string> wanted;
  if (o.encodings != "all") {
    std::stringstream ss(o.encodings);
    for (std::string e; std::getline(ss, e, ',');)
      if (!e.empty()) wanted.push_back(e);
  }
  std::vector<std::string> solvers;
  {
    std::stringstream ss(o.solvers);
    for (std::string s; std::getline(ss, s, ',');) {
      if (s.empty()) continue;
      try {
        check_solver_name(s);
      } catch (const UsageError& e) {
        throw UsageError(std::string("--solver: ") + e.what());
      }
      if (std::find(solvers.begin(), solvers.end(), s) == solvers.end()) solvers.push_back(s);
    }
    if (solvers.empty() && !o.solvers.empty()) throw UsageError("--solver: name at least one solver (z3, cadical)");
  }
  // Runs are named by encoding, and by encoding@solver beside Z3.
  auto run_name = [&](const std::string& e, const std::string& s) { return s == "z3" ? e : e + "@" + s; };
  std::map<std::string, std::string> not_run;  // "kind/encoding@solver" -> why
  std::ostringstream csv;
  csv << "file,kind,encoding,status,solutions_found,complete,wall_ms,conflicts,decisions,propagations\n";
  struct PerEncoding {
    std::vector<double> ms;
    uint64_t puzzles = 0, solved = 0, unknown = 0;
    double conflicts = 0;
  };
  std::map<std::string, PerEncoding> per;  // "kind/encoding"
  int disagreement_count = 0;
  bool bad_input = false;
  uint64_t done = 0;
  std::atomic<uint64_t> runs{0}, at{0};
  const uint64_t planned = o.limit ? std::min<uint64_t>(o.limit, records.size()) : records.size();
  std::optional<ProgressLine> progress;
  progress.emplace(o.quiet, [&](double s) {
    return fmt::format("bench: puzzle {}/{}, {} so far, {}", at.load(), planned, plural(runs.load(), "run"), elapsed_text(s));
  });
  for (const auto& r : records) {
    if (o.limit && done >= o.limit) break;
    if (stop_signal()) break;  // Ctrl-C: what is measured so far is reported, as partial
    LoadedPuzzle lp;
    try {
      lp = load_corpus_record(r, o.kind, o.import);
    } catch (const InputError& e) {
      print_error(e.describe());
      bad_input = true;
      continue;
    }
    done++;
    at = done;
    std::vector<std::string> encs;
    for (const auto& info : lp.encoder->encodings())
      if (wanted.empty() || std::find(wanted.begin(), wanted.end(), info.name) != wanted.end()) encs.push_back(info.name);
    if (encs.empty())
      throw UsageError(fmt::format("none of the encodings {} belongs to kind {} (it has {})", o.encodings, lp.kind,
                                   lp.encoder->encoding_names()));
    struct Outcome {
      std::string encoding;
      Result res;
    };
    std::vector<Outcome> outs;
    std::ostringstream rows;  // this puzzle's rows: written only when every encoding finished
    std::vector<std::pair<std::string, std::string>> combos;  // (encoding, solver)
    for (const auto& e : encs) {
      if (solvers.empty()) combos.emplace_back(e, lp.encoder->default_solver(e));  // the encoding's own
      for (const auto& s : solvers) combos.emplace_back(e, s);
    }
    for (const auto& [e0, solver] : combos) {
      const std::string e = run_name(e0, solver);
      if (not_run.count(lp.kind + "/" + e)) continue;
      RunOptions ro;
      ro.encoding = e0;
      ro.solver = solver;
      ro.explain = false;
      if (o.timeout_ms && o.timeout_ms <= kForeverMs) ro.limits.timeout_ms = o.timeout_ms;
      ro.limit = o.enumerate ? o.max_solutions : 2;
      ro.keep = o.enumerate ? o.max_solutions : 2;
      ro.split = !o.enumerate;  // sets need whole solutions
      Result res;
      try {
        res = run(*lp.encoder, *lp.puzzle, ro);
      } catch (const UsageError& err) {
        // An encoding this back end cannot take (Int variables on CaDiCaL):
        // said in the summary, compared nowhere.
        if (solver == "z3") throw;
        not_run[lp.kind + "/" + e] = err.what();
        continue;
      }
      if (stop_signal()) break;
      runs++;
      Outcome out{e, res};
      nlohmann::json z = res.stats.to_json()["z3"];  // solver-independent names (SMT core or SAT solver)
      auto num = [&](const char* k) { return z.contains(k) ? z[k].get<double>() : 0.0; };
      rows << csv_field(r.origin) << ',' << lp.kind << ',' << e << ',' << status_name(res.status) << ',' << res.solutions_found << ','
          << (res.complete ? "true" : "false") << ',' << fmt::format("{:.3f}", res.stats.wall_ms) << ',' << num("conflicts") << ','
          << num("decisions") << ',' << num("propagations") << '\n';
      outs.push_back(std::move(out));
    }
    if (stop_signal()) {  // a puzzle cut short is left out entirely
      done--;
      break;
    }
    csv << rows.str();
    for (const auto& out : outs) {
      nlohmann::json z = out.res.stats.to_json()["z3"];
      auto& pe = per[lp.kind + "/" + out.encoding];
      pe.puzzles++;
      if (out.res.status == Status::Unknown) pe.unknown++;
      else {
        pe.solved++;
        pe.ms.push_back(out.res.stats.wall_ms);
      }
      pe.conflicts += z.contains("conflicts") ? z["conflicts"].get<double>() : 0.0;
    }
    std::vector<std::pair<std::string, Result>> by;
    for (auto& out : outs) by.emplace_back(out.encoding, std::move(out.res));
    for (const auto& why : disagreements(by, o.enumerate)) {
      disagreement_count++;
      std::cerr << "puzzle-smt: DISAGREEMENT on " << r.origin << ": " << why << std::endl;
    }
  }
  progress.reset();  // erased before the summary
  std::ostringstream md;
  md << "| kind/encoding | puzzles | solved | unknown | median ms | mean ms | max ms | conflicts |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  for (const auto& [name, pe] : per) {
    double mean = pe.ms.empty() ? 0 : std::accumulate(pe.ms.begin(), pe.ms.end(), 0.0) / pe.ms.size();
    double mx = pe.ms.empty() ? 0 : *std::max_element(pe.ms.begin(), pe.ms.end());
    md << fmt::format("| {} | {} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {:.0f} |\n", name, pe.puzzles, pe.solved, pe.unknown,
                      median(pe.ms), mean, mx, pe.conflicts);
  }
  for (const auto& [name, why] : not_run) md << fmt::format("\nnot run: {}: {}\n", name, why);
  md << fmt::format("\n{} puzzles; {} disagreements between encodings{}\n", done, disagreement_count,
                    stop_signal() ? fmt::format(" (partial: stopped by {} after {} of {} puzzles)", stop_signal_name(),
                                                done, planned)
                                  : "");
  // Bad input fails the run (exit 2) and leaves no file behind; a run with
  // a disagreement (exit 1) keeps its CSV, which is the evidence.
  if (bad_input && (!o.csv.empty() || !o.summary.empty())) {
    print_error("bench: some inputs were bad (above); no CSV or summary file written");
  } else {
    std::vector<std::pair<std::string, std::string>> files;
    if (!o.csv.empty()) files.emplace_back(o.csv, csv.str());
    if (!o.summary.empty()) files.emplace_back(o.summary, md.str());
    write_files_atomically(files);
  }
  if (o.csv.empty() && !o.quiet) std::cout << csv.str() << "\n";
  if (!o.quiet) std::cout << md.str() << std::flush;
  if (disagreement_count) return 1;
  if (bad_input) return 2;
  return stopped_status();
}

}  // namespace

void setup_bench(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "run a corpus under several encodings: CSV per puzzle and encoding, a Markdown summary, and differential checking "
      "(exit 1 when encodings disagree on a verdict or a solution)");
  cmd->add_option("inputs", o->inputs,
                  "directories (every puzzle file in them; what is skipped is named), JSON files, .jsonl files, files of "
                  "links or game IDs (one per line), grids as text, .non files, or line corpora (with --kind)")
      ->required();
  cmd->add_option("--kind", o->kind, "what a line of a non-JSON corpus is (sudoku)");
  add_alphabet_option(*cmd, o->import.alphabet);
  cmd->add_option("--encodings", o->encodings, "comma-separated encodings, or all (the default)");
  cmd->add_option("--solver,--solvers", o->solvers,
                  "comma-separated solver back ends (z3, cadical), compared like encodings: every encoding on each "
                  "(named encoding@cadical); default: each encoding on its own back end (the one `kinds` shows)");
  cmd->add_option("--csv", o->csv, "write the CSV here (default: standard output, before the summary)");
  cmd->add_option("--summary", o->summary, "also write the Markdown summary here");
  add_whole(*cmd, "--timeout", o->timeout_ms, 0, kMaxWhole, "per puzzle and encoding, in milliseconds (0: no limit)")
      ->default_val(60000);
  add_whole(*cmd, "--limit", o->limit, 0, kMaxWhole, "only the first N puzzles (0: all)");
  cmd->add_flag("--enumerate", o->enumerate, "enumerate every solution (up to --max-solutions) and compare the sets");
  add_whole(*cmd, "--max-solutions", o->max_solutions, 1, kMaxWhole, "with --enumerate")->default_val(10000);
  cmd->add_flag("-q,--quiet", o->quiet,
                "nothing on standard output (files named by --csv/--summary are still written); disagreements still "
                "go to standard error and set the exit status");
  add_resource_options(*cmd, false);
  cmd->callback([o, &exit_status]() { exit_status = guarded("bench", [&]() { return run_bench(*o); }); });
}

}  // namespace psmt::cli
