/** The CLI's --help text. Keep it true: the README's CLI section repeats it. */

export const HELP = `perfdelta - compare storage and database benchmark results

Usage: perfdelta <command> [options]

Commands:
  detect FILE...              print each file's detected format (formats come from content)
  import FILE|DIR...          import result files into a study, one transaction
  studies                     list studies with their configurations and run counts
  runs                        list runs with parameters and metrics
  series --run ID             print a run's time series
  compare                     pair two configurations by workload and state speedups
  samples [--load [SLUG...]]  list the sample studies, or load them into the database
  serve [--port N]            start the local web host; prints the URL (with token) first

Options everywhere:
  --db FILE     the database (default: $PERFDELTA_HOME/perfdelta.sqlite, else the OS
                application-data folder, e.g. ~/.config/PerfDelta on Linux)
  --json        machine-readable output (a documented contract: fields are only ever added)
  --help        help for a command: perfdelta help compare
  --version

Run "perfdelta help <command>" for a command's options and its JSON shape.
`;

const COMMANDS: Record<string, string> = {
  detect: `perfdelta detect FILE|DIR... [--json]

Detects each file's format from its content (never from its name).
--json: [{"path": "...", "format": "fio-json" | null}]
`,
  import: `perfdelta import [--study NAME] [--config LABEL] [--json] FILE|DIR...

Imports files (folders are walked) into the study NAME (created when new; default "Imported")
under the configuration LABEL (default "default"). All files that parse go in one transaction;
a file that fails is reported and nothing of it is written. A file already imported into the
study (same SHA-256) is reported as "duplicate" and creates no runs.
Exit status: 0 when every file imported or was a duplicate, 1 when any file failed.
--json: {"files": [{"path", "format", "sha256", "status": "imported"|"duplicate"|"failed",
         "runs": [ids], "warnings": [...], "errors": [...]}]}
`,
  studies: `perfdelta studies [--json]

--json: [{"id", "slug", "name", "configs": [...], "periods": [...], "runs": N}]
`,
  runs: `perfdelta runs [--study NAME] [--config LABEL] [--json]

--json: [{"id", "study", "config", "tool", "tool_version", "format", "name", "host",
          "start", "end" (ISO 8601 UTC or null), "source": {"file", "sha256"},
          "params": {...}, "metrics": {...}, "tables": {...}, "warnings": [...], "errors": [...]}]
Parameters: bs (bytes), rw, pattern (random|sequential|mixed), read_pct, iodepth, numjobs,
ioengine, direct, size_bytes, runtime_s, target. Metrics: <scope>.<quantity> with scope
read|write|trim|total, e.g. total.iops, read.bw_mib_s (MiB/s = 2^20 B/s), write.clat_p99_ms.
`,
  series: `perfdelta series --run ID [--metric NAME] [--object NAME] [--json]

--json: [{"run", "object", "metric", "unit", "points": [[epoch_ms, value], ...]}]
`,
  compare: `perfdelta compare --study NAME --baseline LABEL --candidate LABEL [--metric NAME]... [--json]

Pairs the runs of two configurations by workload parameters (bs, bssplit, pattern, read_pct,
iodepth, numjobs, threads, vus), never by file order. Repetitions of a workload are reduced to
their median. Default metrics: total.iops, total.bw_mib_s, total.lat_avg_ms.
speedup > 1 always means the candidate is better: candidate/baseline for higher-is-better
metrics (IOPS, MiB/s), baseline/candidate for lower-is-better ones (latency).
change_pct is the raw % change of the candidate against the baseline.
geomean_speedup is the geometric mean of the speedups per metric.
--json: {"study", "baseline", "candidate", "metrics", "pairing_keys",
         "pairs": [{"workload", "workload_params", "metric", "unit", "better", "baseline",
                    "candidate", "speedup", "change_pct", "speedup_text", "change_text",
                    "n_baseline", "n_candidate", "baseline_runs", "candidate_runs"}],
         "unmatched": [{"side", "workload", "runs"}], "geomean_speedup": {metric: value}}
`,
  samples: `perfdelta samples [--load [SLUG...]] [--json]

Without --load: lists the sample studies in samples/ (* = loaded).
With --load: imports them (all, or the SLUGs named), as the app's first launch does.
`,
  serve: `perfdelta serve [--port N] [--load-samples] [--db FILE]

Starts the local web host on 127.0.0.1 (port N, default: a free port). The first line printed
is the URL to open, with the per-launch token in its fragment. --load-samples loads the sample
studies when the database is new. Ctrl-C stops it.
`,
};

export function commandHelp(command: string): string {
  return COMMANDS[command] ?? `perfdelta: unknown command "${command}"\n\n${HELP}`;
}
