/**
 * `perfdelta analyse`: a study's design, the check of its repetitions (with what to run to accept
 * a proposal) and its ranked findings, from the same analysis specification a report uses (its
 * saved one with --report, changed by --baseline, --metric, --where... on the command line).
 */
import type { StudyAnalysis } from '../contract/records.js';
import { option as str, required as need, UsageError } from './usage.js';
import { specOptions, whereOption, type CliContext } from './report-commands.js';

/** A shell word: single-quoted unless it needs none. */
const shellWord = (s: string): string => (/^[\w.,=/:@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

function printAnalysis(a: StudyAnalysis, study: string): void {
  const out = (line = ''): void => { process.stdout.write(`${line}\n`); };
  out(`study: ${a.design.sentence}`);
  out(`baseline: ${a.spec.baseline}; candidates: ${a.spec.candidates.join(', ') || 'none'}; metrics: ${a.spec.metrics.join(', ')}${a.spec.where ? `; where ${a.spec.where}` : ''}`);
  out(a.spec.tie_band.text);
  const r = a.repetitions;
  if (r.message) {
    out();
    out(`NOT REPETITIONS: ${r.message}`);
    for (const d of r.disagreeing.slice(0, 5)) out(`  ${d.config} · ${d.workload}: runs ${d.runs.join(', ')} (${d.values.map((v) => Number(v.toPrecision(6))).join(', ')}; ${d.spread.toFixed(2)}x)`);
    if (r.disagreeing.length > 5) out(`  … and ${r.disagreeing.length - 5} more groups`);
    const best = r.discriminators[0];
    // Every token of the paths that tells runs apart, one --path-param each (a folder and a file-name token).
    const rules = best?.rule ? r.discriminators.filter((x) => x.kind === 'path' && x.rule).map((x) => x.rule!) : [];
    if (rules.length) out(`  accept: perfdelta settings --study ${shellWord(study)} ${rules.map((rule) => `--path-param ${shellWord(`${rule.pattern}=${rule.param}`)}`).join(' ')}   (rename ${rules.map((rule) => rule.param).join(', ')} as you like)`);
  }
  for (const p of r.configurations) {
    out();
    out(`PROPOSED CONFIGURATIONS: ${p.message}`);
    for (const g of p.groups) out(`  accept: perfdelta runs move --run ${g.runs.join(',')} --to ${shellWord(g.label)}`);
  }
  out();
  out('findings:');
  // What the tools said about a finding's runs is printed under it (issue 40), never dropped.
  const said = (f: (typeof a.findings)[number], indent: string): void => {
    for (const v of f.validity ?? []) out(`${indent}! ${v.left_out ? 'left out, no verdict: ' : ''}${v.config} · ${v.workload} (run ${v.run}): ${v.message}`);
  };
  for (const f of a.findings.filter((x) => x.primary)) { out(`* ${f.text}`); said(f, '  '); }
  const rest = a.findings.filter((x) => !x.primary);
  if (rest.length) {
    out('further findings:');
    for (const f of rest) { out(`  ${f.text}`); said(f, '    '); }
  }
}

export function cmdAnalyse(ctx: CliContext): number {
  const study = need(ctx.values, 'study');
  const locale = str(ctx.values, 'locale');
  if (locale !== undefined && locale !== 'en' && locale !== 'zh-CN') throw new UsageError('--locale takes one of: en, zh-CN');
  const where = whereOption(ctx.values);
  const analysis = ctx.withCore((core) => {
    const name = str(ctx.values, 'report');
    const report = name === undefined ? null : core.reports(study).find((r) => r.name === name || `#${r.id}` === name || String(r.id) === name) ?? core.report(study, name);
    return core.analysis(study, {
      ...(report ? { report: report.id } : {}), spec: specOptions(ctx.values), ...(where ? { where: where.join('; ') } : {}),
      ...(locale ? { locale: locale as 'en' | 'zh-CN' } : {}),
    });
  });
  if (ctx.values['json']) ctx.json(analysis);
  else printAnalysis(analysis, study);
  return 0;
}
