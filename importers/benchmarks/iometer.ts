/**
 * IOmeter results.csv (structure in iometer-file.ts). One run per results block, from its ALL
 * row; managers, processors, workers and targets become tables. Units, from the sources:
 * response times are ms (Worker.cpp: latency ticks * 1000 / timer_resolution); bandwidth is
 * "MiBps (Binary)" (bytes / 1,048,576) and "MBps (Decimal)" (bytes / 1,000,000) in 1.1.0, and a
 * plain "MBps" before it (2006.07.27 and older), which IOCommon.h computed with MEGABYTE =
 * 1048576 - binary despite the name. The header is believed only after a check against the raw
 * byte and I/O counts on the same row, which fix the unit whatever the label says.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParseResult } from '../types.js';
import { readIometerFile, stampMs, type AccessSpec, type ResultBlock } from './iometer-file.js';
import { emptyRun, num, splitLines, ZONE_WARNING } from './shared.js';

const MIB = 1048576;

type Row = { get(name: RegExp): number | null; text(name: RegExp): string; type: string; name: string; cells: string[] };

function rowReader(header: string[]): (cells: string[]) => Row {
  return (cells) => {
    const idx = (name: RegExp): number => header.findIndex((h) => name.test(h));
    return {
      cells,
      type: (cells[0] ?? '').trim().toUpperCase(),
      name: (cells[1] ?? '').trim(),
      get: (name) => num(cells[idx(name)]),
      text: (name) => (cells[idx(name)] ?? '').trim(),
    };
  };
}

const COL = {
  iops: /^IOps$/i, readIops: /^Read IOps$/i, writeIops: /^Write IOps$/i,
  binary: /^(MiBps|MBps) \(Binary\)$/i, readBinary: /^Read (MiBps|MBps) \(Binary\)$/i, writeBinary: /^Write (MiBps|MBps) \(Binary\)$/i,
  decimal: /^MBps \(Decimal\)$/i, readDecimal: /^Read MBps \(Decimal\)$/i, writeDecimal: /^Write MBps \(Decimal\)$/i,
  plain: /^MBps$/i, readPlain: /^Read MBps$/i, writePlain: /^Write MBps$/i,
  avg: /^Average (I\/O )?Response Time/i, readAvg: /^Average Read Response Time/i, writeAvg: /^Average Write Response Time/i,
  max: /^Maximum (I\/O )?Response Time/i, readMax: /^Maximum Read Response Time/i, writeMax: /^Maximum Write Response Time/i,
  errors: /^Errors$/i, bytesRead: /^Bytes Read$/i, bytesWritten: /^Bytes Written$/i, readIos: /^Read I\/Os$/i, writeIos: /^Write I\/Os$/i,
  cpu: /^% CPU Utilization/i, user: /^% User Time/i, privileged: /^% Privileged Time/i, dpc: /^% DPC Time/i, interrupt: /^% Interrupt Time/i,
  queueDepth: /^Queue Depth$/i, managers: /^# Managers$/i, workers: /^# Workers$/i, disks: /^# Disks$/i, spec: /^Access Specification Name$/i,
};

interface Bandwidth {
  total: RegExp;
  read: RegExp;
  write: RegExp;
  toMib: number;
  label: string;
}

/** The bandwidth columns to use and their unit: the header's word, checked against the raw counts. */
function bandwidth(all: Row, warnings: string[]): Bandwidth | null {
  const bin: Bandwidth = { total: COL.binary, read: COL.readBinary, write: COL.writeBinary, toMib: 1, label: 'binary' };
  const dec: Bandwidth = { total: COL.decimal, read: COL.readDecimal, write: COL.writeDecimal, toMib: 1e6 / MIB, label: 'decimal' };
  const plain: Bandwidth = { total: COL.plain, read: COL.readPlain, write: COL.writePlain, toMib: 1, label: 'binary' };
  const chosen = all.get(bin.total) !== null ? bin : all.get(dec.total) !== null ? dec : all.get(plain.total) !== null ? plain : null;
  if (!chosen) return null;
  const reported = all.get(chosen.total)!;
  const ios = (all.get(COL.readIos) ?? 0) + (all.get(COL.writeIos) ?? 0);
  const bytes = (all.get(COL.bytesRead) ?? 0) + (all.get(COL.bytesWritten) ?? 0);
  const iops = all.get(COL.iops) ?? 0;
  if (ios > 0 && iops > 0 && reported > 0) {
    const bytesPerS = (iops * bytes) / ios;
    const near = (a: number, b: number): boolean => Math.abs(a - b) <= 0.01 * b;
    const isBinary = near(reported, bytesPerS / MIB);
    const isDecimal = near(reported, bytesPerS / 1e6);
    if (chosen.toMib === 1 && !isBinary && isDecimal) {
      warnings.push('the bandwidth column reads as MiB/s but matches bytes / 10^6 on the raw counts: it is converted from decimal MB/s');
      return { ...chosen, toMib: 1e6 / MIB, label: 'decimal' };
    }
    if (chosen.toMib !== 1 && !isDecimal && isBinary) {
      warnings.push('the bandwidth column reads as decimal MB/s but matches bytes / 2^20 on the raw counts: it is taken as MiB/s');
      return { ...chosen, toMib: 1, label: 'binary' };
    }
  }
  return chosen;
}

