// batch: many puzzles from corpora, on worker threads, results streamed as
// JSONL (one whole line per record, written with a single write and never
// rewritten), resumable and shardable.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "cli/common.h"
#include "engine/expect.h"
#include "engine/backend.h"
#include "engine/session.h"
#include "io/corpus.h"
#include "io/error.h"
#include "io/halt.h"
#include "io/json_load.h"

namespace psmt::cli {
namespace {

struct BatchOptions {
  std::vector<std::string> inputs;
  std::string kind, encoding, output, shard;
  std::optional<uint64_t> timeout_ms;
  uint64_t jobs = 1;
  bool resume = false, fresh = false, quiet = false, no_solutions = false;
  uint64_t limit = 0;
  uint64_t renew = Session::kDefaultRenewal;
  importers::ImportOptions import;  // --alphabet for sudoku text
};

// The records already in `path` (complete lines), by index; a trailing
// partial line, left by a kill in the middle of a write, is cut off so the
// file stays JSONL.
std::map<uint64_t, nlohmann::json> done_records(const std::string& path) {
  std::map<uint64_t, nlohmann::json> done;
  int fd = ::open(path.c_str(), O_RDWR);
  if (fd < 0) return done;
  std::string text;
  char buf[1 << 16];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
  std::size_t complete = text.rfind('\n');
  complete = complete == std::string::npos ? 0 : complete + 1;
  if (complete < text.size() && ::ftruncate(fd, static_cast<off_t>(complete)) != 0)
    throw InputError("input.file", "#", "cannot cut the partial last line of the output for --resume", path);
  ::close(fd);
  std::size_t start = 0;
  while (start < complete) {
    std::size_t end = text.find('\n', start);
    try {
      auto j = nlohmann::json::parse(text.substr(start, end - start));
      if (j.contains("index") && j["index"].is_number_unsigned()) {
        const uint64_t index = j["index"].get<uint64_t>();  // before j is moved from
        done[index] = std::move(j);
      }
    } catch (const nlohmann::json::exception&) {
      // not a record of ours: ignored (it will be redone)
    }
    start = end + 1;
  }
  return done;
}

// --resume continues a run of the same corpus with the same options: every
// record already in the output must name the record of this corpus at its
// index, with this --kind and --encoding. Anything else is refused before
// a record is written, so that two runs are never mixed in one file.
void check_resumable(const std::string& output, const std::map<uint64_t, nlohmann::json>& done,
                     const std::vector<CorpusRecord>& records, const std::string& kind, const std::string& encoding) {
  for (const auto& entry : done) {  // (not a structured binding: the lambda below captures j)
    const uint64_t index = entry.first;
    const nlohmann::json& j = entry.second;
    std::string why;
    auto text = [&](const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(); };
    if (index >= records.size()) why = fmt::format("it holds record {}, and this corpus has {}", index, records.size());
    else if (text("file") != records[index].origin)
      why = fmt::format("its record {} is {}, and here record {} is {}", index, quote_input(text("file")), index,
                        quote_input(records[index].origin));
    else if (!kind.empty() && j.contains("kind") && text("kind") != kind)
      why = fmt::format("its record {} is of kind {}, not --kind {}", index, quote_input(text("kind")), kind);
    else if (!encoding.empty() && j.contains("encoding") && text("encoding") != encoding)
      why = fmt::format("its record {} used encoding {}, not -e {}", index, quote_input(text("encoding")), encoding);
    if (!why.empty())
      throw UsageError(fmt::format("--resume: {} was written for another corpus or other options ({}); choose another "
                                   "--output, or run without --resume to start afresh",
                                   output, why));
  }
}

std::pair<uint64_t, uint64_t> parse_shard(const std::string& s) {
  auto slash = s.find('/');
  try {
    if (slash == std::string::npos) throw CLI::ValidationError("--shard", "");
    uint64_t n = parse_whole("--shard", s.substr(slash + 1), 1, 1000000);
    uint64_t i = parse_whole("--shard", s.substr(0, slash), 1, n);
    return {i, n};
  } catch (const CLI::ValidationError&) {
    throw UsageError(fmt::format("--shard: expected i/n with whole numbers 1 <= i <= n <= 1000000 (e.g. 2/8), found \"{}\"",
                                 s.substr(0, 40)));
  }
}

int run_batch(const BatchOptions& o) {
  auto t0 = std::chrono::steady_clock::now();
  if (o.resume && o.output.empty()) throw UsageError("--resume needs --output FILE (the results so far)");
  validate_kind_and_encoding(o.kind, o.encoding);  // once, before the run: not once per record
  // The output: never one of the inputs (refused before anything is
  // written), and held with an exclusive lock, so that a second run on the
  // same file stops (exit 2) instead of interleaving records with this one.
  // It is emptied only once the lock is held, and not at all with --resume.
  int fd = 1;
  if (!o.output.empty()) {
    struct stat out_st {};
    if (::stat(o.output.c_str(), &out_st) == 0)
      for (const auto& in : o.inputs) {
        struct stat in_st {};
        if (::stat(in.c_str(), &in_st) == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino)
          throw UsageError(fmt::format("--output {} is also an input: it would be overwritten while it is read", o.output));
      }
    fd = ::open(o.output.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError("input.file", "#", std::string("cannot write the output file: ") + std::strerror(errno), o.output);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
      ::close(fd);
      throw InputError("input.file", "#", "in use by another batch run (locked); wait for it to end or choose another --output",
                       o.output);
    }
    struct stat st {};
    if (!o.resume && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::ftruncate(fd, 0) != 0)
      throw InputError("input.file", "#", std::string("cannot empty the output file: ") + std::strerror(errno), o.output);
  }
  std::vector<std::string> skipped;
  auto records = read_corpus(o.inputs, o.kind, o.kind.empty() ? &importers::is_link_text : nullptr, &importers::is_puzzle_text,
                             &skipped);
  for (const auto& s : skipped) std::cerr << "batch: skipped " << s << "\n";
  uint64_t total = records.size();
  std::map<uint64_t, nlohmann::json> done;
  if (o.resume) {
    done = done_records(o.output);
    check_resumable(o.output, done, records, o.kind, o.encoding);
  }
  std::vector<const CorpusRecord*> todo;
  uint64_t other_shard = 0, resumed = 0;
  std::pair<uint64_t, uint64_t> shard{1, 1};
  if (!o.shard.empty()) shard = parse_shard(o.shard);
  for (const auto& r : records) {
    if (o.limit && r.index >= o.limit) break;
    if (r.index % shard.second != shard.first - 1) {
      other_shard++;
      continue;
    }
    if (done.count(r.index)) {
      resumed++;
      continue;
    }
    todo.push_back(&r);
  }
  // Output that cannot be written (a full disk, /dev/full, a closed pipe)
  // stops the run: no more records, the workers finish the puzzle in hand,
  // and a line cut short is cut off the file, so that what is there stays
  // JSONL for --resume. A closed pipe ends quietly with status 141.
  std::mutex out_mu;
  std::atomic<int> write_errno{0};
  struct stat out_stat {};
  const bool regular = ::fstat(fd, &out_stat) == 0 && S_ISREG(out_stat.st_mode);
  std::atomic<uint64_t> next{0}, finished{0}, reused{0};
  auto emit = [&](const nlohmann::json& j) {
    std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    std::lock_guard<std::mutex> lock(out_mu);
    if (write_errno) return;
    const off_t before = regular ? ::lseek(fd, 0, SEEK_END) : 0;
    const char* p = line.data();
    std::size_t left = line.size();
    while (left > 0) {  // one write() for a line in practice; loop only on a short write
      ssize_t n = ::write(fd, p, left);
      if (n <= 0) {
        write_errno = n < 0 ? errno : ENOSPC;
        if (regular && left < line.size() && ::ftruncate(fd, before) != 0) {
          // nothing more to do: the error below is reported either way
        }
        next = UINT64_MAX / 2;  // no worker takes another puzzle
        return;
      }
      p += n;
      left -= static_cast<std::size_t>(n);
    }
  };
  std::mutex count_mu;
  std::map<std::string, double> phase_ms;  // summed over the records, for the summary
  std::map<std::string, uint64_t> verdicts;
  std::map<uint64_t, std::string> bad_records;  // index -> the error, for the summary
  std::map<uint64_t, std::string> unmet;        // index -> the first mismatch with the record's expect
  uint64_t met = 0;                             // records whose expect held
  std::atomic<bool> internal_error{false}, bad_input{false};
  Limits limits;
  limits.timeout_ms = o.timeout_ms;
  auto worker = [&]() {
    std::map<std::string, std::unique_ptr<Session>> sessions;  // per kind and encoding: one Z3 context each per thread
    for (;;) {
      if (stop_signal()) break;  // Ctrl-C: no new puzzle
      uint64_t k = next++;
      if (k >= todo.size()) break;
      const CorpusRecord& r = *todo[k];
      // --timeout counts from reading the record.
      Limits lim = limits;
      lim.start = std::chrono::steady_clock::now();
      std::optional<std::chrono::steady_clock::time_point> deadline;
      if (lim.timeout_ms) deadline = *lim.start + std::chrono::milliseconds(*lim.timeout_ms);
      HaltScope halt_scope(deadline, lim.timeout_ms.value_or(0));
      // The keys of `check --json` for the same fields (file, kind, encoding,
      // status, reason, solutions_found, solutions, differing_cells, stats);
      // "file" is where the record was read ("corpus.txt:17"), "index" its
      // position in the corpus.
      nlohmann::json j = {{"index", r.index}, {"file", r.origin}};
      std::string verdict;
      try {
        LoadedPuzzle lp = load_corpus_record(r, o.kind, o.import);
        const double parse_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - *lim.start).count();
        j["kind"] = lp.kind;
        if (!lp.warnings.empty()) j["warnings"] = lp.warnings;
        Result res;
        if (o.fresh) {
          RunOptions ro;
          ro.encoding = o.encoding;
          ro.limit = 2;
          ro.keep = 2;
          ro.explain = false;
          ro.limits = lim;
          res = run(*lp.encoder, *lp.puzzle, ro);
        } else {
          // One session per kind and encoding: a puzzle gets its default
          // encoding (Encoder::default_encoding) unless -e chose one.
          const std::string enc = o.encoding.empty() ? lp.encoder->default_encoding(*lp.puzzle) : o.encoding;
          auto& s = sessions[lp.kind + "/" + enc];
          if (!s) {
            s = std::make_unique<Session>(*lp.encoder, enc);
            s->set_renewal(o.renew);
          }
          uint64_t before = s->reused();
          res = s->check(*lp.puzzle, lim);
          reused += s->reused() - before;
        }
        res.stats.parse_ms = parse_ms;  // reading the record (the run's wall time counts from there)
        // A puzzle that Ctrl-C cut short gets no record: --resume does it again.
        if (stop_signal() && !res.complete && res.status != Status::Multiple) break;
        verdict = status_name(res.status);
        j["encoding"] = res.encoding;
        if (res.solver != "z3") j["solver"] = res.solver;
        if (res.by_search) j["decided_by"] = "search";  // the kind's own search: no solver ran
        j["status"] = verdict;
        if (proofs_wanted()) j["certified_unsat_steps"] = res.certified;
        j["solutions_found"] = res.solutions_found;
        if (res.status == Status::Unknown || !res.reason_unknown.empty()) j["reason"] = res.reason_unknown;
        if (!o.no_solutions && !res.solutions.empty()) j["solutions"] = res.solutions;
        j["stats"] = res.stats.to_json();
        // The shared solver's own phases (blocking clause, model reading, ...).
        for (const auto& [k, v] : res.stats.z3)
          if (k.size() > 3 && k.compare(k.size() - 3, 3, "_ms") == 0)
            j["stats"]["phases_ms"][k.substr(0, k.size() - 3)] = std::round(v * 1000) / 1000;
        if (!res.differing_cells.empty()) j["differing_cells"] = res.differing_cells;
        // The file's expect, compared as `check` compares it (exit 3).
        if (lp.expect.status || lp.expect.count || lp.expect.solution) {
          const auto mismatches = compare_expectation(lp, res);
          j["expectation"] = mismatches.empty() ? "met" : "not met";
          if (!mismatches.empty()) {
            j["mismatches"] = mismatches;
            std::lock_guard<std::mutex> lock(count_mu);
            unmet[r.index] = r.origin + ": " + mismatches.front();
          } else {
            std::lock_guard<std::mutex> lock(count_mu);
            met++;
          }
        }
      } catch (const Halted& h) {  // while reading the record: a limit, or Ctrl-C
        if (h.cause() == HaltCause::Signal) break;
        verdict = "unknown";
        j["status"] = verdict;
        j["reason"] = std::string(h.what()) + " while reading the puzzle";
      } catch (InputError& e) {
        if (e.file().empty()) e.set_file(r.origin);  // every error names its record
        verdict = "bad input";
        j["status"] = "error";
        j["error"] = e.describe();
        bad_input = true;
      } catch (const UsageError& e) {
        verdict = "bad input";
        j["status"] = "error";
        j["error"] = e.what();
        bad_input = true;
      } catch (const std::exception& e) {
        verdict = "internal error";
        j["status"] = "error";
        j["error"] = std::string("internal error: ") + e.what();
        internal_error = true;
      }
      emit(j);
      {
        std::lock_guard<std::mutex> lock(count_mu);
        verdicts[verdict]++;
        if (j.contains("error")) bad_records[r.index] = j["error"].get<std::string>();
        if (j.contains("stats"))
          for (const auto& [k, v] : j["stats"]["phases_ms"].items()) phase_ms[k] += v.get<double>();
      }
      finished++;
    }
  };
  unsigned jobs = static_cast<unsigned>(std::max<uint64_t>(1, o.jobs));
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t) threads.emplace_back(worker);
  const bool bar = !o.quiet && ::isatty(2);
  auto elapsed = [&]() { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  if (bar) {
    while (finished < todo.size() && !write_errno && !stop_signal()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      uint64_t f = finished;
      double rate = f / std::max(elapsed(), 1e-9);
      double eta = rate > 0 ? static_cast<double>(todo.size() - f) / rate : 0;
      int width = 30, filled = todo.empty() ? width : static_cast<int>(width * f / todo.size());
      std::cerr << fmt::format("\r[{}{}] {}/{} {:.0f}/s ETA {:.0f}s   ", std::string(filled, '='), std::string(width - filled, ' '),
                               f, todo.size(), rate, eta)
                << std::flush;
    }
    std::cerr << "\r" << std::string(70, ' ') << "\r";
  }
  for (auto& t : threads) t.join();
  if (fd != 1) ::close(fd);
  double secs = elapsed();
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  std::string counts;
  for (const auto& [v, n] : verdicts) counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", v, n);
  // Where the time went, summed over the puzzles (each record's
  // stats.phases_ms): a slow batch says which step is slow.
  if (!o.quiet && !phase_ms.empty()) {
    std::string parts;
    for (const char* k : {"parse", "context", "encode", "solver_setup", "first_model", "uniqueness", "conflict", "model_read",
                          "decode_check", "check"}) {
      auto it = phase_ms.find(k);
      if (it == phase_ms.end() || it->second < 0.05) continue;
      std::string name = k;
      std::replace(name.begin(), name.end(), '_', ' ');
      parts += fmt::format("{}{} {:.1f}", parts.empty() ? "" : ", ", name, it->second);
    }
    if (!parts.empty()) std::cerr << "batch: ms per phase, summed over the puzzles: " << parts << "\n";
  }
  if (!o.quiet)
    std::cerr << fmt::format("batch: {} puzzles in {:.2f} s ({:.0f}/s, -j {}){}{}{}{}; {}{}; peak RSS {:.0f} MB; {} on a shared solver\n",
                             finished.load(), secs, finished.load() / std::max(secs, 1e-9), jobs,
                             finished < todo.size()
                                 ? fmt::format(", stopped{} before the other {}{}",
                                               stop_signal() ? " by " + stop_signal_name() : "",
                                               todo.size() - finished, o.output.empty() ? "" : " (--resume does them)")
                                 : "",
                             resumed ? fmt::format(", {} already done (--resume)", resumed) : "",
                             other_shard ? fmt::format(", {} in other shards", other_shard) : "",
                             o.limit && o.limit < total ? fmt::format(", first {} of {}", o.limit, total) : "",
                             counts.empty() ? "nothing to do" : counts,
                             (met + unmet.size()) > 0 ? fmt::format("; expect met {}, not met {}", met, unmet.size()) : "",
                             ru.ru_maxrss / 1024.0, reused.load());
  // The first records that could not be read or run, named, with or
  // without --quiet: a corpus with a bad line says which.
  if (!bad_records.empty()) {
    const std::size_t shown = std::min<std::size_t>(bad_records.size(), 5);
    std::cerr << fmt::format("batch: {} record{} not read or not run{}:\n", bad_records.size(),
                             bad_records.size() == 1 ? "" : "s", shown < bad_records.size() ? fmt::format(", the first {}", shown) : "");
    std::size_t n = 0;
    for (const auto& [index, error] : bad_records) {
      if (n++ == shown) break;
      std::cerr << "  " << one_line(error) << "\n";
    }
  }
  // Verdicts that contradict their files' expect, named, with or without --quiet.
  if (!unmet.empty()) {
    const std::size_t shown = std::min<std::size_t>(unmet.size(), 5);
    std::cerr << fmt::format("batch: {} record{} did not meet {} expect{}:\n", unmet.size(), unmet.size() == 1 ? "" : "s",
                             unmet.size() == 1 ? "its" : "their", shown < unmet.size() ? fmt::format(", the first {}", shown) : "");
    std::size_t n = 0;
    for (const auto& [index, what] : unmet) {
      if (n++ == shown) break;
      std::cerr << "  " << one_line(what) << "\n";
    }
  }
  if (stop_signal()) return stop_exit_status();  // Ctrl-C / SIGTERM: the records written are whole
  if (write_errno == EPIPE) return 141;  // the reader went away: stop quietly, as `| head` expects
  if (write_errno) {
    print_error(fmt::format("{}: cannot write results: {}; the records written so far are complete, --resume continues",
                            o.output.empty() ? "standard output" : o.output, std::strerror(write_errno)));
    return 1;
  }
  if (internal_error) return 1;
  if (bad_input) return 2;
  if (!unmet.empty()) return kExitExpectation;
  return 0;
}

}  // namespace

