/**
 * fio's time series and latency distribution in the study view: the randrw log overlay and the
 * percentile ladder, checked against the log files and the JSON they came with.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const DETAIL = path.join(REPO_ROOT, 'samples', 'fio', 'detail');

/** Rows per direction in an fio log: column 3 is the direction. */
function rowsPerDirection(file: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of fs.readFileSync(file, 'utf8').trim().split('\n')) {
    const d = ['read', 'write', 'trim'][Number(line.split(', ')[2])]!;
    out[d] = (out[d] ?? 0) + 1;
  }
  return out;
}

describe('fio runs up close (web host in Chromium)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true, page: { viewport: { width: 1400, height: 1100 } } }));
  });
  after(() => closeWorkbench({ host, browser }));

  it('first launch loads the sample studies', async () => {
    const slugs = await page.locator('.study-list button[data-study]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-study')));
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'studies.json'), 'utf8')) as { studies: Array<{ slug: string }> };
    assert.deepEqual(slugs.sort(), manifest.studies.map((s) => s.slug).sort());
  });

  it('overlays the read and write IOPS logs of the randrw run', async () => {
    await wb.openStudy('fio-output-shapes');
    await page.locator('[data-tab="runs"]').click();
    await page.locator('tr', { hasText: 'randrw70' }).first().click();
    await page.waitForSelector('[data-testid="run-detail"][data-state="ready"] .chart[data-chart="run-series"][data-state="ready"]');
    const drawn = await page.evaluate(() => (window.perfdeltaCharts!['run-series']!.getOption() as { series: Array<{ name: string; data: unknown[] }> }).series.map((s) => [s.name, s.data.length]));
    const rows = rowsPerDirection(path.join(DETAIL, 'randrw70_iops.1.log'));
    assert.deepEqual(Object.fromEntries(drawn.map(([n, c]) => [String(n).split(' · ')[0], c])), rows);
    await wb.screenshot(path.join(OUTPUT_DIR, 'randrw-log-overlay.png'));
    // Zooming asks the core for the window again; the chart stays where the user zoomed.
    await page.evaluate(() => (window.perfdeltaCharts!['run-series'] as unknown as { dispatchAction(a: unknown): void }).dispatchAction({ type: 'dataZoom', start: 20, end: 60 }));
    await page.waitForSelector('[data-testid="run-series-detail"]:not([data-detail=""])');
    const zoom = await page.evaluate(() => (window.perfdeltaCharts!['run-series']!.getOption() as { dataZoom: Array<{ start: number; end: number }> }).dataZoom[0]);
    assert.deepEqual([zoom!.start, zoom!.end], [20, 60]);
  });

  it('draws the completion-latency ladder from the run\'s percentiles', async () => {
    await page.locator('select[name="series-quantity"]').selectOption('clat_ms');
    await page.waitForSelector('.chart[data-chart="run-ladder"][data-state="ready"]');
    const ladder = await page.evaluate(() => (window.perfdeltaCharts!['run-ladder']!.getOption() as { series: Array<{ name: string; data: Array<{ value: number; label: { position: string } }> }> }).series);
    const json = JSON.parse(fs.readFileSync(path.join(DETAIL, 'randrw70.json'), 'utf8')) as { jobs: Array<Record<string, { clat_ns: { percentile: Record<string, number> } }>> };
    for (const s of ladder) {
      const pct = json.jobs[0]![s.name]!.clat_ns.percentile;
      const expected = ['50.000000', '90.000000', '95.000000', '99.000000', '99.900000', '99.990000'].map((k) => pct[k]! / 1e6);
      s.data.forEach(({ value: v }, i) => assert.ok(Math.abs(v - expected[i]!) < 1e-12, `${s.name} p${i}: ${v} vs ${expected[i]}`));
    }
    // At each percentile one figure is printed above its point and the other below: never over each other.
    ladder[0]!.data.forEach((read, i) => {
      assert.deepEqual([read.label.position, ladder[1]!.data[i]!.label.position].sort(), ['bottom', 'top'], `p${i}`);
    });
    await page.locator('[data-chart="run-ladder"]').scrollIntoViewIfNeeded();
    assert.deepEqual(ladder.map((s) => s.name), ['read', 'write']);
    await wb.screenshot(path.join(OUTPUT_DIR, 'latency-ladder.png'));
  });

  it('a drop of JSON files and logs: the sheet says which run each log joins, and asks the unit only of the log no run claims', async () => {
    const dir = fs.mkdtempSync(path.join(host.home, 'mixed-'));
    const disk = path.join(REPO_ROOT, 'samples', 'fio', 'disk');
    const clat = fs.readFileSync(path.join(DETAIL, 'randrw70_clat.1.log'));
    const file = (name: string, bytes: Buffer): string => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const files = [
      file('randread-4k-qd1.json', fs.readFileSync(path.join(disk, 'randread-4k-qd1.json'))),
      file('randwrite-4k-qd16.json', fs.readFileSync(path.join(disk, 'randwrite-4k-qd16.json'))),
      file('randread-4k-qd1_clat.1.log', clat),
      // A log of some other job (and other bytes): two JSON runs could own it, so none does.
      file('old-test_clat.1.log', Buffer.concat([clat, Buffer.from('9999, 1, 0, 4096, 0\n')])),
      // fio leaves an empty slat log beside the others for sync engines: skipped, not refused.
      file('randread-4k-qd1_slat.1.log', Buffer.alloc(0)),
    ];
    await wb.dropFiles(files);
    await wb.sheet().locator('input[name="study"]').fill('Mixed drop');
    await wb.sheet().locator('input[name="config"]').fill('disk');
    const row = (name: string) => wb.sheet().locator(`tr[data-file="${name}"]`);
    await row('old-test_clat.1.log').locator('[data-testid="log-unit"]').waitFor();
    assert.match(await row('randread-4k-qd1_clat.1.log').locator('[data-testid="log-owner"]').textContent() ?? '', /Joins run randread-4k-qd1 \(randread-4k-qd1\.json\): the JSON file has the same name stem/);
    assert.equal(await row('randread-4k-qd1_clat.1.log').locator('[data-testid="log-unit"]').count(), 0, 'its JSON says the unit: not asked');
    assert.match(await row('old-test_clat.1.log').locator('[data-testid="log-owner"]').textContent() ?? '', /A run of its own: several fio JSON runs could own it/);
    await row('old-test_clat.1.log').locator('select[name="log-unit"]').selectOption('us');
    await wb.screenshot(path.join(OUTPUT_DIR, 'import-log-claims.png'));
    assert.equal(await row('randread-4k-qd1_slat.1.log').locator('td').nth(1).textContent(), 'empty: skipped');
    const summary = await wb.confirmImport('Mixed drop', 'disk');
    assert.match(summary, /Imported 4 files \(3 runs\); 0 already imported; 0 failed\. 1 file with nothing to import skipped \(empty, or not a result\)\./);
    assert.match(await row('old-test_clat.1.log').textContent() ?? '', /latency read as µs \(fio 2\.x\), as chosen at import/);
    assert.match(await row('randread-4k-qd1_clat.1.log').textContent() ?? '', /attached to run \d+ "randread-4k-qd1"/);
    await wb.closeSheet();

    // Later, a log of that job alone: the stored run claims it, in its own configuration only.
    const later = file('randread-4k-qd1_lat.1.log', Buffer.concat([clat, Buffer.from('9998, 1, 0, 4096, 0\n')]));
    await wb.dropFiles([later]);
    await wb.sheet().locator('input[name="study"]').fill('Mixed drop');
    await wb.sheet().locator('input[name="config"]').fill('disk');
    const owner = row('randread-4k-qd1_lat.1.log').locator('[data-testid="log-owner"]');
    await owner.filter({ hasText: /Joins run randread-4k-qd1/ }).waitFor();
    assert.equal(await row('randread-4k-qd1_lat.1.log').locator('[data-testid="log-unit"]').count(), 0);
    await wb.sheet().locator('input[name="config"]').fill('another disk');
    await row('randread-4k-qd1_lat.1.log').locator('[data-testid="log-unit"]').waitFor();
    assert.match(await owner.textContent() ?? '', /A run of its own: no fio JSON run of the same name or folder/);
    await wb.cancelSheet();
  });
});
