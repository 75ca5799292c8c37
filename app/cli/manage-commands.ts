/**
 * The CLI's commands for managing what was imported: delete (undoable until the next delete),
 * rename, move and exclude runs, configuration constants and derived metrics. Each change is
 * one transaction; --json prints the record the workbench receives.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DeletionRecord, RunRecord } from '../contract/records.js';
import { parseConstantValue } from '../core/metrics/derived.js';
import type { CliContext } from './report-commands.js';
import { option as str, required as need, UsageError } from './usage.js';

type Values = CliContext['values'];

/** `--run 3` or `--run 3,4,9`: run ids as `perfdelta runs` lists them. */
function runIds(values: Values): number[] {
  const text = need(values, 'run');
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new UsageError(`--run takes run ids (such as 3 or 3,4,9), not "${text}"`);
  return ids;
}

const out = (s: string): void => {
  process.stdout.write(s);
};

/** "configuration "disk" (6 runs, 6 files)": what a delete removed or would remove, in a line. */
function describeDeletion(d: DeletionRecord): string {
  const what = d.kind === 'study' ? `study "${d.study.name}"` : d.kind === 'config' ? `configuration "${d.configs[0]}" of ${d.study.slug}` : `${d.runs.length} run(s) of ${d.study.slug}`;
  const parts = [`${d.runs.length} run(s)`, `${d.files.length} file(s)`];
  if (d.kind === 'study') parts.push(`${d.reports} report(s)`, `${d.charts} saved chart(s)`, `${d.periods} period(s)`);
  if (d.kind === 'runs' && d.configs.length) parts.push(`configuration(s) left empty: ${d.configs.join(', ')}`);
  return `${what}: ${parts.join(', ')}; ${d.originals} original file(s) leave the store when the delete is final`;
}

function printDeletion(ctx: CliContext, d: DeletionRecord): void {
  if (ctx.values['json']) return ctx.json(d);
  if (d.id === null) out(`would delete ${describeDeletion(d)}\n${d.files.map((f) => `  ${f}\n`).join('')}`);
  else out(`deleted ${describeDeletion(d)}\nUndo with: perfdelta undo (possible until the next delete)\n`);
}

const dryRun = (values: Values): boolean => Boolean(values['dry-run']);

/** `perfdelta studies delete|rename`. */
export function cmdStudiesManage(ctx: CliContext, sub: string): number {
  const study = need(ctx.values, 'study');
  switch (sub) {
    case 'delete':
      printDeletion(ctx, ctx.withCore((core) => core.manage.deleteStudy(study, dryRun(ctx.values))));
      return 0;
    case 'rename': {
      const done = ctx.withCore((core) => core.manage.renameStudy(study, need(ctx.values, 'name')));
      if (ctx.values['json']) ctx.json(done);
      else out(`renamed study ${study} to "${done.name}" (${done.slug})\n`);
      return 0;
    }
    default:
      throw new UsageError(`studies takes no subcommand or one of: delete, rename (not "${sub}")`);
  }
}

function printRuns(ctx: CliContext, runs: RunRecord[], verb: string): void {
  if (ctx.values['json']) return ctx.json(runs);
  for (const r of runs) out(`${verb} run ${r.id} "${r.name}" (${r.config})${r.excluded ? `: ${r.excluded.reason}` : ''}\n`);
}

/** `perfdelta runs delete|move|exclude|include`: runs by id (their study is found from them unless --study names it). */
export function cmdRunsManage(ctx: CliContext, sub: string): number {
  const ids = runIds(ctx.values);
  return ctx.withCore((core) => {
    const study = str(ctx.values, 'study') ?? core.manage.studyOfRuns(ids);
    switch (sub) {
      case 'delete':
        printDeletion(ctx, core.manage.deleteRuns(study, ids, dryRun(ctx.values)));
        return 0;
      case 'move': {
        const done = core.manage.moveRuns(study, ids, need(ctx.values, 'to'));
        if (ctx.values['json']) ctx.json(done);
        else out(`moved ${done.moved.length} run(s) from ${done.from.map((f) => `"${f}"`).join(', ') || '(already there)'} to "${done.to}"\n`);
        return 0;
      }
      case 'exclude':
        printRuns(ctx, core.manage.exclude(study, ids, need(ctx.values, 'reason')), 'excluded');
        return 0;
      case 'include':
        printRuns(ctx, core.manage.include(study, ids), 'included');
        return 0;
      default:
        throw new UsageError(`runs takes no subcommand or one of: delete, move, exclude, include (not "${sub}")`);
    }
  });
}

