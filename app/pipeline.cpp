#include "app/pipeline.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/expect.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::app {

LoadedPuzzle load_imported(const importers::Imported& imported, const std::string& origin) {
  try {
    LoadedPuzzle lp = load_puzzle(imported.puzzle, origin);
    lp.imported_from = imported.format;
    lp.ignored_drawings = imported.ignored;
    lp.mapped_drawings = imported.mapped;
    lp.decorations = imported.decorations;
    lp.warnings = imported.warnings;
    return lp;
  } catch (const InputError& e) {
    std::string place = importers::foreign_place(imported, e.path());
    std::string where = place.empty() ? "" : fmt::format(" (from {} in the {} data)", place, imported.format);
    throw InputError(e.id(), e.path(), std::string(e.what()) + where, e.file().empty() ? origin : e.file());
  }
}

namespace {
LoadedPuzzle load_read(const importers::Argument& a, nlohmann::json* our_json) {
  if (our_json) *our_json = a.imported ? a.imported->puzzle : a.doc;
  if (!a.imported) return load_puzzle(a.doc, a.origin);
  return load_imported(*a.imported, a.origin);
}
}  // namespace

LoadedPuzzle load_argument(const std::string& argument, const importers::ImportOptions& options, nlohmann::json* our_json) {
  return load_read(importers::read_argument(argument, options), our_json);
}

LoadedPuzzle load_text(const std::string& text, const std::string& name, const importers::ImportOptions& options) {
  return load_read(importers::read_text_argument(text, name, options), nullptr);
}

std::optional<Command> command_named(const std::string& name) {
  for (Command c : {Command::Solve, Command::Check, Command::Count, Command::Enumerate, Command::Diagnose, Command::Explain})
    if (command_name(c) == name) return c;
  return std::nullopt;
}

std::string command_name(Command c) {
  switch (c) {
    case Command::Solve: return "solve";
    case Command::Check: return "check";
    case Command::Count: return "count";
    case Command::Enumerate: return "enumerate";
    case Command::Diagnose: return "diagnose";
    case Command::Explain: return "explain";
  }
  return "check";
}

int Outcome::exit_status() const {
  if (!context.mismatches.empty()) return 3;
  if (command == Command::Explain && explanation && result.status == Status::Unique) return explanation->complete ? 0 : 30;
  return exit_code(result.status);
}

