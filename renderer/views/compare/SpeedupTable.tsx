import type { JSX } from 'react';
import type { ComparePair, CompareResult } from '../../../app/contract/records.js';
import { formatValue } from '../../format.js';
import { useI18n } from '../../i18n/i18n.js';
import { intervalText } from './interval-text.js';

/** Each pair: both values, the speedup (x-fold) with "~", the ratio as worded, % change, n, p and each median's interval with its coverage. */
export function SpeedupTable({ result, metric, unit }: { result: CompareResult; metric: string; unit: string }): JSX.Element {
  const { t, locale } = useI18n();
  const pairs = result.pairs.filter((p) => p.metric === metric && p.candidate_label === result.candidate);
  // Baseline above candidate, each with its coverage: one line each keeps the table within the page.
  const ci = (p: ComparePair): JSX.Element | string => (p.ci_baseline || p.ci_candidate
    ? <>{intervalText(p.ci_baseline, unit, locale)}<br />{intervalText(p.ci_candidate, unit, locale)}</>
    : '–');
  return (
    <div className="table-scroll">
    <table className="grid" data-testid="speedup-table">
      <thead>
        <tr>
          <th>{result.kind === 'periods' ? t('compare.object') : t('compare.workload')}</th>
          <th className="num">{result.baseline} ({unit})</th>
          <th className="num">{result.candidate} ({unit})</th>
          <th className="num">{t('compare.speedup')}</th>
          <th>{t('compare.worded')}</th>
          <th className="num">{t('compare.change')}</th>
          <th className="num">{t('compare.n')}</th>
          <th className="num">{t('compare.p')}</th>
          <th className="num">{t('compare.ci')}</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={`${p.workload}:${p.object ?? ''}`} data-workload={p.object === '*' ? '*' : p.workload} className={p.object === '*' ? 'aggregate' : ''}>
            <td>{p.object === '*' ? t('compare.allObjects') : p.workload_label}</td>
            <td className="num" data-col="baseline">{formatValue(p.baseline, unit, locale)}</td>
            <td className="num" data-col="candidate">{formatValue(p.candidate, unit, locale)}</td>
            <td className={`num speedup ${p.verdict}`} data-col="speedup" data-verdict={p.verdict}
              title={p.significance_note}>
              {p.speedup_text}{p.mark && <span className="mark"> {p.mark}</span>}
            </td>
            <td data-col="text" className={`worded ${p.verdict}`}>
              {p.text}
              {/* What the tools said about the runs behind this pair (2 of 10 users failed): on its row. */}
              {(p.validity ?? []).length > 0 && <div className="validity" data-testid="pair-validity">{(p.validity ?? []).map((f) => `⚠ ${t('warnings.runId', { id: f.run })}: ${f.message}`).join(t('list.sep'))}</div>}
            </td>
            <td className="num" data-col="change">{p.change_text}</td>
            <td className="num">{p.n_baseline} / {p.n_candidate}</td>
            <td className="num" data-col="p" title={p.significance_note}>{p.p_value === null ? '–' : p.p_value.toPrecision(2)}</td>
            <td className="num" data-col="ci">{ci(p)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
