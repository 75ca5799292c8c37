/**
 * Why a file no importer claims was refused, in the user's terms. Detection is strict on
 * purpose (a wrong importer silently reading a file is worse than a refusal), so when nothing
 * claims a file the registry asks these rules which formats it comes closest to and what is
 * missing, or whether it is plainly one tool's output that holds no results (an fio run that
 * stopped on verify errors before its report, a sar fragment cut below its header).
 *
 * Each rule looks at the decoded head only and scores its resemblance (0-1); only rules that
 * see their tool's own markers speak. The first rule that finds a tool's output without
 * results wins outright: that file is not "unknown", it is empty of results.
 */

export interface NearMiss {
  /** The format as the user knows it ("iostat -x", "fio console output"). */
  format: string;
  /** How much of the format was seen, 0-1: orders the candidates. */
  score: number;
  /** What was seen and what was missing, one sentence. */
  said: string;
  /** The file is this tool's output but holds no results: said alone, not as a guess. */
  noResults?: boolean;
}

type Rule = (head: string, lines: readonly string[]) => NearMiss | null;

const DECIMAL = String.raw`-?\d+(?:[.,]\d+)?`;
/** sysstat's banner: "<OS> <release> (<host>) <date> _<arch>_ (<n> CPU)". */
const SYSSTAT_BANNER = /^(\S+)\s+(\S+)\s+\(([^)]*)\)\s+(\S+)\s+_(\S+)_(?:\s+\((\d+) CPU\))?\s*$/;
const CLOCK = String.raw`\d{1,2}:\d{2}:\d{2}(?:\s?[AP]M)?`;
const SAR_ROW = new RegExp(String.raw`^(?:${CLOCK}|Average:)\s+\S+(?:\s+${DECIMAL}){2,}$`);
const SAR_HEADER = new RegExp(String.raw`^(?:${CLOCK}|Average:)\s+(?:\S+\s+)*%\w+`);
/** Linux block device names as iostat prints them. */
const DEVICE_ROW = new RegExp(String.raw`^(?:sd[a-z]+|hd[a-z]+|vd[a-z]+|xvd[a-z]+|nvme\d+n\d+(?:p\d+)?|dm-\d+|md\d+|loop\d+|sr\d+|mmcblk\d+(?:p\d+)?|rbd\d+)(?:\s+${DECIMAL}){4,}$`);
const VDBENCH_ROW = /^\d{2}:\d{2}:\d{2}\.\d{3}\s+(?:\d+|avg_\d+-\d+)\s+\d[\d.]*\s+\d[\d.]*/;
const TICK_ROW = new RegExp(String.raw`^\d+(?:\.\d+)?s\s+\d+(?:\s+${DECIMAL}){6}\s+[A-Za-z][\w-]*$`);

const fio: Rule = (head) => {
  const job = /^(\S+): \(g=\d+\): rw=(\w+)/m.exec(head);
  const version = /^fio-\d\S*$/m.exec(head)?.[0];
  const starting = /^Starting \d+ (?:process|processes|thread|threads)\b/m.test(head);
  if (!job && !(version && starting)) return null;
  // A job report fio-normal did not claim: the layout of fio before 2.18 ("read : io=..., iops=...").
  if (/^\S.*?: \(groupid=\d+, jobs=\d+\)/m.test(head)) {
    return {
      format: 'fio console output', score: 0.9,
      said: `fio console output${version ? ` (${version})` : ''} whose job report is in a layout PerfDelta does not read (fio before 2.18 printed "read : io=..., bw=..., iops=..., runt=..."); fio's JSON output (--output-format=json) of the same run can be imported`,
    };
  }
  // A result block ("<job>: (groupid=0, jobs=1): err= 0: pid=...") or a JSON document would have been claimed.
  const stopped = /^fio: (?:pid=\d+, err=\d+\/.*|terminating on signal \d+.*)$/m.exec(head)?.[0];
  const verify = /^.*(?:verify failed|bad magic header|verify type mismatch).*$/m.exec(head)?.[0]?.trim();
  const what = `fio console output${version ? ` (${version})` : ''}${job ? ` of job "${job[1]}" (rw=${job[2]})` : ''}`;
  const why = verify ? `the run stopped on verify errors ("${verify}")${stopped ? `, fio said "${stopped}"` : ''}`
    : stopped ? `fio said "${stopped}"` : 'the run ended, or the capture was cut, before fio printed its report';
  return {
    format: 'fio console output', score: 1, noResults: true,
    said: `${what}, but it holds no results: no job report ("${job?.[1] ?? '<job>'}: (groupid=0, jobs=1): err=...") and no JSON document follow the job header; ${why}`,
  };
};

const sysstatBannerOnly: Rule = (_head, lines) => {
  const banner = lines[0] !== undefined ? SYSSTAT_BANNER.exec(lines[0]) : null;
  if (!banner) return null;
  return {
    format: 'iostat or sar (sysstat)', score: 0.9, noResults: true,
    said: `sysstat output of host "${banner[3]}" (${banner[1]} ${banner[2]}, ${banner[4]}), but it holds no results: no iostat block (a "avg-cpu:" or "Device ..." header) and no sar column header line follow its banner`,
  };
};

