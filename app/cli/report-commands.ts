/**
 * The CLI's report commands: list reports, print one to PDF (Chromium, through the same print
 * page the app uses), export XLSX, save and open portable study files.
 */
import { unknownName } from '../core/closest-names.js';
import fs from 'node:fs';
import path from 'node:path';
import type { ReportLayout, ReportRecord, ReportTemplate } from '../contract/records.js';
import type { Core } from '../core/core.js';
import { CONVENTIONS } from '../core/compare/wording.js';
import { parseWorkloadFilter } from '../core/compare/workload-filter.js';
import { option as str, required as need, UsageError } from './usage.js';
import { writeWhole } from '../core/output/write-whole.js';
import { resolveSpec, savedSpec, type SpecOptions } from '../core/analysis/spec.js';

type Values = Record<string, string | boolean | string[] | undefined>;
export interface CliContext {
  values: Values;
  dbPath: string;
  withCore<T>(fn: (core: Core) => T): T;
  json(value: unknown): void;
}

const TEMPLATES: readonly ReportTemplate[] = ['findings', 'before-after', 'cache-on-off', 'config-matrix', 'sweep'];

function choice<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  if (!allowed.includes(v as T)) throw new UsageError(`--${name} takes one of: ${allowed.join(', ')}`);
  return v as T;
}

/** --where clauses (repeatable), checked here so a typo is a usage error, not a failed comparison. */
export function whereOption(values: Values): string[] | undefined {
  const where = values['where'] as string[] | undefined;
  if (!where || where.length === 0) return undefined;
  try {
    parseWorkloadFilter(where);
  } catch (err) {
    throw new UsageError(`--where: ${(err as Error).message}`);
  }
  return where;
}

/** A report by its name, else by the id `perfdelta reports` lists ("1" or "#1"). */
function byNameOrId(core: Core, study: string, which: string): ReportRecord {
  const id = /^#?(\d+)$/.exec(which.trim());
  if (!id) return core.report(study, which);
  return core.reports(study).find((r) => r.name === which) ?? core.report(study, Number(id[1]));
}

/** The analysis specification the command line gives (--baseline, --candidate, --metric, --latency-metric, --tie-band, --pair-by). */
export function specOptions(values: Values): SpecOptions {
  const list = (name: string): string[] | undefined => {
    const v = values[name] as string[] | undefined;
    return v && v.length ? v : undefined;
  };
  const band = values['tie-band'] !== undefined ? Number(values['tie-band']) : undefined;
  if (band !== undefined && !(band >= 0 && band <= 100)) throw new UsageError('--tie-band takes a percentage from 0 to 100');
  const pairBy = typeof values['pair-by'] === 'string' ? values['pair-by'].split(',').map((k) => k.trim()).filter(Boolean) : undefined;
  const out: SpecOptions = {};
  if (str(values, 'baseline') !== undefined) out.baseline = str(values, 'baseline')!;
  if (list('candidate')) out.candidates = list('candidate')!;
  if (list('metric')) out.metrics = list('metric')!;
  if (str(values, 'latency-metric') !== undefined) out.latency = str(values, 'latency-metric')!;
  if (band !== undefined) out.tie_band_pct = band;
  if (pairBy) out.pairing_keys = pairBy;
  return out;
}

/** Does the report set configurations against each other anywhere (so a baseline can apply)? */
function comparesConfigs(core: Core, report: ReportRecord): boolean {
  const configs = new Set(core.studies().find((s) => s.slug === report.study)?.configs ?? []);
  const charts = new Map(core.charts(report.study).map((c) => [c.id, c.spec]));
  return report.sections.some((s) => (s.type === 'headline' && (s.findings || s.sweep || s.items.some((i) => configs.has(i.baseline) && i.candidate !== undefined)))
    || (s.type === 'table' && configs.has(s.baseline))
    || (s.type === 'chart' && (() => { const c = charts.get(s.chart); return c !== undefined && 'baseline' in c && configs.has(c.baseline); })()));
}

