/**
 * The bench's fio logs: a randrw latency log written to disk at the size asked, imported by
 * a child process (so its peak resident memory is the import's own), and the machine's limit:
 * the log scanner alone on the same bytes (points parsed, nothing stored).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { FioLogStream } from '../../importers/fio/log-stream.js';
import { CORE_YOUNG_GENERATION_MB } from '../host/rpc-host.js';
import { originalsDirFor } from '../core/originals/object-store.js';
// @ts-expect-error: an .mjs script without types; NODE_BUNDLE is esbuild's options object.
import { NODE_BUNDLE } from './build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The core worker's young generation, as V8 flags it for a process: three semi-spaces. */
const SEMI_SPACE_FLAG = `--max-semi-space-size=${CORE_YOUNG_GENERATION_MB / 3}`;

/** A clat log of a randrw job (fio 3: ns, 150,000-550,000; read and write rows interleaved) of about `mb` MB. */
export function writeBenchLog(file: string, mb: number): { bytes: number; rows: number } {
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  let row = 0;
  while (bytes < mb * 1e6) {
    const lines: string[] = [];
    for (let k = 0; k < 200_000; k++, row++) lines.push(`${row >> 2}, ${150000 + ((row * 7919) % 400000)}, ${row % 10 < 7 ? 0 : 1}, 4096, 0\n`);
    const chunk = Buffer.from(lines.join(''));
    fs.writeSync(fd, chunk);
    bytes += chunk.length;
  }
  fs.closeSync(fd);
  return { bytes, rows: row };
}

export interface ChildImport {
  seconds: number;
  checkpointSeconds: number;
  peakRssMb: number;
  files: number;
  failed: number;
  firstError: string | null;
  runs: number;
  /** The store on disk after the import: the database file, and the original files' objects beside it. */
  dbBytes: number;
  originalsBytes: number;
}

let bundled: string | null = null;

/**
 * The import child bundled as the app's code is (build.mjs's settings), with the parse worker
 * beside it: the bench measures what the app runs. Through tsx, each parse worker compiled the
 * importers again and held ~90 MB more than the app's workers do.
 */
function childBundle(): string {
  if (bundled) return bundled;
  const out = path.join(here, '..', '..', 'build', 'bench');
  buildSync({
    ...(NODE_BUNDLE as object),
    entryPoints: { 'bench-import': path.join(here, 'bench-import-child.ts'), 'parse-worker': path.join(here, '..', 'core', 'import', 'parse-worker.ts') },
    outdir: out,
  });
  bundled = path.join(out, 'bench-import.cjs');
  return bundled;
}

/**
 * Imports `inputs` into the store at `db` in a fresh process (bench-import-child.ts, bundled), with
 * the young generation the app's core worker has (CORE_YOUNG_GENERATION_MB: three 64 MB semi-spaces).
 */
export function importInChild(db: string, inputs: string[]): ChildImport {
  const r = spawnSync(process.execPath, [SEMI_SPACE_FLAG, childBundle(), db, ...inputs], {
    encoding: 'utf8', maxBuffer: 16 << 20,
  });
  if (r.status !== 0) throw new Error(`bench import failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildImport;
  if (out.failed > 0) throw new Error(`bench import: ${out.failed} file(s) failed, e.g. ${out.firstError}`);
  return out;
}

/** The fio JSON limit in a fresh process (bench-parse-child.ts): cold read + decode + JSON.parse, and the warm parser alone. */
export function parseInChild(file: string): { coldSeconds: number; warmSeconds: number } {
  const r = spawnSync(process.execPath, [SEMI_SPACE_FLAG, '--import', 'tsx', path.join(here, 'bench-parse-child.ts'), file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench parse failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { coldSeconds: number; warmSeconds: number };
}

/** Deletes a store, its log files and its original files' objects. */
export function removeStore(db: string): void {
  for (const f of [db, `${db}-wal`, `${db}-shm`, originalsDirFor(db)]) fs.rmSync(f, { force: true, recursive: true });
}

/** The machine's limit on the same bytes: the log scanner alone, rows parsed into points, nothing stored. */
export function scanLimitMbS(file: string): number {
  const bytes = fs.readFileSync(file);
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const s = new FioLogStream({ columns: 5, dirCol: 2, factor: 1e-6 });
    for (let at = 0; at < bytes.length; at += 4 << 20) s.push(bytes.subarray(at, at + (4 << 20)));
    s.end();
    best = Math.min(best, performance.now() - t0);
  }
  return bytes.length / 1e6 / (best / 1000);
}
