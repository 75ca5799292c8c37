/**
 * The fuzz suite's engine: seeds (every format's real files: the project's samples/, and the
 * shared corpus where it is present), inputs made from them by the mutations, each imported
 * through the real core pipeline in this process (or through the built CLI, as a user runs it),
 * and each outcome judged the way a user relies on:
 * - a success (imported, a duplicate, or skipped as empty), or
 * - a clean failure: the file reported as failed, by its path, with an error, and the store
 *   unchanged (as many runs and files as before);
 * never an exception out of the pipeline, a CLI that dies with a stack, or a half-written store.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { detectFormat } from '../../../importers/registry.js';
import { CORPUS_DIR } from '../../../importers/test-support/corpus.js';
import { GBK_LINES, S1_TSV, UNITS_ROW_CSV, gbkCsv, mergedWorkbook } from '../../../importers/test-support/spreadsheet-fixtures.js';
import { writeUpFixtures } from '../../../importers/test-support/write-ups.js';
import { Core } from '../../core/core.js';
import { packageRoot } from '../../core/paths.js';
import { mutate, seededRandom, type Random } from './mutations.js';

export interface Seed {
  /** Where it came from: samples/... or corpus/... */
  label: string;
  /** The format the original is detected as (null: none, e.g. a companion file). */
  format: string | null;
  bytes: Uint8Array;
  /** The original's file name: kept, so nothing depends on a name the user did not give. */
  name: string;
}

const SKIP_SAMPLES = /(^|\/)(reports\/|generate[^/]*\.(mjs|sh)$|studies\.json$|reports\.json$)/;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

function seedOf(file: string, label: string): Seed {
  const bytes = new Uint8Array(fs.readFileSync(file));
  return { label, name: path.basename(file), bytes, format: detectFormat(bytes).format };
}

/**
 * Every format's real files: samples/ as committed, the sample files generated at load time
 * that are quick to make (S4's IOmeter CSVs; the SVC week is thousands of dumps, so only with
 * `svcDumps`, a few of them), and ../shared/corpus when present. Seeds over `maxBytes` are left out.
 */
export async function collectSeeds(options: { corpus: boolean; maxBytes: number; scratch: string; svcDumps?: number }): Promise<{ seeds: Seed[]; corpus: string | null }> {
  const root = packageRoot();
  const samples = path.join(root, 'samples');
  const seeds = walk(samples).filter((f) => !SKIP_SAMPLES.test(path.relative(samples, f).split(path.sep).join('/')))
    .map((f) => seedOf(f, `samples/${path.relative(samples, f).split(path.sep).join('/')}`));
  const generate = async (script: string, out: string): Promise<string[]> => {
    const mod = (await import(pathToFileURL(path.join(samples, script)).href)) as { generate(dir: string): number };
    fs.mkdirSync(out, { recursive: true });
    mod.generate(out);
    return walk(out);
  };
  for (const f of await generate('s4/generate.mjs', path.join(options.scratch, 's4'))) seeds.push(seedOf(f, `samples/s4 (generated) ${path.basename(path.dirname(f))}/${path.basename(f)}`));
  if (options.svcDumps) {
    const dumps = await generate('svc/generate.mjs', path.join(options.scratch, 'svc'));
    for (const f of dumps.filter((_, i) => i % Math.max(1, Math.floor(dumps.length / options.svcDumps!)) === 0).slice(0, options.svcDumps)) seeds.push(seedOf(f, `samples/svc (generated) ${path.basename(f)}`));
  }
  // Files of the shapes users have (written by us for the importers' tests, issue 24), every file
  // of every importers/<tool>/test-files/ folder whatever its name: COSBench stages of several
  // works, Spectrum Virtualize ls*stats and consecutive node snapshots, Unix sar -A, sar behind a
  // wrapper script, sysbench with --histogram, DiskSpd text (also UTF-16LE and 2.0.1x), iostat
  // without its banner, CockroachDB workload logs without their header, HammerDB TPROC-H query
  // sets, STATSPACK with %Total Call Time, fio JSON of groups run one after another, fio 2 logs
  // (µs) with and without their normal output, dates with numeric offsets or named zones; and
  // issue 34's: DiskSpd text from "Input parameters:" on (BOM, five targets; one target, LF),
  // Solaris sar -A with "Average" per report and reports silent in the first sample, the AWR RAC
  // global report as text (two layouts) and HTML, Nn node statistics pairs (one with a wrapped
  // counter), gnuplot data tables and authors' summary CSVs.
  const importers = path.join(root, 'importers');
  for (const dir of fs.readdirSync(importers).map((d) => path.join(importers, d, 'test-files')).filter((d) => fs.existsSync(d))) {
    for (const f of walk(dir)) seeds.push(seedOf(f, path.relative(root, f).split(path.sep).join('/')));
  }
  // Tables: no sample study ships one, so the spreadsheet importer's own fixtures (written by us).
  const table = (name: string, bytes: Uint8Array): Seed => ({ label: `importers/test-support/spreadsheet-fixtures ${name}`, name, bytes, format: detectFormat(bytes).format });
  const text = (t: string): Uint8Array => new TextEncoder().encode(t);
  seeds.push(table('s1.tsv', text(S1_TSV)), table('units.csv', text(UNITS_ROW_CSV)), table('gbk.csv', gbkCsv(GBK_LINES)), table('merged.xlsx', mergedWorkbook()));
  // Write-ups that quote tools' lines (issue 40): a README, notes, a blog export. Mutated, a
  // write-up may turn into a near miss or a tool's fragment; it must still end cleanly.
  for (const w of writeUpFixtures()) {
    const bytes = text(w.text);
    seeds.push({ label: `importers/test-support/write-ups ${w.name}`, name: path.basename(w.name), bytes, format: detectFormat(bytes).format });
  }
  let corpus: string | null = null;
  if (options.corpus && fs.existsSync(CORPUS_DIR)) {
    corpus = CORPUS_DIR;
    for (const f of walk(CORPUS_DIR).filter((f) => !f.endsWith('MANIFEST.md'))) seeds.push(seedOf(f, `corpus/${path.relative(CORPUS_DIR, f).split(path.sep).join('/')}`));
  }
  return { seeds: seeds.filter((s) => s.bytes.length <= options.maxBytes), corpus };
}

