/**
 * `perfdelta charts`: the study's saved charts, the same list the app's Charts tab shows. List,
 * show (the spec and the numbers it draws: the rows of its XLSX sheet), rename, duplicate,
 * delete. A chart is named by its name or by the id the list prints (3 or #3).
 */
import type { SavedChart } from '../contract/records.js';
import { chartRows } from '../core/charts/chart-table.js';
import type { Core } from '../core/core.js';
import type { CliContext } from './report-commands.js';
import { option, UsageError } from './usage.js';

const SUBCOMMANDS = ['list', 'show', 'rename', 'duplicate', 'delete'] as const;
type Sub = (typeof SUBCOMMANDS)[number];

/** A text option of the command, or undefined when absent or blank. */
const str = (ctx: CliContext, name: string): string | undefined => option(ctx.values, name);

/** A chart by name, else by id (a name made of digits is a name first). */
function pick(core: Core, study: string, which: string | undefined, sub: Sub): SavedChart {
  if (!which) throw new UsageError(`charts ${sub} needs a CHART: its name or the id "perfdelta charts --study ${study}" lists`);
  const all = core.charts(study);
  const id = /^#?(\d+)$/.exec(which.trim());
  return all.find((c) => c.name === which) ?? all.find((c) => id !== null && c.id === Number(id[1])) ?? core.chart(study, which);
}

/** One line per chart: id, kind, name, and the reports that draw it. */
function listLine(c: SavedChart): string {
  return `#${c.id}\t${c.spec.kind}\t${c.name}${c.used_in?.length ? `\t(in ${c.used_in.join(', ')})` : ''}\n`;
}

const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v).replace(/[\t\n]/g, ' '));

export function cmdCharts(ctx: CliContext, rest: string[]): number {
  const [first, ...more] = rest;
  const sub: Sub = first === undefined ? 'list' : (SUBCOMMANDS as readonly string[]).includes(first) ? (first as Sub) : (() => { throw new UsageError(`charts takes one of: ${SUBCOMMANDS.join(', ')} (not "${first}")`); })();
  const study = str(ctx, 'study');
  if (!study) throw new UsageError('--study is required');
  if (more.length > 1) throw new UsageError(`charts ${sub} takes one CHART (quote a name with spaces)`);
  const which = more[0];
  const out = ctx.withCore((core): { json: unknown; text: string } => {
    switch (sub) {
      case 'list': {
        const charts = core.charts(study);
        return { json: charts, text: charts.length ? charts.map(listLine).join('') : 'no saved charts yet (save one from the chart builder, or a view\'s "Save chart")\n' };
      }
      case 'show': {
        const chart = pick(core, study, which, sub);
        const locale = str(ctx, 'locale') === 'zh-CN' ? 'zh-CN' : 'en';
        const data = core.chartData(study, chart.spec, locale);
        const rows = chartRows(data);
        return { json: { chart, data }, text: `#${chart.id} ${chart.name}\n${JSON.stringify(chart.spec)}\n\n${rows.map((r) => r.map(cell).join('\t')).join('\n')}\n` };
      }
      case 'rename': {
        const name = str(ctx, 'name');
        if (!name) throw new UsageError('charts rename needs --name NEW');
        const chart = core.renameChart(study, pick(core, study, which, sub).id, name);
        return { json: chart, text: `renamed #${chart.id} to "${chart.name}"\n` };
      }
      case 'duplicate': {
        const chart = core.duplicateChart(study, pick(core, study, which, sub).id, str(ctx, 'name'));
        return { json: chart, text: `#${chart.id}\t${chart.name}\n` };
      }
      case 'delete': {
        const chart = pick(core, study, which, sub);
        const deleted = core.deleteChart(study, chart.id);
        const note = chart.used_in?.length ? ` (the reports ${chart.used_in.map((r) => `"${r}"`).join(', ')} now say it was deleted)` : '';
        return { json: { deleted, id: chart.id, name: chart.name, used_in: chart.used_in ?? [] }, text: `deleted #${chart.id} "${chart.name}"${note}\n` };
      }
    }
  });
  if (ctx.values['json']) ctx.json(out.json);
  else process.stdout.write(out.text);
  return 0;
}
