/**
 * Bars of a comparison: the baseline and every candidate side by side per workload (or object),
 * or each candidate normalised to the baseline (= 1.0); or one quantity's read, write and total
 * side by side. Each candidate bar carries its ratio in the comparison's convention, coloured by
 * the pair's verdict (better, worse, tie, neutral), never a fixed "good" colour. A bar takes its
 * configuration's colour, the same in every chart.
 */
import type { ComparePair, CompareResult, Verdict } from '../../../app/contract/records.js';
import { formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { shownVerdict } from '../../shown-verdict.js';
import { shade } from '../palette.js';
import { legendPlace, tickLabel } from '../panels.js';
import { barPanelGeometry, familiesOf, wantsPanels, type Family } from './compare-panels.js';
import { finish, stylesFor, titleBlock, valueAxis, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Spec = SpecOf<'compare-bars'>;
type Data = DataOf<'compare-bars'>;

/** The candidates the spec draws, in its order: every one named, else the one saved before there could be several. */
export function barCandidates(spec: Spec, result: CompareResult): string[] {
  const wanted = spec.candidates?.length ? spec.candidates : [spec.candidate];
  return wanted.filter((c) => result.candidates.includes(c));
}

interface Category { workload: string; label: string; pairs: Map<string, ComparePair> }

/** The workloads (or objects) in the comparison's order, each with its pair per candidate. */
function categories(result: CompareResult, metric: string, candidates: readonly string[], allObjects: string): Category[] {
  const out = new Map<string, Category>();
  for (const p of result.pairs) {
    if (p.metric !== metric || !candidates.includes(p.candidate_label)) continue;
    const key = p.object === '*' ? '*' : p.workload;
    let c = out.get(key);
    if (!c) out.set(key, (c = { workload: key, label: p.object === '*' ? allObjects : p.workload_label, pairs: new Map() }));
    c.pairs.set(p.candidate_label, p);
  }
  return [...out.values()];
}

function labelColour(verdict: Verdict, ctx: ChartContext): string {
  return ctx.theme.verdict[verdict];
}

/** Category labels that stay readable: wrapped when few, slanted when many or long. */
function categoryAxis(labels: string[], ctx: ChartContext): { axisLabel: ChartOption; bottom: number } {
  const longest = Math.max(0, ...labels.map((c) => c.length));
  if (labels.length > 8 || labels.length * longest > 70) {
    // A label slanted by 30-35° drops about half its length: room for that, and no more (the
    // plot keeps its height on a report page).
    return { axisLabel: { interval: 0, rotate: ctx.mode === 'print' ? 30 : 35, fontSize: ctx.mode === 'print' ? 9 : 10 }, bottom: Math.min(140, 28 + 3.4 * longest) };
  }
  return { axisLabel: { interval: 0, formatter: (w: string) => w.replace(' QD', '\nQD') }, bottom: 64 };
}

/** The tooltip of a category: every side's exact value, n, the runs and files behind it, each candidate's ratio. */
export function categoryTooltip(cats: readonly Category[], baseline: string, ctx: ChartContext): (p: Array<{ dataIndex: number }>) => string {
  const files = ctx.runFiles ?? new Map<number, string>();
  const side = (label: string, v: number, unit: string, n: number, runs: number[]): string =>
    `${esc(label)}: <b>${formatValue(v, unit, ctx.locale)} ${esc(unit)}</b> (n = ${n})<br/><span style="font-size:11px">${runs.slice(0, 6).map((r) => `run ${r} · ${esc(files.get(r) ?? '')}`).join('<br/>')}${runs.length > 6 ? '<br/>…' : ''}</span>`;
  return (params) => {
    const c = cats[params[0]?.dataIndex ?? -1];
    if (!c) return '';
    const pairs = [...c.pairs.values()];
    const first = pairs[0]!;
    return [`<b>${esc(c.label)}</b>`, side(baseline, first.baseline, first.unit, first.n_baseline, first.baseline_runs),
      ...pairs.map((p) => `${side(p.candidate_label, p.candidate, p.unit, p.n_candidate, p.candidate_runs)}<br/>${esc(p.text)}${p.mark ? ' ~' : ''} · ${esc(p.speedup_text)}${validityLines(p)}`)].join('<br/>');
  };
}

/** What the tools said about the runs behind a pair (95 of 100 users failed), under its ratio. */
function validityLines(p: ComparePair): string {
  return (p.validity ?? []).map((f) => `<br/><span style="color:#8a4b00">⚠ run ${f.run}: ${esc(f.message)}</span>`).join('');
}

const ratioLabel = (fontSize: number): ChartOption => ({
  show: true, position: 'top', fontWeight: 'bold', fontSize,
  formatter: (x: { data: { text?: string } | null }) => x.data?.text ?? '',
});

/**
 * Two ratio labels never print over each other: where they would, ECharts hides the later one
 * (its figure stays in the tooltip, the table and the XLSX).
 */
const NO_OVERLAP = { hideOverlap: true };

/** The height bars of many workloads need: a panel per family, else a taller single plot. */
export function compareBarsHeight(spec: Spec, data: Data, ctx: ChartContext, base: number): number {
  const cats = categories(data.compare, spec.metric, barCandidates(spec, data.compare), '');
  const families = familiesOf(cats);
  if (!spec.scopes?.length && wantsPanels(families, ctx.mode)) {
    return Math.max(base, barPanelGeometry(families.length, legendPlace([data.compare.baseline, ...barCandidates(spec, data.compare)], ctx), ctx).height);
  }
  return (spec.candidates?.length ?? 1) > 1 || data.compare.pairs.length > 8 ? Math.max(base, 400) : base;
}

/** The bar of a candidate's pair: its value (or ratio to the baseline), its ratio label in the verdict's colour. */
function candidateBar(p: ComparePair | undefined, norm: boolean, ctx: ChartContext): ChartOption | null {
  if (!p) return null;
  const value = norm ? (p.baseline > 0 ? p.candidate / p.baseline : null) : p.candidate;
  // A "~" pair is a tie in the roll-up: its label takes the tie's colour (shown-verdict.ts).
  return { value, speedup: p.speedup_text, verdict: p.verdict, text: `${p.short_text}${p.mark ? ' ~' : ''}`, label: { color: labelColour(shownVerdict(p), ctx) } };
}

/**
 * A panel per workload family (block size, pattern, mix), each with its own value axis and a
 * category per load: issue 27's 32 workloads on one axis hid the small ones.
 */
function familyPanels(spec: Spec, data: Data, families: Array<Family<Category>>, candidates: string[], ctx: ChartContext): ChartOption {
  const result = data.compare;
  const print = ctx.mode === 'print';
  const norm = spec.normalised === true;
  const sides = [result.baseline, ...candidates];
  const styles = stylesFor(sides, data, ctx.theme);
  const place = legendPlace(sides, ctx);
  const geometry = barPanelGeometry(families.length, place, ctx);
  const unit = result.pairs.find((p) => p.metric === spec.metric)?.unit ?? '';
  const bars = Math.max(...families.map((f) => f.cats.length)) * candidates.length;
  const upright = bars > 3;
  const label = { ...ratioLabel(print ? 8 : 9), ...(upright ? { rotate: 90, align: 'left', verticalAlign: 'middle', distance: 3 } : {}) };
  const series = families.flatMap((f, panel) => sides.map((name, i) => {
    const style = styles[i]!;
    const itemStyle = { color: style.color, ...(style.decal ? { decal: style.decal } : {}) };
    const common = { name, type: 'bar', xAxisIndex: panel, yAxisIndex: panel, itemStyle };
    if (i === 0) return { ...common, data: f.cats.map((c) => { const p = [...c.pairs.values()][0]!; return norm ? 1 : p.baseline; }) };
    return { ...common, label, labelLayout: NO_OVERLAP, data: f.cats.map((c) => candidateBar(c.pairs.get(name), norm, ctx)) };
  }));
  const tips = families.map((f) => categoryTooltip(f.cats, result.baseline, ctx));
  const title = norm ? ctx.title : withUnit(ctx.title, unit, ctx.locale);
  return finish({
    color: styles.map((st) => st.color),
    title: [titleBlock(title, print ? 13 : 14), ...families.map((f, i) => ({
      text: f.label, left: geometry.titles[i]!.left, top: geometry.titles[i]!.top, textAlign: 'center', textStyle: { fontSize: print ? 10 : 12, fontWeight: 'bold' },
    }))],
    legend: place.legend,
    grid: geometry.grids,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (p: Array<{ dataIndex: number; seriesIndex: number }>) => tips[Math.floor((p[0]?.seriesIndex ?? 0) / sides.length)]?.(p) ?? '' },
    xAxis: families.map((f, i) => ({ type: 'category', gridIndex: i, data: f.cats.map((c) => c.short), axisLabel: { interval: 0, fontSize: print ? 8 : 10, hideOverlap: true } })),
    // Headroom over the tallest bar for its upright ratio, as a gap ECharts rounds to a whole tick
    // (a computed max printed "49.9k" at the top of the axis).
    yAxis: families.map((_, i) => ({
      ...valueAxis('', spec.logScale), gridIndex: i, axisLabel: { fontSize: print ? 8 : 10, formatter: (v: number) => tickLabel(v, ctx.locale) },
      ...(spec.logScale ? {} : { boundaryGap: [0, upright ? '30%' : '12%'] }),
    })),
    series,
  }, ctx);
}

export function compareBarsOption(spec: Spec, data: Data, ctx: ChartContext): ChartOption | null {
  const result = data.compare;
  const candidates = barCandidates(spec, result);
  if (spec.scopes && spec.scopes.length > 1 && !spec.normalised) return scopeBars(spec, data, candidates, ctx);
  const cats = categories(result, spec.metric, candidates, word(ctx.locale, 'compare.allObjects'));
  if (cats.length === 0) return null;
  const families = result.kind === 'configurations' ? familiesOf(cats) : [];
  if (wantsPanels(families, ctx.mode)) return familyPanels(spec, data, families, candidates, ctx);
  const unit = result.pairs.find((p) => p.metric === spec.metric)?.unit ?? '';
  const sides = [result.baseline, ...candidates];
  const styles = stylesFor(sides, data, ctx.theme);
  const axis = categoryAxis(cats.map((c) => c.label), ctx);
  const bars = cats.length * candidates.length;
  // Many bars on a width: the ratio labels stand upright so they do not run into each other.
  const upright = bars > 8 || ctx.mode === 'print' && bars > 6;
  const label = { ...ratioLabel(upright ? 8 : 11), ...(upright ? { rotate: 90, align: 'left', verticalAlign: 'middle', distance: 4 } : {}) };
  const norm = spec.normalised === true;
  const series = sides.map((name, i) => {
    const style = styles[i]!;
    const itemStyle = { color: style.color, ...(style.decal ? { decal: style.decal } : {}) };
    if (i === 0) {
      return { name, type: 'bar', itemStyle, data: cats.map((c) => { const p = [...c.pairs.values()][0]!; return norm ? 1 : p.baseline; }) };
    }
    return {
      name, type: 'bar', itemStyle, label,
      // The label on each candidate bar is the ratio in the study's convention, short enough
      // to sit on a bar (the table words it in full), "~" when not significant, in the colour
      // of its verdict.
      labelLayout: NO_OVERLAP,
      data: cats.map((c) => candidateBar(c.pairs.get(name), norm, ctx)),
      ...(norm && i === 1 ? { markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: ctx.theme.reference }, label: { show: false }, data: [{ yAxis: 1 }] } } : {}),
    };
  });
  const title = norm ? ctx.title : withUnit(ctx.title, unit, ctx.locale);
  return finish({
    color: styles.map((s) => s.color),
    title: titleBlock(title, ctx.mode === 'print' ? 13 : 14),
    legend: { top: 32, data: sides, type: sides.length > 6 ? 'scroll' : 'plain' },
    grid: { left: 72, right: 24, top: upright ? 90 : 78, bottom: axis.bottom },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: categoryTooltip(cats, result.baseline, ctx) },
    xAxis: { type: 'category', data: cats.map((c) => c.label), axisLabel: axis.axisLabel },
    yAxis: valueAxis(norm ? `× ${result.baseline}` : unit, spec.logScale, { nameLocation: 'end' }),
    series,
  }, ctx);
}

