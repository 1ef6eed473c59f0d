// The page for setters (server/server.h): its API against a live server on
// a free port, as the page and other programs use it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "app/pipeline.h"
#include "helpers.h"
#include "server/server.h"

namespace {

using nlohmann::json;
using psmt::server::Options;
using psmt::server::Server;
using namespace psmt::testing;

// A server on a free port for the length of a test.
struct Live {
  Server server;
  int port;
  std::thread thread;
  explicit Live(Options o) : server([&] { o.port = 0; return o; }()), port(server.bind()), thread([this] { server.run(); }) {
    httplib::Client c("127.0.0.1", port);
    for (int i = 0; i < 200 && !c.Get("/api/status"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ~Live() {
    server.stop();
    thread.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(60, 0);
    return c;
  }
};

std::string body_for(const std::string& puzzle, const std::string& name = "x.json") {
  return json{{"puzzle", puzzle}, {"name", name}}.dump();
}

const std::string kBroken = read_file(kSourceDir + "/puzzles/sudoku/niobaras_original.json");
const std::string kUnique = read_file(kSourceDir + "/puzzles/sudoku/prolog_post.json");
// Every 9x9 sudoku: counting them takes far longer than any test.
const std::string kEmpty = json{{"kind", "sudoku"}, {"grid", std::vector<std::string>(9, "_________")}}.dump();

// A raw stream: sends a request asking for Server-Sent Events and reads
// until `until` appears (or the server ends the answer); the socket is
// closed on destruction, as a page that is closed.
struct Stream {
  int fd = -1;
  std::string got;
  Stream(int port, const std::string& path, const std::string& body) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    std::string req = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nContent-Type: application/json\r\n" +
                      "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    EXPECT_EQ(::send(fd, req.data(), req.size(), 0), static_cast<ssize_t>(req.size()));
  }
  // Reads until `done(got)` holds; false when the answer ends first.
  template <typename Done>
  bool read_while_not(Done done, int seconds) {
    timeval tv{seconds, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[4096];
    while (!done(got)) {
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) return false;
      got.append(buf, static_cast<std::size_t>(n));
    }
    return true;
  }
  bool read_until(const std::string& until, int seconds = 60) {
    return read_while_not([&](const std::string& g) { return g.find(until) != std::string::npos; }, seconds);
  }
  // Until the whole event `name` (its data too) is read.
  bool read_event(const std::string& name, int seconds = 60) {
    const std::string head = "event: " + name + "\n";
    return read_while_not(
        [&](const std::string& g) {
          const std::size_t at = g.find(head);
          return at != std::string::npos && g.find("\n\n", at) != std::string::npos;
        },
        seconds);
  }
  ~Stream() { ::close(fd); }
};

TEST(Server, AnswersWithTheCommandLinesReportAndPicture) {
  Live live(Options{});
  auto c = live.client();
  auto r = c.Post("/api/check", body_for(kBroken, "niobaras.json"), "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  json j = json::parse(r->body);
  EXPECT_EQ(j["report"]["status"], "none");
  EXPECT_EQ(j["exit_status"], 20);
  EXPECT_EQ(j["report"]["file"], "niobaras.json");
  // The same report the pipeline gives the command line (times aside).
  auto lp = psmt::app::load_text(kBroken, "niobaras.json", {});
  psmt::app::Request rq;
  json direct = psmt::app::report(lp, psmt::app::run(lp, rq));
  EXPECT_EQ(j["report"]["conflict"], direct["conflict"]);
  EXPECT_FALSE(j["report"]["conflict"].empty());
  EXPECT_NE(j["picture"].get<std::string>().find("<svg"), std::string::npos);

  r = c.Post("/api/diagnose", body_for(kBroken), "application/json");
  ASSERT_TRUE(r);
  j = json::parse(r->body);
  EXPECT_EQ(j["report"]["diagnosis"]["min_change"], 1);
  EXPECT_EQ(j["repair_pictures"].size(),
            j["report"]["diagnosis"]["change_repairs"].size() + j["report"]["diagnosis"]["drop_repairs"].size());

  r = c.Post("/api/explain", body_for(kUnique), "application/json");
  ASSERT_TRUE(r);
  j = json::parse(r->body);
  EXPECT_EQ(j["report"]["status"], "unique");
  EXPECT_EQ(j["step_pictures"].size(), j["report"]["explanation"]["steps"].size());
  EXPECT_GT(j["step_pictures"].size(), 10u);
}

TEST(Server, BadRequestsGetOneClearLine) {
  Live live(Options{});
  auto c = live.client();
  auto r = c.Post("/api/check", body_for("{\"kind\": \"sudoku\", \"grid\": [\"12\", \"1\"]}", "mine.json"), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  json j = json::parse(r->body);
  EXPECT_EQ(j["status"], "error");
  EXPECT_NE(j["error"].get<std::string>().find("mine.json"), std::string::npos) << j;
  EXPECT_NE(j["error"].get<std::string>().find("/grid"), std::string::npos) << j;
  r = c.Post("/api/check", "{\"puzzle\": 3}", "application/json");
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(json::parse(r->body)["error"], "/puzzle: expected a string");
  r = c.Post("/api/check", "not json", "application/json");
  EXPECT_EQ(r->status, 400);
  r = c.Post("/api/check", body_for(std::string((1 << 20) + 1, ' ') + kUnique), "application/json");  // over 1 MiB
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  r = c.Post("/api/nothing", body_for(kUnique), "application/json");
  EXPECT_EQ(r->status, 404);
  // No request reaches the file system: a path is read as text, not opened.
  r = c.Post("/api/check", body_for(kSourceDir + "/puzzles/sudoku/prolog_post.json"), "application/json");
  EXPECT_EQ(r->status, 400);
}

TEST(Server, HeadersKeepThePageToItself) {
  Live live(Options{});
  auto c = live.client();
  auto r = c.Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  const std::string csp = r->get_header_value("Content-Security-Policy");
  EXPECT_NE(csp.find("script-src 'self'"), std::string::npos);
  EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos);
  EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff");
  EXPECT_FALSE(r->has_header("Access-Control-Allow-Origin"));
  EXPECT_EQ(r->body.find("<script>"), std::string::npos);  // no inline script
  r = c.Get("/page.js");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("text/javascript", 0), 0u);
}

TEST(Server, StreamsProgressQueuesRefusesAndCancelsWhenClosed) {
  Options o;
  o.jobs = 1;
  o.queue = 1;
  Live live(o);
  {
    // A long count runs; a second request waits first in line; a third is refused.
    Stream slow(live.port, "/api/count", body_for(kEmpty));
    ASSERT_TRUE(slow.read_until("event: progress")) << slow.got;
    Stream waiting(live.port, "/api/check", body_for(kUnique));
    ASSERT_TRUE(waiting.read_until("event: queued")) << waiting.got;
    EXPECT_NE(waiting.got.find("\"position\":1"), std::string::npos) << waiting.got;
    auto c = live.client();
    auto r = c.Post("/api/check", body_for(kUnique), "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 429);
    EXPECT_EQ(live.server.counters().refused, 1u);
  }  // both pages closed: the count is cancelled, the waiting check taken out of line
  const auto t0 = std::chrono::steady_clock::now();
  while (live.server.counters().running + live.server.counters().waiting > 0 &&
         std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(live.server.counters().running, 0u);
  EXPECT_EQ(live.server.counters().waiting, 0u);
  EXPECT_EQ(live.server.counters().cancelled, 2u);
  // The worker is free again: a stream gets its result.
  Stream fast(live.port, "/api/check", body_for(kUnique));
  ASSERT_TRUE(fast.read_event("result")) << fast.got;
  EXPECT_NE(fast.got.find("\"status\":\"unique\""), std::string::npos);
}

TEST(Server, ASlowRunDoesNotHoldUpAFastOneBeyondTheQueue) {
  Options o;
  o.jobs = 2;
  Live live(o);
  Stream slow(live.port, "/api/count", body_for(kEmpty));
  ASSERT_TRUE(slow.read_until("event: progress"));
  auto c = live.client();
  const auto t0 = std::chrono::steady_clock::now();
  auto r = c.Post("/api/check", body_for(kUnique), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["report"]["status"], "unique");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
}

}  // namespace
