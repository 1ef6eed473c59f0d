#include "engine/encoder.h"

#include <fmt/format.h>

#include "io/halt.h"

namespace psmt {

void EncodeOptions::check_deadline() const {
  poll_halt();  // the thread's deadline (the run's, as a rule), the memory cap, Ctrl-C
  // The run's deadline again: it may pass between the two readings of the clock.
  if (deadline && std::chrono::steady_clock::now() >= *deadline) throw Halted(HaltCause::Timeout, timeout_reason());
}

bool Encoder::has_encoding(std::string_view name) const {
  for (const auto& e : encodings())
    if (e.name == name) return true;
  return false;
}

std::string Encoder::default_solver(std::string_view encoding) const {
  for (const auto& e : encodings())
    if (e.name == encoding) return e.solver;
  return "z3";
}

std::string Encoder::fact_label(const Puzzle& puzzle, std::string_view encoding, std::size_t var, bool value,
                                const Place* place, std::size_t position) const {
  (void)puzzle;
  (void)encoding;
  if (!place) return fmt::format("variable {} is {}", var, value ? "on" : "off");
  return fmt::format("{}: its {} is {}", place->label, position + 1 == 1 ? std::string("first") : fmt::format("#{}", position + 1),
                     value ? "on" : "off");
}

std::string Encoder::encoding_names() const {
  std::string s;
  for (const auto& e : encodings()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

}  // namespace psmt
