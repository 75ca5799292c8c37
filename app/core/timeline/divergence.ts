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
import { unitWord } from '../../../renderer/unit-words.js';
import { toGrid } from './correlate.js';
import { laneSamples } from './lane-samples.js';
import { laneLabel, type StudyLanes } from './study-lanes.js';
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

type Locale = 'en' | 'zh-CN';

/** The rule the windows are picked by, in the answer's language. */
function ruleText(windowS: number, locale: Locale): string {
  const w = formatNumber(windowS, 's', locale);
  return locale === 'zh-CN'
    ? `${w} 秒的窗口中，一条通道的均值比其常态（两条通道共同覆盖时段内的中位数）高出 ${RISE_PCT}% 以上，而另一条保持在其自身常态的 ${FLAT_PCT}% 以内`
    : `windows of ${w} s where one lane's mean is at least ${RISE_PCT}% above its usual level (its median over the time both lanes cover) while the other's stays within ${FLAT_PCT}% of its own`;
}

interface Side { label: string; unit: string; level: { mean: number; usual: number; change_pct: number } }

/** One window in words: which lane rose, by how much, and that the other stayed. */
function windowText(from: number, to: number, zone: string, up: Side, flat: Side, locale: Locale): string {
  const n = (x: number, unit: string): string => formatNumber(x, unit, locale);
  const u = (unit: string): string => unitWord(unit, locale);
  const sign = flat.level.change_pct >= 0 ? '+' : '';
  const [start, end] = [formatInZone(from, zone), formatInZone(to, zone).slice(11)];
  if (locale === 'zh-CN') {
    return `${start} 至 ${end}：${up.label} 上升 ${n(up.level.change_pct, '%')}%（${n(up.level.usual, up.unit)} → ${n(up.level.mean, up.unit)} ${u(up.unit)}），`
      + `而 ${flat.label} 保持在 ${n(flat.level.mean, flat.unit)} ${u(flat.unit)}（相对其常态 ${n(flat.level.usual, flat.unit)} ${u(flat.unit)} 为 ${sign}${n(flat.level.change_pct, '%')}%）：上升不在 ${flat.label}`;
  }
  return `${start} to ${end}: ${up.label} rose ${n(up.level.change_pct, '%')}% `
    + `(${n(up.level.usual, up.unit)} → ${n(up.level.mean, up.unit)} ${up.unit}) while ${flat.label} stayed at ${n(flat.level.mean, flat.unit)} ${flat.unit} `
    + `(${sign}${n(flat.level.change_pct, '%')}% against its usual ${n(flat.level.usual, flat.unit)} ${flat.unit}): the rise is not in ${flat.label}`;
}

export function divergence(reader: TimelineReader, lanes: StudyLanes, zone: string, a: LaneId, b: LaneId, options: { windowS?: number; top?: number; locale?: Locale } = {}): DivergenceResult {
  const locale = options.locale ?? 'en';
  const sa = laneSamples(reader, lanes, a);
  if (typeof sa === 'string') throw new Error(sa);
  const sb = laneSamples(reader, lanes, b);
  if (typeof sb === 'string') throw new Error(sb);
  const step = Math.max(medianIntervalMs(sa.samples.times) ?? 0, medianIntervalMs(sb.samples.times) ?? 0) || 1000;
  const from = Math.max(sa.samples.times[0] ?? Infinity, sb.samples.times[0] ?? Infinity);
  const to = Math.min(sa.samples.times[sa.samples.times.length - 1] ?? -Infinity, sb.samples.times[sb.samples.times.length - 1] ?? -Infinity);
  const windowMs = Math.max(step, (options.windowS ?? (step * STEPS_PER_WINDOW) / 1000) * 1000);
  const rule = ruleText(windowMs / 1000, locale);
  const named = (l: { source: string; kind: string; metric: string }): string => `${l.source}${locale === 'zh-CN' ? '：' : ': '}${laneLabel(l, locale)}`;
  const base = { a, b, a_label: named(sa.lane), b_label: named(sb.lane), unit_a: sa.lane.unit, unit_b: sb.lane.unit, window_s: windowMs / 1000, rule };
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
    const sideA = { label: base.a_label, unit: base.unit_a, level: c.a };
    const sideB = { label: base.b_label, unit: base.unit_b, level: c.b };
    const text = c.rising === 'a' ? windowText(c.from, c.to, zone, sideA, sideB, locale) : windowText(c.from, c.to, zone, sideB, sideA, locale);
    const { score: _s, ...w } = c;
    picked.push({ ...w, text });
  }
  return { ...base, windows: picked.sort((x, y) => x.from - y.from) };
}
