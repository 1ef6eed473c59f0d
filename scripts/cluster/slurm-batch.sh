#!/usr/bin/env bash
# Split a corpus across a Slurm job array: task i of n checks every n-th puzzle
# (--shard i/n) into its own JSONL file, resumable if the task is requeued.
#
#   sbatch --array=1-8 scripts/cluster/slurm-batch.sh --kind sudoku corpus.txt
#   cat results/shard-*.jsonl > results.jsonl     # afterwards: every record once
#
#SBATCH --job-name=puzzle-smt
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --requeue
set -euo pipefail
ROOT="${PUZZLE_SMT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}"
N="${SLURM_ARRAY_TASK_COUNT:?run me as a job array (sbatch --array=1-N)}"
I="${SLURM_ARRAY_TASK_ID:?}"
OUT="${PUZZLE_SMT_RESULTS:-results}"
mkdir -p "$OUT"
# --resume: a requeued task keeps what it wrote and does the rest.
exec "$ROOT/build/puzzle-smt" batch "$@" -j "${SLURM_CPUS_PER_TASK:-1}" --shard "$I/$N" \
  -o "$OUT/shard-$I.jsonl" --resume --quiet