/** `--constant price_usd_month=1234` or `--constant "iops_limit=20000 IOPS"`. */
function constantArgs(values: Values): Array<{ name: string; value: number; unit: string | null }> {
  const list = (values['constant'] as string[] | undefined) ?? [];
  return list.map((text) => {
    const eq = text.indexOf('=');
    if (eq <= 0) throw new UsageError(`--constant takes NAME=VALUE [UNIT] (such as price_usd_month=1234), not "${text}"`);
    try {
      return { name: text.slice(0, eq).trim(), ...parseConstantValue(text.slice(eq + 1)) };
    } catch (err) {
      throw new UsageError(`--constant ${text}: ${(err as Error).message}`);
    }
  });
}

/**
 * Constants from a CSV file: configuration, name, value[, unit] per line (a header line is
 * skipped). Each value keeps the file's name as where it came from.
 */
function constantsFromFile(file: string): Array<{ config: string; name: string; value: number; unit: string | null }> {
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const rows: Array<{ config: string; name: string; value: number; unit: string | null }> = [];
  fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (i === 0 && !Number.isFinite(Number(cells[2]))) return; // a header
    if (cells.length < 3) throw new UsageError(`${file}, line ${i + 1}: expected configuration, name, value[, unit]`);
    const value = Number(cells[2]!.replace(/,/g, ''));
    if (!Number.isFinite(value)) throw new UsageError(`${file}, line ${i + 1}: "${cells[2]}" is not a number`);
    rows.push({ config: cells[0]!, name: cells[1]!, value, unit: cells[3] || null });
  });
  return rows;
}

/** `perfdelta configs [rename|delete|set|unset]`. */
export function cmdConfigs(ctx: CliContext, sub: string | undefined): number {
  const study = need(ctx.values, 'study');
  return ctx.withCore((core) => {
    switch (sub) {
      case undefined: {
        const runs = core.runs({ study, all: true });
        const constants = core.manage.constants(study);
        const configs = core.store.manage.configs(core.studyIdOf(study)).map((name) => ({
          name,
          runs: runs.filter((r) => r.config === name).length,
          excluded: runs.filter((r) => r.config === name && r.excluded).length,
          constants: constants.filter((c) => c.config === name),
        }));
        if (ctx.values['json']) ctx.json(configs);
        else for (const c of configs) {
          out(`${c.name}\t${c.runs} run(s)${c.excluded ? `, ${c.excluded} excluded` : ''}\n`);
          for (const k of c.constants) out(`  ${k.name} = ${k.value} ${k.unit} (${k.source}${k.entered_by ? `, ${k.entered_by}` : ''}, ${k.entered_at})\n`);
        }
        return 0;
      }
      case 'rename': {
        const done = core.manage.renameConfig(study, need(ctx.values, 'config'), need(ctx.values, 'to'));
        if (ctx.values['json']) ctx.json(done);
        else out(`renamed configuration to "${done.config}": ${done.runs} run(s), ${done.charts} saved chart(s) and ${done.reports} report(s) updated\n`);
        return 0;
      }
      case 'delete':
        printDeletion(ctx, core.manage.deleteConfig(study, need(ctx.values, 'config'), dryRun(ctx.values)));
        return 0;
      case 'set': {
        const from = str(ctx.values, 'from');
        const unit = str(ctx.values, 'unit');
        const values = from
          ? constantsFromFile(from)
          : constantArgs(ctx.values).map((c) => ({ ...c, config: need(ctx.values, 'config'), unit: c.unit ?? unit ?? null }));
        if (values.length === 0) throw new UsageError('configs set needs --constant NAME=VALUE (one or more) or --from FILE.csv');
        const set = core.manage.setConstants(study, values, from ? `file:${path.basename(from)}` : 'cli');
        if (ctx.values['json']) ctx.json(set);
        else for (const k of set) out(`${k.config}: ${k.name} = ${k.value} ${k.unit}\n`);
        return 0;
      }
      case 'unset': {
        const config = need(ctx.values, 'config');
        const names = ((ctx.values['constant'] as string[] | undefined) ?? []).map((n) => n.split('=')[0]!.trim());
        if (names.length === 0) throw new UsageError('configs unset needs --constant NAME');
        const deleted = names.filter((n) => core.manage.deleteConstant(study, config, n));
        if (ctx.values['json']) ctx.json({ deleted });
        else out(deleted.length ? `removed ${deleted.join(', ')} from "${config}"\n` : `"${config}" has none of ${names.join(', ')}\n`);
        return deleted.length ? 0 : 1;
      }
      default:
        throw new UsageError(`configs takes no subcommand or one of: rename, delete, set, unset (not "${sub}")`);
    }
  });
}

