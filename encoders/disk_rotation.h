// Disk rotation (seed #9, the "flower disk" puzzle): k stacked disks of n
// positions each, 1 = solid, 0 = hole. Rotate the disks so that every
// position is covered by exactly one solid area ("cover": "at_least" for at
// least one). Rotating the whole stack gives the same solution, so the first
// disk is the fixed reference (rotation 0).
//
// Rotation r shifts a disk as the seed's program does: position p then shows
// the disk's area (p + r) mod n.
//
// Each disk's pattern is a clue (disks/1 for the second disk, ...), whose
// alternative is the same disk flipped over (its pattern reversed): that is
// how diagnosis finds the seed author's guess that one disk was mounted
// upside down. Dropping a disk's clue leaves a wildcard disk (any pattern).
//
// Encodings:
//   bool  one Bool per disk and rotation (exactly one, clauses), Bools for
//         "disk d is solid at p", coverage as clauses (QF_FD)
//   int   an Int rotation per disk, coverage counted with if-then-else sums
//
// The model and checker use no Z3 (disk_rotation_check.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::disk_rotation {

inline constexpr int kMaxDisks = 32;
inline constexpr int kMaxPositions = 360;

struct Stack : Puzzle {
  std::vector<std::vector<int>> disks;  // [disk][area] 0/1
  std::vector<bool> flipped;            // diagnosis: disk replaced by its flipped version
  std::vector<bool> wildcard;           // diagnosis: disk's clue dropped (any pattern, rotation 0)
  bool exactly = true;                  // cover: exactly one (true) or at least one
  int n() const { return static_cast<int>(disks.front().size()); }
  // The disk's area at position p under rotation r.
  int solid(int d, int p, int r) const;
};

nlohmann::json solution_json(const std::vector<int>& rotations);
std::vector<Violation> check_solution(const Stack& s, const nlohmann::json& solution);

const Encoder& disk_rotation_encoder();

}  // namespace psmt::disk_rotation