namespace {

// The request's budget: its clock, time limit and resource limit.
Limits limits_of(const Request& rq) {
  Limits l;
  l.start = rq.start;
  l.timeout_ms = rq.timeout_ms;
  l.rlimit = rq.rlimit;
  return l;
}

// The encoding used to confirm a verdict: the first one other than `used`.
std::string second_encoding(const Encoder& e, const std::string& used) {
  for (const auto& info : e.encodings())
    if (info.name != used) return info.name;
  return {};
}

Outcome run_search(const LoadedPuzzle& lp, const Request& rq) {
  Outcome out;
  out.command = rq.command;
  const Command command = rq.command;
  RunOptions ro;
  ro.encoding = rq.encoding;
  ro.limits = limits_of(rq);
  ro.explain = !rq.no_explain;
  ro.enumeration = rq.enumeration == "cover" ? Enumeration::Cover
                   : rq.enumeration == "blocking" ? Enumeration::Blocking : Enumeration::Auto;
  if (command == Command::Solve && lp.encoder->has_scorer()) {
    // Every value of every place (per independent component), then the kind's
    // scorer picks the most plausible solution; the checker still has the last word.
    ro.limit = 0;
    ro.keep = 2;
    ro.candidates = true;
    ro.explain = true;
  } else if (command == Command::Solve) {
    ro.limit = 1;
    ro.keep = 1;
  } else if (command == Command::Check) {
    ro.limit = 2;
    ro.keep = 2;
  } else {
    ro.limit = rq.limit;
    ro.keep = command == Command::Enumerate ? SIZE_MAX : 2;
    ro.candidates = command == Command::Count;  // per-place values, when the puzzle splits into components
    ro.on_solution = rq.on_solution;
    ro.progress = rq.progress;
  }
  // Up to symmetry: only canonical representatives count (and, for
  // enumerate, are shown); the full count is the sum of their orbit sizes.
  // With symmetry breaking (the default) the encoder also removes most
  // non-canonical solutions before the solver sees them.
  uint64_t orbits = 0, orbit_total = 0;
  std::vector<nlohmann::json> representatives;  // the first canonical ones, up to ro.keep
  const bool breaking = rq.up_to_symmetry && !rq.no_symmetry_breaking;
  if (rq.up_to_symmetry) {
    if (!lp.encoder->has_symmetry())
      throw UsageError("kind " + lp.kind + " has no notion of symmetry for --up-to-symmetry");
    ro.encode.break_symmetry = breaking;
    ro.split = false;  // orbits are over whole solutions
    auto previous = ro.on_solution;
    ro.on_solution = [&, previous](const nlohmann::json& sol, uint64_t) {
      uint64_t size = lp.encoder->canonical_orbit_size(*lp.puzzle, sol);
      if (!size) return;
      orbits++;
      orbit_total += size;
      if (representatives.size() < ro.keep) representatives.push_back(sol);
      if (previous) previous(sol, orbits - 1);
    };
  }
  Result res = psmt::run(*lp.encoder, *lp.puzzle, ro);
  if (rq.up_to_symmetry) {
    res.solutions = std::move(representatives);
    if (!breaking && res.complete && orbit_total != res.solutions_found)
      throw InternalError(fmt::format("{}: the orbits of the {} canonical solutions hold {} solutions, but {} were enumerated",
                                      lp.file, orbits, orbit_total, res.solutions_found));
    if (breaking) {  // the solver saw a reduced problem: rebuild the count from the orbits
      res.solutions_found = orbit_total;
      res.count_text = std::to_string(orbit_total);
      if (res.complete) res.status = orbit_total == 0 ? Status::None : orbit_total == 1 ? Status::Unique : Status::Multiple;
      else if (orbit_total >= 2) res.status = Status::Multiple;
    }
    res.differing_cells.clear();
    if (res.solutions.size() >= 2)
      res.differing_cells = lp.encoder->differences(*lp.puzzle, res.solutions[0], res.solutions[1]);
  }
  if (command == Command::Solve && ro.candidates && !res.candidates.empty()) {
    out.choice = lp.encoder->choose(*lp.puzzle, res.candidates);
    if (out.choice) {
      auto violations = lp.encoder->check(*lp.puzzle, out.choice->solution);
      if (!violations.empty())
        throw InternalError("the scorer's choice fails the independent checker: " + violations.front().message);
    }
  }
  ReportContext& rc = out.context;
  rc.command = command_name(command);
  if (command == Command::Count || command == Command::Enumerate) {
    rc.count_details = lp.encoder->count_details(*lp.puzzle, res.solutions_found);
    if (rq.up_to_symmetry) {
      rc.count_details["count_up_to_symmetry"] = orbits;
      rc.count_details["counted_up_to_symmetry"] =
          "solutions that are the least of their images under the board's symmetries (one per orbit); "
          "the full count is the sum of their orbit sizes";
      rc.count_details["symmetry_breaking"] = breaking;
    }
  }
  if (command == Command::Check || command == Command::Count) rc.mismatches = compare_expectation(lp, res);
  if (rq.confirm && (res.status == Status::Unique || res.status == Status::None || res.status == Status::Multiple)) {
    std::string other = second_encoding(*lp.encoder, res.encoding);
    if (!other.empty()) {
      RunOptions ro2 = ro;
      ro2.encoding = other;
      ro2.on_solution = nullptr;
      ro2.progress = nullptr;
      ro2.explain = false;
      Result r2 = psmt::run(*lp.encoder, *lp.puzzle, ro2);
      bool agree = r2.status == res.status || r2.status == Status::Unknown;
      if (agree && res.status == Status::Unique && r2.status == Status::Unique &&
          !lp.encoder->differences(*lp.puzzle, res.solutions.front(), r2.solutions.front()).empty())
        agree = false;
      if (!agree)
        throw InternalError(fmt::format("{}: encodings disagree: {} says {}, {} says {}", lp.file, res.encoding,
                                        status_name(res.status), other, status_name(r2.status)));
      if (r2.status != Status::Unknown) rc.confirmed_by = other;
    }
  }
  if (out.choice && res.status == Status::Multiple) res.status = Status::Solved;  // solve: a solution, chosen
  out.result = std::move(res);
  return out;
}

}  // namespace

