#!/usr/bin/env bash
# Split a corpus across N processes (or, with --sshlogin, machines) with GNU parallel:
# shard i of N writes results/shard-i.jsonl; rerun the same command to resume.
#
#   scripts/cluster/parallel-batch.sh 4 --kind sudoku corpus.txt
#   cat results/shard-*.jsonl > results.jsonl
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
N="${1:?usage: parallel-batch.sh N [batch options and inputs]}"
shift
OUT="${PUZZLE_SMT_RESULTS:-results}"
mkdir -p "$OUT"
command -v parallel >/dev/null || "$ROOT/scripts/setup" parallel
seq 1 "$N" | parallel --line-buffer --halt now,fail=1 \
  "$ROOT/build/puzzle-smt" batch "$@" --shard {}/"$N" -o "$OUT/shard-{}.jsonl" --resume --quiet