/** `perfdelta derived --study S [--define NAME --metric M --constant K ...] [--delete NAME]`. */
export function cmdDerived(ctx: CliContext): number {
  const study = need(ctx.values, 'study');
  const v = ctx.values;
  return ctx.withCore((core) => {
    const define = str(v, 'define');
    const del = str(v, 'delete');
    if (define) {
      const metric = ((v['metric'] as string[] | undefined) ?? [])[0];
      const constant = ((v['constant'] as string[] | undefined) ?? [])[0];
      if (!metric || !constant) throw new UsageError('--define needs --metric M (what is divided) and --constant K (by which constant)');
      const factor = str(v, 'factor') !== undefined ? Number(str(v, 'factor')!.replace(/,/g, '')) : undefined;
      if (factor !== undefined && !(factor > 0)) throw new UsageError('--factor takes a positive number (1000: per 1,000 of the constant)');
      const better = str(v, 'better');
      if (better !== undefined && better !== 'higher' && better !== 'lower') throw new UsageError('--better takes higher or lower');
      const def = core.manage.defineDerived(study, { name: define, metric, constant, factor, unit: str(v, 'unit'), label: str(v, 'label'), better });
      if (v['json']) ctx.json(def);
      else out(`${def.name}: ${def.label} [${def.unit}] = ${def.metric} ÷ ${def.constant} × ${def.factor} (${def.better} is better)\n`);
      return 0;
    }
    if (del) {
      const deleted = core.manage.deleteDerived(study, del);
      if (v['json']) ctx.json({ deleted });
      else out(deleted ? `deleted ${del}\n` : `no derived metric ${del}\n`);
      return deleted ? 0 : 1;
    }
    const list = core.settings(study).derived_metrics;
    if (v['json']) ctx.json(list);
    else if (list.length === 0) out('no derived metrics: perfdelta derived --study S --define tps_per_kusd --metric tps --constant price_usd_month --factor 1000\n');
    else for (const d of list) out(`${d.name}\t${d.label} [${d.unit}] = ${d.metric} ÷ ${d.constant} × ${d.factor} (${d.better} is better)\n`);
    return 0;
  });
}

/** `perfdelta undo`: the last delete back. */
export function cmdUndo(ctx: CliContext): number {
  const done = ctx.withCore((core) => core.manage.undo());
  if (ctx.values['json']) ctx.json(done);
  else out(`restored ${describeDeletion(done.restored).replace(/;.*$/, '')} (study ${done.study})\n`);
  return 0;
}

/** `perfdelta trash [--empty | --restore]`: the delete that can still be undone; make it final, or undo it. */
export function cmdTrash(ctx: CliContext): number {
  if (ctx.values['restore']) return cmdUndo(ctx);
  if (ctx.values['empty']) {
    const done = ctx.withCore((core) => core.manage.emptyTrash());
    if (ctx.values['json']) ctx.json(done);
    else out(done.deleted ? `deleted for good: ${describeDeletion(done.deleted).replace(/;.*$/, '')}; ${done.originals} original file(s) removed from the store\n` : `the trash is empty; ${done.originals} original file(s) removed from the store\n`);
    return 0;
  }
  const pending = ctx.withCore((core) => core.manage.pending());
  if (ctx.values['json']) ctx.json(pending);
  else out(pending ? `can be undone (perfdelta undo): ${describeDeletion(pending)}\n` : 'the trash is empty: nothing to undo\n');
  return 0;
}
