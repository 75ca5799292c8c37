/**
 * The empty workbench: a short guided tour (drop, name, compare, report), what each format's
 * files look like so a user knows what to drop, and a way to the sample studies.
 */
import type { JSX } from 'react';
import { useI18n } from '../i18n/i18n.js';

/** The first bytes a user would recognise in each tool's files (detection reads content, not names). */
const FORMATS: Array<{ tool: string; files: string; looks: string }> = [
  { tool: 'fio', files: 'JSON / json+, terse, normal output; bw/iops/lat/clat/slat and histogram logs', looks: '{ "fio version" : "fio-3.33", "jobs" : [ { "jobname" : "randread-4k", …' },
  { tool: 'vdbench', files: 'output folder: flatfile.html, summary.html, totals.html, logfile.html, histogram.html', looks: 'Vdbench summary report, created 10:15:03 Sep 20 2017 …' },
  { tool: 'Oracle AWR', files: 'awrrpt text or HTML (10g–19c), RAC global, SQL, compare-periods, STATSPACK', looks: 'WORKLOAD REPOSITORY report for   DB Name   DB Id   Instance …' },
  { tool: 'IBM SVC / Storwize', files: 'iostats dumps Nv_/Nm_/Nn_/Nd_stats_* (a whole folder), lsstats, Spectrum Control CSV', looks: '<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats" …' },
  { tool: 'HammerDB', files: 'hammerdb.log, hammerdbcli output, transaction counter log, jobs JSON', looks: 'Vuser 1:TEST RESULT : System achieved 3525 NOPM from 10578 MySQL TPM' },
  { tool: 'sysbench · IOmeter · COSBench · CockroachDB · DiskSpd', files: 'console output, results.csv, workload CSV, workload run output, XML', looks: 'transactions:  260812 (869.33 per sec.) · \'Results,…\' · ops/sec(cum)' },
  { tool: 'iostat · sar · nmon · dstat', files: 'iostat -x text or JSON, sar -d/-u, nmon CSV, dstat CSV', looks: 'Device  r/s  w/s  rkB/s  wkB/s  …  r_await  w_await  %util' },
  { tool: 'Any table', files: 'CSV, TSV, XLSX or a table pasted from a spreadsheet, with a column mapping set once', looks: 'bs | pattern | IOPS | MB/s | ms' },
];

export function EmptyState({ onPaste, onLoadSamples }: { onPaste(): void; onLoadSamples(): void }): JSX.Element {
  const { t } = useI18n();
  return (
    <section className="empty" data-testid="empty-state">
      <div className="drop-target">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.body')}</p>
        <ol className="tour" data-testid="guided-tour">
          <li><strong>{t('tour.drop')}</strong> {t('tour.dropBody')}</li>
          <li><strong>{t('tour.name')}</strong> {t('tour.nameBody')}</li>
          <li><strong>{t('tour.compare')}</strong> {t('tour.compareBody')}</li>
          <li><strong>{t('tour.report')}</strong> {t('tour.reportBody')}</li>
        </ol>
        <p className="muted">{t('empty.paste')}</p>
        <div className="empty-actions">
          <button type="button" onClick={onPaste}>{t('studies.pasteTable')}</button>
          <button type="button" className="primary" name="load-samples" onClick={onLoadSamples}>{t('studies.loadSamples')}</button>
        </div>
        <details className="format-gallery">
          <summary>{t('tour.formats')}</summary>
          <table>
            <tbody>
              {FORMATS.map((f) => (
                <tr key={f.tool}><th>{f.tool}</th><td>{f.files}<div className="mono">{f.looks}</div></td></tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}
