#!/usr/bin/env bash
# Regenerates the fio sample study by running fio on this machine (Debian: apt-get install fio).
# Two configurations run the same workload grid:
#   disk  - a file on the local disk, O_DIRECT, libaio
#   tmpfs - a file in /dev/shm (RAM), buffered, libaio
# Output: one fio JSON per workload in disk/ and tmpfs/, every output shape of one run in
# detail/, a block size x I/O depth sweep in sweep/, terse with unified_rw_reporting in unified/. The outputs are committed; run this
# only to refresh them (numbers will differ from machine to machine, as they should).
# ONLY=grid, detail, sweep or unified regenerates that part alone; unset, all of them.
set -euo pipefail
cd "$(dirname "$0")"
command -v fio >/dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 1; }

RUNTIME=${RUNTIME:-5}
SIZE=${SIZE:-256M}
# A DISK_DIR the user gives is theirs: only the fio data file made here is removed from it.
if [ -n "${DISK_DIR:-}" ]; then OWN_DISK_DIR=; else DISK_DIR=$(mktemp -d "${TMPDIR:-/var/tmp}/perfdelta-fio.XXXXXX"); OWN_DISK_DIR=1; fi
SHM_DIR=$(mktemp -d /dev/shm/perfdelta-fio.XXXXXX)
trap 'if [ -n "$OWN_DISK_DIR" ]; then rm -rf "$DISK_DIR"; else rm -f "$DISK_DIR/fio.dat" "$DISK_DIR/sweep.fio"; fi; rm -rf "$SHM_DIR"' EXIT

# name rw bs iodepth [extra options]
WORKLOADS=(
  "randread-4k-qd1 randread 4k 1"
  "randread-4k-qd16 randread 4k 16"
  "randwrite-4k-qd16 randwrite 4k 16"
  "randrw70-4k-qd16 randrw 4k 16 --rwmixread=70"
  "seqread-128k-qd8 read 128k 8"
  "seqwrite-128k-qd8 write 128k 8"
)

run_config() {
  local config=$1 dir=$2 direct=$3
  mkdir -p "$config"
  for w in "${WORKLOADS[@]}"; do
    read -r name rw bs depth extra <<<"$w"
    echo "fio: $config/$name" >&2
    fio --name="$name" --filename="$dir/fio.dat" --size="$SIZE" --rw="$rw" --bs="$bs" \
        --iodepth="$depth" --numjobs=1 --ioengine=libaio --direct="$direct" \
        --time_based --runtime="$RUNTIME" --ramp_time=1 --randrepeat=0 --group_reporting \
        ${extra:+$extra} --output-format=json --output="$config/$name.json"
  done
}

want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

if want grid; then
  run_config disk "$DISK_DIR" 1
  run_config tmpfs "$SHM_DIR" 0
  echo "wrote $(ls disk/*.json tmpfs/*.json | wc -l) fio JSON files" >&2
fi

