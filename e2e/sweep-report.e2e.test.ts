/**
 * Issue 28's evidence: a generated sweep of the study's shape (seven PostgreSQL configurations,
 * sysbench oltp_read_write logs from 2 to 128 threads, 512 on two, two or three repetitions,
 * one run excluded with a reason, a monthly price each) imported, excluded and priced through
 * the CLI, its DEFAULT report printed to PDF and read back with pdftotext: every
 * configuration's peak and its load, p95 there, "stable up to", the baseline (the first
 * configuration imported, not the alphabetically first), the exclusion and its reason, and TPS
 * per 1,000 $/month. The expected figures are computed here from the numbers the generator wrote.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { OUTPUT_DIR, runCli } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { SWEEP_CONFIGS, writeSysbenchSweep, type GeneratedRun } from './support/sysbench-sweep.js';
import { formatNumber } from '../renderer/number-format.js';

const skip = hasPoppler() ? {} : { skip: 'pdftotext (poppler-utils) is not installed' };
const homes: string[] = [];
after(() => { for (const h of homes) fs.rmSync(h, { recursive: true, force: true }); });

const STUDY = 'pg15-clouds';
const REASON = 'noisy neighbour: the host was live-migrated during the run';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Expected { config: string; peak: number; at: number; p95: number; stable: number; whole: boolean; lastLoad: boolean; perPrice: number }

/** What the report must state, from the generated numbers alone (the author's reading of the study). */
function expected(runs: readonly GeneratedRun[]): Expected[] {
  return SWEEP_CONFIGS.map((c) => {
    const mine = runs.filter((r) => r.config === c.name && !r.outlier);
    const loads = [...new Set(mine.map((r) => r.threads))].sort((a, b) => a - b);
    const tps = loads.map((t) => median(mine.filter((r) => r.threads === t).map((r) => r.tps)));
    const p95 = loads.map((t) => median(mine.filter((r) => r.threads === t).map((r) => r.p95)));
    let i = 0;
    tps.forEach((v, j) => { if (v > tps[i]!) i = j; });
    // Loads double: "stable up to" is the last load before p95 grows by more than 50% in one step.
    const jump = p95.findIndex((v, j) => j > 0 && v / p95[j - 1]! > 1.5);
    return {
      config: c.name, peak: tps[i]!, at: loads[i]!, p95: p95[i]!, stable: jump < 0 ? loads[loads.length - 1]! : loads[jump - 1]!, whole: jump < 0,
      lastLoad: i === loads.length - 1, perPrice: (tps[i]! / c.price) * 1000,
    };
  });
}