Outcome run(const LoadedPuzzle& lp, const Request& rq) {
  if (rq.command == Command::Diagnose) {
    DiagnoseOptions opt;
    opt.encoding = rq.encoding;
    opt.limits = limits_of(rq);
    opt.conflicts = rq.conflicts;
    opt.max_repairs = rq.max_repairs;
    opt.max_repair_size = static_cast<unsigned>(rq.max_changes);
    opt.redundant = rq.minimal;
    Outcome out;
    out.command = rq.command;
    out.diagnosis = diagnose(*lp.encoder, *lp.puzzle, opt);
    out.result = out.diagnosis->verdict;
    out.context.command = "diagnose";
    out.context.mismatches = compare_expectation(lp, out.result);
    return out;
  }
  if (rq.command == Command::Explain) {
    ExplainOptions eo;
    eo.encoding = rq.encoding;
    eo.limits = limits_of(rq);
    eo.case_split = rq.case_split;
    Outcome out;
    out.command = rq.command;
    out.explanation = explain(*lp.encoder, *lp.puzzle, eo);
    out.result = out.explanation->verdict;
    out.context.command = "explain";
    return out;
  }
  return run_search(lp, rq);
}

nlohmann::json report(const LoadedPuzzle& lp, const Outcome& out) {
  ReportContext rc = out.context;
  if (out.choice) rc.choice = &*out.choice;
  nlohmann::json j = report_json(lp, out.result, rc);
  if (out.diagnosis) {
    const Diagnosis& d = *out.diagnosis;
    j["diagnosis"] = diagnosis_json(*lp.encoder, d);
    // The report's "conflict" (as `check --json` fills it): the first minimal conflict.
    if (!d.conflicts.empty() && j["conflict"].empty()) {
      for (const auto& c : d.conflicts.front().clues) j["conflict"].push_back({{"id", c.id}, {"label", c.label}});
      j["conflict_minimal"] = d.conflicts.front().minimal;
    }
  }
  if (out.command == Command::Explain && out.explanation) {
    const Explanation& e = *out.explanation;
    if (e.verdict.status == Status::Unique) {
      j["explanation"] = explanation_json(e);
    } else {
      const Status st = e.verdict.status;
      const std::string why =
          st == Status::None       ? "it has no solution (diagnose shows which clues conflict)"
          : st == Status::Multiple ? "it has several solutions (diagnose shows where they differ and which clues would fix it)"
                                   : "its verdict is unknown: " + e.verdict.reason_unknown;
      j["explanation"] = nullptr;
      j["explain_note"] = "explain needs a puzzle with exactly one solution: " + why;
    }
  }
  return j;
}

std::string edit_text(const RepairEdit& e) {
  if (e.dropped && e.after.empty()) return fmt::format("remove {}", e.before);
  return fmt::format("{}  ->  {}", e.before, e.after);
}

