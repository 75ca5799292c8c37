/**
 * The structure of an IOmeter results file (results.csv), as Iometer writes it (iometer-org/
 * iometer 1.1.0 src/PageSetup.cpp, AccessSpecList.cpp, ManagerList.cpp, Manager.cpp,
 * Worker.cpp; 2006.07.27 and earlier from the old SVN):
 *   'Test Type,Test Description          0,<description>
 *   'Version                             1.1.0   (or 2006.07.27)
 *   'Time Stamp                          2014-03-18 11:22:33:123   (local time, no zone)
 *   'Access specifications ... 'End access specifications
 *      'Access specification name,default assignment / <name>,<assignment>
 *      'size,% of size,% reads,% random,delay,burst,align,reply / one line per mix entry
 *   'Results
 *   'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps,...
 *   ALL / MANAGER / PROCESSOR / WORKER / DISK|NETWORK rows, as "Record results" asked for
 *   'Time Stamp                          <end of that run>
 *   ... the next access specification's blocks ...
 *   'End Test    (or "Aborted test" after the last results when the test was stopped)
 * Fields are joined with commas and never quoted: Iometer turns commas in names into spaces.
 */
import { fromWallClock } from '../dates.js';
import { splitLines } from './shared.js';

export interface AccessLine {
  size: number;
  ofSizePct: number;
  readPct: number;
  randomPct: number;
  delay: number;
  burst: number;
  align: number;
  reply: number;
}

export interface AccessSpec {
  name: string;
  assignment: string;
  lines: AccessLine[];
}

export interface ResultBlock {
  line: number;
  header: string[];
  rows: string[][];
  /** The 'Time Stamp written right after the block: when the run ended. */
  endStamp: string | null;
  /** Access specifications saved before this block (the ones its workers ran). */
  specs: AccessSpec[];
  aborted: boolean;
}

export interface IometerFile {
  version: string | null;
  description: string | null;
  startStamp: string | null;
  blocks: ResultBlock[];
  instantaneous: boolean;
  ended: boolean;
}

export function readIometerFile(text: string): IometerFile {
  const lines = splitLines(text);
  const file: IometerFile = { version: null, description: null, startStamp: null, blocks: [], instantaneous: false, ended: false };
  let specs: AccessSpec[] = [];
  let spec: AccessSpec | null = null;
  let block: ResultBlock | null = null;
  let i = 0;
  const next = (): string | null => (i + 1 < lines.length ? lines[++i]!.trim() : null);
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line.startsWith("'")) block = block && line.startsWith("'Time Stamp") ? block : null;
    if (/^'Test Type,Test Description/i.test(line) || /^'Test Description/i.test(line)) {
      const v = next();
      if (v !== null) file.description = (v.includes(',') ? v.slice(v.indexOf(',') + 1) : v).trim() || null;
    } else if (/^'Version/i.test(line)) {
      file.version = next();
    } else if (/^'Time Stamp/i.test(line)) {
      const stamp = next();
      const last = file.blocks[file.blocks.length - 1];
      if (block) block.endStamp = stamp;
      else if (file.blocks.length === 0 && file.startStamp === null) file.startStamp = stamp;
      else if (last && last.endStamp === null) last.endStamp = stamp;
      block = null;
    } else if (/^'Access specifications/i.test(line)) {
      specs = [];
      spec = null;
    } else if (/^'Access specification name/i.test(line)) {
      const v = next() ?? '';
      const comma = v.lastIndexOf(',');
      spec = { name: (comma >= 0 ? v.slice(0, comma) : v).trim(), assignment: comma >= 0 ? v.slice(comma + 1).trim() : '', lines: [] };
      specs.push(spec);
    } else if (/^'size,% of size/i.test(line)) {
      // Numeric lines follow until the next quoted line.
      while (i + 1 < lines.length && /^\d/.test(lines[i + 1]!.trim())) {
        const f = lines[++i]!.trim().split(',').map(Number);
        if (spec && f.length >= 4 && f.slice(0, 4).every(Number.isFinite)) {
          spec.lines.push({ size: f[0]!, ofSizePct: f[1]!, readPct: f[2]!, randomPct: f[3]!, delay: f[4] ?? 0, burst: f[5] ?? 1, align: f[6] ?? 0, reply: f[7] ?? 0 });
        }
      }
    } else if (/^'Results/i.test(line)) {
      const h = next() ?? '';
      if (/^TimeStamp,/i.test(h)) file.instantaneous = true;
      block = { line: i + 1, header: h.split(',').map((x) => x.replace(/^'/, '').trim()), rows: [], endStamp: null, specs, aborted: false };
      file.blocks.push(block);
    } else if (/^'End Test/i.test(line)) {
      file.ended = true;
    } else if (/^Aborted test/i.test(line)) {
      const last = file.blocks[file.blocks.length - 1];
      if (last) last.aborted = true;
    } else if (block && !line.startsWith("'")) {
      block.rows.push(lines[i]!.split(','));
    }
  }
  return file;
}

/** Iometer's "2014-03-18 11:22:33:123" (local time, no zone), read as UTC wall-clock ms. */
export function stampMs(stamp: string | null): number | null {
  const m = stamp ? /^(\d{4})[-/](\d{2})[-/](\d{2})\s+(\d{2}):(\d{2}):(\d{2})(?:[:.](\d{1,3}))?/.exec(stamp) : null;
  if (!m) return null;
  return fromWallClock({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]), millisecond: Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)) })?.epochMs ?? null;
}
