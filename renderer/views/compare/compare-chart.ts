/** The grouped bar chart of a comparison: baseline and candidate side by side per workload or object. */
import type { CompareResult } from '../../../app/contract/records.js';
import { PALETTE } from '../../charts/palette.js';
import { formatValue } from '../../format.js';

export function groupedBarsOption(result: CompareResult, metric: string, title: string, unit: string, locale: string, allObjectsLabel: string): Record<string, unknown> {
  const pairs = result.pairs.filter((p) => p.metric === metric && p.candidate_label === result.candidate);
  const category = (w: string, object?: string): string => (object === '*' ? allObjectsLabel : w);
  return {
    animation: true,
    color: PALETTE.slice(0, 2),
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28, data: [result.baseline, result.candidate] },
    grid: { left: 72, right: 24, top: 72, bottom: 64 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}`,
    },
    xAxis: { type: 'category', data: pairs.map((p) => category(p.workload, p.object)), axisLabel: { interval: 0, formatter: (w: string) => w.replace(' QD', '\nQD') } },
    yAxis: { type: 'value', name: unit, nameLocation: 'end' },
    series: [
      { name: result.baseline, type: 'bar', data: pairs.map((p) => p.baseline) },
      {
        name: result.candidate,
        type: 'bar',
        // The label on each candidate bar is the ratio in the study's convention, short enough
        // to sit on a bar (the table words it in full); "~" when not significant.
        data: pairs.map((p) => ({ value: p.candidate, speedup: p.speedup_text, text: `${p.short_text}${p.mark ? ' ~' : ''}` })),
        label: { show: true, position: 'top', formatter: (x: { data: { text: string } }) => x.data.text, fontWeight: 'bold', fontSize: 11 },
      },
    ],
  };
}