/** Workload parameters of an access specification: a mix is weighted by each line's share. */
function specParams(spec: AccessSpec, params: Record<string, ParamValue>, warnings: string[]): void {
  const lines = spec.lines.filter((l) => l.ofSizePct > 0);
  const share = lines.reduce((s, l) => s + l.ofSizePct, 0);
  if (share <= 0) return;
  const weighted = (f: (l: (typeof lines)[number]) => number): number => lines.reduce((s, l) => s + f(l) * l.ofSizePct, 0) / share;
  const sizes = new Set(lines.map((l) => l.size));
  if (sizes.size === 1) params['bs'] = lines[0]!.size;
  else warnings.push(`access specification "${spec.name}" mixes ${sizes.size} transfer sizes: no single block size (see tables.access_specification)`);
  params['read_pct'] = Math.round(weighted((l) => l.readPct) * 100) / 100;
  const random = Math.round(weighted((l) => l.randomPct) * 100) / 100;
  params['random_pct'] = random;
  params['pattern'] = random >= 100 ? 'random' : random <= 0 ? 'sequential' : 'mixed';
}

function blockRun(block: ResultBlock, version: string | null, fileWarnings: Diagnostic[]): ParsedRun | null {
  const read = rowReader(block.header);
  const rows = block.rows.map(read).filter((r) => r.type !== '');
  const all = rows.find((r) => r.type === 'ALL');
  if (!all) {
    fileWarnings.push({ message: 'a results block has no ALL row (cut off?) and was skipped', line: block.line });
    return null;
  }
  const warnings: string[] = [];
  // Iometer writes every column on the ALL row; a shorter row was cut off.
  if (all.cells.length < block.header.length) warnings.push(`the ALL row has ${all.cells.length} of ${block.header.length} columns (cut off?): the missing figures are not imported`);
  const managers = rows.filter((r) => r.type === 'MANAGER');
  const workers = rows.filter((r) => r.type === 'WORKER');
  const targets = rows.filter((r) => r.type === 'DISK' || r.type === 'NETWORK' || r.type === 'UNKNOWN');
  const specName = all.text(COL.spec);
  const run = emptyRun('iometer', specName || 'IOmeter test', version);
  run.warnings = warnings;
  const p = run.params;
  const m = run.metrics;

  // The ALL row names the spec only when every worker ran the same one (GetCommonAccessSpec).
  const spec = block.specs.find((s) => s.name === specName) ?? (block.specs.length === 1 && !specName ? block.specs[0] : undefined);
  if (specName) p['iometer_spec'] = specName;
  if (spec) {
    specParams(spec, p, warnings);
    run.tables['access_specification'] = { name: spec.name, default_assignment: spec.assignment, lines: spec.lines };
  } else if (!specName) {
    warnings.push('the workers ran different access specifications: no block size, read % or pattern for the run as a whole (see tables.workers)');
  }
  const qd = all.get(COL.queueDepth);
  if (qd !== null && qd > 0) p['iodepth'] = qd;
  else if (qd === -1) warnings.push('workers ran different queue depths (IOmeter wrote -1): no iodepth');
  const nWorkers = all.get(COL.workers);
  if (nWorkers !== null) p['threads'] = nWorkers;
  const nManagers = all.get(COL.managers);
  if (nManagers !== null) p['iometer_managers'] = nManagers;
  const nTargets = all.get(COL.disks);
  if (nTargets !== null) p['iometer_targets'] = nTargets;
  const kinds = [...new Set(targets.map((t) => t.type))];
  if (kinds.length > 0) p['iometer_target_type'] = kinds.length === 1 ? kinds[0]! : 'mixed';
  const ios = (all.get(COL.readIos) ?? 0) + (all.get(COL.writeIos) ?? 0);
  const iops = all.get(COL.iops);
  // The results carry no run time, but the I/O count and the rate of the same row give it.
  if (iops !== null && iops > 0 && ios > 0) p['runtime_s'] = Math.round((ios / iops) * 1000) / 1000;

  const set = (name: string, v: number | null): void => {
    if (v !== null) m[name] = v;
  };
  set('total.iops', iops);
  set('read.iops', all.get(COL.readIops));
  set('write.iops', all.get(COL.writeIops));
  const bw = bandwidth(all, warnings);
  if (bw) {
    for (const [scope, col] of [['total', bw.total], ['read', bw.read], ['write', bw.write]] as const) {
      const v = all.get(col);
      if (v !== null) m[`${scope}.bw_mib_s`] = v * bw.toMib;
    }
  }
  // Iometer writes 0 for the latency of a direction that did no I/O: only directions with I/Os.
  const hasReads = (all.get(COL.readIos) ?? 1) > 0;
  const hasWrites = (all.get(COL.writeIos) ?? 1) > 0;
  set('total.lat_avg_ms', all.get(COL.avg));
  set('total.lat_max_ms', all.get(COL.max));
  if (hasReads) {
    set('read.lat_avg_ms', all.get(COL.readAvg));
    set('read.lat_max_ms', all.get(COL.readMax));
  }
  if (hasWrites) {
    set('write.lat_avg_ms', all.get(COL.writeAvg));
    set('write.lat_max_ms', all.get(COL.writeMax));
  }
  set('cpu_util_pct', all.get(COL.cpu));
  set('cpu_usr_pct', all.get(COL.user));
  set('cpu_sys_pct', all.get(COL.privileged));
  set('errors', all.get(COL.errors));
  if ((all.get(COL.errors) ?? 0) > 0) warnings.push(`IOmeter counted ${all.get(COL.errors)} I/O errors`);

  const summary = (r: Row): Record<string, unknown> => ({
    name: r.name, iops: r.get(COL.iops), bw_mib_s: bw ? (r.get(bw.total) ?? 0) * bw.toMib : null,
    lat_avg_ms: r.get(COL.avg), lat_max_ms: r.get(COL.max), errors: r.get(COL.errors), spec: r.text(COL.spec) || undefined,
  });
  // Rows come in tree order: a manager, its processors and workers, each worker's targets.
  let manager = '';
  let worker = '';
  const tables = { managers: [] as unknown[], processors: [] as unknown[], workers: [] as unknown[], targets: [] as unknown[] };
  for (const r of rows) {
    if (r.type === 'MANAGER') {
      manager = r.name;
      tables.managers.push({ ...summary(r), cpu_util_pct: r.get(COL.cpu), cpu_usr_pct: r.get(COL.user), cpu_sys_pct: r.get(COL.privileged) });
    } else if (r.type === 'PROCESSOR') {
      tables.processors.push({ manager, cpu: r.name, util_pct: r.get(COL.cpu), user_pct: r.get(COL.user), privileged_pct: r.get(COL.privileged), dpc_pct: r.get(COL.dpc), interrupt_pct: r.get(COL.interrupt) });
    } else if (r.type === 'WORKER') {
      worker = r.name;
      tables.workers.push({ manager, ...summary(r), iodepth: r.get(COL.queueDepth) });
    } else if (targets.includes(r)) {
      tables.targets.push({ manager, worker, type: r.type, ...summary(r) });
    }
  }
  for (const [k, v] of Object.entries(tables)) if (v.length > 0) run.tables[k] = v;
  if (managers.length === 1) run.host = managers[0]!.name;
  if (workers.length === 0 && managers.length === 0) warnings.push('only the ALL row was recorded ("Record results: no managers"): no per-worker table');

  const binStart = block.header.findIndex((h) => /^0 to 50 uS$/i.test(h));
  if (binStart >= 0) {
    const bins = block.header.slice(binStart).map((h, k) => ({ bin: h.trim(), count: num(all.cells[binStart + k]) ?? 0 }));
    run.tables['latency_histogram'] = bins;
  }
  run.endMs = stampMs(block.endStamp);
  if (run.endMs !== null && typeof p['runtime_s'] === 'number') run.startMs = run.endMs - p['runtime_s'] * 1000;
  if (block.aborted) run.errors.push('IOmeter wrote "Aborted test" after these results: the test was stopped, its figures may cover only part of the run');
  return run;
}

