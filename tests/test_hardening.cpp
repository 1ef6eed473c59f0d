// Issue 18, items 7 and 9 to 13: limits that cover reading and encoding, the
// memory cap and the input size limit, equation-grid arithmetic that the
// encodings and the checker share, errors that name their input, messages
// that stay on one line, and corpora whose every line is accounted for.
// Wall-clock figures are measured by scripts/bench-timeouts, not here.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "encoders/equation_grid.h"
#include "engine/encoder.h"
#include "helpers.h"
#include "io/error.h"
#include "io/halt.h"

namespace psmt::testing {
namespace {

std::string temp_file(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + "/hardening_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

nlohmann::json last_json_line(const std::string& out) {
  std::istringstream in(out);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return nlohmann::json::parse(last);
}

// --- item 7: the limit covers reading, parsing and encoding ---

TEST(Hardening, AnEncodersDeadlineNamesTheLimitHowEverTheClockIsRead) {
  // The thread's deadline and the encoder's are the same instant, read by two
  // calls of the clock: when it passes between them, the second one stops the
  // encoder, and its reason must still name the limit (a CI run once said
  // "timeout while encoding").
  EncodeOptions eo;
  eo.deadline = HaltClock::now() - std::chrono::milliseconds(1);
  {
    HaltScope scope(HaltClock::now() + std::chrono::hours(1), 20);
    try {
      eo.check_deadline();
      ADD_FAILURE() << "no stop";
    } catch (const Halted& h) {
      EXPECT_EQ(h.cause(), HaltCause::Timeout);
      EXPECT_STREQ(h.what(), "timeout (--timeout 20 ms)");
    }
  }
  try {
    eo.check_deadline();  // no limit named: the bare word
    ADD_FAILURE() << "no stop";
  } catch (const Halted& h) {
    EXPECT_STREQ(h.what(), "timeout");
  }
}

TEST(Hardening, TimeoutCoversParsingAHugeFile) {
  // 4 million small values: seconds of parsing, far beyond a 1 ms limit.
  nlohmann::json doc = {{"kind", "sudoku"}, {"grid", std::string(81, '.')}, {"notes", std::vector<std::string>(4000000, "ab")}};
  std::string f = temp_file("huge_notes.json", doc.dump());
  CliResult r = run_cli({"check", "--timeout", "1", f});
  EXPECT_EQ(r.exit_code, 30) << r.err;
  EXPECT_EQ(r.out, f + ": unknown: timeout (--timeout 1 ms) while reading the puzzle\n") << r.err;
  CliResult j = run_cli({"check", "--json", "--timeout", "1", f});
  EXPECT_EQ(j.exit_code, 30) << j.err;
  auto rep = last_json_line(j.out);
  EXPECT_EQ(rep["status"], "unknown");
  EXPECT_EQ(rep["complete"], false);
  EXPECT_EQ(rep["file"], f);
}

TEST(Hardening, TimeoutCoversEncodingTheLargestSudoku) {
  std::string f = temp_file("sudoku36.json", nlohmann::json({{"kind", "sudoku"}, {"grid", std::string(36 * 36, '.')}}).dump());
  for (const char* e : {"bool-pairwise", "bool-onehot", "int-distinct"}) {
    CliResult r = run_cli({"check", "--json", "--timeout", "20", "-e", e, f});
    ASSERT_EQ(r.exit_code, 30) << e << ": " << r.err;
    auto j = last_json_line(r.out);
    EXPECT_EQ(j["status"], "unknown");
    EXPECT_EQ(j["reason"].get<std::string>().rfind("timeout (--timeout 20 ms)", 0), 0u) << j["reason"];
  }
}

// --- item 9: the memory cap and the input size limit ---

// The JSON report of a run a limit stopped: exit 30, status unknown.
nlohmann::json stopped_report(const std::vector<std::string>& args) {
  CliResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 30) << r.err;
  auto j = last_json_line(r.out);
  EXPECT_EQ(j["status"], "unknown");
  return j;
}

TEST(Hardening, MemoryCapEndsARunawayTilingInUnknownMemory) {
  // Four 32x32 squares on a 64x64 board: over a gigabyte of placements
  // without a cap.
  nlohmann::json doc = {{"kind", "polyomino"},
                        {"board", {{"rows", 64}, {"cols", 64}}},
                        {"pieces", {{{"shape", std::vector<std::string>(32, std::string(32, '#'))}, {"count", 4}}}}};
  std::string f = temp_file("poly64.json", doc.dump());
  // 150 MB: the cap is met while the placements are encoded (0.6 s); at
  // 200 MB it is met 24 s later, in the proof of the placement groups.
  auto j = stopped_report({"check", "--json", "--memory", "150", f});
  EXPECT_NE(j["reason"].get<std::string>().find("memory (--memory 150 MB)"), std::string::npos) << j["reason"];
}

// A 40x40 nurikabe with 25 islands of 60, every 8 cells from r4c4.
std::string large_nurikabe_file(const std::string& name) {
  std::vector<std::vector<nlohmann::json>> grid(40, std::vector<nlohmann::json>(40, "."));
  for (int r = 3; r < 40; r += 8)
    for (int c = 3; c < 40; c += 8) grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 60;
  return temp_file(name, nlohmann::json({{"kind", "nurikabe"}, {"grid", grid}}).dump());
}

// The cap holds while a pencil kind encodes and its clauses are made, not
// only while the solver runs: twenty-five islands of 60 on a 40x40 (over a
// gigabyte of terms and clauses uncapped) stop near the cap. Before, the
// island layers and the clause translation never looked: this board with a
// cap of 200 MB stopped at 5.4 GB, after 45 s.
TEST(Hardening, MemoryCapHoldsWhileANurikabeIsEncoded) {
  std::string f = large_nurikabe_file("nurikabe40.json");
  auto j = stopped_report({"check", "--json", "--memory", "200", f});
  EXPECT_NE(j["reason"].get<std::string>().find("memory (--memory 200 MB)"), std::string::npos) << j["reason"];
  struct rusage ru {};
  ASSERT_EQ(::getrusage(RUSAGE_CHILDREN, &ru), 0);
  EXPECT_LT(ru.ru_maxrss / 1024, 800) << "MB at most, for a cap of 200 MB";
}

// The same board with a short --timeout: the report, from the run or from
// the hard deadline (its teardown can pass the limit), names the back end
// the run chose; the hard deadline's report said "solver: " with no name.
TEST(Hardening, ATimedOutRunsReportNamesItsBackEnd) {
  std::string f = large_nurikabe_file("nurikabe40t.json");
  EXPECT_EQ(stopped_report({"check", "--json", "--timeout", "300", f})["solver"], "cadical");
  EXPECT_EQ(stopped_report({"check", "--json", "--timeout", "300", "--solver", "z3", f})["solver"], "z3");
  CliResult t = run_cli({"check", "--timeout", "300", f});
  EXPECT_NE(t.out.find("solver: cadical"), std::string::npos) << t.out;
}

TEST(Hardening, InputsAboveMaxInputAreRefusedBeforeBeingReadWhole) {
  std::string big(3u << 20, ' ');
  big += R"({"kind": "sudoku", "grid": ")" + std::string(81, '.') + "\"}";
  std::string f = temp_file("big.json", big);
  CliResult r = run_cli({"check", "--max-input", "2", f});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is larger than the --max-input limit of 2 MB"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(f), std::string::npos) << r.err;
  CliResult s = run_cli({"check", "--max-input", "2", "-"}, big);
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("standard input is larger than the --max-input limit of 2 MB"), std::string::npos) << s.err;
  // Raised, the same input is read.
  CliResult t = run_cli({"check", "--max-input", "4", "-"}, big);
  EXPECT_EQ(t.exit_code, 10) << t.err;
}