void setup_batch(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<BatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "batch",
      "check many puzzles (JSON files, directories, JSONL, or line corpora with --kind) on worker threads; results as "
      "JSONL, one line per puzzle, flushed as they come; a record whose file has an expect says whether it was met; exit 0, "
      "or 3 if a verdict contradicts its file's expect, 2 if any record was bad input, 1 on internal errors");
  cmd->add_option("inputs", o->inputs,
                  "directories (every puzzle file in them; what is skipped is named), JSON files, .jsonl files, files of "
                  "links or game IDs (one per line), grids as text, .non files, or line corpora (with --kind)")
      ->required();
  cmd->add_option("--kind", o->kind, "what a line of a non-JSON corpus is (sudoku: one grid of n*n cells per line, 81 for 9x9, 256 for 16x16)");
  add_alphabet_option(*cmd, o->import.alphabet);
  cmd->add_option("-e,--encoding", o->encoding, "encoding (default: the kind's default)");
  add_whole(*cmd, "-j,--jobs", o->jobs, 1, 256, "worker threads, one Z3 context each (1 to 256)")->default_val(1);
  cmd->add_option("-o,--output", o->output, "write JSONL here instead of standard output");
  cmd->add_flag("--resume", o->resume, "continue an interrupted run: keep --output's records, do the rest");
  cmd->add_option("--shard", o->shard, "i/n: only records whose index is i-1 modulo n (split a corpus across machines)");
  add_limit(*cmd, "--timeout", o->timeout_ms, kMaxWhole, "per puzzle, in milliseconds (unknown when hit); 0: no limit");
  add_whole(*cmd, "--limit", o->limit, 0, kMaxWhole, "only the first N records (0: all)");
  add_whole(*cmd, "--renew", o->renew, 0, kMaxWhole,
            "start each shared solver afresh from the rules every N puzzles, forgetting what it learned (0: never)")
      ->default_val(Session::kDefaultRenewal);
  cmd->add_flag("--fresh-solver", o->fresh, "a new Z3 context per puzzle instead of one solver per shape (for comparison)");
  cmd->add_flag("--no-solutions", o->no_solutions, "leave solutions out of the records");
  cmd->add_flag("-q,--quiet", o->quiet, "no progress bar and no summary on stderr");
  add_resource_options(*cmd);
  cmd->callback([o, &exit_status]() { exit_status = guarded("batch", [&]() { return run_batch(*o); }); });
}

}  // namespace psmt::cli
