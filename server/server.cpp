#include "server/server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "app/pipeline.h"
#include "engine/stop.h"
#include "io/error.h"
#include "io/halt.h"
#include "server/page_files.h"

namespace psmt::server {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// One run asked for: what to run on which text, and where it stands.
struct Job {
  app::Command command = app::Command::Check;
  std::string text, name;
  std::optional<uint64_t> timeout_ms, limit;
  bool partial = false;
  std::atomic<bool> cancel{false};
  std::atomic<uint64_t> found{0};
  std::mutex mu;
  std::condition_variable cv;
  enum class State { Queued, Running, Done } state = State::Queued;
  int http_status = 200;
  json answer;
  Clock::time_point queued_at = Clock::now(), started_at;
};

json error_answer(const std::string& message, const std::string& id = "") {
  json j{{"status", "error"}, {"error", message}};
  if (!id.empty()) j["error_id"] = id;
  return j;
}

}  // namespace

struct Server::Impl {
  Options options;
  httplib::Server http;
  int port = 0;

  mutable std::mutex mu;
  std::condition_variable cv;            // workers: a run waits, or the server stops
  std::condition_variable interrupt_cv;  // the interrupter: the server stops
  std::deque<std::shared_ptr<Job>> waiting;
  std::set<std::shared_ptr<Job>> running;
  bool stopping = false;
  std::vector<std::thread> workers;
  std::thread interrupter;
  std::atomic<uint64_t> answered{0}, cancelled{0}, refused{0};

  explicit Impl(const Options& o) : options(o) {}

  // --- the queue --------------------------------------------------------

  bool submit(const std::shared_ptr<Job>& job) {
    std::lock_guard<std::mutex> lock(mu);
    if (waiting.size() >= options.queue) return false;
    waiting.push_back(job);
    cv.notify_one();
    return true;
  }

  // 1-based place in the queue; 0 once it runs or is done.
  std::size_t position(const std::shared_ptr<Job>& job) const {
    std::lock_guard<std::mutex> lock(mu);
    auto it = std::find(waiting.begin(), waiting.end(), job);
    return it == waiting.end() ? 0 : static_cast<std::size_t>(it - waiting.begin()) + 1;
  }