const sarWithoutHeader: Rule = (_head, lines) => {
  const rows = lines.filter((l) => SAR_ROW.test(l)).length;
  if (rows < 2 || lines.some((l) => SAR_HEADER.test(l))) return null;
  return {
    format: 'sar', score: 0.85, noResults: true,
    said: `sar output (${rows} rows of a clock time or "Average:", a name and figures), but it holds no results PerfDelta can read: the column header line ("12:00:01 AM  CPU  %user  %nice ...") is not in the file, so the figures cannot be named (a fragment cut below its header)`,
  };
};

const iostatWithoutHeader: Rule = (_head, lines) => {
  const rows = lines.filter((l) => DEVICE_ROW.test(l)).length;
  if (rows < 2 || lines.some((l) => /^Device:?\s/.test(l))) return null;
  return { format: 'iostat -x', score: 0.7, said: `looks like iostat -x (${rows} rows of a block device and its figures), but no header line "Device ..." (or "Device: ...") was found to name the columns` };
};

const vdbenchWithoutHeader: Rule = (_head, lines) => {
  const rows = lines.filter((l) => VDBENCH_ROW.test(l)).length;
  if (rows < 2) return null;
  return { format: 'vdbench', score: 0.6, said: `looks like vdbench interval lines (${rows} rows of "HH:MM:SS.mmm interval figures"), but no header line ("interval  i/o  MB/sec  bytes  read  resp ...") and no "Starting RD=" line were found` };
};

const cockroachFewLines: Rule = (_head, lines) => {
  const rows = lines.filter((l) => TICK_ROW.test(l)).length;
  if (rows === 0) return null;
  return { format: 'cockroach workload', score: 0.5, said: `looks like cockroach workload per-second lines (${rows}), but without the "_elapsed___errors__ops/sec(inst)..." header line at least three lines in a row are needed to tell them` };
};

const diskspdText: Rule = (head) => {
  const results = /^Results for timespan \d+:/m.test(head) || /^actual test time:/m.test(head);
  if (!results && !/^Command Line: /m.test(head)) return null;
  // The "Command Line:" line is not needed (harnesses cut it off); the profile is.
  const missing = [!/^Input parameters:/m.test(head) && 'the "Input parameters:" block', !/^\s*timespan:\s+\d+\s*$/m.test(head) && 'a "timespan: N" entry'].filter(Boolean);
  return { format: 'DiskSpd text report', score: 0.8, said: `looks like a DiskSpd text report, but ${missing.join(' and ')} ${missing.length > 1 ? 'were' : 'was'} not found (DiskSpd prints the profile before the results)` };
};

const json: Rule = (head) => {
  const t = head.replace(/^\uFEFF?\s*/, '');
  if (!/^[{[]/.test(t)) return null;
  const keys = [...t.slice(0, 4096).matchAll(/"([^"\\]{1,40})"\s*:/g)].map((m) => m[1]!).filter((k, i, a) => a.indexOf(k) === i).slice(0, 5);
  return {
    format: 'JSON', score: 0.4,
    said: `a JSON document, but not one PerfDelta reads (fio's has "fio version" and "jobs", sysstat's iostat -o JSON "sysstat", HammerDB's jobs JSON a jobid)${keys.length ? `: its first keys are ${keys.map((k) => `"${k}"`).join(', ')}` : ''}`,
  };
};

const xml: Rule = (head) => {
  const body = head.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  const root = /^<([A-Za-z_][\w.:-]*)/.exec(body)?.[1];
  if (!root) return null;
  return { format: 'XML', score: 0.4, said: `an XML document whose root element is <${root}>: PerfDelta reads DiskSpd results (<Results> with <System> and <TimeSpan>) and IBM SVC statistics (<diskStatsColl>)` };
};

const RULES: readonly Rule[] = [fio, sysstatBannerOnly, sarWithoutHeader, diskspdText, iostatWithoutHeader, vdbenchWithoutHeader, cockroachFewLines, json, xml];

/** The formats a file no importer claimed comes closest to, best first. */
export function nearMisses(head: string): NearMiss[] {
  const lines = head.split(/\r\n|\n|\r/).map((l) => l.trim()).filter((l) => l !== '').slice(0, 400);
  const found = RULES.map((r) => r(head, lines)).filter((m): m is NearMiss => m !== null);
  return found.sort((a, b) => b.score - a.score);
}

/** The refusal for a text file no importer claims: what it is closest to, or that it holds no results. */
export function unknownFormatReason(head: string): string {
  const misses = nearMisses(head);
  const empty = misses.find((m) => m.noResults);
  if (empty) return empty.said;
  if (misses.length === 0) return 'unknown format: no importer recognises its content';
  return `unknown format: no importer recognises its content; the closest: ${misses.slice(0, 3).map((m) => m.said).join('; ')}`;
}