export interface FuzzInput {
  index: number;
  seed: Seed;
  mutation: string;
  bytes: Uint8Array;
}

/** `count` inputs from the seeds, the same ones for the same `seed` (the mutations take turns, seeds at random). */
export function* fuzzInputs(seeds: readonly Seed[], count: number, seed: number): Generator<FuzzInput> {
  const r: Random = seededRandom(seed);
  for (let index = 0; index < count; index++) {
    const s = seeds[Math.floor(r() * seeds.length)]!;
    // Each input its own generator (from the run's), so one input can be made again alone.
    const own = seededRandom(Math.floor(r() * 2 ** 32));
    const { mutation, bytes } = mutate(s.bytes, index, own);
    yield { index, seed: s, mutation, bytes };
  }
}

export type Outcome = 'imported' | 'duplicate' | 'skipped' | 'failed';

export interface Judged {
  outcome: Outcome | 'problem';
  /** What was wrong, when the outcome is 'problem'. */
  problem?: string;
  format: string | null;
  ms: number;
}

/** Runs and original files in the store: a failed import must leave both as they were. */
function storeCounts(db: { prepare(sql: string): { get(): unknown } }): { runs: number; files: number } {
  const n = (table: string): number => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { runs: n('runs'), files: n('files') };
}

/** The input written where a user's file would be: its own folder, the seed's file name. */
function writeInput(dir: string, input: FuzzInput): string {
  const folder = path.join(dir, String(input.index));
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, input.seed.name);
  fs.writeFileSync(file, input.bytes);
  return file;
}

