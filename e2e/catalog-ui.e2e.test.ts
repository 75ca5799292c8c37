/**
 * The team catalog in the workbench, on a throwaway PostgreSQL server: *Publish to team catalog*
 * from a study's menu, the catalog panel's search and pull, its trend across the catalog, and a
 * trend chart in the builder over a study holding a history.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EVIDENCE_HISTORY, historyCsv } from '../app/core/catalog/test-support/history.js';
import { pgUnavailable, startPgServer, type PgServer } from '../app/core/catalog/test-support/pg-server.js';
import { OUTPUT_DIR, runCli } from './support/host.js';
import { closeWorkbench, openWorkbench, type Workbench } from './support/session.js';

const why = pgUnavailable();

interface TrendOption { series: Array<{ markLine?: { data: Array<{ xAxis: number; label: { formatter: string } }> }; data: unknown[] }> }

describe('the team catalog in the workbench', { skip: why ?? false }, () => {
  let pg: PgServer;
  let w: Workbench;
  before(async () => {
    pg = await startPgServer();
    process.env['PGPASSFILE'] = pg.pgpass;
    // A colleague's S5 is in the catalog already; this data folder holds S3 and a nightly history.
    const colleague = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-colleague-'));
    after(() => fs.rmSync(colleague, { recursive: true, force: true }));
    runCli(colleague, 'samples', '--load', 's5-rook-ceph-optane');
    assert.equal(runCli(colleague, 'catalog', 'publish', '--study', 's5-rook-ceph-optane', '--url', pg.url).status, 0);
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-e2e-'));
    runCli(home, 'samples', '--load', 's3-cloud-ssd');
    const csv = path.join(home, 'nightly.csv');
    fs.writeFileSync(csv, historyCsv(EVIDENCE_HISTORY));
    assert.equal(runCli(home, 'import', '--study', 'nightly fio', '--config', 'array-7', csv).status, 0);
    w = await openWorkbench({ home });
  });
  after(async () => {
    await closeWorkbench(w ?? {});
    pg?.stop();
  });

  const publish = async (slug: string): Promise<string> => {
    const { page } = w;
    await page.locator(`[data-study-actions="${slug}"]`).click();
    await page.locator('[data-testid="study-menu"] button[name="publish-study"]').click();
    const dialog = page.locator('[data-testid="publish-dialog"]');
    await dialog.locator('input[name="catalog-url"]').fill(pg.url);
    await dialog.locator('button[name="confirm-publish"]').click();
    await page.waitForSelector('[data-testid="publish-dialog"][data-state="done"]');
    const text = (await dialog.locator('[data-testid="publish-result"]').textContent()) ?? '';
    return text;
  };
  const closeDialog = async (): Promise<void> => {
    await w.page.locator('[data-testid="publish-dialog"] button', { hasText: 'Close' }).click();
    await w.page.locator('[data-testid="publish-dialog"]').waitFor({ state: 'detached' });
  };

  it('Publish to team catalog: where it went (no password), as whom, what changed; publishing again updates', async () => {
    const first = await publish('s3-cloud-ssd');
    assert.equal(first, `Published "S3 A cloud SSD disk against its limits" to ${pg.url} as perfdelta: 5 runs added, 0 updated, 0 removed (5 in all); 13 new original files.`);
    await w.page.screenshot({ path: path.join(OUTPUT_DIR, 'catalog-publish.png') });
    await closeDialog();
    const again = await publish('s3-cloud-ssd');
    assert.match(again, /0 runs added, 5 updated, 0 removed \(5 in all\)/);
    await closeDialog();
    assert.match(await publish('nightly-fio'), /400 runs added/);
    await closeDialog();
  });

  it('the catalog panel: a search finds the colleague\'s study; Pull brings it here', async () => {
    const { page } = w;
    await page.locator('button[name="open-catalog"]').click();
    const panel = page.locator('[data-testid="catalog-panel"]');
    assert.equal(await panel.locator('input[name="catalog-url"]').inputValue(), pg.url, 'the location is remembered (it holds no password)');
    await panel.locator('input[name="catalog-tool"]').fill('hammerdb');
    await panel.locator('input[name="catalog-params"]').fill('vus=8');
    await panel.locator('button[name="catalog-search"]').click();
    await page.waitForSelector('[data-testid="catalog-results"] tr[data-study="s5-rook-ceph-optane"]');
    assert.deepEqual(await panel.locator('[data-testid="catalog-results"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-study'))), ['s5-rook-ceph-optane']);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'catalog-search.png'), fullPage: true });
    await panel.locator('tr[data-study="s5-rook-ceph-optane"] button[name="catalog-pull"]').click();
    await page.waitForSelector('[data-testid="catalog-pulled"]');
    assert.match(await panel.locator('[data-testid="catalog-pulled"]').textContent() ?? '', /Pulled "S5 Rook-Ceph: Optane PMem and Open CAS" into study s5-rook-ceph-optane: 42 runs, \d+ original files checked by SHA-256/);
    await page.waitForSelector('.study-list button[data-study="s5-rook-ceph-optane"]');
    // Pulled again: it is here already, and the panel says so.
    await panel.locator('tr[data-study="s5-rook-ceph-optane"] button[name="catalog-pull"]').click();
    await page.waitForSelector('[data-testid="catalog-error"]');
    assert.match(await panel.locator('[data-testid="catalog-error"]').textContent() ?? '', /is here already as "S5 Rook-Ceph: Optane PMem and Open CAS"/);
  });

  it('the trend across the catalog: two change points drawn and worded, the one-night dip an excursion', async () => {
    const { page } = w;
    const panel = page.locator('[data-testid="catalog-panel"]');
    await panel.locator('input[name="trend-metric"]').fill('total.iops');
    await panel.locator('input[name="trend-config"]').fill('array-7');
    await panel.locator('button[name="catalog-trend"]').click();
    await page.waitForSelector('[data-testid="catalog-trend"] .chart[data-state="ready"]');
    assert.equal(await panel.locator('[data-testid="catalog-trend"]').getAttribute('data-changes'), '2');
    const option = await page.evaluate(() => window.perfdeltaCharts!['catalog-trend']!.getOption()) as TrendOption;
    assert.equal(option.series[0]!.data.length, 400);
    assert.deepEqual(option.series[0]!.markLine!.data.map((m) => m.label.formatter.replace(/ · .*/, '')).map((t) => t.slice(0, 2)), ['-1', '+1']);
    const lines = await panel.locator('[data-testid="trend-changes"] li').allTextContents();
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^-11\.\d% from c[0-9a-f]{6} to c[0-9a-f]{6} \(2024-05-10; p \d\.\de-\d+; magnitude 0\.1\d\d; worse\)$/);
    assert.match(lines[2]!, /^c[0-9a-f]{6}: -\d\d\.\d% for 1 run \(p \d\.\de-\d+\), then back: not a change$/);
    await page.locator('[data-testid="catalog-trend"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'catalog-trend.png'), fullPage: true });
  });

  it('a trend chart in the builder over the study holding the history: drawn, saved', async () => {
    const { page, wb } = w;
    await wb.openStudy('nightly-fio');
    await page.locator('[data-tab="builder"]').click();
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"]');
    await page.locator('select[name="builder-kind"]').selectOption('trend');
    await page.waitForSelector('[data-testid="chart-builder"][data-kind="trend"][data-state="ready"] .chart[data-state="ready"]');
    const option = await page.evaluate(() => window.perfdeltaCharts!['builder']!.getOption()) as TrendOption;
    assert.equal(option.series[0]!.markLine!.data.length, 2);
    assert.match(await page.locator('[data-testid="builder-caption"]').textContent() ?? '', /400 runs, 2 change points, 1 excursion/);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'catalog-builder-trend.png') });
    await page.locator('button[name="builder-save"]').click();
    await page.waitForSelector('[data-testid="builder-saved"]');
    assert.match(await page.locator('[data-testid="builder-saved"]').textContent() ?? '', /total IOPS over time/);
  });
});
