/**
 * "It's not the storage": the windows where one layer's latency rises while the other's does not.
 * Both lanes go on one grid (the coarser one's step); each window's mean is set against the lane's
 * usual level, its median over the time both cover. A window counts when one lane is at least
 * RISE_PCT above its usual level and the other within FLAT_PCT of its own; the strongest such
 * windows are given, none overlapping another, each worded with its numbers.
 */
import type { DivergenceResult, DivergenceWindow, LaneId } from '../../contract/timeline.js';
import { medianIntervalMs } from '../series/align.js';
import { formatNumber } from '../metrics/number-format.js';
import { formatInZone } from '../periods/timezone.js';
import { toGrid } from './correlate.js';
import { laneSamples } from './lane-samples.js';
import type { StudyLanes } from './study-lanes.js';
import type { TimelineReader } from './timeline.js';

export const RISE_PCT = 50;
export const FLAT_PCT = 20;
/** A window holds this many grid steps unless one is given. */
const STEPS_PER_WINDOW = 6;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function divergence(reader: TimelineReader, lanes: StudyLanes, zone: string, a: LaneId, b: LaneId, options: { windowS?: number; top?: number } = {}): DivergenceResult {
  const sa = laneSamples(reader, lanes, a);
  if (typeof sa === 'string') throw new Error(sa);
  const sb = laneSamples(reader, lanes, b);
  if (typeof sb === 'string') throw new Error(sb);
  const step = Math.max(medianIntervalMs(sa.samples.times) ?? 0, medianIntervalMs(sb.samples.times) ?? 0) || 1000;
  const from = Math.max(sa.samples.times[0] ?? Infinity, sb.samples.times[0] ?? Infinity);
  const to = Math.min(sa.samples.times[sa.samples.times.length - 1] ?? -Infinity, sb.samples.times[sb.samples.times.length - 1] ?? -Infinity);
  const windowMs = Math.max(step, (options.windowS ?? (step * STEPS_PER_WINDOW) / 1000) * 1000);
  const rule = `windows of ${formatNumber(windowMs / 1000, 's', 'en')} s where one lane's mean is at least ${RISE_PCT}% above its usual level (its median over the time both lanes cover) while the other's stays within ${FLAT_PCT}% of its own`;
  const base = { a, b, a_label: `${sa.lane.source}: ${sa.lane.label}`, b_label: `${sb.lane.source}: ${sb.lane.label}`, unit_a: sa.lane.unit, unit_b: sb.lane.unit, window_s: windowMs / 1000, rule };
  if (!(to > from)) return { ...base, windows: [] };
  const n = Math.floor((to - from) / step) + 1;
  const ga = toGrid(sa.samples, from, step, n);
  const gb = toGrid(sb.samples, from, step, n);
  const finite = (g: Float64Array): number[] => Array.from(g).filter((x) => Number.isFinite(x));
  const usualA = median(finite(ga));
  const usualB = median(finite(gb));
  if (!(usualA > 0) || !(usualB > 0)) return { ...base, windows: [] };
  const per = Math.max(1, Math.round(windowMs / step));
  const candidates: Array<DivergenceWindow & { score: number }> = [];
  for (let k = 0; k + per <= n; k += Math.max(1, Math.floor(per / 2))) {
    const wa = finite(ga.subarray(k, k + per));
    const wb = finite(gb.subarray(k, k + per));
    if (wa.length < per / 2 || wb.length < per / 2) continue;
    const ma = wa.reduce((x, y) => x + y, 0) / wa.length;
    const mb = wb.reduce((x, y) => x + y, 0) / wb.length;
    const ca = (ma / usualA - 1) * 100;
    const cb = (mb / usualB - 1) * 100;
    const rising = ca >= RISE_PCT && Math.abs(cb) <= FLAT_PCT ? 'a' : cb >= RISE_PCT && Math.abs(ca) <= FLAT_PCT ? 'b' : null;
    if (!rising) continue;
    const wFrom = from + (k - 1) * step;
    const wTo = from + (k + per - 1) * step;
    candidates.push({
      from: wFrom, to: wTo, rising, score: rising === 'a' ? ca - Math.abs(cb) : cb - Math.abs(ca),
      a: { mean: ma, usual: usualA, change_pct: ca }, b: { mean: mb, usual: usualB, change_pct: cb }, text: '',
    });
  }
  const picked: DivergenceWindow[] = [];
  for (const c of candidates.sort((x, y) => y.score - x.score)) {
    if (picked.length >= (options.top ?? 5)) break;
    if (picked.some((p) => c.from < p.to && p.from < c.to)) continue;
    const [up, flat, upLabel, flatLabel, upUnit, flatUnit] = c.rising === 'a'
      ? [c.a, c.b, base.a_label, base.b_label, base.unit_a, base.unit_b] : [c.b, c.a, base.b_label, base.a_label, base.unit_b, base.unit_a];
    const text = `${formatInZone(c.from, zone)} to ${formatInZone(c.to, zone).slice(11)}: ${upLabel} rose ${formatNumber(up.change_pct, '%', 'en')}% `
      + `(${formatNumber(up.usual, upUnit, 'en')} → ${formatNumber(up.mean, upUnit, 'en')} ${upUnit}) while ${flatLabel} stayed at ${formatNumber(flat.mean, flatUnit, 'en')} ${flatUnit} `
      + `(${flat.change_pct >= 0 ? '+' : ''}${formatNumber(flat.change_pct, '%', 'en')}% against its usual ${formatNumber(flat.usual, flatUnit, 'en')} ${flatUnit}): the rise is not in ${flatLabel}`;
    const { score: _s, ...w } = c;
    picked.push({ ...w, text });
  }
  return { ...base, windows: picked.sort((x, y) => x.from - y.from) };
}
