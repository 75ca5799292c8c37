/**
 * The team catalog panel: search the PostgreSQL catalog's studies (by text, tool, configuration,
 * workload parameters, host and run dates), pull one into this data folder (its originals
 * checked by SHA-256), and draw one workload's metric across every study and date with its
 * change points (E-divisive means as Apache Otava finds them).
 */
import type { JSX } from 'react';
import { useMemo, useState } from 'react';
import type { CatalogPullResult, CatalogSearchResult, TrendResult } from '../../../app/contract/catalog-records.js';
import type { MetricInfo } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { chartOption } from '../../charts/chart-option.js';
import { EChart } from '../../charts/EChart.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';
import { hasPassword, rememberedUrl, rememberUrl } from './catalog-url.js';
import { changeLines, excursionLines, methodLine } from './trend-text.js';

const list = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);
const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export function CatalogPanel({ dictionary, onPulled }: { dictionary: MetricInfo[]; onPulled(slug: string): void }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const [url, setUrl] = useState(rememberedUrl);
  const [q, setQ] = useState({ text: '', tool: '', config: '', params: '', host: '', since: '', until: '' });
  const [found, setFound] = useState<CatalogSearchResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pulled, setPulled] = useState<CatalogPullResult | null>(null);
  const [tq, setTq] = useState({ metric: 'total.iops', workload: '', config: '', window: '', p: '', magnitude: '', level: '' });
  const [trend, setTrend] = useState<(TrendResult & { source: string }) | null>(null);
  const where = (): { url?: string } => {
    rememberUrl(url);
    return url.trim() ? { url: url.trim() } : {};
  };
  const run = <T,>(what: string, p: Promise<T>, then: (v: T) => void): void => {
    setBusy(what);
    setError(null);
    p.then((v) => { then(v); setBusy(null); }, (e: Error) => { setError(e.message); setBusy(null); });
  };

  const search = (): void => run('search', bridge.call('catalog.search', {
    ...where(),
    query: {
      ...(q.text.trim() ? { text: q.text.trim() } : {}), ...(list(q.tool).length ? { tool: list(q.tool) } : {}), ...(q.config.trim() ? { config: q.config.trim() } : {}),
      ...(q.params.trim() ? { params: [q.params.trim()] } : {}), ...(q.host.trim() ? { host: q.host.trim() } : {}),
      ...(q.since.trim() ? { since: q.since.trim() } : {}), ...(q.until.trim() ? { until: q.until.trim() } : {}),
    },
  }), setFound);
  const pull = (study: string): void => run(`pull:${study}`, bridge.call('catalog.pull', { ...where(), study }), (r) => { setPulled(r); onPulled(r.study); });
  const showTrend = (): void => run('trend', bridge.call('catalog.trend', {
    ...where(), catalog: true, locale, metric: tq.metric.trim(),
    ...(tq.workload.trim() ? { workload: tq.workload.trim() } : {}), ...(tq.config.trim() ? { config: tq.config.trim() } : {}),
    ...(num(tq.window) !== undefined ? { windowLen: num(tq.window) } : {}), ...(num(tq.p) !== undefined ? { maxPValue: num(tq.p) } : {}),
    ...(num(tq.magnitude) !== undefined ? { minMagnitude: num(tq.magnitude) } : {}), ...(num(tq.level) !== undefined ? { minLevelRuns: num(tq.level) } : {}),
  }), setTrend);

  const option = useMemo(() => (trend ? chartOption({ kind: 'trend', metric: trend.metric }, { kind: 'trend', labels: [], trend }, {
    title: t('trend.title', { metric: metricLabel(dictionary.find((m) => m.name === trend.metric), trend.metric) }), locale, theme, mode: 'interactive',
  }) : null), [trend, t, locale, theme, dictionary, metricLabel]);

  const field = (key: keyof typeof q, label: string, placeholder = ''): JSX.Element => (
    <label key={key}>{label}<input name={`catalog-${key}`} value={q[key]} placeholder={placeholder} onChange={(e) => setQ({ ...q, [key]: e.target.value })} /></label>
  );
  const tfield = (key: keyof typeof tq, label: string, placeholder = ''): JSX.Element => (
    <label key={key}>{label}<input name={`trend-${key}`} value={tq[key]} placeholder={placeholder} list={key === 'metric' ? 'trend-metrics' : undefined} onChange={(e) => setTq({ ...tq, [key]: e.target.value })} /></label>
  );

  return (
    <section className="catalog-panel" data-testid="catalog-panel" data-state={busy ? 'busy' : 'ready'}>
      <h1>{t('catalog.heading')}</h1>
      <p className="muted">{t('catalog.intro')}</p>
      <label className="wide">{t('catalog.url')}
        <input name="catalog-url" value={url} placeholder={t('catalog.urlPlaceholder')} spellCheck={false} onChange={(e) => setUrl(e.target.value)} />
      </label>
      <p className="muted">{t('catalog.credentials')}</p>
      {hasPassword(url) && <p className="notice" role="status">{t('catalog.passwordInUrl')}</p>}
      {error && <p className="error" role="alert" data-testid="catalog-error">{error}</p>}

      <h2>{t('catalog.searchHeading')}</h2>
      <form className="controls" onSubmit={(e) => { e.preventDefault(); search(); }}>
        {field('text', t('catalog.text'), t('catalog.textPlaceholder'))}
        {field('tool', t('catalog.tool'), 'fio, sysbench')}
        {field('config', t('catalog.config'), 'FS900*')}
        {field('params', t('catalog.params'), 'bs=4K; pattern=random; iodepth=32')}
        {field('host', t('catalog.host'))}
        {field('since', t('catalog.since'), '2024-01-01')}
        {field('until', t('catalog.until'), '2024-12-31')}
        <button type="submit" className="primary" name="catalog-search" disabled={busy !== null}>{busy === 'search' ? t('catalog.searching') : t('catalog.search')}</button>
      </form>
      {found && (
        <>
          <p className="muted" data-testid="catalog-found">{t('catalog.found', { shown: found.studies.length, total: found.total, catalog: found.catalog })}</p>
          <div className="table-scroll"><table className="grid" data-testid="catalog-results">
            <thead><tr><th>{t('catalog.study')}</th><th>{t('catalog.publishedBy')}</th><th className="num">{t('catalog.runs')}</th><th>{t('catalog.tools')}</th><th>{t('catalog.configs')}</th><th>{t('catalog.dates')}</th><th /></tr></thead>
            <tbody>
              {found.studies.map((s) => (
                <tr key={s.uid} data-study={s.slug}>
                  <td>{s.name}<br /><span className="muted">{s.slug}</span></td>
                  <td>{s.published_by}<br /><span className="muted">{s.published_at.slice(0, 10)}</span></td>
                  <td className="num">{s.runs_matched === s.runs ? s.runs : t('catalog.runsMatched', { matched: s.runs_matched, runs: s.runs })}</td>
                  <td>{s.tools.join(t('list.sep'))}</td>
                  <td>{s.configs.join(t('list.sep'))}</td>
                  <td>{s.first_run ? `${s.first_run.slice(0, 10)} – ${(s.last_run ?? s.first_run).slice(0, 10)}` : '–'}</td>
                  <td><button type="button" name="catalog-pull" onClick={() => pull(s.uid)} disabled={busy !== null}>{busy === `pull:${s.uid}` ? t('catalog.pulling') : t('catalog.pull')}</button></td>
                </tr>
              ))}
            </tbody>
          </table></div>
        </>
      )}
      {pulled && <p role="status" data-testid="catalog-pulled">{t('catalog.pulled', { name: pulled.from.name, study: pulled.study, runs: pulled.runs, files: pulled.files.checked })}</p>}

      <h2>{t('catalog.trendHeading')}</h2>
      <form className="controls" onSubmit={(e) => { e.preventDefault(); showTrend(); }}>
        {tfield('metric', t('compare.metric'))}
        <datalist id="trend-metrics">{dictionary.map((m) => <option key={m.name} value={m.name}>{metricLabel(m, m.name)}</option>)}</datalist>
        {tfield('workload', t('scaling.workload'), 'bs=4K; pattern=random; read_pct=100; iodepth=32')}
        {tfield('config', t('catalog.config'))}
        {tfield('window', t('trend.window'), '50')}
        {tfield('p', t('trend.maxP'), '0.001')}
        {tfield('magnitude', t('trend.minMagnitude'), '0')}
        {tfield('level', t('trend.minLevelRuns'), '3')}
        <button type="submit" className="primary" name="catalog-trend" disabled={busy !== null || !tq.metric.trim()}>{busy === 'trend' ? t('catalog.searching') : t('catalog.showTrend')}</button>
      </form>
      {trend && (
        <div data-testid="catalog-trend" data-changes={trend.change_points.length}>
          {option ? <EChart id="catalog-trend" option={option} height={420} /> : <p className="notice">{trend.problem ?? t('trend.noRuns', { metric: trend.metric })}</p>}
          <p className="muted">{[t('trend.summary', { runs: trend.points.length, changes: trend.change_points.length, excursions: trend.excursions.length }), trend.workload_label, trend.source].join(t('text.sep'))}</p>
          <ul data-testid="trend-changes">
            {changeLines(trend, t).map((line, i) => <li key={`c${i}`} className={`verdict-${trend.change_points[i]!.verdict}`}>{line}</li>)}
            {excursionLines(trend, t).map((line, i) => <li key={`e${i}`} className="muted">{line}</li>)}
          </ul>
          <p className="muted">{methodLine(trend, t)}</p>
        </div>
      )}
    </section>
  );
}
