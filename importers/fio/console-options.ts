/**
 * Job options a console capture of fio shows besides the report itself. fio's job header line
 * ("name: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., ioengine=libaio, iodepth=32") names rw,
 * bs, ioengine and iodepth only; the rest is where the user's capture has it:
 *   - the command line, when the prompt was captured (`$ fio --name=a --direct=1 --size=1G ...`):
 *     options before the first --name are global, the others belong to the --name before them
 *     (fio's own rule for command-line jobs);
 *   - a job file printed above the run (`cat job.fio`): [global] and [job] sections of key=value;
 *   - fio's "name: Laying out IO file (1 file / 16MiB)" line, the size it created.
 */
import type { JobOptions } from './options.js';

export interface ConsoleOptions {
  global: JobOptions;
  jobs: Map<string, JobOptions>;
  /** Where they came from, for the run's notes. */
  sources: Set<string>;
}

/** Options worth taking from a capture: those that describe the workload and its conditions. */
const KEPT = new Set(['direct', 'buffered', 'size', 'filesize', 'ioengine', 'iodepth', 'numjobs', 'rw', 'readwrite', 'bs', 'blocksize', 'rwmixread', 'rwmixwrite', 'runtime', 'ramp_time', 'time_based', 'filename', 'directory', 'group_reporting', 'kb_base']);

function put(target: JobOptions, key: string, value: string): void {
  const k = key.toLowerCase();
  if (!KEPT.has(k)) return;
  // buffered=0 is direct=1 (fio HOWTO: "buffered: the opposite of direct").
  if (k === 'buffered') target['direct'] = /^(0|false|off|no)$/i.test(value) ? '1' : '0';
  else target[k] = value;
}

/** `$ fio --name=a --direct=1 ...` (any prompt before `fio`), jobs by --name. */
function commandLine(line: string, out: ConsoleOptions): boolean {
  const m = /(?:^|[\s$#>])fio\s+((?:.*\s)?--\w[\w-]*(?:=\S*)?.*)$/.exec(line);
  if (!m) return false;
  let job: JobOptions = out.global;
  let seen = false;
  for (const arg of m[1]!.matchAll(/--([\w-]+)(?:=("[^"]*"|'[^']*'|\S*))?/g)) {
    const key = arg[1]!;
    const value = (arg[2] ?? '1').replace(/^["']|["']$/g, '');
    if (key === 'name') {
      job = out.jobs.get(value) ?? {};
      out.jobs.set(value, job);
    } else {
      put(job, key, value);
    }
    seen = true;
  }
  if (seen) out.sources.add('the fio command line in the capture');
  return seen;
}

/** A job file printed above the run: sections and their key=value lines. */
function jobFile(lines: readonly string[], out: ConsoleOptions): void {
  let section: JobOptions | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    const head = /^\[([^\]]+)\]$/.exec(line);
    if (head) {
      const name = head[1]!;
      section = name === 'global' ? out.global : out.jobs.get(name) ?? {};
      if (name !== 'global') out.jobs.set(name, section);
      continue;
    }
    const kv = section ? /^([a-z_]+)\s*=\s*(.*?)\s*$/i.exec(line) : null;
    if (kv) {
      put(section!, kv[1]!, kv[2]!);
      out.sources.add('the job file in the capture');
    } else if (section && line !== '' && !/^[;#]/.test(line) && !/^[a-z_]+$/i.test(line)) {
      section = null; // the job file ended
    } else if (section && /^[a-z_]+$/i.test(line)) {
      put(section, line, '1'); // a bare option ("time_based", "group_reporting")
    }
  }
}

/** The options a capture shows around fio's report (empty maps when it shows none). */
export function consoleOptions(text: string): ConsoleOptions {
  const out: ConsoleOptions = { global: {}, jobs: new Map(), sources: new Set() };
  const lines = text.split(/\r?\n/);
  // Only the part before the first result: a job's report never holds options.
  const end = lines.findIndex((l) => /^\S.*?: \(groupid=\d+, jobs=\d+\): err=/.test(l));
  const head = end >= 0 ? lines.slice(0, end) : lines;
  for (const l of head) commandLine(l, out);
  jobFile(head, out);
  for (const l of head) {
    const m = /^(\S.*?): Laying out IO files? \((\d+) files? \/ ([\d.]+[KMGTP]?i?B)\)/.exec(l);
    if (!m) continue;
    const job = out.jobs.get(m[1]!) ?? {};
    out.jobs.set(m[1]!, job);
    // fio prints the layout with binary prefixes (num2str, "16MiB"): "16M" is the same size to parseFioSize.
    job['size'] ??= m[3]!.replace(/i?B$/, '');
    out.sources.add('fio\'s "Laying out IO file" line');
  }
  return out;
}
