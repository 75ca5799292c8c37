#!/usr/bin/env bash
# The real cross-layer sample of issue 35, made on this machine: fio on the local disk with its
# per-second IOPS and bandwidth logs (epoch timestamps), while the host monitors record the same
# seconds: iostat -t -x 1, vmstat -t 1 and mpstat -P ALL 1. The load changes every 12 s (random
# reads at queue depth 1, 8, 2, 32, then 4), so what fio did and what the disk saw move together
# and the timeline's correlation of fio's read IOPS with the disk's r/s has something to see.
#
#   bash samples/timeline/generate.sh        (about 75 s; needs fio, sysstat and procps)
#
# The monitors' times are the host's clock in UTC: iostat and mpstat print ISO dates
# (S_TIME_FORMAT=ISO: iostat's times then carry their offset), vmstat -t names the zone in its
# header, fio's logs and JSON carry epoch milliseconds. So the lanes line up with no offset.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=samples/timeline/fio-host
mkdir -p "$OUT"
rm -f "$OUT"/*
# A file on the local disk (not tmpfs), read with O_DIRECT so every read reaches the disk.
WORK=$(mktemp -d -p "${FIO_DIR:-/var/tmp}" perfdelta-timeline.XXXXXX)
trap 'rm -rf "$WORK"; kill $(jobs -p) 2>/dev/null || true' EXIT
DISK=$(lsblk -no PKNAME "$(df --output=source "$WORK" | tail -1)" 2>/dev/null | head -1)
DISK=${DISK:-$(basename "$(df --output=source "$WORK" | tail -1)")}
export TZ=UTC S_TIME_FORMAT=ISO LC_ALL=C

fio --name=prepare --filename="$WORK/data" --size=1G --rw=write --bs=1M --direct=1 --output=/dev/null

iostat -t -x "$DISK" 1 72 > "$OUT/iostat-tx-1.txt" &
vmstat -t 1 72 > "$OUT/vmstat-t-1.txt" &
mpstat -P ALL 1 72 > "$OUT/mpstat-P-ALL-1.txt" &
sleep 3
# One job name for every phase: they share one IOPS and one bandwidth log over the whole run.
fio --output-format=json --output="$OUT/fio-randread-phases.json" \
  --filename="$WORK/data" --size=1G --rw=randread --bs=4k --direct=1 --ioengine=libaio \
  --time_based --runtime=12 \
  --write_iops_log="$OUT/fio" --write_bw_log="$OUT/fio" --log_avg_msec=1000 --log_unix_epoch=1 --per_job_logs=0 \
  --name=load --iodepth=1 \
  --name=load --iodepth=8 --stonewall \
  --name=load --iodepth=2 --stonewall \
  --name=load --iodepth=32 --stonewall \
  --name=load --iodepth=4 --stonewall
wait
ls -l "$OUT"
