/** The CLI's --help text. Keep it true: the README's CLI section repeats it. */

export const HELP = `perfdelta - compare storage and database benchmark results

Usage: perfdelta <command> [options]

Commands:
  detect FILE...              print each file's detected format (formats come from content)
  import FILE|DIR...          import result files into a study, one transaction
  studies                     list studies with their configurations and run counts
  studies delete|rename --study S   delete a study (undoable) or rename it (--name NEW)
  runs                        list runs with parameters and metrics (excluded ones marked)
  runs delete|move|exclude|include --run N[,N...]   delete runs (undoable), move them to
                              a configuration (--to C), leave them out of comparisons with a
                              reason (--reason "...") or count them again (also a run left out
                              because its own output says its result does not stand)
  configs --study S           list configurations, their runs and constants; rename (--config C
                              --to NEW), delete (undoable), set or unset constants
                              (--constant price_usd_month=1234)
  derived --study S           list or define metrics derived from a constant (--define NAME
                              --metric M --constant K --factor F): TPS per 1,000 $/month
  undo                        undo the last delete (possible until the next delete)
  trash [--empty|--restore]   what the last delete holds; make it final now, or undo it
  series --run ID             print a run's time series
  compare                     baseline against candidates (configurations or periods): speedups,
                              significance, roll-ups, warnings
  analyse --study S           the study's design in a sentence, repetitions that are not (and
                              what tells them apart), and its ranked findings
  scaling --study S [--x P] [--metric M] [--latency-metric L] [--where F]   a scaling curve per configuration, the knee and "stable up to"
  periods --study S           list, define (--define NAME --spec "...") or delete time periods
  settings --study S          show or set a study's ratio convention, tie band, pairing keys, zone
  samples [--load [SLUG...]]  list the sample studies, or load them into the database
  serve [--port N]            start the local web host; prints the URL (with token) first;
                              a first launch loads the sample studies (--no-samples: empty)
  charts --study S            list the study's saved charts; show, rename, duplicate or delete
                              one (charts show CHART --study S)
  reports --study S           list the study's reports
  report --study S --out F.pdf   print a report to PDF (the first, --report NAME, or a new one
                              from --template); needs Chromium
  export --study S --out F.xlsx  the report's headline, tables and charts, and the runs, as XLSX
  save-study --study S --out F.perfdelta   the study as one portable file (data, charts,
                              reports, original files)
  open-study FILE.perfdelta   open a study file as a new study here
  check                       check the database and every original file against its SHA-256;
                              say what is missing or damaged (exit 1 when anything is)
  catalog init|publish|search|pull|trend   the team catalog on PostgreSQL: publish a
                              study (--study S --url postgres://...), search, pull one here,
                              a metric's trend with its change points (perfdelta help catalog)
  timeline --study S          the study's layers on one time axis (lanes, zones, clock offsets);
                              --propose-offset A B, --check RUN, --divergence A B

Options everywhere:
  --db FILE     the database (default: $PERFDELTA_HOME/perfdelta.sqlite, else the OS
                application-data folder, e.g. ~/.config/PerfDelta on Linux)
  --json        machine-readable output (a documented contract: fields are only ever added);
                when a command fails, stdout holds {"error": {"command", "code": "usage"|
                "not_found"|"unknown_name"|"busy"|"failed", "message"}} (the message also
                goes to stderr; "unknown_name" adds "kind", "name" and the closest "suggestions")
  --help        help for a command: perfdelta help compare
  --version

Run "perfdelta help <command>" for a command's options and its JSON shape.
`;

const DELETES = `A delete is held until the next delete: "perfdelta undo" (or "perfdelta trash --restore")
brings it back whole. The next delete (or "perfdelta trash --empty") makes it final; then the
original files no import names any more leave the store. What a delete holds is in no listing,
study file (save-study) or report. --dry-run says what would go and changes nothing.
--json: {"id" (null for a dry run), "kind": "study"|"config"|"runs", "study": {"slug", "name"},
         "configs": [...], "runs": [ids], "files": [names], "originals": N, "charts", "reports",
         "periods", "created"}`;