/** The named report (or the study's first); with none yet, one made from a template and saved. */
function resolveReport(core: Core, values: Values): ReportRecord {
  const study = need(values, 'study');
  const name = str(values, 'report');
  const template = choice(values, 'template', TEMPLATES);
  const locale = choice(values, 'locale', ['en', 'zh-CN'] as const);
  const where = whereOption(values);
  const baseline = str(values, 'baseline');
  const options = specOptions(values);
  let report: ReportRecord;
  let made = false;
  if (template) { report = core.createReport(study, { template, name, locale, baseline }); made = true; }
  else if (name) report = byNameOrId(core, study, name);
  else { const first = core.reports(study)[0]; report = first ?? core.createReport(study, { locale, baseline }); made = !first; }
  // The specification on the command line applies to every section of the report, or the command
  // fails: a name the study lacks names the closest ones; a baseline for a report of periods cannot apply.
  const { latency: askedLatency, ...rest } = options;
  const changesSpec = Object.keys(rest).length > 0 && !(made && Object.keys(rest).length === 1 && rest.baseline !== undefined);
  if (changesSpec && !comparesConfigs(core, report)) {
    throw new UsageError(`report "${report.name}" sets no configurations against each other (its sections compare periods): ${Object.keys(rest).map((k) => `--${k === 'pairing_keys' ? 'pair-by' : k === 'tie_band_pct' ? 'tie-band' : k === 'candidates' ? 'candidate' : k === 'metrics' ? 'metric' : k}`).join(', ')} cannot apply`);
  }
  const analysis = Object.keys(options).length ? savedSpec(options, report.layout.analysis) : report.layout.analysis;
  // Checked before anything is saved: a typo saves nothing.
  if (analysis && Object.keys(options).length) resolveSpec(core, study, analysis, where !== undefined ? where.join('; ') : report.layout.where);
  else if (where) resolveSpec(core, study, report.layout.analysis, where.join('; '));
  // Layout options given on the command line are saved with the report: the PDF can be made again.
  const changes: Partial<ReportLayout> = {
    ...(choice(values, 'page', ['A4', 'Letter'] as const) ? { page: choice(values, 'page', ['A4', 'Letter'] as const)! } : {}),
    ...(choice(values, 'orientation', ['portrait', 'landscape'] as const) ? { orientation: choice(values, 'orientation', ['portrait', 'landscape'] as const)! } : {}),
    ...(choice(values, 'convention', CONVENTIONS) ? { convention: choice(values, 'convention', CONVENTIONS)! } : {}),
    ...(locale && !template ? { locale } : {}),
    // "" clears the filter: perfdelta report --where "" --out F.pdf.
    ...(where ? { where: where.join('; ').trim() || undefined } : {}),
    ...(analysis && Object.keys(options).length ? { analysis } : {}),
  };
  // The latency a sweep headline states at each peak and judges "stable up to" on (p95, p99...),
  // and the findings' peaks: part of the specification.
  const latency = askedLatency;
  let sections = report.sections;
  if (latency) {
    if (!sections.some((s) => s.type === 'headline' && (s.sweep || s.findings))) throw new UsageError(`--latency-metric sets a sweep headline's latency: report "${report.name}" has none (--template sweep makes one)`);
    const names = [...new Set(core.runs({ study }).flatMap((r) => Object.keys(r.metrics)))].sort();
    if (!names.includes(latency)) throw unknownName('metric', latency, names, `the runs of study "${study}"`);
    sections = sections.map((s) => (s.type === 'headline' && s.sweep ? { ...s, sweep: { ...s.sweep, latency } } : s));
  }
  if (Object.keys(changes).length || latency) report = core.saveReport(study, { id: report.id, name: report.name, layout: { ...report.layout, ...changes }, sections });
  return report;
}

export function cmdReports(ctx: CliContext): number {
  const reports = ctx.withCore((core) => core.reports(need(ctx.values, 'study')));
  if (ctx.values['json']) ctx.json(reports);
  else if (reports.length === 0) process.stdout.write('no reports yet (perfdelta report --study S --out FILE.pdf makes one from a template)\n');
  else for (const r of reports) process.stdout.write(`#${r.id}\t${r.name}\t${r.layout.page} ${r.layout.orientation}, ${r.layout.convention}, ${r.layout.locale}, ${r.sections.length} sections\n`);
  return 0;
}

export async function cmdReport(ctx: CliContext): Promise<number> {
  const out = path.resolve(need(ctx.values, 'out'));
  if (!/\.pdf$/i.test(out)) throw new UsageError('--out names the PDF to write (FILE.pdf)');
  const report = ctx.withCore((core) => resolveReport(core, ctx.values));
  const { serve } = await import('../start/serve.js');
  const { printUrl, printWithChromium } = await import('../print/pdf-chromium.js');
  const host = await serve({ dbPath: ctx.dbPath });
  try {
    const pdf = await printWithChromium(printUrl(host.url, host.token, report.study, report.id));
    writeWhole(out, pdf);
  } finally {
    await host.close();
  }
  if (ctx.values['json']) ctx.json({ study: report.study, report: { id: report.id, name: report.name }, out, bytes: fs.statSync(out).size });
  else process.stdout.write(`wrote ${out} (report "${report.name}" of ${report.study})\n`);
  return 0;
}

export function cmdExport(ctx: CliContext): number {
  const out = path.resolve(need(ctx.values, 'out'));
  if (!/\.xlsx$/i.test(out)) throw new UsageError('--out names the workbook to write (FILE.xlsx)');
  const study = need(ctx.values, 'study');
  const name = str(ctx.values, 'report');
  const bytes = ctx.withCore((core) => core.exportXlsx(study, name === undefined ? undefined : byNameOrId(core, study, name).id));
  writeWhole(out, bytes);
  if (ctx.values['json']) ctx.json({ study, out, bytes: bytes.byteLength });
  else process.stdout.write(`wrote ${out}\n`);
  return 0;
}

export function cmdSaveStudy(ctx: CliContext): number {
  const study = need(ctx.values, 'study');
  const out = path.resolve(need(ctx.values, 'out'));
  ctx.withCore((core) => core.saveStudyFile(study, out));
  if (ctx.values['json']) ctx.json({ study, out, bytes: fs.statSync(out).size });
  else process.stdout.write(`wrote ${out}\n`);
  return 0;
}

export function cmdOpenStudy(ctx: CliContext, files: string[]): number {
  if (files.length !== 1) throw new UsageError('open-study takes one FILE.perfdelta');
  const file = files[0]!;
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  // From its path: copied and checked piece by piece, never read into memory whole.
  const slug = ctx.withCore((core) => core.openStudyFile({ path: file }, file));
  if (ctx.values['json']) ctx.json({ study: slug });
  else process.stdout.write(`opened ${file} as study ${slug}\n`);
  return 0;
}