namespace {

std::string title_of(const LoadedPuzzle& lp, Status status) {
  return fmt::format("{}: {}", lp.name.empty() ? lp.file : lp.name, status_name(status));
}

// check, solve, count, enumerate: the solution (unique, solved, chosen), the
// first of several with the places where the first two differ shaded, or the
// conflicting clues marked when there is none.
std::string result_picture(const LoadedPuzzle& lp, const Outcome& out) {
  const Result& res = out.result;
  RenderOptions so;
  so.format = RenderFormat::Svg;
  so.title = title_of(lp, res.status);
  const nlohmann::json* sol = out.choice ? &out.choice->solution : res.solutions.empty() ? nullptr : &res.solutions.front();
  if (res.status == Status::Multiple) {
    auto places = lp.encoder->places(*lp.puzzle);
    for (const auto& label : res.differing_cells)
      for (const auto& p : places)
        if (p.label == label && p.cell) so.highlight.push_back(*p.cell);
    so.highlight_meaning = "ambiguous: the first two solutions found differ here (the first is drawn)";
  }
  if (res.status == Status::None && res.conflict) {
    for (const auto& c : res.conflict->clues) so.highlight_clues.push_back(c.id);
    so.highlight_meaning = res.conflict->clues.size() == 1 ? "the clue that cannot hold" : "the clues that cannot all hold";
  }
  return lp.encoder->render(*lp.puzzle, sol, so);
}

// The puzzle with `r` written into it (a change: the new value where it
// goes; a clue removed is marked where it was), and its solution when the
// repair leaves one; over whatever `ro` already shows.
std::string draw_repair(const LoadedPuzzle& lp, const Repair& r, RenderOptions ro) {
  std::string words;
  std::vector<ClueEdit> edits;
  for (const auto& ed : r.edits) {
    ro.changed.insert(ro.changed.end(), ed.cells.begin(), ed.cells.end());
    ro.changed_clues.push_back(ed.id);
    words += (words.empty() ? "" : "; ") + edit_text(ed);
    edits.push_back({ed.id, ed.alternative});
  }
  ro.notes.push_back(fmt::format("repair: {} => {} (drawn: the puzzle repaired{})", words, status_name(r.verdict),
                                 r.verdict == Status::Unique ? ", with its solution" : ""));
  const bool changes = std::all_of(edits.begin(), edits.end(), [](const ClueEdit& e) { return e.alternative >= 0; });
  if (changes) try {
      auto repaired = lp.encoder->edit(*lp.puzzle, edits);
      const nlohmann::json* rs = r.verdict == Status::Unique && !r.solutions.empty() ? &r.solutions.front() : nullptr;
      return lp.encoder->render(*repaired, rs, ro);
    } catch (const InputError&) {
      // the repair cannot be written into the puzzle: the puzzle as given
    }
  return lp.encoder->render(*lp.puzzle, nullptr, ro);
}

// diagnose: the first minimal conflict and the repair shown (the first that
// leaves one solution, else the first change, else the first drop), drawn
// into the repaired puzzle; or the ambiguous places and the extra clues.
std::string diagnosis_picture(const LoadedPuzzle& lp, const Diagnosis& d) {
  RenderOptions ro;
  ro.format = RenderFormat::Svg;
  ro.title = title_of(lp, d.verdict.status);
  const nlohmann::json* sol = nullptr;
  if (d.verdict.status == Status::None) {
    if (!d.conflicts.empty()) {
      const Conflict& c = d.conflicts.front();
      std::string words;
      for (const auto& cl : c.clues) {
        ro.highlight_clues.push_back(cl.id);
        ro.highlight.insert(ro.highlight.end(), cl.cells.begin(), cl.cells.end());
        words += (words.empty() ? "" : "; ") + cl.label;
      }
      if (c.rules_alone) ro.notes.push_back("the rules of the kind alone have no solution (no clue is to blame)");
      else {
        ro.highlight_meaning = c.clues.size() == 1 ? "the clue that cannot hold" : "the clues that cannot all hold";
        ro.notes.push_back("conflict: " + words);
      }
    }
    const Repair* shown = nullptr;
    for (const auto* list : {&d.change_repairs, &d.drop_repairs})
      for (const auto& r : *list)
        if (!shown && r.verdict == Status::Unique) shown = &r;
    if (!shown && !d.change_repairs.empty()) shown = &d.change_repairs.front();
    if (!shown && !d.drop_repairs.empty()) shown = &d.drop_repairs.front();
    if (shown) return draw_repair(lp, *shown, std::move(ro));
  } else if (d.verdict.status == Status::Multiple) {
    for (const auto& a : d.ambiguous)
      if (a.place.cell) ro.highlight.push_back(*a.place.cell);
    ro.highlight_meaning = "ambiguous: the solutions differ here";
    if (d.target) sol = &*d.target;
    for (const auto& p : d.extra_given_places)
      if (p.cell) ro.added.push_back(*p.cell);
    if (d.extra_are_clues) ro.added_meaning = "extra clue: with the clues added the solution shown is the only one";
    if (!d.extra_givens.empty()) {
      std::string words;
      for (const auto& g : d.extra_givens) words += (words.empty() ? "" : "; ") + g;
      ro.notes.push_back(fmt::format("extra {}{}: {} (the solution shown)", d.extra_are_clues ? "clue" : "given",
                                     d.extra_givens.size() == 1 ? "" : "s", words));
    }
    // Clues of the genre are drawn as the puzzle would show them.
    if (d.with_extra_clues) return lp.encoder->render(*d.with_extra_clues, sol, ro);
  } else if (d.verdict.status == Status::Unique) {
    sol = &d.verdict.solutions.front();
  }
  return lp.encoder->render(*lp.puzzle, sol, ro);
}

}  // namespace