TEST(Hardening, ResourceOptionsAreWholeNumbersInRange) {
  for (const auto& [opt, value] : std::vector<std::pair<std::string, std::string>>{
           {"--memory", "-1"}, {"--memory", "2000000000"}, {"--max-input", "0"}, {"--max-input", "x"}}) {
    CliResult r = run_cli({"check", opt, value, kSourceDir + "/puzzles/sudoku/prolog_post.json"});
    EXPECT_EQ(r.exit_code, 2) << opt << " " << value;
    EXPECT_NE(r.err.find(opt), std::string::npos) << r.err;
  }
}

// --- item 10: one arithmetic for the encodings and the checker ---

TEST(Hardening, EquationValuesBeyondTheSharedArithmeticAreBadInput) {
  // A product of nine cells of up to 10^9: 10^81, beyond 64 bits (the
  // checker) and 62 (bv). Refused at its JSON path; no overflow on the way
  // (the sanitizer pass runs this too).
  nlohmann::json doc = {{"kind", "equation_grid"}, {"rows", 3}, {"cols", 3}, {"domain", {-1000000000, 1000000000}},
                        {"equations", {"x11 + x12 = 3", "x11 * x12 * x13 * x21 * x22 * x23 * x31 * x32 * x33 = 1"}}};
  std::string f = temp_file("eq_overflow.json", doc.dump());
  for (const char* e : {"int", "bv"}) {
    CliResult r = run_cli({"check", "-e", e, f});
    EXPECT_EQ(r.exit_code, 2) << e << ": " << r.err;
    EXPECT_NE(r.err.find("/equations/1: over the domain [-1000000000, 1000000000] a value of this equation may pass ±2^60"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("[input.range]"), std::string::npos) << r.err;
  }
}

TEST(Hardening, EquationsNearTheBoundGiveTheSameVerdictInBothEncodings) {
  // 999999999^2 = 999999998 * 10^9 + 1: intermediate values near 10^18, in
  // the arithmetic both encodings and the checker share; both find the same
  // solution, and the checker accepts it (no "internal error").
  nlohmann::json doc = {{"kind", "equation_grid"}, {"rows", 1}, {"cols", 4}, {"domain", {-1000000000, 1000000000}},
                        {"givens", {{"x11", 999999999}, {"x12", 999999999}}},
                        {"equations", {"x11 * x12 = x13 * 1000000000 + x14", "x14 >= 0", "x14 < 1000000000"}}};
  std::string f = temp_file("eq_near.json", doc.dump());
  std::vector<nlohmann::json> sols;
  for (const char* e : {"int", "bv"}) {
    CliResult r = run_cli({"check", "--json", "-e", e, f});
    ASSERT_EQ(r.exit_code, 0) << e << ": " << r.err;
    sols.push_back(last_json_line(r.out)["solutions"].at(0));
  }
  EXPECT_EQ(sols[0], nlohmann::json::parse(R"({"grid": [[999999999, 999999999, 999999998, 1]]})"));
  EXPECT_EQ(sols[0], sols[1]);
}

TEST(Hardening, EquationIntervalsStopAtTheBoundWithoutOverflow) {
  // A chain of 40 products of 10^9: the interval would pass 2^127 long
  // before the end; interval() stops at the bound (UBSan would catch an
  // __int128 overflow here).
  equation_grid::Grid g;
  g.rows = 1;
  g.cols = 1;
  g.lo = -1000000000;
  g.hi = 1000000000;
  g.given.assign(1, false);
  g.givens.assign(1, 0);
  auto e = std::make_shared<equation_grid::Expr>();
  e->kind = equation_grid::Expr::Var;
  for (int i = 0; i < 40; ++i) {
    auto m = std::make_shared<equation_grid::Expr>();
    m->kind = equation_grid::Expr::Mul;
    m->a = e;
    m->b = std::make_shared<equation_grid::Expr>();
    m->b->kind = equation_grid::Expr::Var;
    e = m;
  }
  __int128 lo = 0, hi = 0;
  EXPECT_FALSE(equation_grid::interval(g, *e, false, lo, hi));
  EXPECT_TRUE(equation_grid::interval(g, *e->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a->a, false, lo, hi));
  EXPECT_EQ(hi, static_cast<__int128>(1000000000) * 1000000000);
}

// --- item 11: every error names the input and the place ---

TEST(Hardening, ErrorsNameTheFileAndTheJsonPath) {
  nlohmann::json doc = {{"kind", "equation_grid"}, {"rows", 3}, {"cols", 3}, {"domain", {-9, 99}},
                        {"equations", {"x11 + x12 = 3", "x11 + y99 = 3"}}};
  std::string f = temp_file("eq_unknown.json", doc.dump());
  CliResult r = run_cli({"check", f});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("puzzle-smt: error: " + f + ": /equations/1: ", 0), 0u) << r.err;
}