  void cancel(const std::shared_ptr<Job>& job) {
    bool was_waiting = false;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (job->cancel.exchange(true)) return;
      auto it = std::find(waiting.begin(), waiting.end(), job);
      if (it != waiting.end()) {
        waiting.erase(it);
        was_waiting = true;
      }
    }
    cancelled++;
    if (was_waiting) finish(job, 200, json{{"status", "cancelled"}});
  }

  void finish(const std::shared_ptr<Job>& job, int status, json answer) {
    {
      std::lock_guard<std::mutex> lock(job->mu);
      job->http_status = status;
      job->answer = std::move(answer);
      job->state = Job::State::Done;
    }
    job->cv.notify_all();
  }

  void worker() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv.wait(lock, [&] { return stopping || !waiting.empty(); });
        if (stopping) return;
        job = waiting.front();
        waiting.pop_front();
        running.insert(job);
      }
      {
        std::lock_guard<std::mutex> lock(job->mu);
        job->state = Job::State::Running;
        job->started_at = Clock::now();
      }
      job->cv.notify_all();
      auto [status, answer] = run_job(*job);
      {
        std::lock_guard<std::mutex> lock(mu);
        running.erase(job);
      }
      if (!job->cancel) answered++;
      finish(job, status, std::move(answer));
    }
  }

  // A cancelled run stops at its next poll; its Z3 checks are interrupted
  // here, again every few milliseconds until it has ended.
  void interrupt_loop() {
    std::unique_lock<std::mutex> lock(mu);
    while (!stopping) {
      bool any = std::any_of(running.begin(), running.end(), [](const auto& j) { return j->cancel.load(); });
      lock.unlock();
      if (any) interrupt_cancelled_checks();
      lock.lock();
      interrupt_cv.wait_for(lock, std::chrono::milliseconds(5));
    }
  }

  // --- one run ----------------------------------------------------------

  std::pair<int, json> run_job(Job& job) {
    const auto start = Clock::now();
    uint64_t limit = job.command == app::Command::Diagnose ? std::min(options.diagnose_timeout_ms, options.timeout_ms)
                                                            : options.timeout_ms;
    if (job.timeout_ms) limit = std::min(*job.timeout_ms, options.timeout_ms);
    HaltScope halt(start + std::chrono::milliseconds(limit), limit);
    CancelScope cancel_scope(&job.cancel);
    try {
      importers::ImportOptions io;
      io.partial = job.partial;
      LoadedPuzzle lp = app::load_text(job.text, job.name, io);
      app::Request rq;
      rq.command = job.command;
      rq.start = start;
      rq.timeout_ms = limit;
      rq.progress = &job.found;
      if (job.command == app::Command::Count) rq.limit = job.limit.value_or(1000000);
      if (job.command == app::Command::Enumerate) rq.limit = job.limit.value_or(100);
      const app::Outcome out = app::run(lp, rq);
      json answer{{"report", app::report(lp, out)}, {"picture", app::picture(lp, out)}, {"exit_status", out.exit_status()}};
      if (!lp.warnings.empty()) answer["warnings"] = lp.warnings;
      if (out.explanation && out.result.status == Status::Unique) {
        json steps = json::array();
        for (std::size_t k = 0; k < out.explanation->steps.size() && k < options.max_pictures; ++k)
          steps.push_back(app::step_picture(lp, *out.explanation, k));
        answer["step_pictures"] = std::move(steps);
      }
      if (out.diagnosis) {
        json repairs = json::array();
        for (const auto* list : {&out.diagnosis->change_repairs, &out.diagnosis->drop_repairs})
          for (const auto& r : *list) repairs.push_back(app::repair_picture(lp, *out.diagnosis, r));
        answer["repair_pictures"] = std::move(repairs);
      }
      if (job.cancel) answer = json{{"status", "cancelled"}};
      return {200, std::move(answer)};
    } catch (InputError& e) {
      if (e.file().empty()) e.set_file(job.name);
      return {400, error_answer(e.describe(), e.id())};
    } catch (const UsageError& e) {
      return {400, error_answer(e.what())};
    } catch (const Halted& h) {
      return {200, json{{"report", {{"file", job.name}, {"status", "unknown"}, {"reason", std::string(h.what()) + " while reading the puzzle"}}},
                        {"exit_status", 30}}};
    } catch (const std::exception& e) {
      return {500, error_answer(std::string("internal error: ") + e.what())};
    }
  }

  // --- HTTP -------------------------------------------------------------

  // The request body read into a job; an error message when it is not one.
  std::string read_job(const std::string& body, app::Command command, Job& job) {
    json j;
    try {
      j = json::parse(body);
    } catch (const json::exception& e) {
      return std::string("the request body is not JSON: ") + e.what();
    }
    if (!j.is_object()) return "the request body must be a JSON object with \"puzzle\"";
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k == "puzzle" || k == "name") {
        if (!it->is_string()) return "/" + k + ": expected a string";
      } else if (k == "timeout_ms" || k == "limit") {
        if (!it->is_number_unsigned()) return "/" + k + ": expected a whole number";
      } else if (k == "partial") {
        if (!it->is_boolean()) return "/partial: expected true or false";
      } else {
        return "/" + k + ": unknown field (the fields are puzzle, name, timeout_ms, limit, partial)";
      }
    }
    if (!j.contains("puzzle") || j["puzzle"].get<std::string>().find_first_not_of(" \t\r\n") == std::string::npos)
      return "/puzzle: nothing to read: paste a link, a game ID or a puzzle";
    job.command = command;
    job.text = j["puzzle"];
    job.name = j.value("name", std::string("pasted puzzle"));
    if (j.contains("timeout_ms")) job.timeout_ms = j["timeout_ms"].get<uint64_t>();
    if (j.contains("limit")) job.limit = j["limit"].get<uint64_t>();
    job.partial = j.value("partial", false);
    return "";
  }

  static std::string event(const std::string& name, const json& data) {
    return "event: " + name + "\ndata: " + data.dump(-1, ' ', false, json::error_handler_t::replace) + "\n\n";
  }

  void handle_api(const httplib::Request& req, httplib::Response& res, app::Command command) {
    auto job = std::make_shared<Job>();
    if (std::string err = read_job(req.body, command, *job); !err.empty()) {
      res.status = 400;
      res.set_content(error_answer(err).dump(), "application/json");
      return;
    }
    if (!submit(job)) {
      refused++;
      res.status = 429;
      res.set_header("Retry-After", "5");
      res.set_content(error_answer(fmt::format("busy: {} runs are waiting already; try again soon", options.queue)).dump(),
                      "application/json");
      return;
    }
    const std::string accept = req.get_header_value("Accept");
    if (accept.find("text/event-stream") == std::string::npos) {
      std::unique_lock<std::mutex> lock(job->mu);
      job->cv.wait(lock, [&] { return job->state == Job::State::Done; });
      res.status = job->http_status;
      res.set_content(job->answer.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
      return;
    }
    res.set_header("Cache-Control", "no-store");
    auto last = std::make_shared<Job::State>(Job::State::Queued);
    auto last_position = std::make_shared<std::size_t>(SIZE_MAX);
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, job, last, last_position](std::size_t, httplib::DataSink& sink) {
          Job::State state;
          {
            std::unique_lock<std::mutex> lock(job->mu);
            job->cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return job->state != *last; });
            state = job->state;
          }
          std::string out;
          if (state == Job::State::Done) {
            std::lock_guard<std::mutex> lock(job->mu);
            out = job->http_status == 200 ? event("result", job->answer) : event("error", job->answer);
          } else if (state == Job::State::Queued) {
            std::size_t p = position(job);
            out = p != *last_position ? event("queued", json{{"position", p}}) : ": waiting\n\n";
            *last_position = p;
          } else {
            out = *last != state ? event("running", json::object())
                                 : event("progress", json{{"found", job->found.load()}, {"elapsed_ms", std::lround(ms_since(job->started_at))}});
          }
          *last = state;
          // A write that fails: the page was closed (the stream too). Cancel.
          if (!sink.write(out.data(), out.size())) {
            cancel(job);
            return false;
          }
          if (state == Job::State::Done) sink.done();
          return true;
        },
        [this, job](bool success) {
          bool done;
          {
            std::lock_guard<std::mutex> lock(job->mu);
            done = job->state == Job::State::Done;
          }
          if (!success || !done) cancel(job);
        });
  }

  void routes() {
    http.set_default_headers({
        {"Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
         "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        {"X-Frame-Options", "DENY"},
    });
    http.set_payload_max_length(options.max_body);
    for (std::size_t i = 0; i < kPageFileCount; ++i) {
      const PageFile& f = kPageFiles[i];
      auto serve_file = [&f](const httplib::Request&, httplib::Response& res) {
        res.set_content(reinterpret_cast<const char*>(f.data), f.size, f.type);
      };
      http.Get(f.path, serve_file);
      if (std::string(f.path) == "/index.html") http.Get("/", serve_file);
      if (std::string(f.path) == "/favicon.svg") http.Get("/favicon.ico", serve_file);
    }
    for (app::Command c : {app::Command::Check, app::Command::Solve, app::Command::Count, app::Command::Enumerate,
                           app::Command::Diagnose, app::Command::Explain})
      http.Post("/api/" + app::command_name(c),
                [this, c](const httplib::Request& req, httplib::Response& res) { handle_api(req, res, c); });
    http.Get("/api/status", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard<std::mutex> lock(mu);
      res.set_content(json{{"jobs", options.jobs},
                           {"running", running.size()},
                           {"waiting", waiting.size()},
                           {"queue", options.queue},
                           {"answered", answered.load()},
                           {"cancelled", cancelled.load()},
                           {"refused", refused.load()}}
                          .dump(),
                      "application/json");
    });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      std::string what = res.status == 404   ? "not found"
                         : res.status == 413 ? "the request body is larger than the server takes (--max-input)"
                                             : "error " + std::to_string(res.status);
      res.set_content(error_answer(what).dump(), "application/json");
    });
    // Every connection has a thread of its own, so that a stream waiting
    // for a slow run never holds up an answer (runs queue in the scheduler).
    http.new_task_queue = [this] { return new httplib::ThreadPool(std::max<std::size_t>(64, options.jobs + 32)); };
  }

  void start_workers() {
    for (unsigned i = 0; i < std::max(1u, options.jobs); ++i) workers.emplace_back([this] { worker(); });
    interrupter = std::thread([this] { interrupt_loop(); });
  }

  void stop_workers() {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (stopping) return;
      stopping = true;
      for (auto& j : running) j->cancel = true;
    }
    cv.notify_all();
    interrupt_cv.notify_all();
    for (auto& w : workers) w.join();
    interrupter.join();
    for (auto& j : waiting) finish(j, 503, error_answer("the server is stopping"));
    waiting.clear();
  }
};

Server::Server(const Options& options) : impl_(std::make_unique<Impl>(options)) {
  impl_->routes();
  impl_->start_workers();
}

Server::~Server() {
  stop();
  impl_->stop_workers();
}

int Server::bind() {
  if (impl_->options.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(impl_->options.bind);
    if (impl_->port < 0) throw UsageError(fmt::format("cannot listen on {} (any port)", impl_->options.bind));
  } else {
    if (!impl_->http.bind_to_port(impl_->options.bind, impl_->options.port))
      throw UsageError(fmt::format("cannot listen on {} port {} (in use? --port picks another)", impl_->options.bind,
                                   impl_->options.port));
    impl_->port = impl_->options.port;
  }
  return impl_->port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() { impl_->http.stop(); }

Server::Counters Server::counters() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return {impl_->answered.load(), impl_->cancelled.load(), impl_->refused.load(), impl_->running.size(), impl_->waiting.size()};
}

}  // namespace psmt::server
