// An Encoder base for the kinds whose answer is one integer per place (a
// fillomino cell's number, a tentaisho cell's galaxy, the bridges between
// two hashi islands): the solution read into those integers and written
// back, checked, compared place by place. A kind gives the three
// conversions; the base does the rest.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "encoders/pencil/kit.h"
#include "engine/encoder.h"
#include "io/error.h"

namespace psmt::pencil {

template <typename BoardT>
class ValuedEncoder : public Encoder {
 public:
  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& b = static_cast<const BoardT&>(p);
    return normalized(node, [&](const nlohmann::json& j) { return write_values(b, read_values(b, j)); });
  }
  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const BoardT&>(p);
    std::vector<int> values;
    try {
      values = read_values(b, solution);
    } catch (const InputError& e) {
      return {{"rule/shape", e.what()}};
    }
    return check_values(b, values);
  }
  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    std::vector<std::string> out;
    for (int v : read_values(static_cast<const BoardT&>(p), solution)) out.push_back(std::to_string(v));
    return out;
  }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto& b = static_cast<const BoardT&>(p);
    const auto x = read_values(b, a), y = read_values(b, c);
    const auto where = places(p);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (x[i] != y[i]) out.push_back(where[i].label);
    return out;
  }

 protected:
  // The solution as one integer per place (InputError naming the part of
  // the solution at fault), and back.
  virtual std::vector<int> read_values(const BoardT& b, const nlohmann::json& solution) const = 0;
  virtual nlohmann::json write_values(const BoardT& b, const std::vector<int>& values) const = 0;
  // The rules and clues on a full answer.
  virtual std::vector<Violation> check_values(const BoardT& b, const std::vector<int>& values) const = 0;
};

// The base of the kinds whose answer is one Boolean per decision variable
// (slitherlink's edges, masyu's steps, gokigen's diagonals): decode,
// normalize and check from the kind's drawing and its reader; differences
// by cell (place_values), unless a kind says otherwise.
template <typename BoardT>
class BooleanEncoder : public Encoder {
 public:
  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    return write_bools(static_cast<const BoardT&>(p), truth_of(values));
  }
  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& b = static_cast<const BoardT&>(p);
    return normalized(node, [&](const nlohmann::json& j) { return write_bools(b, read_bools(b, j)); });
  }
  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_json(static_cast<const BoardT&>(p), solution);
  }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto& b = static_cast<const BoardT&>(p);
    return cells_that_differ(b.lat, place_values(b, a), place_values(b, c));
  }

 protected:
  // The solution drawn from the Booleans, and read back (InputError).
  virtual nlohmann::json write_bools(const BoardT& b, const std::vector<bool>& on) const = 0;
  virtual std::vector<bool> read_bools(const BoardT& b, const nlohmann::json& solution) const = 0;
  // The kind's plain checker on a solution as given.
  virtual std::vector<Violation> check_json(const BoardT& b, const nlohmann::json& solution) const = 0;
};

// A BooleanEncoder whose kind's plain part (the BoardT's namespace) names
// the three conversions the usual way: solution_json(b, on), steps_of(b,
// solution) and check_solution(b, solution) (simple loop, numberlink,
// sashigane).
template <typename BoardT>
class StepsEncoder : public BooleanEncoder<BoardT> {
 protected:
  nlohmann::json write_bools(const BoardT& b, const std::vector<bool>& on) const override { return solution_json(b, on); }
  std::vector<bool> read_bools(const BoardT& b, const nlohmann::json& solution) const override { return steps_of(b, solution); }
  std::vector<Violation> check_json(const BoardT& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace psmt::pencil