/**
 * One quantity in several scopes for every side: per workload, the baseline's read, write and
 * total bars, then each candidate's (its colour, lighter for read, full for total), each
 * candidate bar labelled with its ratio. A randrw workload shows read + write = total; a pure
 * read has no write bar.
 */
function scopeBars(spec: Spec, data: Data, candidates: string[], ctx: ChartContext): ChartOption | null {
  const result = data.compare;
  const quantity = spec.metric.replace(/^(read|write|trim|total)\./, '');
  const scopes = spec.scopes!;
  const of = (scope: string, candidate: string): ComparePair[] => result.pairs.filter((p) => p.metric === `${scope}.${quantity}` && p.candidate_label === candidate);
  const workloads: string[] = [];
  for (const c of candidates) for (const sc of scopes) for (const p of of(sc, c)) if (!workloads.includes(p.workload)) workloads.push(p.workload);
  if (workloads.length === 0) return null;
  const unit = result.pairs.find((p) => p.metric.endsWith(`.${quantity}`))?.unit ?? '';
  const sides = [result.baseline, ...candidates];
  const styles = stylesFor(sides, data, ctx.theme);
  const at = (scope: string, c: string, w: string): ComparePair | undefined => of(scope, c).find((p) => p.workload === w);
  const many = workloads.length * scopes.length * candidates.length > 12;
  const series = sides.flatMap((side, i) => scopes.map((sc, k) => ({
    name: `${side} · ${sc}`,
    type: 'bar',
    itemStyle: { color: shade(styles[i]!.color, [0.45, 0.2, 0][k] ?? 0), ...(styles[i]!.decal ? { decal: styles[i]!.decal } : {}) },
    data: workloads.map((w) => {
      const p = at(sc, i === 0 ? candidates[0]! : side, w) ?? (i === 0 ? candidates.map((c) => at(sc, c, w)).find(Boolean) : undefined);
      if (!p) return null;
      return i === 0 ? p.baseline : { value: p.candidate, text: `${p.short_text}${p.mark ? ' ~' : ''}`, verdict: p.verdict, label: { color: labelColour(p.verdict, ctx) } };
    }),
    ...(i > 0 ? { label: { ...ratioLabel(8), rotate: many ? 90 : 0, align: many ? 'left' : 'center', verticalAlign: 'middle' } } : {}),
  })));
  const labelOf = (w: string): string => (w === '*' ? word(ctx.locale, 'compare.allObjects') : result.pairs.find((p) => p.workload === w)?.workload_label ?? w);
  return finish({
    title: titleBlock(withUnit(ctx.title, unit, ctx.locale), 13),
    legend: { top: 32, textStyle: { fontSize: 9 }, type: series.length > 9 ? 'scroll' : 'plain' },
    grid: { left: 70, right: 24, top: 90, bottom: 70 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${formatValue(v, unit, ctx.locale)} ${esc(unit)}` },
    xAxis: { type: 'category', data: workloads.map(labelOf), axisLabel: { interval: 0, fontSize: 9, rotate: workloads.length > 5 ? 25 : 0 } },
    yAxis: valueAxis(unit, spec.logScale),
    series,
  }, ctx);
}