# Every shape fio writes, on the local disk: one run as json+ (latency bins) with per-window
# bw/iops/lat/clat/slat logs and a histogram log; short runs as terse v3, v4 and v5, the normal
# console report, a --status-interval report and a json,normal console capture.
detail() {
  local dir=detail
  mkdir -p "$dir"
  rm -f "$dir"/*
  echo "fio: $dir (json+, logs, histogram log)" >&2
  fio --name=randrw70 --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randrw --rwmixread=70 --bs=4k \
      --iodepth=16 --numjobs=1 --ioengine=libaio --direct=1 --time_based --runtime="$RUNTIME" --randrepeat=0 \
      --write_bw_log="$dir/randrw70" --write_iops_log="$dir/randrw70" --write_lat_log="$dir/randrw70" \
      --log_avg_msec=250 --write_hist_log="$dir/randrw70" --log_hist_msec=500 \
      --output-format=json+ --output="$dir/randrw70.json"
  echo "fio: $dir (terse v3, v4, v5, normal)" >&2
  fio --name=randread-4k --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randread --bs=4k --iodepth=8 \
      --ioengine=libaio --direct=1 --time_based --runtime=3 --randrepeat=0 --output-format=terse --terse-version=3 \
      --output="$dir/randread-4k.terse3.txt"
  fio --name=randwrite-4k --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randwrite --bs=4k --iodepth=8 \
      --ioengine=libaio --direct=1 --time_based --runtime=3 --randrepeat=0 --output-format=terse --terse-version=5 \
      --output="$dir/randwrite-4k.terse5.txt"
  # v4 adds the trim block to v3's layout (and is what fio wrote by default from 2.x to 3.x).
  fio --name=randread-4k-v4 --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randread --bs=4k --iodepth=8 \
      --ioengine=libaio --direct=1 --time_based --runtime=3 --randrepeat=0 --output-format=terse --terse-version=4 \
      --output="$dir/randread-4k.terse4.txt"
  fio --name=seqread-1m --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=read --bs=1m --iodepth=4 \
      --ioengine=libaio --direct=1 --time_based --runtime=3 --output-format=normal --output="$dir/seqread-1m.normal.txt"
  # --status-interval=1: fio writes the whole JSON report again every second (cumulative so
  # far), then the final one, all into one file. The importer keeps the last as the run and
  # turns the others into a per-interval IOPS series, so the file is kept as fio wrote it.
  echo "fio: $dir (--status-interval=1)" >&2
  fio --name=randread-4k-status --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randread --bs=4k --iodepth=8 \
      --ioengine=libaio --direct=1 --time_based --runtime=4 --randrepeat=0 --status-interval=1 \
      --output-format=json --output="$dir/randread-status-interval.json"
  # json,normal without --output: what a user pastes from the console, the JSON with fio's own
  # lines before it ("Starting 1 process") and the normal report after it, stdout and stderr.
  echo "fio: $dir (json,normal console capture)" >&2
  fio --name=randread-4k-console --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randread --bs=4k --iodepth=8 \
      --ioengine=libaio --direct=1 --time_based --runtime=3 --randrepeat=0 \
      --output-format=json,normal >"$dir/randread-json-normal.txt" 2>&1
}

# Issue #3's block size x I/O depth sweep: randread on the local disk (O_DIRECT, libaio), block
# sizes 4k/16k/64k x iodepth 1/4/16/32, as ONE fio run of a jobfile with a section per point,
# the way sweeps are usually run. `stonewall` makes each point wait for the one before, so every
# point has the disk to itself; the twelve jobs land in one JSON file, which imports as twelve
# runs: the sample study fio-bs-qd-sweep draws IOPS over iodepth, a curve per block size.
# The jobfile is written here (not committed) so that it names this run's temporary file.
SWEEP_BS=(4k 16k 64k)
SWEEP_DEPTHS=(1 4 16 32)
sweep() {
  local dir=sweep jobfile="$DISK_DIR/sweep.fio"
  mkdir -p "$dir"
  rm -f "$dir"/*
  {
    cat <<EOF
[global]
filename=$DISK_DIR/fio.dat
size=$SIZE
rw=randread
ioengine=libaio
direct=1
numjobs=1
time_based
runtime=${SWEEP_RUNTIME:-2}
randrepeat=0
EOF
    for bs in "${SWEEP_BS[@]}"; do
      for depth in "${SWEEP_DEPTHS[@]}"; do
        printf '\n[randread-%s-qd%s]\nstonewall\nbs=%s\niodepth=%s\n' "$bs" "$depth" "$bs" "$depth"
      done
    done
  } >"$jobfile"
  echo "fio: $dir (${#SWEEP_BS[@]} block sizes x ${#SWEEP_DEPTHS[@]} depths)" >&2
  fio "$jobfile" --output-format=json --output="$dir/randread-bs-qd-sweep.json"
}

# unified_rw_reporting in terse output: =1 writes one "mixed" block instead of read and write,
# =both writes it after them (terse v3 and v5), which the terse reader must tell from a cut line.
unified() {
  local dir=unified
  mkdir -p "$dir"
  rm -f "$dir"/*
  echo "fio: $dir (terse, unified_rw_reporting=1 and both)" >&2
  fio --name=randrw70-unified --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randrw --rwmixread=70 --bs=4k \
      --iodepth=8 --ioengine=libaio --direct=1 --time_based --runtime=2 --randrepeat=0 --unified_rw_reporting=1 \
      --output-format=terse --terse-version=3 --output="$dir/randrw70-unified.terse3.txt"
  fio --name=randrw70-both --filename="$DISK_DIR/fio.dat" --size="$SIZE" --rw=randrw --rwmixread=70 --bs=4k \
      --iodepth=8 --ioengine=libaio --direct=1 --time_based --runtime=2 --randrepeat=0 --unified_rw_reporting=both \
      --output-format=terse --terse-version=5 --output="$dir/randrw70-both.terse5.txt"
}

if want detail; then
  detail
  ls -l detail >&2
fi
if want sweep; then
  sweep
  ls -l sweep >&2
fi
if want unified; then
  unified
  ls -l unified >&2
fi
