/**
 * Issue 33's evidence: two studies PerfDelta had never seen, generated in their tools' formats
 * (app/core/test-support/stranger-studies.ts), from import to PDF.
 *
 * - Four cloud volumes over seven block sizes, fio 2.14 JSON, dropped as one folder: the runs that
 *   ran on four devices are proposed as configurations (one click), then the default report's
 *   first page states the design and the findings with their numbers (the general volume the same
 *   up to 64K, 16.7% and 16.5% lower at 128K and 256K; the RAID-0's 1.26x bandwidth), and
 *   --baseline and --where change every section alike.
 * - Six database servers, sysbench 0.5 short- and long-range runs told apart only by the file
 *   name: refused as repetitions, the token accepted as a parameter with one click, Scaling draws
 *   the split curves, and the report states the author's findings (10.3's peak at 32 threads and
 *   its fall; 10.2 18-19% faster from 64 to 256 threads; 8.0 a lot faster).
 * The expected figures are computed here from the numbers the generators wrote.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { launchChromium } from './support/browser.js';
import { OUTPUT_DIR, runCli, startHost, type RunningHost } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { SERVERS, writeFioVolumes, writeSysbenchServers, type FioRun, type SysbenchRun } from '../app/core/test-support/stranger-studies.js';

const skip = hasPoppler() ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };
const EBS = 'ebs-volumes';
const DB = 'mariadb-servers';
const flat = (s: string): string => s.replace(/\s+/g, ' ');
const pct = (a: number, b: number): string => `${Math.abs(((b - a) / a) * 100).toFixed(1)}%`;

describe('any study, told right (issue 33)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let fio: FioRun[];
  let sb: SysbenchRun[];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-findings-'));

  before(async () => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-findings-home-'));
    fio = writeFioVolumes(path.join(dir, 'volumes'));
    sb = writeSysbenchServers(path.join(dir, 'servers'));
    // The volumes dropped as one folder under one label: the volume is only in the file names and fio's filename.
    assert.equal(runCli(home, 'import', '--study', EBS, '--config', 'ebs', path.join(dir, 'volumes')).status, 0);
    for (const s of SERVERS) assert.equal(runCli(home, 'import', '--study', DB, '--config', s.name, path.join(dir, 'servers', s.name)).status, 0);
    host = await startHost({ home });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`));
    wb = new WorkbenchPage(page);
    await wb.open(host.url);
  });
  after(async () => {
    await browser?.close();
    await host?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('volumes on four devices under one label: proposed as configurations, accepted with one click', async () => {
    await wb.openStudy(EBS);
    await page.locator('[data-tab="runs"]').click();
    const banner = page.locator('[data-testid="not-repetitions"]');
    await banner.waitFor();
    assert.match(flat(await banner.textContent() ?? ''), /not repetitions/);
    assert.match(flat(await banner.textContent() ?? ''), /ran on 4 different devices or files \(fio filename\)/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'findings-volume-proposal.png'));
    await banner.locator('button[name="accept-configs"]').click();
    await banner.waitFor({ state: 'detached' });
    const studies = JSON.parse(runCli(host.home, 'studies', '--json').stdout) as Array<{ slug: string; configs: string[] }>;
    assert.deepEqual(studies.find((s) => s.slug === EBS)!.configs.sort(), ['gp3-1000mbs', 'gp3-16000', 'io2-16000', 'raid0-gp3x2'], 'named by the file-name token');
  });

  it('the default report, set against io2: the first page states the design and each finding with its numbers', skip, () => {
    const pdf = path.join(OUTPUT_DIR, 'findings-volumes.pdf');
    const r = runCli(host.home, 'report', '--study', EBS, '--baseline', 'io2-16000', '--out', pdf);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(!/slow query/.test(r.stderr), 'nothing about the store on stderr');
    const first = flat(pdfText(pdf, 1));
    assert.ok(first.includes('The study: 4 configurations × 7 block sizes, one run each, random write at depth 16 × 16 jobs'), first);
    const at = (volume: string, kib: number): FioRun => fio.find((f) => f.volume === volume && f.bsKib === kib)!;
    const [g128, g256] = [128, 256].map((k) => pct(at('io2-16000', k).mibs, at('gp3-16000', k).mibs));
    assert.deepEqual([g128, g256], ['16.7%', '16.5%'], 'the generator wrote the issue\'s figures');
    assert.ok(first.includes(`gp3-16000 matches io2-16000 in IOPS from 4K to 64K (within ±0.3%); at 128K and 256K its bandwidth is ${g128} and ${g256} lower.`), first);
    const top = (v: string): number => Math.max(...fio.filter((f) => f.volume === v).map((f) => f.mibs));
    const ratio = (top('raid0-gp3x2') / top('io2-16000')).toFixed(2);
    assert.equal(ratio, '1.26');
    assert.ok(first.includes(`raid0-gp3x2 is the best at every block size; its bandwidth tops out at 1,317 MiB/s against 1,043 MiB/s for io2-16000 (${ratio}x).`), first);
    // No regression worded as a win, no mean of disagreeing verdicts as a headline.
    assert.ok(!/gp3-16000 is (worse|better) than io2-16000 in all/.test(first), 'the general volume\'s geometric mean is not a finding');
    const text = flat(pdfText(pdf));
    assert.match(text, /gp3-16000's geometric mean of 0\.95x \(IOPS, 7 workloads\) is secondary: the workloads disagree \(0 better, 2 worse, 5 the same\)/);
    assert.match(text, /Grey cells: within the tie band \(±2%\)/, 'the heat map says what a grey cell is');
    assert.match(text, /Tie band: ±2%, the default where no repetitions measure run-to-run noise/);
    // Every section set against io2: the heat map (the comparison and values are checked in the workbook below).
    assert.match(text, /IOPS speedup against io2-16000/);
    assert.ok(pdfToPngs(pdf).length >= 4, 'pages rendered for a person to look at (e2e/output)');
  });

  it('--where changes every section alike: findings, pairs and curves of the large blocks only', skip, () => {
    const pdf = path.join(OUTPUT_DIR, 'findings-volumes-large.pdf');
    const r = runCli(host.home, 'report', '--study', EBS, '--where', 'bs=128K,256K', '--out', pdf);
    assert.equal(r.status, 0, r.stderr);
    const text = flat(pdfText(pdf));
    assert.match(text, /The study: 4 configurations × 2 block sizes, one run each, random write at depth 16 × 16 jobs \(Only workloads where bs=128K,256K\)/);
    assert.ok(text.includes('gp3-16000: at 128K and 256K its bandwidth is 16.7% and 16.5% lower.'), text.slice(0, 1500));
    // Every section of the same document (the workbook holds each table's and chart's numbers): only the large blocks.
    const xlsx = path.join(OUTPUT_DIR, 'findings-volumes-large.xlsx');
    assert.equal(runCli(host.home, 'export', '--study', EBS, '--out', xlsx).status, 0);
    const book = XLSX.read(fs.readFileSync(xlsx), { type: 'buffer' });
    const small = /^(4K|8K|16K|32K|64K) random write/;
    let rows = 0;
    for (const name of book.SheetNames.filter((n) => n !== 'Runs' && n !== 'Evidence')) {
      for (const row of XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 })) {
        rows++;
        assert.ok(!row.some((c) => typeof c === 'string' && small.test(c)), `sheet "${name}": ${JSON.stringify(row)}`);
      }
    }
    assert.ok(rows > 20 && book.SheetNames.some((n) => n.startsWith('Chart')), 'tables and charts were read');
    // Set against io2 in every table: each comparison sheet's baseline.
    for (const name of book.SheetNames.filter((n) => /^Table \d+ total/.test(n))) {
      const header = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 })[0]!.map(String).join(' | ');
      assert.match(header, /Baseline \(io2-16000\)/, `${name}: ${header}`);
    }
    // A filter on a parameter no run has is an error naming the closest, and nothing is saved.
    const bad = runCli(host.home, 'report', '--study', EBS, '--where', 'blocksize=4K', '--out', pdf);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /unknown parameter "blocksize"/);
    const wrong = runCli(host.home, 'report', '--study', EBS, '--baseline', 'io2', '--out', pdf);
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /unknown configuration "io2".*"io2-16000"/);
    runCli(host.home, 'report', '--study', EBS, '--where', '', '--out', pdf);
  });

  it('the report editor edits the analysis: another baseline for every section, saved, the preview and its title page following', async () => {
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    await wb.openStudy(EBS);
    await page.locator('[data-tab="reports"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    const spec = page.locator('[data-testid="analysis-spec"]');
    assert.equal(await spec.locator('select[name="analysis-baseline"]').inputValue(), 'io2-16000', 'the baseline the CLI saved');
    await spec.locator('select[name="analysis-baseline"]').selectOption('raid0-gp3x2');
    await page.locator('button[name="save-report"]').click();
    await page.waitForFunction(() => /io2-16000: from 4K to 32K its IOPS is 50\.0% lower/.test(document.querySelector('[data-testid="cover-findings"]')?.textContent ?? ''));
    const cover = (await page.locator('[data-testid="cover-findings"]').textContent()) ?? '';
    assert.ok(!cover.includes('against 1,043 MiB/s for io2-16000'), 'no finding left on the old baseline');
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] .pd-page .report-chart[data-state="ready"]');
    const titles = await page.locator('.pd-page h2.pd-title').allTextContents();
    assert.ok(titles.some((t) => t.includes('speedup against raid0-gp3x2')), titles.join(' | '));
    // The candidates are the specification's too: one left out leaves every section.
    await spec.locator('input[name="analysis-candidate-gp3-1000mbs"]').uncheck();
    await page.locator('button[name="save-report"]').click();
    await page.waitForFunction(() => {
      const cover = document.querySelector('[data-testid="cover-findings"]')?.textContent ?? '';
      return /io2-16000/.test(cover) && !/gp3-1000mbs/.test(cover);
    });
    await wb.screenshot(path.join(OUTPUT_DIR, 'findings-report-editor.png'));
    const reports = JSON.parse(runCli(host.home, 'reports', '--study', EBS, '--json').stdout) as Array<{ layout: { analysis?: { baseline?: string; candidates?: string[] } } }>;
    assert.equal(reports[0]!.layout.analysis?.baseline, 'raid0-gp3x2');
    assert.deepEqual(reports[0]!.layout.analysis?.candidates, ['gp3-16000', 'io2-16000']);
  });

  it('servers: short and long ranges are not folded; the token is accepted as a parameter with one click; Scaling splits the curves', async () => {
    const before = runCli(host.home, 'analyse', '--study', DB);
    assert.equal(before.status, 0, before.stderr);
    assert.match(before.stdout, /NOT REPETITIONS: 54 groups of runs/);
    assert.match(before.stdout, /accept: perfdelta settings --study mariadb-servers --path-param 'ro\\\.\(short\|long\)\\\.=variant'/);
    assert.ok(!/peaks at/.test(before.stdout), 'no peak over runs that are not repetitions');
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    await wb.openStudy(DB);
    await page.locator('[data-tab="compare"]').click();
    const banner = page.locator('[data-testid="not-repetitions"]');
    await banner.waitFor();
    await wb.screenshot(path.join(OUTPUT_DIR, 'findings-token-proposal.png'));
    await banner.locator('input[name="proposal-param"]').fill('ranges');
    await banner.locator('button[name="accept-path-param"]').click();
    await banner.waitFor({ state: 'detached' });
    const settings = JSON.parse(runCli(host.home, 'settings', '--study', DB, '--json').stdout) as { path_params: Array<{ param: string }> };
    assert.deepEqual(settings.path_params.map((r) => r.param), ['ranges']);
    // Scaling: a curve per server and range.
    await page.locator('[data-tab="scaling"]').click();
    const view = page.locator('[data-testid="scaling-view"]');
    await view.locator('select[name="scaling-x"]').selectOption('threads');
    await view.locator('select[name="scaling-metric"]').selectOption('tps');
    // A line per range: the workloads to draw are the two ranges; all of them, a panel each.
    const workloads = await view.locator('select[name="scaling-workload"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.deepEqual(workloads.filter((w) => w !== '*'), ['oltp ranges=long', 'oltp ranges=short']);
    await view.locator('select[name="scaling-workload"]').selectOption('*');
    await page.waitForFunction(() => ((window.perfdeltaCharts?.['scaling']?.getOption() as { series?: Array<{ type: string }> } | undefined)?.series ?? []).filter((s) => s.type === 'line').length === 12);
    const lines = await page.evaluate(() => (window.perfdeltaCharts!['scaling']!.getOption() as { series: Array<{ type: string; data: unknown[] }> }).series.filter((s) => s.type === 'line').map((s) => s.data.length));
    assert.deepEqual(lines, Array(12).fill(9), 'six servers × two ranges, nine thread counts each');
    await wb.screenshot(path.join(OUTPUT_DIR, 'findings-scaling-split.png'));
    const cli = runCli(host.home, 'scaling', '--study', DB, '--where', 'ranges=short');
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(cli.stdout.split('\n').filter((l) => /^\S+ · oltp ranges=short: 1→/.test(l)).length, 6, 'the filter keeps the short ranges\' six curves');
    assert.ok(!cli.stdout.includes('ranges=long'));
  });

  it('the servers\' report states the author\'s findings on its first page; --baseline and --where change every section alike', skip, () => {
    const pdf = path.join(OUTPUT_DIR, 'findings-servers.pdf');
    const r = runCli(host.home, 'report', '--study', DB, '--where', 'ranges=short', '--out', pdf);
    assert.equal(r.status, 0, r.stderr);
    const first = flat(pdfText(pdf, 1));
    const tps = (server: string, threads: number): number => sb.find((x) => x.server === server && x.token === 'short' && x.threads === threads)!.tps;
    const fmt = (v: number): string => Math.round(v).toLocaleString('en-US');
    assert.ok(first.includes('The study: 6 configurations × 9 thread counts, one run each, oltp (Only workloads where ranges=short)'), first);
    assert.ok(first.includes(`mariadb-10.3 peaks at ${fmt(tps('mariadb-10.3', 32))} TPS at 32 threads, then falls: ${fmt(tps('mariadb-10.3', 256))} TPS at 256 threads (${pct(tps('mariadb-10.3', 32), tps('mariadb-10.3', 256))} lower).`), first);
    const up = [64, 128, 256].map((n) => pct(tps('mariadb-10.3', n), tps('mariadb-10.2', n)));
    assert.ok(up.every((u) => Number.parseFloat(u) >= 17 && Number.parseFloat(u) <= 19.5), up.join(' '));
    assert.ok(first.includes(`from 64 to 256 threads its TPS is ${up[0]}, ${up[1]} and ${up[2]} higher.`), first);
    assert.match(first, /mysql-8\.0 is the best at every thread count; its TPS tops out at 22,410 TPS against 13,708 TPS for mariadb-10\.3 \(1\.63x\)/);
    const all = flat(pdfText(pdf));
    assert.ok(!all.includes('ranges=long'), 'the filter reaches every section: no long-range curve, row or peak');
    assert.ok(!/8,981/.test(all), 'never the median of a short and a long run');
    pdfToPngs(pdf);

    // Another baseline: the findings, the peaks and the heat map are all set against it.
    const rebased = path.join(OUTPUT_DIR, 'findings-servers-mysql80.pdf');
    const b = runCli(host.home, 'report', '--study', DB, '--baseline', 'mysql-8.0', '--out', rebased);
    assert.equal(b.status, 0, b.stderr);
    const text = flat(pdfText(rebased));
    assert.match(text, /mariadb-10\.3: from 1 to 16 threads its TPS is [\d.]+% to [\d.]+% lower/);
    assert.match(text, /mysql-8\.0 Peak 22,410 TPS at 64 threads Baseline: the other configurations' peaks are set against this one/);
    assert.match(text, /speedup against mysql-8\.0/);
    assert.ok(!/speedup against mariadb-10\.3/.test(text), 'no section left on the old baseline');
    const reports = JSON.parse(runCli(host.home, 'reports', '--study', DB, '--json').stdout) as Array<{ layout: { analysis?: { baseline?: string }; where?: string } }>;
    assert.equal(reports[0]!.layout.analysis?.baseline, 'mysql-8.0', 'the specification is saved with the report');
    // An option that cannot apply is an error, never ignored.
    const none = runCli(host.home, 'scaling', '--study', DB, '--where', 'range=short');
    assert.equal(none.status, 1);
    assert.match(none.stderr, /unknown parameter "range".*"ranges"/);
  });
});
