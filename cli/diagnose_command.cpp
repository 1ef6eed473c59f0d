// diagnose: why a puzzle has no solution or several, and how to fix it.
#include <atomic>
#include <chrono>
#include <fstream>
#include <optional>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "io/words.h"
#include "app/pipeline.h"
#include "cli/common.h"
#include "engine/backend.h"
#include "engine/expect.h"
#include "cli/hard_deadline.h"
#include "engine/diagnose.h"
#include "io/error.h"
#include "io/halt.h"
#include "io/puzzle_file.h"
#include "io/report.h"
#include "io/write_file.h"

namespace psmt::cli {
namespace {

struct DiagnoseCli {
  PuzzleOptions common;
  uint64_t conflicts = 1;
  uint64_t max_repairs = 20;
  uint64_t max_changes = 3;
  bool minimal = false;
  std::string svg;
};

std::string text_report(const LoadedPuzzle& lp, const Diagnosis& d, bool color, bool stats) {
  const Encoder& e = *lp.encoder;
  std::string out = puzzle_header(lp);
  const Result& v = d.verdict;
  out += fmt::format("diagnose with encoding {}: ", v.encoding);
  RenderOptions ro;
  ro.color = color;
  switch (v.status) {
    case Status::Unique:
      out += "unique: exactly one solution; every place is determined (the backbone is the whole solution)\n";
      if (d.redundant_computed) {
        if (d.redundant.empty() && !d.redundant_reason.empty()) out += "no clue is redundant: " + d.redundant_reason + "\n";
        else if (d.redundant.empty()) out += "no clue is redundant: dropping any one of them leaves several solutions\n";
        else out += fmt::format("{} {} redundant one at a time (drop any one and the solution stays unique):\n",
                                d.redundant.size(), d.redundant.size() == 1 ? "clue is" : "clues are");
        for (const auto& c : d.redundant)
          out += c.dropped_label.empty() ? fmt::format("  {}   [{}]\n", c.label, c.id)
                                         : fmt::format("  {}  ->  {}   [{}]\n", c.label, c.dropped_label, c.id);
        if (!d.redundant.empty() && !d.redundant_reason.empty()) out += "not tried: " + d.redundant_reason + "\n";
      }
      break;
    case Status::None: {
      out += "none: no solution\n";
      for (std::size_t i = 0; i < d.conflicts.size(); ++i) {
        const auto& c = d.conflicts[i];
        if (c.rules_alone) {
          out += "the rules of the kind alone have no solution (no clue is to blame)\n";
          continue;
        }
        if (c.clues.size() == 1)
          out += fmt::format("conflict {}: this clue cannot hold with the rules of the kind:\n", i + 1);
        else
          out += fmt::format("conflict {}: these {} cannot all hold{}:\n", i + 1, plural(c.clues.size(), "clue"),
                             c.minimal ? " (minimal: without any one of them the rest can)" : " (not shown minimal)");
        for (const auto& cl : c.clues) out += fmt::format("  {}   [{}]\n", cl.label, cl.id);
      }
      if (color && !d.conflicts.empty() && !d.conflicts.front().clues.empty()) {
        for (const auto& cl : d.conflicts.front().clues) ro.highlight_clues.push_back(cl.id);
        out += e.render(*lp.puzzle, nullptr, ro);
        ro.highlight_clues.clear();
      }
      auto list = [&](bool change, const std::optional<unsigned>& k, const std::vector<Repair>& rs, std::size_t unlisted,
                      std::size_t unique) {
        if (!k) return;
        const std::size_t all = rs.size() + unlisted;
        const bool fewest = !change || d.changes_exhaustive;
        out += fmt::format("{} {} so that a solution exists: {} ({} repair{}, {} unique; {}){}\n",
                           fewest ? "fewest clues to" : "clues to", change ? "change" : "remove", *k, all,
                           all == 1 ? "" : "s", unique, unlisted ? fmt::format("the first {} listed, unique first", rs.size()) : "unique first",
                           fewest ? "" : " (not every value was tried: see the notes; fewer may exist)");
        for (const auto& r : rs) {
          std::string edits;
          for (const auto& ed : r.edits) edits += (edits.empty() ? "" : "; ") + app::edit_text(ed) + " [" + ed.id + "]";
          out += fmt::format("  {}  =>  {}\n", edits, status_name(r.verdict));
        }
      };
      list(false, d.min_drop, d.drop_repairs, d.drop_unlisted, d.drop_unique);
      list(true, d.min_change, d.change_repairs, d.change_unlisted, d.change_unique);
      break;
    }
    case Status::Multiple: {
      out += "multiple: several solutions\n";
      out += fmt::format("backbone: {} of {} places are the same in every solution{}\n", d.backbone.size(),
                         d.backbone.size() + d.ambiguous.size(), d.ambiguity_complete ? "" : " (as far as explored)");
      out += fmt::format("ambiguous: {} places\n", d.ambiguous.size());
      for (const auto& a : d.ambiguous) {
        std::string vals;
        for (const auto& x : a.values) vals += (vals.empty() ? "" : " ") + x;
        out += fmt::format("  {}: {}\n", a.place.label, vals);
        if (a.place.cell) ro.highlight.push_back(*a.place.cell);
      }
      if (d.target) {
        const char* noun = d.extra_are_clues ? "clue" : "given";
        if (d.extra_are_clues && d.extra_givens.empty())
          out += "no clue of the genre can be added that singles out this solution (the notes say why):\n";
        else if (d.extra_givens_verdict != Status::Unique && !d.extra_givens.empty())
          // Givens that leave another solution (one that reads the same at
          // every place, as tilings of identical pieces do): said as it is.
          out += fmt::format("{} extra {}{} tried; they do not make this solution unique (verdict with them: {}):\n",
                             d.extra_givens.size(), noun, d.extra_givens.size() == 1 ? "" : "s",
                             status_name(d.extra_givens_verdict));
        else
          out += fmt::format("{} extra {}{} make{} this solution unique ({}; verdict with them: {}):\n",
                             d.extra_givens.size(), noun, d.extra_givens.size() == 1 ? "" : "s",
                             d.extra_givens.size() == 1 ? "s" : "",
                             d.extra_givens_proven_smallest ? "proven smallest"
                                                            : "best found within the limits, not proven smallest",
                             status_name(d.extra_givens_verdict));
        for (const auto& g : d.extra_givens) out += "  " + g + "\n";
        // With clues of the genre added, the puzzle as it would be published.
        out += e.render(d.with_extra_clues ? *d.with_extra_clues : *lp.puzzle, &*d.target, ro);
      }
      break;
    }
    case Status::Unknown:
      out += fmt::format("unknown: stopped by a limit ({})\n", v.reason_unknown);
      break;
    case Status::Solved: break;
  }
  if (certify_wanted() && v.certified)
    out += fmt::format("certified: the proof of each of the {} UNSAT step{} the verdict rests on was checked by {}\n",
                       v.certified, v.certified == 1 ? "" : "s", proof_checker_name());
  for (const auto& n : d.notes) out += "note: " + n + "\n";
  if (!stats) return out;
  std::string ph;
  for (const auto& [k, ms] : d.phase_ms) ph += fmt::format("{}{} {:.1f}", ph.empty() ? "" : ", ", k, ms);
  out += fmt::format("time {:.1f} ms ({})\n", d.wall_ms, ph);
  return out;
}

int diagnose_file(const DiagnoseCli& o, const std::string& file) {
  // --timeout counts from here: reading and parsing are part of the run.
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (o.common.timeout_ms) deadline = start + std::chrono::milliseconds(*o.common.timeout_ms);
  HaltScope halt_scope(deadline, o.common.timeout_ms.value_or(0));
  std::atomic<const LoadedPuzzle*> loaded{nullptr};
  const bool last = &file == &o.common.files.back();
  HardDeadline hard(last ? std::optional(start) : std::nullopt, o.common.timeout_ms, [&]() {
    const LoadedPuzzle* lp_now = loaded.load();
    print_unknown_report("diagnose", o.common, file, lp_now,
                         fmt::format("timeout (--timeout {} ms){}", *o.common.timeout_ms, lp_now ? "" : " while reading the puzzle"));
  });
  LoadedPuzzle lp;
  try {
    lp = load_argument(file, o.common.import_options());
  } catch (const Halted& h) {
    hard.claim();
    if (h.cause() == HaltCause::Signal) return stop_exit_status();
    print_unknown_report("diagnose", o.common, file, nullptr, std::string(h.what()) + " while reading the puzzle");
    return 30;
  }
  loaded = &lp;
  app::Request rq = base_request(app::Command::Diagnose, o.common, start);
  rq.conflicts = o.conflicts;
  rq.max_repairs = o.max_repairs;
  rq.max_changes = o.max_changes;
  rq.minimal = o.minimal;
  const app::Outcome out = app::run(lp, rq);
  const Diagnosis& d = *out.diagnosis;
  hard.claim();  // from here on this run has the last word
  if (!o.svg.empty()) write_file_atomically(o.svg, app::picture(lp, out));
  if (o.common.quiet) {
  } else if (o.common.json) {
    std::cout << app::report(lp, out).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
  } else {
    std::cout << text_report(lp, d, use_color(o.common.color), o.common.stats) << std::flush;
  }
  // A verdict that contradicts the file's expect: one line, status 3, as check.
  if (const auto& mismatches = out.context.mismatches; !mismatches.empty()) {
    std::string all;
    for (const auto& m : mismatches) all += (all.empty() ? "" : "; ") + m;
    print_error(fmt::format("{}: expectation not met: {}", file, all));
    return kExitExpectation;
  }
  return exit_code(d.verdict.status);
}

}  // namespace

// The time limit of diagnose when --timeout is not given.
constexpr uint64_t kDiagnoseDefaultTimeoutMs = 10000;

void setup_diagnose(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<DiagnoseCli>();
  CLI::App* cmd = app.add_subcommand(
      "diagnose",
      "why a puzzle has no solution (minimal conflicting clues; fewest clues to drop or change, each "
      "uniqueness-checked) or several (backbone, ambiguous places, fewest extra clues); exit status as check; "
      "--timeout is 10000 ms unless given (0: no limit), and a diagnosis cut short says so");
  add_puzzle_options(*cmd, o->common);
  add_whole(*cmd, "--all-conflicts", o->conflicts, 1, 1000, "report up to N minimal conflicts (smallest first)")
      ->default_val(1);
  add_whole(*cmd, "--max-repairs", o->max_repairs, 0, 100000, "list at most N repairs of each kind")->default_val(20);
  add_whole(*cmd, "--max-changes", o->max_changes, 0, 10, "largest repair tried (clues dropped or changed)")->default_val(3);
  cmd->add_flag("--minimal", o->minimal, "for a unique puzzle: which clues are redundant one at a time");
  cmd->add_option("--svg", o->svg, "also draw the puzzle to this SVG file, conflicting or ambiguous cells highlighted");
  cmd->callback([o, cmd, &exit_status]() {
    // diagnose has a time limit by default: a search that could run for
    // minutes stops there and says that what it shows is partial.
    if (cmd->get_option("--timeout")->count() == 0) o->common.timeout_ms = kDiagnoseDefaultTimeoutMs;
    exit_status = for_each_file(o->common.files, [&](const std::string& f) { return diagnose_file(*o, f); }, o->common.json);
  });
}

}  // namespace psmt::cli