// --- item 12: messages stay on one line and quote at most ~60 characters ---

TEST(Hardening, MessagesQuoteLongInputShortAndEscapeControlCharacters) {
  std::string long_eq = std::string(3000, '(') + "x11" + std::string(3000, ')') + " = 1";
  nlohmann::json doc = {{"kind", "equation_grid"}, {"rows", 3}, {"cols", 3}, {"equations", {long_eq}}};
  CliResult r = run_cli({"check", temp_file("eq_long.json", doc.dump())});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_LT(r.err.size(), 400u) << r.err;
  EXPECT_NE(r.err.find("\u2026"), std::string::npos) << r.err;

  nlohmann::json esc = {{"kind", "futoshiki"}, {"grid", {"..\x1b[31m", "...", "..."}}};
  CliResult s = run_cli({"check", temp_file("escape.json", esc.dump())});
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_EQ(s.err.find('\x1b'), std::string::npos) << "a raw escape reached the terminal";
  EXPECT_EQ(std::count(s.err.begin(), s.err.end(), '\n'), 1) << s.err;

  EXPECT_EQ(quote_input("a\nb\tc"), "\"a\\nb\\tc\"");
  EXPECT_EQ(quote_input(std::string(100, 'x')), "\"" + std::string(59, 'x') + "\u2026\"");
  EXPECT_EQ(quote_input("\xc3\xa9" + std::string(70, 'e'), 2), "\"\u2026\"") << "a cut never splits a character";
  EXPECT_EQ(quote_input("\xc3\xa9" + std::string(70, 'e'), 3), "\"\xc3\xa9\u2026\"");
  EXPECT_EQ(one_line("bad \"" + std::string(200, 'y') + "\" here"), "bad \"" + std::string(59, 'y') + "\u2026\" here");
}

