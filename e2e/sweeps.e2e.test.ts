/**
 * Issues 27 and 28 end to end, on generated studies of their shapes (e2e/support/sweep-studies.ts):
 * issue 27's Ceph mounts (fio console output, 3 configurations × 4 workloads × 8 depths, one
 * short run, a numjobs=4 configuration) and issue 28's seven clouds (sysbench, 2 to 512 threads).
 * Imported with the CLI as a user would, then read in the workbench and in the printed reports:
 * the numjobs pairing proposed and applied, a panel per workload and per workload family, one
 * colour per configuration in every view, no two words of a chart printed over each other (the
 * boxes read from the drawn scene), the knee and "stable up to" on p95, log axes where values
 * span decades. Page PNGs land in e2e/output for a person to look at.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { chartTexts, textProblems } from './support/chart-boxes.js';
import { OUTPUT_DIR, runCli, type RunningHost } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import { CEPH_CONFIGS, CEPH_DEPTHS, SYSBENCH_CONFIGS, writeCephStudy, writeSysbenchStudy } from './support/sweep-studies.js';
import type { WorkbenchPage } from './support/workbench-page.js';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const poppler = hasPoppler();
const needPoppler = poppler ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };

const RBD = CEPH_CONFIGS[0].label;
const CEPHFS = CEPH_CONFIGS[1].label;
const RBD4 = CEPH_CONFIGS[3].label;

async function option(page: Page, id: string): Promise<Opt> {
  return page.evaluate((chartId) => window.perfdeltaCharts![chartId]!.getOption(), id) as Promise<Opt>;
}

/** The words of a chart that print over each other or off it: none, or the test fails naming them. */
async function assertReadable(page: Page, id: string, what: string): Promise<void> {
  const texts = await chartTexts(page, id);
  assert.ok(texts.boxes.length > 5, `${what}: the chart's words were read (${texts.boxes.length})`);
  assert.deepEqual(textProblems(texts), [], `${what}: words printed over each other`);
}

async function openTab(page: Page, wb: WorkbenchPage, slug: string, tab: string): Promise<void> {
  await wb.openStudy(slug);
  await page.locator(`[data-tab="${tab}"]`).click();
}

async function compareSides(page: Page, baseline: string, candidate: string, metric: string): Promise<void> {
  const view = page.locator('[data-testid="compare-view"]');
  await view.locator('select[name="baseline"]').selectOption(baseline);
  await view.locator('select[name="candidate"]').selectOption(candidate);
  await view.locator('select[name="metric"]').selectOption(metric);
  await page.waitForSelector(`[data-testid="compare-view"][data-state="ready"][data-result="${baseline}|${candidate}|${metric}"]`);
}

describe('the overprint check itself', () => {
  it('finds two words over each other (also turned), a word off the chart, and passes words apart', () => {
    const box = (text: string, x: number, y: number, w = 40, h = 12): { text: string; corners: Array<[number, number]> } => ({ text, corners: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] });
    const turned = (text: string, cx: number, cy: number): { text: string; corners: Array<[number, number]> } => ({ text, corners: [[cx - 20, cy - 20], [cx + 20, cy + 20], [cx + 14, cy + 26], [cx - 26, cy - 14]] });
    assert.deepEqual(textProblems({ width: 200, height: 100, boxes: [box('a', 0, 0), box('b', 50, 0), box('c', 0, 20)] }), []);
    assert.deepEqual(textProblems({ width: 200, height: 100, boxes: [box('1.07x', 10, 10), box('1.03x', 30, 14)] }), ['"1.07x" overlaps "1.03x"']);
    assert.deepEqual(textProblems({ width: 200, height: 100, boxes: [turned('QD16', 100, 50), box('QD32', 110, 60, 10, 4)] }), ['"QD16" overlaps "QD32"']);
    // Beside a slanted label's corner, inside its bounding rectangle but not on its ink: apart.
    assert.deepEqual(textProblems({ width: 200, height: 100, boxes: [turned('QD16', 100, 50), box('QD32', 116, 30, 4, 4)] }), []);
    assert.deepEqual(textProblems({ width: 200, height: 100, boxes: [box('a title too long', -30, 0, 260)] }), ['"a title too long" runs off the chart']);
  });
});

