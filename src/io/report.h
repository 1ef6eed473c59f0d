// Reports: the JSON object of the DESIGN.md contract, and text for people.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "io/puzzle_file.h"

namespace psmt {

struct ReportContext {
  std::string command;                  // solve | check | count | enumerate
  std::vector<std::string> mismatches;  // against the file's expect
  bool color = false;
  bool stats = false;                       // text: the time and solver statistics line (--stats)
  std::optional<std::string> confirmed_by;  // second encoding that agreed
  const Choice* choice = nullptr;           // a kind's scorer chose the solution shown
  nlohmann::json count_details = nlohmann::json::object();  // what a count means (kind-specific)
};

// The lines that introduce a puzzle: file, name, author, what it is; where
// it was imported from, its rules text, drawings left out.
std::string puzzle_header(const LoadedPuzzle& lp);

nlohmann::json report_json(const LoadedPuzzle& lp, const Result& res, const ReportContext& rc);
std::string report_text(const LoadedPuzzle& lp, const Result& res, const ReportContext& rc);
// The --stats line: the run's time by phase (parse, context, encode, first
// model, uniqueness or more models, conflict, check), the report's render
// time, and with `process_age_ms` (the process's age now) the time from the
// process's start to the run and to this line; then the solver's counters.
std::string stats_text(const Result& res, const ReportContext& rc, double process_age_ms = 0);

}  // namespace psmt