// --- item 13: corpora ---

TEST(Hardening, EveryLineOfACorpusIsAPuzzleOrAReportedError) {
  std::string first = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string corpus = temp_file("corpus.txt", "95\n" + first + "\nnot a puzzle at all\n" + first + "\n# a comment\n\x01\x02garbage\n");
  CliResult r = run_cli({"batch", "--kind", "sudoku", "--no-solutions", corpus});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  std::vector<nlohmann::json> recs;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) recs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(recs.size(), 4u) << r.out;  // the count line "95" is a header; the comment is skipped
  EXPECT_EQ(recs[0]["status"], "unique");
  EXPECT_EQ(recs[1]["status"], "error");
  EXPECT_NE(recs[1]["error"].get<std::string>().find(corpus + ":3: line 3: not a puzzle line"), std::string::npos) << recs[1];
  EXPECT_EQ(recs[3]["status"], "error");
  EXPECT_NE(recs[3]["error"].get<std::string>().find("\\x01\\x02garbage"), std::string::npos) << recs[3];
  EXPECT_NE(r.err.find("bad input 2"), std::string::npos) << r.err;
}

TEST(Hardening, UnknownKindOrEncodingFailsOnceBeforeTheRun) {
  std::string corpus = temp_file("one.txt", std::string(81, '.') + "\n");
  std::string out = temp_file("none.jsonl", "");
  std::remove(out.c_str());
  CliResult r = run_cli({"batch", "--kind", "nonsense", corpus, "-o", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("--kind \"nonsense\": no such kind"), std::string::npos) << r.err;
  EXPECT_FALSE(std::ifstream(out).good()) << "nothing written";
  CliResult e = run_cli({"batch", "--kind", "sudoku", "-e", "nope", corpus});
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_NE(e.err.find("-e \"nope\": kind sudoku has no such encoding"), std::string::npos) << e.err;
  CliResult b = run_cli({"bench", "--kind", "nonsense", corpus});
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("no such kind"), std::string::npos) << b.err;
}

TEST(Hardening, ResumeRefusesTheOutputOfAnotherCorpusOrEncoding) {
  std::string line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
  std::string a = temp_file("a.txt", line + line), b = temp_file("b.txt", line + line);
  std::string out = temp_file("resume.jsonl", "");
  CliResult r = run_cli({"batch", "--kind", "sudoku", "--limit", "1", a, "-o", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string before = read_file(out);
  CliResult other = run_cli({"batch", "--kind", "sudoku", b, "-o", out, "--resume"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("was written for another corpus or other options"), std::string::npos) << other.err;
  CliResult enc = run_cli({"batch", "--kind", "sudoku", "-e", "int-distinct", a, "-o", out, "--resume"});
  EXPECT_EQ(enc.exit_code, 2);
  EXPECT_NE(enc.err.find("used encoding \"bool-pairwise\", not -e int-distinct"), std::string::npos) << enc.err;
  EXPECT_EQ(read_file(out), before) << "a refused resume writes nothing";
  CliResult same = run_cli({"batch", "--kind", "sudoku", a, "-o", out, "--resume"});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_NE(same.err.find("1 already done (--resume)"), std::string::npos) << same.err;
}

}  // namespace
}  // namespace psmt::testing