describe('sweeps drawn readably, paired as meant, judged on the study\'s latency (issues 27, 28)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-sweeps-'));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-sweeps-home-'));
  const pdfs = { ceph: path.join(OUTPUT_DIR, 'sweep-ceph.pdf'), clouds: path.join(OUTPUT_DIR, 'sweep-clouds.pdf'), matrix: path.join(OUTPUT_DIR, 'sweep-clouds-matrix.pdf') };

  before(async () => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    for (const c of writeCephStudy(path.join(made, 'ceph'))) {
      const r = runCli(home, 'import', '--study', 'Ceph mounts', '--config', c.label, c.folder);
      assert.equal(r.status, 0, r.stderr + r.stdout);
    }
    for (const s of writeSysbenchStudy(path.join(made, 'sysbench'))) {
      const r = runCli(home, 'import', '--study', 'Cloud PostgreSQL', '--config', s.label, s.file);
      assert.equal(r.status, 0, r.stderr + r.stdout);
    }
    ({ host, browser, page, wb } = await openWorkbench({ home }));
  });
  after(async () => {
    await closeWorkbench({ host, browser });
    fs.rmSync(made, { recursive: true, force: true });
  });

  it('CLI: numjobs=4 against numjobs=1 pairs nothing and the comparison proposes pairing without numjobs; applied, 32 pairs', () => {
    const r = runCli(home, 'compare', '--study', 'ceph-mounts', '--baseline', RBD, '--candidate', RBD4, '--metric', 'total.iops');
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes(`proposal: loads differ (4 vs 1 jobs): every run of "${RBD4}" has numjobs = 4, every run of "${RBD}" 1. Pairing without numjobs gives 32 pairs (now 0) that set different loads against each other, not the configurations at one load.`), r.stdout.slice(-600));
    const keys = /this comparison: add --pair-by (\S+)/.exec(r.stdout)![1]!;
    assert.ok(!keys.split(',').includes('numjobs') && keys.split(',').includes('iodepth'));
    const applied = JSON.parse(runCli(home, 'compare', '--study', 'ceph-mounts', '--baseline', RBD, '--candidate', RBD4, '--metric', 'total.iops', '--pair-by', keys, '--json').stdout) as Opt;
    assert.equal(applied['pairs'].length, 32);
    assert.equal(applied['proposal'], null);
    // The matrix with every mount names the one it leaves out, and why.
    const all = JSON.parse(runCli(home, 'compare', '--study', 'ceph-mounts', '--baseline', RBD, '--candidate', CEPHFS, '--candidate', CEPH_CONFIGS[2].label, '--candidate', RBD4, '--metric', 'total.iops', '--json').stdout) as Opt;
    assert.deepEqual(all['left_out'].map((l: Opt) => [l.candidate, l.reason, l.key]), [[RBD4, 'no-common-workload', 'numjobs']]);
    // And the short run is said (issue 27.1's 8.1 s run).
    assert.ok(all['warnings'].some((w: Opt) => w.code === 'short-runtime' && w.runs.length === 1));
  });

  it('CLI: sysbench\'s knee and "stable up to" are judged on p95 by default, on the mean when asked', () => {
    const p95 = JSON.parse(runCli(home, 'scaling', '--study', 'cloud-postgresql', '--x', 'threads', '--metric', 'tps', '--json').stdout) as Opt;
    assert.equal(p95['latency_metric'], 'total.lat_p95_ms');
    assert.equal(p95['stable_rule'], 'latency p95 grows by more than 50% for one doubling of threads');
    const stable = (r: Opt): Record<string, number> => Object.fromEntries(r['series'].map((s: Opt) => [s.config, s.stable_up_to]));
    assert.deepEqual(stable(p95), Object.fromEntries(SYSBENCH_CONFIGS.map((c) => [c.label, c.stableP95])));
    const mean = JSON.parse(runCli(home, 'scaling', '--study', 'cloud-postgresql', '--x', 'threads', '--metric', 'tps', '--latency-metric', 'total.lat_avg_ms', '--json').stdout) as Opt;
    assert.deepEqual(stable(mean), Object.fromEntries(SYSBENCH_CONFIGS.map((c) => [c.label, c.stableMean])));
    assert.equal(SYSBENCH_CONFIGS.filter((c) => c.stableMean < c.stableP95).length, 4, 'on the mean, four of seven read stable a step early');
    const text = runCli(home, 'scaling', '--study', 'cloud-postgresql', '--x', 'threads', '--metric', 'tps').stdout;
    assert.match(text, /"stable up to": the last load before latency p95 grows by more than 50% for one doubling of threads \(total\.lat_p95_ms\)/);
    const typo = runCli(home, 'scaling', '--study', 'cloud-postgresql', '--x', 'threads', '--metric', 'tps', '--latency-metric', 'total.lat_p59_ms');
    assert.equal(typo.status, 1);
    assert.match(typo.stderr, /total\.lat_p95_ms/, 'a metric the study lacks is named with the closest ones');
  });

  it('Compare: the proposal is shown with one click to apply; the matrix names what it leaves out', async () => {
    await openTab(page, wb, 'ceph-mounts', 'compare');
    await compareSides(page, RBD, RBD4, 'total.iops');
    const proposal = page.locator('[data-testid="pairing-proposal"]');
    await proposal.waitFor();
    assert.equal(await proposal.getAttribute('data-key'), 'numjobs');
    assert.match(await proposal.textContent() ?? '', /loads differ \(4 vs 1 jobs\).*Pairing without numjobs gives 32 pairs \(now 0\) that set different loads against each other/);
    const leftOut = page.locator(`[data-testid="left-out"] li[data-candidate="${RBD4}"]`);
    await leftOut.waitFor();
    assert.match(await leftOut.textContent() ?? '', /loads differ \(4 vs 1 jobs\)/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-compare-proposal.png'));
    await proposal.locator('button[name="apply-proposal"]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="speedup-table"] tbody tr').length === 32);
    await page.locator('[data-testid="pairing-proposal"]').waitFor({ state: 'detached' });
    assert.equal(await page.locator('input[name="key-numjobs"]').isChecked(), false, 'the study pairs without numjobs now');
    // Pairing on numjobs again, as the other comparisons expect.
    await page.locator('input[name="key-numjobs"]').check();
    await page.locator('[data-testid="pairing-proposal"]').waitFor();
  });

  it('Compare with 32 workloads: a panel per family with its own axis, one colour per configuration, no two labels over each other', async () => {
    await openTab(page, wb, 'ceph-mounts', 'compare');
    // NFS-Ganesha's 8.1 s run is said where its comparison is shown, naming the run (configuration · workload · file).
    await compareSides(page, RBD, CEPH_CONFIGS[2].label, 'total.iops');
    const short = page.locator('[data-testid="compare-warnings"] li[data-code="short-runtime"]');
    await short.waitFor();
    assert.match(await short.textContent() ?? '', /NFS-Ganesha · 64K seq write QD128 ×1 · 64k-write-qd128\.txt/);
    await compareSides(page, RBD, CEPHFS, 'total.iops');
    await page.waitForSelector('.chart[data-chart="compare-bars"][data-state="ready"]');
    const o = await option(page, 'compare-bars');
    assert.equal(o['grid'].length, 4, 'four families: 4K random read and write, 64K read and write');
    assert.deepEqual(o['title'].slice(1).map((t: Opt) => t.text), ['4K random read', '4K random write', '64K seq read', '64K seq write']);
    for (const x of o['xAxis']) assert.deepEqual(x.data, CEPH_DEPTHS.map((d) => `QD${d}`));
    assert.equal(o['yAxis'].length, 4, 'each family its own value axis: the 64K bars do not flatten the 4K ones');
    assert.deepEqual(o['legend'][0].data, [RBD, CEPHFS], 'the legend names the sides once');
    await assertReadable(page, 'compare-bars', 'compare bars');
    await page.waitForSelector('.chart[data-chart="speedup-heatmap"][data-state="ready"]');
    await assertReadable(page, 'speedup-heatmap', 'speedup heat map');
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-compare-families.png'));
    await page.locator('.chart[data-chart="speedup-heatmap"]').scrollIntoViewIfNeeded();
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-compare-heatmap.png'));
  });

  it('Scaling, all workloads: a panel per workload, a legend of configurations only, one colour each and the same as in Compare; knees at one depth stand apart', async () => {
    const compareColours = Object.fromEntries((await option(page, 'compare-bars'))['series'].slice(0, 2).map((s: Opt) => [s.name, s.itemStyle.color]));
    await page.locator('[data-tab="scaling"]').click();
    const view = page.locator('[data-testid="scaling-view"]');
    await view.locator('select[name="scaling-x"]').selectOption('iodepth');
    await view.locator('select[name="scaling-metric"]').selectOption('total.iops');
    await view.locator('select[name="scaling-workload"]').selectOption('*');
    await page.waitForFunction(() => ((window.perfdeltaCharts?.['scaling']?.getOption() as { grid?: unknown[] } | undefined)?.grid?.length ?? 0) === 4);
    const o = await option(page, 'scaling');
    assert.deepEqual(o['title'].slice(1).map((t: Opt) => t.text), ['4K random read', '4K random write', '64K seq read', '64K seq write']);
    assert.deepEqual(o['legend'][0].data, CEPH_CONFIGS.map((c) => c.label), 'configurations only, in the study\'s order');
    const colour = new Map<string, Set<string>>();
    for (const s of o['series']) colour.set(s.name, (colour.get(s.name) ?? new Set()).add(s.lineStyle.color));
    assert.ok([...colour.values()].every((c) => c.size === 1), 'a configuration is one colour in every panel');
    assert.equal(new Set([...colour.values()].map((c) => [...c][0])).size, 4, 'four configurations, four colours');
    assert.equal([...colour.get(RBD)!][0], compareColours[RBD], 'RBD is the colour it is in Compare');
    assert.equal([...colour.get(CEPHFS)!][0], compareColours[CEPHFS]);
    // RBD and CephFS saturate alike on 4K random reads: their knees share a depth and must not pile up.
    const knees = o['series'].filter((s: Opt) => s.xAxisIndex === 0 && s.markPoint).map((s: Opt) => ({ x: s.markPoint.data[0].coord[0], dx: s.markPoint.symbolOffset[0] }));
    const shared = knees.filter((k: Opt) => knees.filter((j: Opt) => j.x === k.x).length > 1);
    assert.ok(shared.length >= 2, `knees at one depth in the first panel (${JSON.stringify(knees)})`);
    assert.equal(new Set(shared.map((k: Opt) => k.dx)).size, shared.length, 'each drawn at its own offset');
    await assertReadable(page, 'scaling', 'scaling panels');
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-scaling-panels.png'));
    // Saved and opened again from Charts: the same builder draws the same panels at the same height.
    const viewHeight = await page.evaluate(() => (window.perfdeltaCharts as unknown as Record<string, { getHeight(): number }>)['scaling']!.getHeight());
    await page.locator('[data-testid="scaling-view"] button[name="save-chart"]').click();
    await page.locator('input[name="chart-name"]').fill('IOPS by depth, every workload');
    await page.locator('button[name="confirm-save-chart"]').click();
    await page.locator('[data-testid="chart-saved"]').waitFor();
    await page.locator('[data-tab="charts"]').click();
    await page.waitForSelector('[data-testid="charts-view"][data-state="ready"]');
    await page.locator('[data-testid="charts-table"] tr[data-name="IOPS by depth, every workload"] button[name="open-chart"]').click();
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"] .chart[data-state="ready"]');
    const saved = await option(page, 'builder');
    assert.deepEqual(saved['title'].slice(1).map((t: Opt) => t.text), o['title'].slice(1).map((t: Opt) => t.text), 'the saved chart: a panel per workload');
    assert.deepEqual(saved['legend'][0].data, o['legend'][0].data);
    assert.equal(await page.evaluate(() => (window.perfdeltaCharts as unknown as Record<string, { getHeight(): number }>)['builder']!.getHeight()), viewHeight, 'as tall as in Scaling');
    await assertReadable(page, 'builder', 'saved scaling chart');
  });

  it('a fio console run says how its IOPS were read: exact, from the issued I/Os over the runtime (issue 27.2)', async () => {
    await openTab(page, wb, 'ceph-mounts', 'runs');
    await page.locator('[data-testid="runs-table"] tbody tr[data-run]').first().click();
    const notes = page.locator('[data-testid="run-detail"] [data-testid="run-notes"]');
    await notes.waitFor();
    assert.match((await notes.textContent()) ?? '', /How these figures were read.*IOPS: exact, issued I\/Os ÷ runtime/s);
  });

  it('the sweep report prints the panels (the same builder), and its words never overprint', needPoppler, async () => {
    const r = runCli(home, 'report', '--study', 'ceph-mounts', '--template', 'sweep', '--out', pdfs.ceph);
    assert.equal(r.status, 0, r.stderr);
    const text = pdfText(pdfs.ceph);
    for (const w of ['4K random read', '4K random write', '64K seq read', '64K seq write']) assert.ok(text.includes(w), `panel "${w}" in the PDF`);
    assert.match(text.replace(/\s+/g, ' '), /runtime under 60 s: results may not have reached steady state \(1 run: \d+\)/, 'the 8.1 s run is named in the report');
    assert.ok(pdfToPngs(pdfs.ceph).length > 3);
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    await openTab(page, wb, 'ceph-mounts', 'reports');
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    const ids = await page.locator('.pd-page .report-chart[data-state="ready"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')!));
    assert.ok(ids.length >= 2, 'the scaling charts are on the pages');
    for (const id of ids) {
      const o = await option(page, id);
      if (o['series'].some((s: Opt) => s.type === 'line')) assert.equal(o['grid'].length, 4, `${id}: a panel per workload on paper too`);
      await assertReadable(page, id, `report chart ${id}`);
    }
  });

  it('Scaling of seven clouds: the legend beside the plot, names wrapped at spaces; knee and "stable up to" on p95, the rule in words; p95 on a log axis', async () => {
    await openTab(page, wb, 'cloud-postgresql', 'scaling');
    const view = page.locator('[data-testid="scaling-view"]');
    await view.locator('select[name="scaling-x"]').selectOption('threads');
    await view.locator('select[name="scaling-metric"]').selectOption('tps');
    await page.waitForSelector('[data-testid="stable-rule"][data-latency="total.lat_p95_ms"]');
    assert.match(await page.locator('[data-testid="stable-rule"]').textContent() ?? '', /"Stable up to": the last load before total latency p95 grows by more than 50% for one doubling of threads\./i);
    const stable = async (): Promise<Record<string, number>> => Object.fromEntries(await page.locator('[data-testid="knees"] li').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-config'), Number(li.getAttribute('data-stable'))])));
    assert.deepEqual(await stable(), Object.fromEntries(SYSBENCH_CONFIGS.map((c) => [c.label, c.stableP95])));
    const o = await option(page, 'scaling');
    const legend = o['legend'][0];
    assert.equal(legend.orient, 'vertical', 'seven long names go beside the plot');
    assert.equal(legend.type, 'plain', 'no pages hiding entries');
    assert.equal(legend.textStyle.overflow, 'break', 'wrapped at word boundaries, never cut');
    assert.equal(legend.data.length, 7);
    await assertReadable(page, 'scaling', 'seven clouds TPS');
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-scaling-clouds.png'));
    // On the mean, four configurations read stable a step earlier.
    await view.locator('select[name="scaling-latency"]').selectOption('total.lat_avg_ms');
    await page.waitForSelector('[data-testid="stable-rule"][data-latency="total.lat_avg_ms"]');
    assert.deepEqual(await stable(), Object.fromEntries(SYSBENCH_CONFIGS.map((c) => [c.label, c.stableMean])));
    // p95 reaches seconds at 512 threads: a log axis, and said.
    await view.locator('select[name="scaling-metric"]').selectOption('total.lat_p95_ms');
    await page.waitForFunction(() => (window.perfdeltaCharts?.['scaling']?.getOption() as { yAxis?: Array<{ type: string }> } | undefined)?.yAxis?.[0]?.type === 'log');
    const p95 = await option(page, 'scaling');
    assert.match(p95['yAxis'][0].name, /log scale/);
    await assertReadable(page, 'scaling', 'seven clouds p95');
    await wb.screenshot(path.join(OUTPUT_DIR, 'sweep-scaling-clouds-p95.png'));
  });

  it('the clouds\' reports: heat-map names cut with an ellipsis rather than overprinted, legends clear of the axes, on paper', needPoppler, async () => {
    for (const [template, out] of [['sweep', pdfs.clouds], ['config-matrix', pdfs.matrix]] as const) {
      const r = runCli(home, 'report', '--study', 'cloud-postgresql', '--template', template, '--out', out);
      assert.equal(r.status, 0, r.stderr);
      assert.ok(pdfToPngs(out).length > 2);
    }
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    await openTab(page, wb, 'cloud-postgresql', 'reports');
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    for (const name of ['Sweep', 'Configuration matrix']) {
      await page.locator('select[name="report"]').selectOption({ label: name });
      await page.waitForFunction((n) => document.querySelector<HTMLInputElement>('input[name="report-name"]')?.value === n, name);
      await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] .pd-page .report-chart[data-state="ready"]');
      const ids = await page.locator('.pd-page .report-chart[data-state="ready"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')!));
      for (const id of ids) await assertReadable(page, id, `${name}: ${id}`);
      if (name !== 'Sweep') continue;
      // A wrapped legend name: each printed line is whole words of the name, never a word cut.
      const names = SYSBENCH_CONFIGS.map((c) => c.label.split(' '));
      const lines = await page.locator('.pd-page .report-chart svg text, .pd-page .report-chart svg tspan').evaluateAll((ts) => ts.filter((t) => t.children.length === 0).map((t) => (t.textContent ?? '').trim()));
      const fragments = lines.filter((l) => l.length >= 4 && names.some((n) => n.join(' ').includes(l)));
      const wholeWords = (l: string): boolean => names.some((n) => { const w = l.split(' '); return n.some((_, i) => w.every((x, k) => n[i + k] === x)); });
      assert.ok(fragments.length >= 14, `the legend's lines were read (${fragments.length}: two charts of seven names)`);
      assert.deepEqual(fragments.filter((l) => !wholeWords(l)), [], 'no name cut inside a word');
      assert.ok(fragments.some((l) => !names.some((n) => n.join(' ') === l)), 'some long name did wrap');
    }
  });
});
