import type { JSX } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { CompareResult, MetricInfo, RunRecord, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { PALETTE } from '../charts/palette.js';
import { formatValue } from '../format.js';
import { useI18n } from '../i18n/i18n.js';

interface Props {
  study: StudySummary;
  runs: RunRecord[];
  dictionary: MetricInfo[];
}

/** Baseline against candidate: grouped bars of one metric and the speedup table. */
export function CompareView({ study, runs, dictionary }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const [baseline, setBaseline] = useState(study.configs[0] ?? '');
  const [candidate, setCandidate] = useState(study.configs[1] ?? '');
  const [metric, setMetric] = useState('total.iops');
  const [result, setResult] = useState<CompareResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  // Offer the metrics these runs have, in the dictionary's order.
  const metrics = useMemo(() => {
    const present = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
    return dictionary.filter((m) => present.has(m.name)).map((m) => m.name);
  }, [runs, dictionary]);

  const ready = baseline && candidate && baseline !== candidate;
  useEffect(() => {
    if (!ready) return;
    setResult(null);
    bridge.call('compare.run', { study: study.slug, baseline, candidate, metrics: [metric] })
      .then((r) => { setResult(r); setError(null); }, (err: Error) => setError(err.message));
  }, [bridge, study.slug, baseline, candidate, metric, ready]);

  const info = byName.get(metric);
  const unit = info?.unit ?? '';
  const label = metricLabel(info, metric);

  const option = useMemo(() => {
    if (!result) return null;
    const pairs = result.pairs;
    return {
      animation: true,
      color: PALETTE.slice(0, 2),
      title: { text: label.endsWith(unit) ? label : t('compare.chartTitle', { metric: label, unit }), left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28, data: [baseline, candidate] },
      grid: { left: 72, right: 24, top: 72, bottom: 64 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}`,
      },
      xAxis: { type: 'category', data: pairs.map((p) => p.workload), axisLabel: { interval: 0, formatter: (w: string) => w.replace(' QD', '\nQD') } },
      yAxis: { type: 'value', name: unit, nameLocation: 'end' },
      series: [
        { name: baseline, type: 'bar', data: pairs.map((p) => p.baseline) },
        {
          name: candidate,
          type: 'bar',
          data: pairs.map((p) => ({ value: p.candidate, speedup: p.speedup_text })),
          label: { show: true, position: 'top', formatter: (x: { data: { speedup: string } }) => x.data.speedup, fontWeight: 'bold' },
        },
      ],
    };
  }, [result, baseline, candidate, label, unit, locale, t]);

  if (study.configs.length < 2) return <p className="notice">{t('compare.needTwo')}</p>;

  const direction = info?.better === 'lower' ? t('compare.lowerBetter', { metric: label }) : t('compare.higherBetter', { metric: label });
  const geo = result?.geomean_speedup[metric];

  return (
    <div className="compare" data-testid="compare-view" data-state={result ? 'ready' : 'loading'}>
      <div className="controls">
        <label>{t('compare.baseline')}
          <select name="baseline" value={baseline} onChange={(e) => setBaseline(e.target.value)}>
            {study.configs.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <label>{t('compare.candidate')}
          <select name="candidate" value={candidate} onChange={(e) => setCandidate(e.target.value)}>
            {study.configs.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <label>{t('compare.metric')}
          <select name="metric" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {metrics.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}{metricLabel(byName.get(m), m).endsWith(byName.get(m)?.unit ?? '') ? '' : ` (${byName.get(m)?.unit})`}</option>)}
          </select>
        </label>
      </div>
      {!ready && <p className="notice">{t('compare.same')}</p>}
      {error && <p className="error" role="alert">{error}</p>}
      {ready && result && (
        <>
          <p className="convention" data-testid="convention">{t('compare.convention', { baseline, candidate, direction })}</p>
          {result.pairs.length === 0 ? (
            <p className="notice">{t('compare.noPairs')}</p>
          ) : (
            <>
              {option && <EChart id="compare-bars" option={option} />}
              <table className="grid" data-testid="speedup-table">
                <thead>
                  <tr>
                    <th>{t('compare.workload')}</th>
                    <th className="num">{baseline} ({unit})</th>
                    <th className="num">{candidate} ({unit})</th>
                    <th className="num">{t('compare.speedup')}</th>
                    <th className="num">{t('compare.change')}</th>
                    <th className="num">{t('compare.n')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.pairs.map((p) => (
                    <tr key={p.workload} data-workload={p.workload}>
                      <td>{p.workload}</td>
                      <td className="num" data-col="baseline">{formatValue(p.baseline, unit, locale)}</td>
                      <td className="num" data-col="candidate">{formatValue(p.candidate, unit, locale)}</td>
                      <td className={`num speedup ${p.speedup !== null && p.speedup >= 1 ? 'better' : 'worse'}`} data-col="speedup">{p.speedup_text}</td>
                      <td className="num" data-col="change">{p.change_text}</td>
                      <td className="num">{p.n_baseline} / {p.n_candidate}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {geo !== undefined && (
                <p className="geomean" data-testid="geomean">
                  {t('compare.geomean', { count: result.pairs.length, value: `${geo.toFixed(2)}x` })}
                </p>
              )}
              <p className="muted">{t('compare.pairedBy', { keys: result.pairing_keys.join(', ') })}</p>
            </>
          )}
          {result.unmatched.length > 0 && (
            <section className="unmatched">
              <h3>{t('compare.unmatched')}</h3>
              <ul>
                {result.unmatched.map((u) => (
                  <li key={`${u.side}:${u.workload}`}>
                    {t('compare.unmatchedRow', { workload: u.workload, side: u.side === 'baseline' ? baseline : candidate })}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
