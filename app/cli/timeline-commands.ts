/**
 * `perfdelta timeline`: a study's layers on one time axis, as the workbench's Timeline tab shows
 * them. Lanes are named as `RUN:OBJECT:METRIC`, `reports:GROUP:METRIC` or `events:RUN` (the lane
 * list prints every one the study has); times as ISO 8601 (a time without a zone is the study's
 * zone) or epoch milliseconds. Clock offsets given with --offset apply to this answer only,
 * unless --save-offsets keeps them with their runs; a proposal is printed, never applied.
 */
import type { StudyTimeline } from '../contract/records.js';
import type { TimelineLane } from '../contract/timeline.js';
import type { Core } from '../core/core.js';
import { formatNumber } from '../core/metrics/number-format.js';
import { formatInZone, wallTimeToUtc } from '../core/periods/timezone.js';
import { parseOffsetArg } from '../core/timeline/clock-offsets.js';
import { LANE_ID_SHAPES } from '../core/timeline/lane-ids.js';
import type { CliContext } from './report-commands.js';
import { option, UsageError } from './usage.js';

/** Text from files (object and run names) shown on a terminal: control characters made visible, never acted on. */
const plain = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

/** "2024-05-01T10:00:00Z", "2024-05-01 10:00" (in the study's zone) or epoch milliseconds. */
export function parseInstant(text: string, zone: string): number {
  const t = text.trim();
  if (/^\d{12,14}$/.test(t)) return Number(t);
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(t) ? Date.parse(t.replace(' ', 'T')) : NaN;
  if (Number.isFinite(withZone)) return withZone;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) throw new UsageError(`"${text}" is not a time: write 2024-05-01T10:00:00Z, 2024-05-01 10:00 (the study's zone) or epoch milliseconds`);
  return wallTimeToUtc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), zone) + Number(m[6] ?? 0) * 1000;
}

function offsetsOf(values: CliContext['values']): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of (values['offset'] as string[] | undefined) ?? []) {
    const p = parseOffsetArg(o);
    if (!p) throw new UsageError(`--offset takes RUN=SECONDS (3=-3600, 3=-01:00), not "${o}"`);
    out[String(p.run)] = p.seconds;
  }
  return out;
}

const fmt = (v: number | null, unit: string): string => (v === null ? '–' : `${formatNumber(v, unit, 'en-US')}${unit ? ` ${unit}` : ''}`);

function laneLine(l: TimelineLane, zone: string): string {
  const what = l.kind === 'events' ? `${l.spans.length} spans` : l.kind === 'steps' ? `${l.steps.length} intervals` : `${l.stats.samples} samples (${l.points.length} drawn${l.raw ? ', every one' : ''})`;
  const extent = l.extent ? `${formatInZone(l.extent.from, zone)} to ${formatInZone(l.extent.to, zone)}` : 'no samples';
  const figures = l.kind === 'events' ? '' : `  mean ${fmt(l.stats.mean, l.unit)}, min ${fmt(l.stats.min, l.unit)}, max ${fmt(l.stats.max, l.unit)}`;
  return `${l.layer.padEnd(9)} ${plain(l.id)}\n          ${plain(l.source)}: ${l.label}${l.unit ? ` (${l.unit})` : ''}; ${l.zone.text}${l.offset_s ? `; clock offset ${l.offset_s} s` : ''}\n          ${extent}: ${what}${figures}\n`;
}

function printTimeline(t: StudyTimeline): void {
  const out: string[] = [`timeline of ${t.study}, shown in ${t.zone}${t.window ? `, window ${formatInZone(t.window.from, t.zone)} to ${formatInZone(t.window.to, t.zone)}` : ''}\n`];
  for (const l of t.lanes) out.push(laneLine(l, t.zone));
  for (const m of t.missing) out.push(`missing   ${plain(m.id)}: ${plain(m.reason)}\n`);
  for (const o of t.offsets) out.push(`offset    run ${o.run}: ${o.offset_s} s (${o.source}${o.origin ? `, by ${o.origin.by}${o.origin.correlation !== undefined ? ` at r = ${o.origin.correlation}` : ''}` : ''})\n`);
  if (t.lanes.length === 0) out.push(`no lane to show: name lanes with --series (${LANE_ID_SHAPES}); ${t.choices.length} lanes are there (--json lists them as "choices")\n`);
  process.stdout.write(out.join(''));
}

