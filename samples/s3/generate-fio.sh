#!/usr/bin/env bash
# Study S3's fio runs (../../../shared/STUDIES.md: a cloud SSD disk), made by really running fio
# on this machine (Debian: apt-get install fio). The cloud disk's product limit, 20,000 random
# IOPS and 256 MB/s per disk, is emulated with fio's own throttles on a file in a temporary
# folder: rate_iops=20000 and rate=256000000 (bytes/s, written out because fio's default
# kb_base=1024 reads "256m" as 256 MiB/s, 268 MB/s, above the limit). fio refuses rate and
# rate_iops on one job, so each job carries the limit that binds for its block size: at 4K,
# 20,000 IOPS is 81.92 MB/s, far under 256 MB/s (rate_iops); at 1M, 256 MB/s is 244 IOPS, far
# under 20,000 (rate). The product applies both at once, and with these block sizes the other
# limit could never bind, so the runs are the same as with both. The local disk here is well
# above both limits (samples/fio/disk: ~97,000 4K IOPS and ~2.5 GB/s), so each run settles at
# its limit. Whatever jitter the logs show is fio's, not made up.
#
# Output (committed, since fio may not exist on a user's machine): one fio JSON per workload in
# cloud-ssd/, with its bandwidth and IOPS logs averaged over 500 ms windows.
set -euo pipefail
cd "$(dirname "$0")"
command -v fio >/dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 1; }

RUNTIME=${RUNTIME:-20}
SIZE=${SIZE:-256M}
DIR=$(mktemp -d "${TMPDIR:-/var/tmp}/perfdelta-s3.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
OUT=cloud-ssd
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.log

# name rw bs throttle
WORKLOADS=(
  "randread-4k randread 4k --rate_iops=20000"
  "randwrite-4k randwrite 4k --rate_iops=20000"
  "seqread-1m read 1m --rate=256000000"
  "seqwrite-1m write 1m --rate=256000000"
)
for w in "${WORKLOADS[@]}"; do
  read -r name rw bs throttle <<<"$w"
  echo "fio: $OUT/$name" >&2
  fio --name="$name" --filename="$DIR/fio.dat" --size="$SIZE" --rw="$rw" --bs="$bs" \
      --iodepth=32 --numjobs=1 --ioengine=libaio --direct=1 --randrepeat=0 \
      --time_based --runtime="$RUNTIME" \
      "$throttle" \
      --write_bw_log="$OUT/$name" --write_iops_log="$OUT/$name" --log_avg_msec=500 \
      --output-format=json --output="$OUT/$name.json"
done
ls -l "$OUT" >&2
du -sh "$OUT" >&2