const COMMANDS: Record<string, string> = {
  timeline: `perfdelta timeline --study NAME [--series LANE]... [--from T --to T] [--width N]
                   [--offset RUN=S]... [--save-offsets] [--json]
perfdelta timeline --study NAME --propose-offset REFERENCE SUBJECT [--max-shift S] [--offset RUN=S]... [--json]
perfdelta timeline --study NAME --check RUN [--offset RUN=S]... [--json]
perfdelta timeline --study NAME --divergence LANE LANE [--window S] [--offset RUN=S]... [--json]

Every series of every run of the study on one wall-clock axis, in lanes grouped by layer
(database, host, array, benchmark), each with its unit and the zone its source was read in.
Without --series, the lanes the workbench's Timeline opens on. A LANE is named:
  RUN:OBJECT:METRIC     a run's series: 12:sdb:read.iops, 7:cpu:cpu_usr_pct, 9:postgres:proc_cpu_pct
                        (the run id as "perfdelta runs" lists it, the object and metric as stored)
  reports:GROUP:METRIC  a database's AWR or STATSPACK reports as a step over each snapshot
                        interval: reports:SLOBRAC/slobrac1:aas; GROUP is <db>/<instance>, or
                        <db>/global for a RAC global report
  events:RUN            a table of timed events (queries, phases) as spans
--json lists every lane the study has under "choices".
--from/--to T: the window, ISO 8601 (2024-05-01T10:00:00Z; without a zone, the study's zone) or
epoch milliseconds. Each lane is read for it at --width columns (default 1000): at most about
two points a column, every sample once the window holds that few; its statistics are over
every sample in the window.
--offset RUN=S: add S seconds (or [-]HH:MM[:SS]) to every time of run RUN, for this answer only
(a sar capture in local time read as UTC: --offset 3=-3600); --save-offsets keeps them with their
runs (the workbench and reports then use them). Nothing moves a clock unless told: a capture
whose times carry no zone is read as UTC and its lane says so.
--propose-offset REFERENCE SUBJECT: the clock offset for SUBJECT's run that lines it up with
REFERENCE (two series that should move together: a process's CPU and the host's user CPU; a
disk's read MB/s and vmstat's bi), from the shift that maximises their correlation, with that
correlation; printed, never applied. --max-shift S bounds the search (default: every shift at
which they overlap by a quarter of the shorter).
--check RUN: an AWR or STATSPACK report's interval against the host's and the array's figures
over exactly that interval (physical reads and writes per second against the disks' r/s and
w/s, Host CPU against mpstat or sar), with the difference in %.
--divergence A B: the windows (--window S seconds, default six of the coarser lane's intervals)
where one lane's mean is 50% or more above its usual level while the other stays within 20%.
--json: {"study", "zone", "window", "extent", "lanes": [{"id", "layer", "kind": "series"|"steps"|
        "events", "run", "runs", "config", "tool", "source", "object", "metric", "label", "unit",
        "zone": {"kind", "zone", "text"}, "offset_s", "points": [[ms, value]], "steps": [[from,
        to, value]], "spans": [[from, to, name]], "raw", "stats": {"samples", "mean", "min",
        "max"}, "extent"}], "periods", "offsets": [{"run", "offset_s", "source": "stored"|
        "given", "origin"}], "choices": [{"id", "layer", "kind", "source", "object", "metric",
        "label", "unit", "points"}], "missing": [{"id", "reason"}], "width"}
--json (--propose-offset): {"a", "b", "correlation", "best_lag_s", "best_correlation", "step_s",
        "points", "searched": {"from_s", "to_s"}, "run", "offset_s", "current_offset_s", "text",
        "applied": false}
--json (--check): {"run", "report", "from", "to", "rows": [{"quantity", "label", "unit",
        "database": {"value", "source"}, "host": {"value", "source", "diff_pct"}, "array"}],
        "notes"}
--json (--divergence): {"a", "b", "a_label", "b_label", "unit_a", "unit_b", "window_s", "rule",
        "windows": [{"from", "to", "a": {"mean", "usual", "change_pct"}, "b", "rising", "text"}]}
`,
  charts: `perfdelta charts --study NAME [--json]
perfdelta charts show CHART --study NAME [--locale en|zh-CN] [--json]
perfdelta charts rename CHART --name NEW --study NAME [--json]
perfdelta charts duplicate CHART [--name NEW] --study NAME [--json]
perfdelta charts delete CHART --study NAME [--json]

The study's saved charts (the app's Charts tab): each is a spec (a kind, the data it asks for,
its options) drawn again from the data wherever it is shown. CHART is a chart's name or the id
the list prints (3 or #3). Kinds: compare-bars (raw or normalised, any number of candidates),
speedup-heatmap, scaling, time-series, latency-cdf, latency-exceedance, run-series, wait-events,
scatter, repetitions, box-plot, timeline (perfdelta help timeline). "show" prints the spec and the numbers the chart draws: the
rows of its XLSX sheet. "duplicate" names the copy "<name> (copy)" unless --name is given.
Deleting a chart a report draws leaves the report saying so.
--json (list): [{"id", "study", "name", "spec": {"kind", ...}, "created", "used_in": [report names]}]
--json (show): {"chart": {...as listed}, "data": {"kind", "labels", ...the data drawn}}
--json (rename, duplicate): the chart as listed; (delete): {"deleted", "id", "name", "used_in"}
`,
  configs: `perfdelta configs --study NAME [--json]
perfdelta configs rename --study NAME --config LABEL --to NEW [--json]
perfdelta configs delete --study NAME --config LABEL [--dry-run] [--json]
perfdelta configs set --study NAME --config LABEL --constant NAME=VALUE[ UNIT]... [--unit U] [--json]
perfdelta configs set --study NAME --from FILE.csv [--json]
perfdelta configs unset --study NAME --config LABEL --constant NAME [--json]

Without a subcommand: each configuration with its runs (and how many are excluded) and its
constants.
rename: the runs, the files' labels, the constants and every saved chart and report section
that names the configuration follow. A name another configuration (or a period) has is refused:
move the runs there instead (perfdelta runs move).
delete: the configuration's runs, the files that gave only them and its constants.
${DELETES}
set: a named number the configuration carries, for derived metrics (perfdelta help derived):
price_usd_month ($/month), price_usd ($), vcpus (vCPU), disks, memory_gb and capacity_gb (GB),
nodes get their unit by default; any other name takes one (--constant "iops_limit=20000 IOPS"
or --unit). Who set it and when are kept, and the report's evidence prints them. --from reads
configuration,name,value[,unit] lines from a CSV file (a header line is skipped); the file's
name is kept as where the values came from.
--json (list): [{"name", "runs", "excluded", "constants": [{"config", "name", "value", "unit",
        "source": "cli"|"workbench"|"file:NAME", "entered_by", "entered_at"}]}]
--json (set): the constants set; (rename): {"config", "runs", "charts", "reports"};
        (unset): {"deleted": [names]}
`,
  derived: `perfdelta derived --study NAME [--json]
perfdelta derived --study NAME --define KEY --metric M --constant K [--factor F] [--unit U]
                  [--label L] [--better higher|lower] [--json]
perfdelta derived --study NAME --delete KEY

A derived metric is metric ÷ constant × factor, computed for every run whose configuration has
the constant (perfdelta help configs): --define tps_per_kusd --metric tps --constant
price_usd_month --factor 1000 is "TPS per 1,000 $/month", named derived.tps_per_kusd. It is a
metric like any other: compare, scaling, charts, reports and export use it with its unit and
direction (default: the measured metric's; higher is better for throughput per dollar). The
report's evidence prints its formula and every constant with where it came from.
--json: [{"name", "label", "metric", "constant", "factor", "unit", "better"}]
`,
  undo: `perfdelta undo [--json]

Brings the last delete back (a study, a configuration or runs), with its runs' ids, files,
constants, charts and reports. Possible until the next delete. A file imported again since the
delete blocks the undo (its new runs would be twice); the message names it.
--json: {"restored": {delete record, see perfdelta help configs}, "study": slug}
`,
  check: `perfdelta check [--json]

Checks the store: the database's integrity (SQLite's integrity_check); every original file's
object beside it (originals/ab/cdef… in the data folder, or FILE.originals/ beside a --db FILE
not named perfdelta.sqlite) read back and hashed against its name, and its size against the
database's; every file the database names found as an object (or, while a store made before
objects moves its files out, in the database, checked there). What is missing or damaged is
listed with the names it was imported under, and nothing is repaired: a damaged object is never
given the hash of what it now holds. Objects no file names (an import or delete interrupted)
are counted; they are removed when PerfDelta next opens the store. The log of the originals'
move out of the database (the database's size before and after) is printed too.
Exit 0 when nothing is missing or damaged, 1 otherwise.
--json: {"ok", "database", "originals", "integrity", "files", "objects", "verified",
         "in_database", "missing": [{"sha256", "size", "imported_as": [names]}],
         "damaged": [{"sha256", "where", "problem", "imported_as"}], "unreferenced",
         "strays": [paths], "migrations": [{"migration", "event", "at", "message"}]}
`,
  trash: `perfdelta trash [--empty | --restore] [--json]

Shows the delete that can still be undone. --restore undoes it (as perfdelta undo); --empty makes
it final now: its rows leave the store, then every original file no import names.
--json: the delete record or null; with --empty {"deleted": record or null, "originals": N}
`,
  reports: `perfdelta reports --study NAME [--json]

--json: [{"id", "study", "name", "layout": {"title", "subtitle"?, "author"?, "page": "A4"|"Letter",
          "orientation": "portrait"|"landscape", "convention", "locale": "en"|"zh-CN", "where"?},
          "sections": [{"id", "type": "headline"|"text"|"chart"|"table"|"pivot", ...}], "created", "updated"}]
A "pivot" section (a table of values): {"source": {"kind": "runs"} | {"kind": "run-table", "table",
"key"} | {"kind": "periods", "periods": [...], "objects"?} | {"kind": "series", "objects"?},
"rows": [dimensions], "columns": [dimensions], "values": [{"metric", "statistic"?, "samples"?,
"label"?, "digits"?}], "layout"?: "joined"|"grouped", "margin"?, "split"?, "only"?, "sortBy"?, "top"?}.
`,
  report: `perfdelta report --study NAME --out FILE.pdf [--report NAME] [--template T] [--baseline C]
                 [--candidate C]... [--metric M]... [--latency-metric M] [--tie-band PCT] [--pair-by KEYS]
                 [--locale en|zh-CN] [--page A4|Letter] [--orientation portrait|landscape]
                 [--convention C] [--where FILTER]... [--json]

Prints a report to PDF through Chromium (the same print page the app uses: title page, contents
with page numbers, the sections, the evidence appendix; charts as vectors, no animation; a CJK
font is bundled). The report is --report NAME (or the id perfdelta reports lists, 1 or #1),
else the study's first report, else a new one
made from the template that fits the study. --template T (findings, before-after, cache-on-off,
config-matrix, sweep) makes a new report from T. A new report sets its configurations against
--baseline C, by default the first configuration imported (never the alphabetically first).

The report that fits a study of configurations (findings; not one of periods, which gets
before-after, nor of AWR reports, which keep their own) is built from the study's design: its
headline states the design in one sentence ("4 configurations × 7 block sizes, one run each,
random write at depth 16 × 16 jobs") and the ranked findings of its analysis ("perfdelta help
analyse"); then a curve over the swept load or the block sizes for each metric that binds, the
speedup heat map (grey cells: ties, explained under it), the comparison, every configuration's
values (medians), the evidence. It is named "Sweep" when a load is swept, else "Findings".
--template sweep makes the same report where a load, or block size alone, is swept.

The analysis specification: --baseline, --candidate, --metric, --latency-metric, --tie-band,
--pair-by and --where, given for a report that exists, are checked (a name the study lacks is an
error naming the closest) and saved with it, and every section follows them: a baseline replaces
the baseline of every section that sets configurations against each other (the old one takes its
place among the candidates), the filter reaches the peaks and the charts as the tables. Options
that cannot apply are an error (a baseline for a report that compares only periods).

With a swept load (threads, virtual users, sessions, I/O depth) the headline states each
configuration's peak throughput and the load where it
occurs, the tail latency there, the load up to which latency stays stable (the rule in words),
throughput per 1,000 $/month at the peak where the configurations have a price_usd_month
constant (or a derived metric over a price), and each peak against the baseline's; the geometric
mean over the sweep follows, labelled secondary. --latency-metric M sets the latency a sweep
headline states at each peak and judges "stable up to" on (total.lat_p99_ms...; default the
tool's own: p95 for sysbench, completion latency for fio), saved with the report. --page, --orientation, --convention,
--locale and --where change the report's layout and are saved with it, so the same PDF can be
made again. --where FILTER is a workload filter (as in "perfdelta help compare") every headline,
table and chart of the report applies, stated in its evidence; --where "" removes it.
Needs Chromium or Chrome (PERFDELTA_CHROMIUM names one). The PDF is written whole or not at
all, as export's workbook.
--json: {"study", "report": {"id", "name"}, "out", "bytes"}
`,
  analyse: `perfdelta analyse --study NAME [--report NAME] [--baseline C] [--candidate C]... [--metric M]...
                  [--latency-metric M] [--tie-band PCT] [--pair-by KEYS] [--where FILTER]...
                  [--locale en|zh-CN] [--json]
(also spelled analyze)

One analysis of the study under one specification (a report's saved one with --report, changed
by the options; else the study's defaults: the first configuration imported as baseline, the
metric that binds per workload: bandwidth from 128K blocks, IOPS below, TPS for sysbench, NOPM
for HammerDB), the same a report's sections compute from:
- the design in one sentence: configurations, the workload shape that varies, the swept load
  (or block size when it is the only ordered parameter that varies), runs per point, what was
  held fixed;
- the tie band: the one set, else twice the run-to-run noise the study's repetitions measure
  (at least 1%), else 2% where there are no repetitions; stated with where it came from;
- repetitions that are not: runs that pair as repetitions of a workload but disagree beyond
  run-to-run noise are named, with what tells them apart (a token of their file or folder names,
  a parameter, the host or device they ran on, the day) and the command that accepts it (a
  --path-param rule for "perfdelta settings", runs move for configurations); until then no
  finding or peak stands on them;
- runs of one configuration that ran on different devices (fio's filename), hosts or server
  versions, proposed as configurations of their own;
- the findings, ranked by effect and certainty: along the ordered parameter each candidate's
  ranges with one verdict ("gp3-16000 matches io2-16000 in IOPS from 4K to 64K (within ±0.3%);
  at 128K and 256K its bandwidth is 16.7% and 16.5% lower"), crossovers, each configuration's
  peak and its fall after it, the best configuration against the baseline, geometric means
  (secondary where the workloads' verdicts disagree).
--json: {"spec", "design", "repetitions", "findings": [{"kind", "primary", "text", "metric",
         "configs", "numbers", "verdict", "score", "runs", "warnings"}], "compare", "sweep"}
`,
  export: `perfdelta export --study NAME --out FILE.xlsx [--report NAME] [--json]

A workbook: "Headline" (the report's design and findings, primary first, then a sweep's peaks,
then the headline figures), a sheet per table (one per metric) and
per chart, holding the numbers the report shows with units in the headers; "Runs" (every run's
parameters and metrics exactly as stored, units in the headers); "Evidence" (source files with
SHA-256, formulas, filters). Without a report, a sheet per saved chart and the runs. Written whole or not at all (a temporary
file beside FILE, renamed over it when complete): a full disk leaves the FILE there before as it
was and says so.
--json: {"study", "out", "bytes"}
`,
  'save-study': `perfdelta save-study --study NAME --out FILE.perfdelta [--json]

Writes the study as one SQLite file: its original files, runs, metrics, series, periods,
settings, saved charts and reports. Open it elsewhere with open-study. Written whole or not at
all, as export's workbook.
--json: {"study", "out", "bytes"}
`,
  'open-study': `perfdelta open-study FILE.perfdelta [--json]

Opens a study file as a new study (a study of the same name here is kept; the new one gets a
"(2)" name). The file is checked before anything is read from it: it must be an SQLite file
with exactly PerfDelta's schema (no triggers, views, unknown tables or indexes) at a schema
version this PerfDelta knows, every row must fit the schema the store's own writes use (JSON of
the right shape and at most 64 levels deep, finite numbers, dates between the years 1 and 9999,
names up to their lengths), and every original file must match its SHA-256; otherwise it is
refused, naming the file (and the table, row and field), and nothing is written. The file is
copied, not read into memory; an interrupted open's copy is removed when PerfDelta next starts.
--json: {"study": slug}
`,
  detect: `perfdelta detect FILE|DIR... [--json]

Detects each file's format from its content (never from its name), from its first 64 KiB as
an import does. Folders are walked as import walks them.
--json: [{"path": "...", "format": "fio-json" | null, "problem"?: "why the entry was not read"}]
`,
  import: `perfdelta import [--study NAME] [--config LABEL] [--mapping FILE.json] [--log-latency-unit ns|us]
                 [--path-param PATTERN=PARAM]... [--move-duplicates] [--json] FILE|DIR...

Imports files (folders are walked) into the study NAME (created when new; default "Imported")
under the configuration LABEL (default "default"). All files that parse go in one transaction;
a file that fails is reported and nothing of it is written. A file already imported into the
study (same SHA-256) is reported as "duplicate" and creates no runs. A duplicate imported before
under another configuration says so ("elsewhere": those configurations); --move-duplicates moves
its runs to LABEL instead (a label corrected by importing again; "moved_from" names where they
were). A file with nothing to
import is "skipped", its reason the first warning: an empty file, or one no importer recognises
(a load script's output or a picture beside the results), or a write-up (a README.md, notes.txt
or blog export of headings, prose, tables or fenced code) that quotes a tool's lines, which is
not that tool's output: the rest of the folder imports. A tool's output is recognised by its
structure (HammerDB's banner or Vuser lines in a row), never by one line quoted in a sentence.
What a tool's output says about whether a result stands (95 of 100 virtual users FINISHED
FAILED, errors, failed operations, a restart) is listed in the warnings, and kept with the run
(perfdelta help runs). A
file no importer claims from its first 64 KiB is read no further (its sha256 is then ""); a
format read whole is read up to 512 MiB. In a folder, a link back to a folder already read is
followed once and skipped, saying so, as are a FIFO or a device; an entry that cannot be read
fails alone. An import that puts nothing in makes no study.
Gzipped files (.gz) are told from their decompressed head and decompressed as they are read: a
gzipped fio log streams like a plain one; a format read whole stops at 256 MiB expanded, a
stream at 32 GiB or when it expands more than 200 times (a gzip bomb), saying so. The same AWR report in another
form (text, HTML, gzipped; same DBID, instances and snapshot range) is kept as a file of the run
the first form made: "imported", its runs that run, its first warning "same report as FILE".
Exit status: 0 when at least one file was imported or already there and none failed (skipped
files do not count against it); 1 when any file failed, or nothing at all was imported.
--path-param PATTERN=PARAM: a parameter read from the files' paths, kept as a rule of the study
(see perfdelta help settings) and applied to this import and to the study's runs already there.
Files are read one at a time; fio logs of 8 MB and more are streamed (read, parsed and written
4 MB at a time: a 2 GB log never sits in memory). On a terminal the progress shows files and
the percentage of bytes read; Ctrl+C stops the import and nothing of it is written.
Another PerfDelta writing to the same database (a second import, the workbench) is waited for:
the import says so on stderr and starts when the database is free (it gives up, writing
nothing, after 30 minutes).
fio latency logs (lat, clat, slat) carry no unit: the fio JSON of their run decides (ns for
fio 3, µs for fio 2). --log-latency-unit says what a latency log imported without its JSON is
written in (default ns, fio 3's).
--json: {"files": [{"path", "format", "sha256", "status": "imported"|"duplicate"|"skipped"|"failed",
         "runs": [ids], "warnings": [...], "errors": [...], "same_report_as"?: FILE, "elsewhere"?: [...],
         "moved_from"?: [...], "configurations"?: {"from", "labels": [...]}}]}

Tables (format "spreadsheet": CSV, TSV, ';'-separated with decimal commas, XLSX, XLS,
gnuplot-style data with # comment lines and blank-separated columns; UTF-8, UTF-16, GBK,
cp1252) are read through a column mapping: the one remembered for the same header (set in the
app or by an earlier --mapping), else the one proposed from the header words and units
(snake_case and unit suffixes too: block_size_kib, bw_mib_s). --mapping FILE.json gives it
explicitly (and remembers it for that header):
  {"version": 1,
   "columns": [                                  one per column, left to right
     {"header": "Array", "role": "configuration"},
     {"header": "bs", "role": "parameter", "name": "bs"},          4K -> 4096 bytes
     {"header": "bs_kib", "role": "parameter", "name": "bs", "unit": "KiB"},   a bare 4 -> 4 KiB
     {"header": "IOPS", "role": "metric", "name": "total.iops", "unit": "IOPS"},
     {"header": "Latency", "role": "metric", "name": "total.lat_avg_ms", "unit": "µs"},
     {"header": "10.3.9", "role": "metric", "name": "tps", "unit": "TPS", "configuration": "10.3.9"},
     {"header": "RR", "role": "metrics", "parts": [                a cell "IOPS / MB/s / ms"
        {"name": "total.iops", "unit": "IOPS"}, {"name": "total.bw_mib_s", "unit": "MiB/s"},
        {"name": "total.lat_avg_ms", "unit": "ms"}]},
     {"header": "note", "role": "ignore"}],
   "configurations": {"Config D: SVC + V7000 ...": "V7000 thick"}}   titles over several tables
Units: IOPS KIOPS ops/s TPS QPS TPM NOPM, MiB/s MB/s KiB/s KB/s GiB/s GB/s B/s (MB = 10^6 B,
MiB = 2^20 B), ms µs ns s, %; each figure is converted to the metric's unit (MiB/s, ms). A block
size column's bare numbers take the unit B, KiB or MiB ("unit" of the parameter); proposed, a
header's unit (bs_kib, "Block Size (KiB)") gives it, and bare numbers under 512 are read as KiB.
A group over several columns ("4K random read" over IOPS | MB/s | ms) or a pattern column
header (RR RW RM SR SW SM) names the workload of the figures under it. A metric column with a
"configuration" holds that configuration's figures: a gnuplot table's "# threads 10.1.36 10.2.18"
is proposed that way (the metric from its comment lines, e.g. "TPS"). Configurations come from a
configuration column (proposed from its header: config, system, device, version...; or a text
column that tells rows of one workload apart), those columns, or titles over several tables;
else the --config label. Each table's first warning names the columns read and those left
unmapped; a file naming its configurations says so ("configurations ... from column A"), and
the last line says where the study's configurations came from. Errors name the sheet, row and
column.
A table of timed events (queries, benchmark phases, hours) has a start and an end column:
     {"header": "query", "role": "event"},                         the span's name
     {"header": "start_time", "role": "start"},                    2024-05-01T10:00:00Z, epoch s or ms
     {"header": "end_time", "role": "end"},
     {"header": "slowest SQL elapsed (s)", "role": "metric", "name": "sql.elapsed_max_s", "unit": "s"}
Its rows become one run of spans (tool "events") drawn on the study's timeline (perfdelta help
timeline), each figure also a series at its span's end. Proposed when two columns named like
start/begin and end/finish hold dates with times; times without a zone are read as UTC (said).
`,
  studies: `perfdelta studies [--json]
perfdelta studies delete --study NAME [--dry-run] [--json]
perfdelta studies rename --study NAME --name NEW [--json]

--json: [{"id", "slug", "name", "configs": [...], "periods": [...], "runs": N}]
delete: the study with its runs, files, periods, charts and reports.
${DELETES}
rename: the slug follows the new name; a name another study has is refused.
--json (rename): {"slug", "name"}
`,
  runs: `perfdelta runs [--study NAME] [--config LABEL] [--json]
perfdelta runs delete --run ID[,ID...] [--dry-run] [--json]
perfdelta runs move --run ID[,ID...] --to LABEL [--json]
perfdelta runs exclude --run ID[,ID...] --reason "..." [--json]
perfdelta runs include --run ID[,ID...] [--json]

Runs are named by the ids this command lists (--study is found from them).
delete: the runs, and the files left with no run (a log that joined a run goes with it).
${DELETES}
move: to another configuration of the study, existing or new.
exclude: the runs stay stored and listed, but count in no comparison, scaling curve, chart,
report or export table; the reason (required), who and when are kept, the Runs tab shows them
struck through and the report's evidence lists each with its reason. include counts them again.
A run whose own output says its result does not stand gives no verdict by default: more than
half of its virtual users failed (HammerDB FINISHED FAILED), its errors are 10% of its
operations or more (sysbench, CockroachDB, COSBench failed operations, fio continue_on_error,
vdbench I/O errors), the tool stopped the work (fio's job error, vdbench terminating) or the
database restarted inside the AWR window. It is listed as excluded, automatically, with that
fact as its reason; include counts it in (who and when are kept), and its fact stays stated
beside every figure built on it. Fewer failures never leave a run out: they are stated.
--json (exclude, include): the runs; (move): {"moved": [ids], "from": [labels], "to"}

The text output lists each run with its tool, its workload and its tool's primary metrics (the
metric dictionary's: fio IOPS, bandwidth and completion latency where the run has clat;
sysbench TPS and p95; HammerDB NOPM and TPM; AWR active sessions and DB time...), what its tool
said about whether the result stands (VALIDITY) and, for an excluded run, the reason.

--json: [{"id", "study", "config", "tool", "tool_version", "format", "name", "host",
          "start", "end" (ISO 8601 UTC or null), "source": {"file", "sha256"},
          "params": {...}, "metrics": {...}, "tables": {...}, "warnings": [...], "errors": [...],
          "excluded": {"reason", "at", "by", "automatic"?: "validity"} or null,
          "validity": [{"code", "severity": "invalid"|"warning", "message", "count"?, "of"?}],
          "counted_in": {"at", "by"} or null}]
Metrics include the study's derived metrics (derived.<key>, see "perfdelta help derived").
Parameters: bs (bytes), rw, pattern (random|sequential|mixed), read_pct, iodepth, numjobs,
ioengine, direct, size_bytes, runtime_s, target; settings that change what the numbers mean:
fio rate_iops, rate_iops_min, rate_bytes_s, rate_min_bytes_s, rate_process, verify; sysbench rate
(--rate); HammerDB raiseerror, allwarehouse, timeprofile, isolation (where the capture prints it).
Metrics: <scope>.<quantity> with scope
read|write|trim|total, e.g. total.iops, read.bw_mib_s (MiB/s = 2^20 B/s), write.clat_p99_ms.
`,
  series: `perfdelta series --run ID [--metric NAME] [--object NAME] [--json]

--json: [{"run", "object", "metric", "unit", "points": [[epoch_ms, value], ...]}]
`,
  compare: `perfdelta compare --study NAME --baseline LABEL --candidate LABEL [--candidate LABEL]...
                  [--metric NAME]... [--convention x-fold|percent-change|percent-of-baseline]
                  [--tie-band PCT] [--pair-by KEY,KEY...] [--locale en|zh-CN]
                  [--stat mean|max|min|p50|p95|p99] [--across-objects mean|max|min|sum|median]
                  [--across-days mean|max|min|sum|median] [--object NAME]... [--where FILTER]... [--json]

Labels are configurations, or periods (see "perfdelta help periods"), not a mix.

--where FILTER keeps only the runs whose workload parameters pass it, before anything is paired:
PARAM=VALUE[,VALUE...] keeps runs with one of the values, PARAM!=VALUE[,...] drops them; "*"
matches any text, block sizes may be written 4K; clauses are separated by ";" or given as more
--where options. A clause constrains only runs that have the parameter (S5's COSBench stages:
--where 'stage!=*init,*prepare,*cleanup' keeps every CockroachDB and HammerDB run). The filter
leaves the pairs, the geometric mean and the roll-up alike, and is stated in "workload_filter".
Configuration comparisons only (periods cut time series, which have no workload parameters).
A clause on a parameter no run of the study has is an error naming the closest parameters (it
would keep every run). Parameters read from file paths ("perfdelta help settings") filter too.

Runs that pair as repetitions but disagree beyond run-to-run noise (a spread past 1.25x, or six
times the noise the study's agreeing repetitions measure) are not folded in silence: a
"not-repetitions" warning names them and what tells them apart ("perfdelta help analyse").

Configurations: runs pair by workload parameters (default keys: bs, bssplit, pattern, read_pct,
iodepth, numjobs, threads, vus; --pair-by narrows or widens them), never by file order. Runs of
the same workload in one configuration are repetitions: the side's value is their median.
Without --metric: the primary metrics of the tools compared, from the metric dictionary (fio:
total.iops, total.bw_mib_s, total.clat_avg_ms, completion latency where the runs have it;
sysbench: tps, total.lat_p95_ms; HammerDB: nopm, tpm; AWR: aas, db_time_s and the top events'
average waits; CockroachDB: ops_per_s, total.lat_p99_ms; vdbench and COSBench: their rate and
response); for periods, the study's latency series (read.lat_avg_ms first). The text output says
which it chose.

Periods: time-series samples inside each period are reduced per object per day (--stat, default
mean), then across objects (--across-objects, default mean), then across days (--across-days,
default mean); the order is printed. Pairs are per object, plus "all objects" (object "*").
The days are the repetitions for the significance test. --object keeps only the named objects.

speedup > 1 always means the candidate is better: candidate/baseline for higher-is-better
metrics (IOPS, MiB/s), baseline/candidate for lower-is-better ones (latency).
change_pct is the raw % change. "text" words the ratio in the study's convention (or
--convention): x-fold "6.90x faster" / "latency 6.90x lower"; percent-change "+590.0%" /
"latency -85.5%"; percent-of-baseline "latency at 14.5% of baseline". "verdict" is better,
worse, tie or neutral, and the words follow it: a tie (|change| within the tie band, or a change
that prints as 1.00x) reads "no change (+0.3%)" or "within the tie band (-1.2%)", never
"1.00x faster"; a volume of work (neutral) says how much more or fewer. A metric measured in %
(CPU utilisation) is worded as a difference in percentage points, "CPU utilisation +1.5 pp", in
every convention. On a terminal the VERDICT and AS WORDED columns are coloured (NO_COLOR stops it).
Repetitions: each side is the median of its runs (an even number: the mean of the two middle
ones), with an interval of the median made of its runs: the range for 2-5 runs, the
order-statistic interval benchstat reports from 6 ("method"), each with its "coverage", the
probability that it holds the median (93.75% for the range of 5; 96.88% at 6). A period's
figure is a mean over days: no interval. Significance: a two-sided Mann-Whitney U p-value,
exact up to 50 runs a side (the permutation distribution given the ties), the normal
approximation beyond ("p_method"); "significant" is p < 0.05. Mark "~": not significant, or
no test could be: one run on a side (p_value null), or too few runs or too many ties for any
outcome to reach p < 0.05 ("p_min", the smallest p possible, is 0.05 or more: 3 runs per side
cannot, 4 can). "significance_note" says which, and a warning names the runs.
Roll-ups per candidate and metric: the geometric mean of the speedups (never the arithmetic
mean of ratios) and wins / losses / ties: better or worse only when p < 0.05 and the verdict
says so (a tie being |change| < --tie-band % or a change that prints as 1.00x); every "~" pair
is a tie, one with one run on a side too ("untested" counts those, "untested_better" and
"untested_worse" say what the tie band alone reads them as); a volume metric's pairs are none
of the three.
With several candidates, "matrix" gives speedup[candidate][workload] per metric.
When a candidate differs from the baseline in one pairing key on every run, "proposal" names it,
the pairs pairing without it gives (and has now), and the --pair-by that applies it. A load
(virtual users, threads, sessions, queue depth, jobs: numjobs 4 against 1, 10 users against 100)
is never "what is being compared": its proposal opens with "loads differ (10 vs 100 users)" and
has "loads_differ": true. A proposal is printed last, never applied unasked
(nor proposed where dropping the key would fold two workloads of a side into one). A candidate
with no pair at all is in "left_out" with its reason (no runs, no value of the metric, no
workload in common) and a warning: a matrix never drops a configuration unsaid.
Warnings name the runs they concern: runtime under 60 s, run errors, differing ioengine, direct
I/O or tool versions, missing latency (gtod_reduce), a working set that may fit in a cache,
TPM across HammerDB versions, fewer samples than expected in a period (gaps); a metric each
database engine or tool counts its own way compared across them (HammerDB's TPM of MySQL and
PostgreSQL: compare NOPM; ops/s, TPS, QPS of two tools), which is then no default metric;
a setting that changes what the numbers mean differing between the sides (raiseerror, rate
caps, verify, isolation) or within runs taken as repetitions; runs left out because their own
output says their results do not stand ("no-verdict", also in "withheld" and counted in the
roll-up's "withheld"), and what the tools said about runs behind the pairs ("run-validity",
each pair's "validity"; a text table gets a VALIDITY column). See perfdelta help runs.
--json: {"study", "kind": "configurations"|"periods", "baseline", "candidate", "candidates",
         "metrics", "pairing_keys", "convention", "convention_note", "tie_band_pct",
         "pairs": [{"workload", "workload_params", "object"?, "metric", "metric_label", "unit", "better",
                    "baseline_label", "candidate_label", "baseline", "candidate", "speedup",
                    "change_pct", "speedup_text", "change_text", "text", "mark", "n_baseline",
                    "n_candidate", "ci_baseline", "ci_candidate" ({"low", "high", "level",
                    "method", "coverage", "low_order", "high_order"} or null), "p_value",
                    "p_min", "p_method", "significant", "significance_note", "tie", "verdict",
                    "baseline_runs", "candidate_runs",
                    "baseline_values", "candidate_values" (the values behind each median: one
                    per run, in the order of *_runs, or per day for periods), "validity"?:
                    [{"run", "side", "config", "code", "severity", "message", "count"?, "of"?}]}],
         "unmatched": [{"side", "candidate", "workload", "runs", "configs" (every configuration
         that ran the workload)}],
         "geomean_speedup": {metric: value}, "rollup": [{"candidate", "metric",
         "geomean_speedup", "pairs", "wins", "losses", "ties", "untested", "untested_better",
         "untested_worse", "withheld"?}], "matrix": [{"metric",
         "baseline", "candidates", "workloads", "speedup": [[...]], "verdicts": [[...]], "marks": [[...]]}],
         "warnings": [{"code", "message", "detail"? (what this one adds to its code: the values
         that differ), "runs", "objects"?}], "proposal": null or {"key",
         "baseline", "pairing_keys", "pairs", "pairs_now", "candidates": [{"candidate",
         "baseline_value", "candidate_value", "pairs", "pairs_now"}], "loads_differ"?, "message"},
         "left_out": [{"candidate", "reason": "no-runs"|"no-metric"|"no-common-workload",
         "message", "runs", "key"?}], "withheld": [{"run", "config", "side", "name", "file",
         "workload", "workload_label", "facts": [...]}], "aggregation", "workload_filter", "periods"}
A study, configuration, period or metric the study does not have is an error (exit 1) naming
the closest names there are; with --json it is printed as {"error": {"command", "code": "unknown_name",
"kind": "study"|"configuration"|"period"|"metric", "name", "message", "suggestions": [...]}}.
`,
  scaling: `perfdelta scaling --study NAME [--x PARAM] [--metric NAME] [--latency-metric NAME] [--where FILTER]... [--json]

--where FILTER keeps only the runs that pass it (as in "perfdelta help compare"); a clause on a
parameter no run has is an error naming the closest. A parameter read from file paths is a
workload parameter like any other: it splits the curves (a line per value) and filters
(--where ranges=short).

Without --x: the load the study sweeps (vus, sessions, threads, iodepth, numjobs: the first that
takes two values or more within a configuration; never block size, which must be named).
Without --metric: the primary throughput of the runs that have X (NOPM, TPS, IOPS...). The text
output says which it chose.

One line per configuration (and per combination of the other workload parameters): PARAM on X
(vus, threads, iodepth, numjobs, bs...), the metric on Y, repetitions reduced to their median.
A knee is marked only where X is a load (vus, threads, sessions, iodepth, numjobs, a rate),
never on block size or a metric, and only for higher-is-better metrics: the last point before
throughput stops growing meaningfully (doubling the load buys less than 10% more) while latency
grows faster than throughput (measured latency where every point has it, else Little's law,
concurrency / throughput, for concurrency sweeps). "knee_rule" states the figures.
Beside the knee, "stable up to": the last load before the measured latency grows by more than
50% for one doubling of the load (the whole sweep when it never does: "stable_within_sweep"
false); "stable_rule" states the figures, the result's "stable_rule" the rule in words.
--latency-metric: the latency both are judged on (total.lat_p95_ms, total.lat_p99_ms...);
default the tool's tail metric (p95 for sysbench and CockroachDB), else fio's mean completion
latency (clat), else the mean latency.
--json: {"x", "metric", "unit", "x_load", "latency_metric", "stable_rule", "series": [{"config",
         "label", "params", "points": [{"x", "y", "latency", "runs"}], "knee", "knee_rule",
         "stable_up_to", "stable_within_sweep", "stable_rule"}]}
`,
  periods: `perfdelta periods --study NAME [--json]
perfdelta periods --study NAME --define PERIOD --spec "SPEC" [--zone ZONE] [--json]
perfdelta periods --study NAME --delete PERIOD

A period is a named set of time ranges that compares like a configuration. SPEC is one of:
  daily 08:30-15:30 on 2017-09-08, 09-13, 09-14     a daily window on chosen days
  after 2017-09-14 18:00   (or "after the cutover at 2017-09-14 18:00")
  before 2017-09-14 18:00
  2017-09-08 08:30 to 2017-09-08 15:30; 2017-09-13 08:30 to 15:30
Times are wall-clock times in ZONE (an IANA zone such as Asia/Shanghai, or +08:00; default:
the study's zone, see "perfdelta help settings"). Ranges are stored in UTC and shown with the
zone stated.
--json: {"name", "spec", "zone", "ranges": [{"start", "end"}] (UTC ISO 8601, null = open), "days"}
`,
  settings: `perfdelta settings --study NAME [--convention C] [--tie-band PCT] [--pair-by KEYS] [--zone ZONE]
                   [--latency-unit ms|us|s] [--bandwidth-unit MiB/s|MB/s|GiB/s|GB/s]
                   [--path-param PATTERN=PARAM]... [--clear-path-params] [--json]

Shows the study's settings, or changes those given. They are the defaults of every comparison
in the study: convention (x-fold | percent-change | percent-of-baseline), tie_band_pct,
pairing_keys, zone (the time zone the study's data was recorded in), cache_bytes, and units:
the units the study reports latency and bandwidth in. Storage keeps ms and MiB/s (2^20 B/s)
exactly; comparisons convert their values (not their ratios) and name the unit.
path_params: parameters that live in folder names. --path-param 'update(\d+)=update_pct' reads
the part of each file's path the pattern's one capture group matches (case-insensitive, the
innermost match wins; a number stays a number) as the parameter update_pct, for the runs the
study has now and every later import; the parameter becomes a pairing key, so the sweep draws in
Scaling and pairs across configurations. A rule replaces the study's rule of the same parameter;
--clear-path-params removes them all. A parameter the file itself gives is never overridden.
The default pairing keys end with report and inst_num: an AWR report pairs with a report of the
same kind (instance or RAC global) and instance; a report's session count never pairs.
`,
  samples: `perfdelta samples [--load [SLUG...]] [--json]

Without --load: lists the sample studies in samples/ (* = loaded).
With --load: imports them (all, or the SLUGs named), as the app's first launch does.
`,
  catalog: `perfdelta catalog init [--url URL] [--json]
perfdelta catalog publish --study NAME [--url URL] [--append] [--hashes-only] [--json]
perfdelta catalog search [--url URL] [--text WORDS] [--tool T]... [--config C] [--param CLAUSES]...
                         [--host H] [--since DATE] [--until DATE] [--limit N] [--runs] [--json]
perfdelta catalog pull --study NAME [--url URL] [--json]
perfdelta catalog trend --metric M [--workload CLAUSES] [--config C] [--tool T] [--host H]
                        [--study NAME] [--url URL | --catalog] [--window N] [--max-p P]
                        [--min-magnitude F] [--min-level-runs N] [--json]

The team catalog: studies published to a PostgreSQL database (node-postgres; tested with PostgreSQL 15).
URL is postgres://user@host:5432/database?sslmode=verify-full&sslrootcert=ca.pem, or libpq's
keyword=value form (host=db dbname=perf service=team); without --url, PERFDELTA_CATALOG_URL, else
the PG environment (PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE). The password comes from
PGPASSWORD, the password file (PGPASSFILE, else ~/.pgpass) or the service file, never the command
line; it is never stored in a study or printed (messages show the URL without it). TLS options
(sslmode disable|allow|prefer|require|verify-ca|verify-full, sslrootcert, sslcert, sslkey) are
passed through with libpq's meanings.

init        creates the catalog's schema (perfdelta) or migrates it, as a role that may create
            schemas in the database; a catalog made by a newer PerfDelta is refused, as is one
            whose migrations were changed. publish also creates it when its role may.
publish     writes the study in one transaction: runs, parameters, metrics, series, periods,
            charts, reports, configuration constants, its original files (--hashes-only: their
            SHA-256 and size only), who published it (the server's session user) and when.
            Publishing again updates the catalog study (the local study keeps its uid), never a
            second copy; a catalog study of the same name with the same runs and files (the same
            study loaded elsewhere) is updated too. One of the same name that holds other runs
            is refused, unless --append: then the study's runs are added to it (a history:
            nightly results; a run already there, by what it holds, is updated, not repeated).
search      studies whose runs match every condition: --tool (repeatable), --config and --host
            (* matches any text), --param in compare's --where syntax but strict (a run must have
            the parameter: "bs=4K; pattern=random; iodepth=32"), --since / --until (dates the
            runs started; a date alone is that whole day), --text (words of the study's name,
            configurations, tools, hosts, run and file names, each a prefix). --runs also lists
            the matching runs.
pull        brings a catalog study (uid, slug or name) into this data folder as a new study, every
            original file checked against its SHA-256; an original published as a hash only must
            be in this data folder already. Runs keep their ids where they are free here.
trend       one workload's metric over time, over the catalog (--url, or --catalog for the PG
            environment) or over this data folder's studies (one with --study): the runs with the
            metric that match --workload (strict clauses), as one workload under the pairing keys
            (several are refused, each named), in the order they ran, each with its commit,
            build, revision, version or firmware parameter. Change points by E-divisive means as
            Apache Otava 0.8.0 finds them, with its options and defaults: --window 50 runs,
            --max-p 0.001 (Student's t-test), --min-magnitude 0; and PerfDelta's --min-level-runs 3:
            a level must last 3 runs, so a one-run dip (which Otava marks as two changes) is an
            excursion, listed, not a change (1: Otava's answer unchanged). Each change point has
            its change (%), Otava's magnitude, its p-value, the levels' means and deviations, and
            the runs on either side.
--json (init): {"catalog", "schema_version", "applied": [ids]}
--json (publish): {"catalog", "study": {"uid", "slug", "name"}, "mode": "new"|"update"|"append",
                   "runs": {"added", "updated", "removed", "total"}, "files": {"added", "hashes_only"},
                   "published_by", "published_at"}
--json (search): {"catalog", "total", "studies": [{"uid", "slug", "name", "published_by",
                  "published_at", "runs", "runs_matched", "configs", "tools", "hosts", "first_run",
                  "last_run"}], "runs"?: [{"study", "id", "config", "tool", "name", "host", "start",
                  "params", "metrics"}]}
--json (pull): {"catalog", "study", "from": {"uid", "slug", "name", "published_by", "published_at"},
                "runs", "files": {"checked", "from_this_store"}}
--json (trend): {"source", "metric", "metric_label", "unit", "better", "workload", "workload_label",
                 "workloads": [{"label", "workload", "runs"}], "points": [{"time", "value", "run", "study",
                 "config", "name", "version"}], "change_points": [{"index", "time", "before", "after",
                 "mean_before", "mean_after", "sd_before", "sd_after", "change_pct", "magnitude",
                 "p_value", "verdict"}], "excursions": [{"index", "count", "where", "points", "mean",
                 "level_mean", "change_pct", "p_value"}], "untimed", "options": {"window_len",
                 "max_pvalue", "min_magnitude", "min_level_runs"}, "method"}
`,
  serve: `perfdelta serve [--port N] [--no-samples | --load-samples] [--db FILE]

Starts the local web host on 127.0.0.1 (port N, default: a free port). The first line printed
is the URL to open, with the per-launch token in its fragment. On a first launch (the database
does not exist yet) it loads the sample studies, as \`npm start\` and the desktop window do;
--no-samples (or PERFDELTA_NO_SAMPLES=1) starts empty instead. --load-samples loads the sample
studies not loaded yet into an existing database too. Ctrl-C stops it.
`,
};

export function commandHelp(command: string): string {
  return COMMANDS[command] ?? `perfdelta: unknown command "${command}"\n\n${HELP}`;
}