export function parseIometerText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const file = readIometerFile(text);
  if (file.instantaneous) {
    return { runs: [], warnings, errors: [{ message: 'this is an IOmeter instantaneous results file (inst*.csv, a TimeStamp column on every row); import the results.csv written beside it' }] };
  }
  const runs = file.blocks.map((b) => blockRun(b, file.version, warnings)).filter((r): r is ParsedRun => r !== null);
  // Repeated specs (cycling queue depth, workers or targets) are told apart by what changed.
  const byName = new Map<string, ParsedRun[]>();
  for (const r of runs) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const distinct = (k: string): boolean => new Set(group.map((r) => r.params[k])).size === group.length;
    group.forEach((r, k) => {
      if (distinct('iodepth')) r.name = `${r.name}, QD ${r.params['iodepth']}`;
      else if (distinct('threads')) r.name = `${r.name}, ${r.params['threads']} workers`;
      else if (distinct('iometer_targets')) r.name = `${r.name}, ${r.params['iometer_targets']} targets`;
      else r.name = `${r.name} #${k + 1}`;
    });
  }
  if (runs.some((r) => r.endMs !== null)) warnings.push({ message: `IOmeter time stamps: ${ZONE_WARNING}` });
  if (file.blocks.length > 0 && !file.ended && !file.blocks.some((b) => b.aborted)) {
    warnings.push({ message: "the file has no 'End Test line: the test was still running or the file is cut off" });
  }
  if (runs.length === 0) errors.push({ message: "no IOmeter results (no 'Results block with an ALL row)" });
  return { runs, warnings, errors };
}

export const iometerImporter: Importer = {
  id: 'iometer',
  version: '1.0.0',
  tool: 'iometer',
  title: 'IOmeter results CSV',

  detect(head: string): boolean {
    const lines = splitLines(head).slice(0, 2000).map((l) => l.trim());
    if (lines.some((l) => /^'?Target Type,Target Name,Access Specification Name,/i.test(l) || /^TimeStamp,'Target Type,Target Name,/i.test(l))) return true;
    const first = lines.find((l) => l !== '') ?? '';
    return /^'Test (Type,Test )?Description/i.test(first) && lines.some((l) => /^'Version$/i.test(l));
  },

  parse({ bytes }): ParseResult {
    return parseIometerText(decodeText(bytes).text);
  },
};