export function cmdTimeline(ctx: CliContext, rest: string[]): number {
  const v = ctx.values;
  const study = option(v, 'study');
  if (!study) throw new UsageError('--study is required');
  const offsets = offsetsOf(v);
  const out = ctx.withCore((core: Core): { json: unknown; text: () => void } => {
    const zone = core.settings(study).zone;
    if (v['propose-offset'] || v['divergence']) {
      const flag = v['propose-offset'] ? '--propose-offset' : '--divergence';
      if (rest.length !== 2) throw new UsageError(`${flag} takes two lanes: REFERENCE SUBJECT (${LANE_ID_SHAPES})`);
      const [a, b] = rest as [string, string];
      if (v['propose-offset']) {
        const maxShift = option(v, 'max-shift');
        const p = core.timeline.proposeOffset(study, a, b, { offsets, ...(maxShift !== undefined ? { maxShiftS: positive(maxShift, '--max-shift') } : {}) });
        return { json: p, text: () => process.stdout.write(`${plain(p.text)}\napply it: perfdelta timeline --study ${JSON.stringify(study)} --offset ${p.run}=${p.offset_s} --save-offsets\n`) };
      }
      const window = option(v, 'window');
      const d = core.timeline.divergence(study, a, b, { offsets, ...(window !== undefined ? { windowS: positive(window, '--window') } : {}) });
      return { json: d, text: () => process.stdout.write(`${d.rule}\n${d.windows.length ? d.windows.map((w) => `${plain(w.text)}\n`).join('') : 'no such window\n'}`) };
    }
    if (rest.length > 0) throw new UsageError(`timeline takes no ${rest.length > 1 ? 'words' : 'word'} "${rest.join(' ')}" here (lanes go with --series)`);
    const check = option(v, 'check');
    if (check !== undefined) {
      const run = /^#?(\d+)$/.exec(check.trim());
      if (!run) throw new UsageError('--check takes the run id of a database report (perfdelta runs lists them)');
      const c = core.timeline.intervalCheck(study, Number(run[1]), { offsets });
      const pct = (x: number | null): string => (x === null ? '' : ` (${x >= 0 ? '+' : ''}${formatNumber(x, '%', 'en-US')}%)`);
      return {
        json: c,
        text: () => process.stdout.write(`${plain(c.report)}: ${formatInZone(c.from, zone)} to ${formatInZone(c.to, zone)}\n${c.rows.map((r) => `${r.label}: database ${r.database ? fmt(r.database.value, r.unit) : '–'}${r.host ? `; host ${fmt(r.host.value, r.unit)}${pct(r.host.diff_pct)}` : ''}${r.array ? `; array ${fmt(r.array.value, r.unit)}${pct(r.array.diff_pct)}` : ''}\n`).join('')}${c.notes.map((n) => `note: ${plain(n)}\n`).join('')}`),
      };
    }
    const series = (v['series'] as string[] | undefined) ?? [];
    const width = option(v, 'width');
    const from = option(v, 'from');
    const to = option(v, 'to');
    if (v['save-offsets']) {
      if (Object.keys(offsets).length === 0) throw new UsageError('--save-offsets keeps the --offset values given: give one or more');
      for (const [run, seconds] of Object.entries(offsets)) core.timeline.setOffset(study, Number(run), seconds);
    }
    const t = core.timeline.get(study, {
      lanes: series, offsets: v['save-offsets'] ? {} : offsets,
      ...(from !== undefined ? { from: parseInstant(from, zone) } : {}), ...(to !== undefined ? { to: parseInstant(to, zone) } : {}),
      ...(width !== undefined ? { width: positive(width, '--width') } : {}),
    });
    return { json: t, text: () => printTimeline(t) };
  });
  if (v['json']) ctx.json(out.json);
  else out.text();
  return 0;
}

function positive(text: string, name: string): number {
  const n = Number(text);
  if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`${name} takes a positive number, not "${text}"`);
  return n;
}
