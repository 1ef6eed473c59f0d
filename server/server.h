// The page for setters: `puzzle-smt serve`. A second front end beside the
// command line, over the same pipeline (app/pipeline.h): a local HTTP
// server with a JSON API and a page (server/page/, embedded in the binary).
//
//   POST /api/check|solve|count|enumerate|diagnose|explain
//        {"puzzle": TEXT, "name": "x.json", "timeout_ms": N, "limit": N, "partial": false}
//   -> {"report": <the --json report>, "picture": <svg>, "exit_status": N, ...}
//
// With `Accept: text/event-stream` the answer is a stream of Server-Sent
// Events: `queued` {position}, `running`, `progress` {found, elapsed_ms},
// then `result` (the object above) or `error`; closing the stream cancels
// the run. At most `jobs` runs at once; the others wait in order, up to
// `queue` of them (then 429). No request reads or writes the file system.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace psmt::server {

struct Options {
  std::string bind = "127.0.0.1";
  int port = 8080;                 // 0: any free port (tests)
  unsigned jobs = 1;               // runs at once
  std::size_t queue = 256;         // runs waiting beyond which a request gets 429
  uint64_t timeout_ms = 60000;     // the longest a run may take (a request may ask for less)
  uint64_t diagnose_timeout_ms = 10000;  // diagnose's default, as on the command line
  std::size_t max_body = 1 << 20;  // bytes
  std::size_t max_pictures = 400;  // explain: step pictures sent at most
};

class Server {
 public:
  explicit Server(const Options& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Bind the address; returns the port (Options::port, or the one chosen
  // for 0). Throws UsageError when the address cannot be bound.
  int bind();
  // Serve until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();

  // What the server has done: requests answered, cancelled, refused (429).
  struct Counters {
    uint64_t answered = 0, cancelled = 0, refused = 0, running = 0, waiting = 0;
  };
  Counters counters() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace psmt::server