std::string repair_picture(const LoadedPuzzle& lp, const Diagnosis& d, const Repair& r) {
  RenderOptions ro;
  ro.format = RenderFormat::Svg;
  ro.title = title_of(lp, d.verdict.status);
  return draw_repair(lp, r, std::move(ro));
}

std::string picture(const LoadedPuzzle& lp, const Outcome& out) {
  if (out.diagnosis) return diagnosis_picture(lp, *out.diagnosis);
  if (out.explanation) {
    RenderOptions ro;
    ro.format = RenderFormat::Svg;
    ro.title = title_of(lp, out.result.status);
    return lp.encoder->render(*lp.puzzle, nullptr, ro);  // the puzzle as given: the steps draw the rest
  }
  return result_picture(lp, out);
}

std::string because_text(const Explanation& e, const std::vector<std::size_t>& items) {
  if (items.empty()) return e.rules_named ? "what is known already" : "what is known, with the rules";
  std::string out;
  for (auto i : items) out += (out.empty() ? "" : "; ") + e.items[i].label;
  return out;
}

std::string facts_text(const std::vector<ExplainFact>& facts, std::size_t most) {
  std::string out;
  for (std::size_t i = 0; i < facts.size(); ++i) {
    if (i == most) return out + fmt::format(", and {} more", facts.size() - most);
    out += (out.empty() ? "" : ", ") + facts[i].label;
  }
  return out;
}

std::string step_picture(const LoadedPuzzle& lp, const Explanation& e, std::size_t k) {
  const auto& s = e.steps.at(k);
  RenderOptions ro;
  ro.format = RenderFormat::Svg;
  ro.title = fmt::format("{} — step {} of {} (size {})", lp.name.empty() ? lp.file : lp.name, k + 1, e.steps.size(), s.size());
  for (auto i : s.items) {
    const auto& it = e.items[i];
    if (it.rule) ro.highlight.insert(ro.highlight.end(), it.cells.begin(), it.cells.end());
    else ro.highlight_clues.push_back(it.id);
  }
  ro.highlight_meaning = "what the step uses: its clues and the cells of its rules";
  for (const auto& f : s.facts)
    if (f.cell) ro.added.push_back(*f.cell);
  ro.added_meaning = "where the step's new facts are";
  ro.notes.push_back("because: " + because_text(e, s.items));
  ro.notes.push_back("so: " + facts_text(s.facts, 12));
  // What is known before the step, drawn: each place whose every fact is
  // known by then, fixed to its value (as the kind draws a given).
  std::vector<std::size_t> known(e.place_vars.size(), 0);
  auto count = [&](const std::vector<ExplainFact>& facts) {
    for (const auto& f : facts)
      if (f.place && *f.place < known.size()) known[*f.place]++;
  };
  count(e.givens);
  for (std::size_t j = 0; j < k; ++j) count(e.steps[j].facts);
  std::vector<std::size_t> places;
  for (std::size_t p = 0; p < known.size(); ++p)
    if (e.place_vars[p] > 0 && known[p] == e.place_vars[p]) places.push_back(p);
  if (!places.empty() && !e.verdict.solutions.empty() && lp.encoder->fixed_places_draw_the_solution()) {
    try {
      auto drawn = lp.encoder->fix_places(*lp.puzzle, e.verdict.solutions.front(), places);
      ro.notes.push_back(fmt::format("drawn as given: what is known before this step ({} of {} places)", places.size(),
                                     e.place_vars.size()));
      return lp.encoder->render(*drawn, nullptr, ro);
    } catch (const InputError&) {
      // the kind cannot write these places into the puzzle: the puzzle as given
    }
  }
  return lp.encoder->render(*lp.puzzle, nullptr, ro);
}

}  // namespace psmt::app
