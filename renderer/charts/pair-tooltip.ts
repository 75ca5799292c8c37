/**
 * A comparison's bar tooltip: both values exactly, n, the ratio as worded, and the runs and source
 * files behind each value, so a number on screen can be traced to the file it came from.
 */
import type { ComparePair } from '../../app/contract/records.js';
import { formatValue } from '../format.js';
import { escapeHtml as esc } from './escape-html.js';

/** The tooltip on a bar of a comparison: both values exactly, n, the speedup as worded, and the runs and files behind it. */
export function pairTooltip(pairs: ComparePair[], runFiles: ReadonlyMap<number, string>, locale: string): (p: Array<{ dataIndex: number }>) => string {
  const side = (label: string, v: number, unit: string, n: number, runs: number[]): string =>
    `${esc(label)}: <b>${formatValue(v, unit, locale)} ${esc(unit)}</b> (n = ${n})<br/><span style="font-size:11px">${runs.slice(0, 6).map((r) => `run ${r} · ${esc(runFiles.get(r) ?? '')}`).join('<br/>')}${runs.length > 6 ? '<br/>…' : ''}</span>`;
  return (params) => {
    const p = pairs[params[0]?.dataIndex ?? -1];
    if (!p) return '';
    return `<b>${esc(p.object === '*' ? 'all objects' : p.workload)}</b><br/>${side(p.baseline_label, p.baseline, p.unit, p.n_baseline, p.baseline_runs)}<br/>${side(p.candidate_label, p.candidate, p.unit, p.n_candidate, p.candidate_runs)}<br/>${esc(p.text)}${p.mark ? ' ~' : ''} · ${esc(p.speedup_text)}`;
  };
}