/** One input through the core pipeline, in this process. */
export function importInProcess(core: Core, dir: string, input: FuzzInput): Judged {
  const file = writeInput(dir, input);
  const before = storeCounts(core.store.db);
  const t0 = performance.now();
  try {
    const result = core.importPaths([file], 'fuzz', 'fuzz');
    const ms = performance.now() - t0;
    const out = result.files[0];
    if (result.files.length !== 1 || !out) return { outcome: 'problem', problem: `${result.files.length} outcomes for one file`, format: null, ms };
    if (out.path !== file) return { outcome: 'problem', problem: `the outcome names ${out.path}, not the file`, format: out.format, ms };
    if (out.status === 'failed' && out.errors.length === 0) return { outcome: 'problem', problem: 'failed without an error', format: out.format, ms };
    // Nothing imported (failed, skipped as holding nothing, or a file already there): the store
    // holds as many runs and files as before.
    if (out.status !== 'imported') {
      const after = storeCounts(core.store.db);
      if (after.runs !== before.runs || after.files !== before.files) return { outcome: 'problem', problem: `${out.status} but the store changed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`, format: out.format, ms };
    }
    return { outcome: out.status, format: out.format, ms };
  } catch (err) {
    return { outcome: 'problem', problem: `the pipeline threw: ${(err as Error).stack ?? String(err)}`, format: null, ms: performance.now() - t0 };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** One input through the built CLI (`perfdelta import --json`), as a user runs it. */
export function importWithCli(home: string, dir: string, input: FuzzInput): Judged {
  const file = writeInput(dir, input);
  const db = path.join(home, 'perfdelta.sqlite');
  // No store yet counts as an empty one, so the first input's failure is checked too.
  const counts = (): { runs: number; files: number } => {
    if (!fs.existsSync(db)) return { runs: 0, files: 0 };
    const d = new Database(db, { readonly: true });
    try {
      return storeCounts(d);
    } finally {
      d.close();
    }
  };
  const before = counts();
  const t0 = performance.now();
  const cli = path.join(packageRoot(), 'app', 'cli', 'bin.cjs');
  const r = spawnSync(process.execPath, [cli, 'import', '--study', 'fuzz', '--config', 'fuzz', '--json', file], {
    env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  try {
    if (r.status !== 0 && r.status !== 1) return { outcome: 'problem', problem: `the CLI ended with ${r.status ?? r.signal}: ${r.stderr.slice(0, 2000)}`, format: null, ms };
    let out: { path: string; format: string | null; status: Outcome; errors: string[] } | undefined;
    try {
      out = (JSON.parse(r.stdout) as { files: Array<NonNullable<typeof out>> }).files[0];
    } catch {
      return { outcome: 'problem', problem: `exit ${r.status} without its JSON: ${r.stdout.slice(0, 500)} ${r.stderr.slice(0, 2000)}`, format: null, ms };
    }
    if (!out || out.path !== file) return { outcome: 'problem', problem: `the CLI's outcome does not name the file: ${r.stdout.slice(0, 500)}`, format: null, ms };
    if (out.status === 'failed') {
      if (r.status !== 1) return { outcome: 'problem', problem: 'a failed file but exit 0', format: out.format, ms };
      if (out.errors.length === 0) return { outcome: 'problem', problem: 'failed without an error', format: out.format, ms };
      const after = counts();
      if (JSON.stringify(after) !== JSON.stringify(before)) return { outcome: 'problem', problem: `failed but the store changed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`, format: out.format, ms };
    } else if (out.status === 'skipped') {
      // One file with nothing to import (empty, or not a result): the import did nothing, so it
      // exits 1 (the CLI's rule), says why, and writes nothing.
      if (r.status !== 1) return { outcome: 'problem', problem: 'a lone skipped file but exit 0', format: out.format, ms };
      const after = counts();
      if (JSON.stringify(after) !== JSON.stringify(before)) return { outcome: 'problem', problem: `skipped but the store changed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`, format: out.format, ms };
    } else if (r.status !== 0) {
      return { outcome: 'problem', problem: `${out.status} but exit ${r.status}: ${r.stderr.slice(0, 500)}`, format: out.format, ms };
    }
    if (/\n\s+at .+:\d+:\d+\)?\n/.test(r.stderr)) return { outcome: 'problem', problem: `a stack trace on stderr: ${r.stderr.slice(0, 2000)}`, format: out.format, ms };
    return { outcome: out.status, format: out.format, ms };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Counts by outcome, by format and by mutation, and the problems with what made them. */
export class FuzzTally {
  inputs = 0;
  readonly byOutcome = new Map<string, number>();
  readonly byFormat = new Map<string, Map<string, number>>();
  readonly byMutation = new Map<string, Map<string, number>>();
  readonly problems: Array<{ input: string; problem: string }> = [];
  slowest = { ms: 0, input: '' };

  add(input: FuzzInput, judged: Judged, via: 'core' | 'cli'): void {
    this.inputs++;
    const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
    bump(this.byOutcome, judged.outcome);
    const format = input.seed.format ?? '(companion or unknown)';
    if (!this.byFormat.has(format)) this.byFormat.set(format, new Map());
    bump(this.byFormat.get(format)!, judged.outcome);
    if (!this.byMutation.has(input.mutation)) this.byMutation.set(input.mutation, new Map());
    bump(this.byMutation.get(input.mutation)!, judged.outcome);
    const name = `#${input.index} ${input.mutation} of ${input.seed.label} (${via})`;
    if (judged.problem) this.problems.push({ input: name, problem: judged.problem });
    if (judged.ms > this.slowest.ms) this.slowest = { ms: judged.ms, input: name };
  }

  report(): string {
    const line = (m: Map<string, number>): string => [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
    return [
      `inputs: ${this.inputs}`,
      `by outcome: ${line(this.byOutcome)}`,
      'by format (of the seed):',
      ...[...this.byFormat].sort((a, b) => a[0].localeCompare(b[0])).map(([f, m]) => `  ${f}: ${line(m)}`),
      'by mutation:',
      ...[...this.byMutation].map(([f, m]) => `  ${f}: ${line(m)}`),
      `slowest: ${this.slowest.ms.toFixed(0)} ms (${this.slowest.input})`,
      `problems: ${this.problems.length}`,
      ...this.problems.slice(0, 50).map((p) => `  ${p.input}: ${p.problem.split('\n').slice(0, 6).join('\n    ')}`),
    ].join('\n');
  }
}