describe('a sweep study tells its story (issue 28)', () => {
  it('the default report of seven configurations swept over threads states each peak, p95 there, "stable up to", the baseline, the exclusion and TPS per price', skip, () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-sweep-'));
    homes.push(home);
    const logs = path.join(home, 'logs');
    const generated = writeSysbenchSweep(logs);
    // One configuration at a time, in the order the study was run: Zeta Cloud first, though "Alibaba" sorts first.
    SWEEP_CONFIGS.forEach((c, i) => {
      const r = runCli(home, 'import', '--study', STUDY, '--config', c.name, path.join(logs, `config-${i + 1}`));
      assert.equal(r.status, 0, r.stderr);
    });
    const runs = JSON.parse(runCli(home, 'runs', '--study', STUDY, '--json').stdout) as Array<{ id: number; config: string; params: { threads?: number }; metrics: Record<string, number>; source: { file: string } }>;
    assert.equal(runs.length, generated.length, 'a run per sysbench run of every file');
    const bad = generated.find((g) => g.outlier)!;
    const victim = runs.find((r) => r.config === bad.config && r.params.threads === bad.threads && r.metrics['tps'] === bad.tps)!;
    const ex = runCli(home, 'runs', 'exclude', '--run', String(victim.id), '--reason', REASON);
    assert.equal(ex.status, 0, ex.stderr);
    for (const c of SWEEP_CONFIGS) {
      const r = runCli(home, 'configs', 'set', '--study', STUDY, '--config', c.name, '--constant', `price_usd_month=${c.price}`);
      assert.equal(r.status, 0, r.stderr);
    }

    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const pdf = path.join(OUTPUT_DIR, 'sweep-issue-28.pdf');
    const printed = runCli(home, 'report', '--study', STUDY, '--out', pdf, '--json');
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal((JSON.parse(printed.stdout) as { report: { name: string } }).report.name, 'Sweep', 'the default for a swept study is the sweep template');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    const num = (v: number, unit: string): string => formatNumber(v, unit, 'en-US');

    const baseline = SWEEP_CONFIGS[0]!.name;
    assert.ok(text.includes(`${baseline} Peak`) && text.includes("Baseline: the other configurations' peaks are set against this one"), 'the first configuration imported is the baseline');
    const want = expected(generated);
    const base = want[0]!;
    for (const e of want) {
      // The card reads: name, "Peak 5,329.11 TPS at 64 threads", the ratio, p95 at that load, stable up to, price-performance.
      const card = text.slice(text.indexOf(`${e.config} Peak`));
      assert.ok(text.includes(`${e.config} Peak ${num(e.peak, 'TPS')} TPS at ${e.at} threads`), `${e.config}: peak ${num(e.peak, 'TPS')} TPS at ${e.at} threads`);
      assert.ok(card.includes(`latency p95 at ${e.at} threads: ${num(e.p95, 'ms')} ms`), `${e.config}: p95 ${num(e.p95, 'ms')} ms at the peak`);
      assert.ok(card.includes(e.whole ? `stable over the whole sweep (up to ${e.stable} threads)` : `stable up to ${e.stable} threads`), `${e.config}: stable up to ${e.stable}`);
      assert.ok(card.includes(`${num(e.perPrice, 'TPS per 1,000 $/month')} TPS per 1,000 $/month at the peak`), `${e.config}: ${num(e.perPrice, '')} TPS per 1,000 $/month`);
      if (e !== base) assert.ok(card.includes(`${(e.peak / base.peak).toFixed(2)}x the peak TPS of ${baseline}`), `${e.config}: its peak against the baseline's`);
      if (e.lastLoad) assert.ok(card.includes(`The peak is at the highest load swept (${e.at} threads)`), `${e.config}: may still have been rising`);
    }
    assert.ok(want.some((e) => e.lastLoad) && want.some((e) => e.at === 256), 'the sweep has a peak at its last load and one at 256 threads (a 512-thread sweep)');
    // The rule in words, the exclusion on its card and in the evidence, the geometric mean labelled secondary.
    assert.ok(text.includes('Stable up to: the last load before latency p95 grows by more than 50% for one doubling of threads.'));
    assert.ok(text.includes(`1 run left out: #${victim.id} ${REASON}`), 'the excluded run on its configuration\'s card');
    // The evidence's table wraps its cells side by side: read in content order.
    const raw = spawnSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const evidence = raw.slice(raw.lastIndexOf('Runs excluded from comparisons'));
    assert.ok(evidence.includes(`#${victim.id} oltp_read_write, 64 threads Azure Flexible PG15`) && evidence.replace(/- /g, '-').includes(REASON), 'the evidence lists the run with its reason');
    assert.ok(text.includes('TPS, geometric mean over the sweep (secondary)'));
    assert.ok(!text.includes(`the peak TPS of ${[...SWEEP_CONFIGS].map((c) => c.name).sort()[0]}`), 'never the alphabetically first as baseline');

    // The workbook's Headline sheet holds the same peaks, as numbers.
    const xlsx = path.join(OUTPUT_DIR, 'sweep-issue-28.xlsx');
    assert.equal(runCli(home, 'export', '--study', STUDY, '--out', xlsx).status, 0);
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(fs.readFileSync(xlsx), { type: 'buffer' }).Sheets['Headline']!, { header: 1 });
    const azure = want[3]!;
    const row = sheet.find((r) => r[0] === azure.config && r[1] === azure.peak);
    assert.ok(row && row[2] === azure.at && row[4] === azure.p95, `the XLSX: ${azure.config}'s peak, load and p95`);
    assert.ok(String(row[row.length - 1]).includes(REASON), 'and the run left out, with its reason');

    // The pages, for a person to look at (e2e/output).
    const pngs = pdfToPngs(pdf, 60);
    assert.ok(pngs.length >= 3, 'title, headline and the rest');

    // The same words in Chinese.
    const zh = path.join(OUTPUT_DIR, 'sweep-issue-28-zh.pdf');
    const r = runCli(home, 'report', '--study', STUDY, '--template', 'sweep', '--locale', 'zh-CN', '--out', zh);
    assert.equal(r.status, 0, r.stderr);
    const zhText = pdfText(zh).replace(/\s+/g, ' ');
    assert.ok(zhText.includes(`峰值 ${num(want[3]!.peak, 'TPS')} TPS，在 ${want[3]!.at} 线程`), 'the peak in Chinese');
    assert.ok(zhText.includes(`为 ${baseline} 峰值TPS的 ${(want[3]!.peak / base.peak).toFixed(2)}x`), 'the ratio in Chinese');
    assert.ok(zhText.includes('基线：其他配置的峰值都与它对比'));

    // The latency chosen for the report (28.2): the mean instead of p95, stated in the rule and at each peak.
    const mean = path.join(OUTPUT_DIR, 'sweep-issue-28-mean.pdf');
    const m = runCli(home, 'report', '--study', STUDY, '--template', 'sweep', '--latency-metric', 'total.lat_avg_ms', '--out', mean);
    assert.equal(m.status, 0, m.stderr);
    const meanText = pdfText(mean).replace(/\s+/g, ' ');
    assert.match(meanText, /Stable up to: the last load before mean latency grows by more than 50% for one doubling of threads/);
    assert.ok(!/latency p95 at \d+ threads/.test(meanText), 'p95 no longer stated at the peaks');
    const wrong = runCli(home, 'report', '--study', STUDY, '--template', 'sweep', '--latency-metric', 'total.lat_p95', '--out', mean);
    assert.equal(wrong.status, 1, 'a latency the runs do not have is an error naming the closest');
    assert.match(wrong.stderr, /total\.lat_p95_ms/);
  });
});
