/**
 * Issue 40's evidence: a generated study of the shape it met (HammerDB 4.7 TPROC-C, MySQL 8.0
 * against PostgreSQL 14 at 1, 10 and 100 virtual users, PostgreSQL in three attempts with
 * pg_raiseerror false, true, false, the 100-user attempt with errors raised ending 95 of its 100
 * users FINISHED FAILED, the author's README quoting the captures' lines beside them) imported
 * folder by folder with the CLI, then printed to PDF (read back with pdftotext) and exported to
 * XLSX: the README skipped with its reason, the failed users stated in the headline and the
 * evidence, the failing run out of the roll-up with its reason and counted back in on request,
 * TPM across the two engines warned of, every configuration in the values table. The expected
 * figures come from the generator's numbers.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { HAMMERDB_STUDY, writeHammerdbStudy } from '../importers/test-support/hammerdb-study.js';
import { Core } from '../app/core/core.js';
import { OUTPUT_DIR, runCli } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const skip = hasPoppler() ? {} : { skip: 'pdftotext (poppler-utils) is not installed' };
const homes: string[] = [];
after(() => { for (const h of homes) fs.rmSync(h, { recursive: true, force: true }); });

const STUDY = 'MySQL vs PostgreSQL TPROC-C';
const [MYSQL, PG_FALSE, PG_TRUE, PG_THIRD] = HAMMERDB_STUDY.map((c) => c.label) as [string, string, string, string];
const flat = (s: string): string => s.replace(/\s+/g, ' ');

interface RunJson { id: number; config: string; params: Record<string, unknown>; metrics: Record<string, number>; validity: Array<{ severity: string; message: string }>; excluded: { reason: string; automatic?: string } | null }

describe('what PerfDelta knows about a run goes into every verdict (issue 40)', () => {
  it('folder import to PDF and XLSX: the README skipped, the failed users in the headline and the evidence, the failing run out of the roll-up, TPM warned of, every configuration in the values table', skip, () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-validity-'));
    homes.push(home);
    const { readme, folders } = writeHammerdbStudy(path.join(home, 'study'));

    // One configuration at a time, as the author ran them; the README goes in with the first folder.
    HAMMERDB_STUDY.forEach((c, i) => {
      const r = runCli(home, 'import', '--study', STUDY, '--config', c.label, folders[c.label]!, ...(i === 0 ? [readme] : []), '--json');
      assert.equal(r.status, 0, r.stderr);
      const files = (JSON.parse(r.stdout) as { files: Array<{ path: string; status: string; runs: number[]; warnings: string[] }> }).files;
      assert.equal(files.filter((f) => f.status === 'imported').length, c.runs.length, `${c.label}: a run per capture`);
      if (i === 0) {
        const skipped = files.find((f) => f.path.endsWith('README.md'))!;
        assert.equal(skipped.status, 'skipped');
        assert.deepEqual(skipped.runs, [], 'the README makes no run: not the 100-user figure as a 1-user run, not a failed user of no test');
        assert.match(skipped.warnings[0]!, /a write-up, not a tool's output: a Markdown document .* that quotes HammerDB log \/ CLI output \/ time profile lines/);
      }
    });

    // The runs listing says what the tool said.
    const runs = JSON.parse(runCli(home, 'runs', '--study', STUDY, '--json').stdout) as RunJson[];
    assert.equal(runs.length, HAMMERDB_STUDY.reduce((n, c) => n + c.runs.length, 0));
    const failed = runs.find((r) => r.config === PG_TRUE && r.params['vus'] === 100)!;
    assert.deepEqual(failed.validity.map((v) => [v.severity, v.message]), [['invalid', '95 of 100 virtual users finished FAILED']]);
    assert.equal(failed.excluded?.automatic, 'validity');
    assert.equal(failed.params['raiseerror'], true, 'the setting is a parameter');
    assert.equal(failed.params['isolation'], 'SERIALIZABLE');
    const listing = runCli(home, 'runs', '--study', STUDY).stdout;
    assert.ok(listing.includes('95 of 100 virtual users finished FAILED [no verdict]'), listing);
    assert.ok(listing.includes('2 of 10 virtual users finished FAILED'), 'a run that stands, with its fact');

    // compare: NOPM by default, the failing run out with its reason; TPM across engines warned of.
    const cmp = runCli(home, 'compare', '--study', STUDY, '--baseline', MYSQL, '--candidate', PG_TRUE);
    assert.equal(cmp.status, 0, cmp.stderr);
    assert.ok(cmp.stdout.startsWith('metrics: nopm (the primary metrics of the runs compared'), cmp.stdout.slice(0, 200));
    assert.ok(cmp.stdout.includes('1 run left out, its result does not stand (perfdelta runs include counts it in)'), cmp.stdout);
    assert.match(cmp.stdout, /warning \[no-verdict\]: runs whose results do not stand are left out of the pairs and the roll-up .*95 of 100 virtual users finished FAILED/);
    const tpm = runCli(home, 'compare', '--study', STUDY, '--baseline', MYSQL, '--candidate', PG_FALSE, '--metric', 'tpm');
    assert.match(tpm.stdout, /warning \[metric-not-comparable\]: Transactions per minute \(tpm\) is not comparable across database engines \(MySQL, PostgreSQL\): .*; compare NOPM \(nopm\)/);

    // The report a reader gets, plus the TPM table a user added to it in the report editor.
    const core = new Core(path.join(home, 'perfdelta.sqlite'));
    let reportName: string;
    try {
      const made = core.createReport(STUDY);
      reportName = made.name;
      core.saveReport(STUDY, { id: made.id, name: made.name, layout: made.layout, sections: [...made.sections, { id: 'tpm', type: 'table', title: 'TPM as HammerDB printed it', baseline: MYSQL, candidates: [PG_FALSE], metrics: ['tpm'] }] });
    } finally {
      core.close();
    }
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const pdf = path.join(OUTPUT_DIR, 'validity-issue-40.pdf');
    const printed = runCli(home, 'report', '--study', STUDY, '--report', reportName, '--out', pdf);
    assert.equal(printed.status, 0, printed.stderr);
    const text = flat(pdfText(pdf));
    // The headline: the raiseerror=true attempt's card and its figure against MySQL state the failures.
    assert.ok(text.includes(`1 run left out: #${failed.id} 95 of 100 virtual users finished FAILED (no verdict by default: count it in to use it)`), 'the card names the run left out and why');
    assert.ok(text.includes('Run ') && text.includes(': 2 of 10 virtual users finished FAILED'), 'the failures behind its peak, on its card');
    assert.ok(text.includes(`Left out, no verdict: ${PG_TRUE} · 100 VU (run ${failed.id}): 95 of 100 virtual users finished FAILED`), 'beside the verdict it qualifies');
    assert.ok(text.includes('1 run left out: its result does not stand'), 'the roll-up counts it out');
    // The values table: every configuration, the third attempt's 2,602 NOPM, the run left out named under it.
    const values = text.slice(text.indexOf('Values per workload'));
    for (const c of HAMMERDB_STUDY) assert.ok(values.includes(c.label), `${c.label} in the values table`);
    assert.ok(values.includes('2,602'), 'the third attempt at 10 users');
    assert.ok(values.includes(`Runs not in this table: "${PG_TRUE}" 100 VU (run ${failed.id}): 95 of 100 virtual users finished FAILED`));
    // The TPM table: the warning, under it and in the evidence.
    assert.ok(text.includes("TPM counts each database's own transaction statements, as that engine reports them; compare NOPM"), 'the TPM warning');
    // The evidence: the exclusion with its reason, every fact, the rule with its thresholds.
    const evidence = text.slice(text.lastIndexOf('Evidence'));
    assert.ok(evidence.includes('What the tools said about the runs'));
    assert.ok(evidence.includes('95 of 100 virtual users finished FAILED') && evidence.includes('no verdict by default'));
    assert.ok(evidence.includes('2 of 10 virtual users finished FAILED'));
    assert.ok(text.includes('A run gives no verdict by default when more than 50% of its virtual users failed'));
    assert.ok(!/raiseerror=fals$/m.test(pdfText(pdf)), 'no label broken mid-word');
    const pngs = pdfToPngs(pdf, 70);
    assert.ok(pngs.length >= 3);

    // The workbook: the runs' facts, the headline's, the warnings in the evidence.
    const xlsx = path.join(OUTPUT_DIR, 'validity-issue-40.xlsx');
    assert.equal(runCli(home, 'export', '--study', STUDY, '--report', reportName, '--out', xlsx).status, 0);
    const book = XLSX.read(fs.readFileSync(xlsx), { type: 'buffer' });
    const sheet = (name: string): string[] => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }).map((r) => r.map((c) => String(c ?? '')).join(' | '));
    assert.ok(sheet('Runs').some((r) => r.startsWith(`${failed.id} |`) && r.includes('95 of 100 virtual users finished FAILED [no verdict]')));
    assert.ok(sheet('Headline').some((r) => r.includes(`left out: ${PG_TRUE} 100 VU (run ${failed.id}): 95 of 100 virtual users finished FAILED`)));
    assert.ok(sheet('Evidence').some((r) => r.startsWith('Transactions per minute (tpm) is not comparable across database engines')), 'the TPM warning in the evidence');
    const tpmSheet = book.SheetNames.find((n) => /TPM|Transactions/i.test(n));
    assert.ok(tpmSheet, `a sheet of the TPM table: ${book.SheetNames.join(', ')}`);

    // Counted in: the run comes back into the pairs, its fact beside its pair.
    assert.equal(runCli(home, 'runs', 'include', '--run', String(failed.id)).status, 0);
    const counted = runCli(home, 'compare', '--study', STUDY, '--baseline', MYSQL, '--candidate', PG_TRUE, '--json');
    const result = JSON.parse(counted.stdout) as { pairs: Array<{ workload_params: { vus: number }; validity?: Array<{ message: string }> }>; withheld: unknown[] };
    assert.deepEqual(result.pairs.map((p) => p.workload_params.vus), [1, 10, 100]);
    assert.deepEqual(result.withheld, []);
    assert.deepEqual(result.pairs[2]!.validity?.map((v) => v.message), ['95 of 100 virtual users finished FAILED']);
    assert.ok(runCli(home, 'compare', '--study', STUDY, '--baseline', PG_FALSE, '--candidate', PG_THIRD).status === 0);
  });

  it('in the workbench: Compare names the run left out and counts it in on request; its pair then carries its fact, and Runs says who counted it in', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-validity-ui-'));
    const { folders } = writeHammerdbStudy(path.join(home, 'study'));
    for (const c of HAMMERDB_STUDY) assert.equal(runCli(home, 'import', '--study', STUDY, '--config', c.label, folders[c.label]!).status, 0);
    // The workbench removes its data folder when it stops.
    const w = await openWorkbench({ home });
    try {
      const { page, wb } = w;
      await wb.openStudy('mysql-vs-postgresql-tproc-c');
      await wb.compare(MYSQL, PG_TRUE, 'nopm');
      const warning = page.locator('[data-testid="compare-warnings"] li[data-code="no-verdict"]');
      assert.match(await warning.textContent() ?? '', /95 of 100 virtual users finished FAILED/);
      assert.deepEqual((await wb.speedupTable()).map((r) => r.workload), ['1 VU', '10 VU'], 'no pair at 100 users');
      assert.match(await page.locator('[data-testid="speedup-table"] tr[data-workload="10 VU"] [data-testid="pair-validity"]').textContent() ?? '', /2 of 10 virtual users finished FAILED/);
      await wb.screenshot(path.join(OUTPUT_DIR, 'validity-compare.png'));

      await warning.locator('[data-testid="count-in"]').click();
      await page.waitForSelector('[data-testid="study-view"][data-state="ready"]');
      await wb.compare(MYSQL, PG_TRUE, 'nopm');
      assert.deepEqual((await wb.speedupTable()).map((r) => r.workload), ['1 VU', '10 VU', '100 VU'], 'counted in: the pair at 100 users is back');
      assert.match(await page.locator('[data-testid="speedup-table"] tr[data-workload="100 VU"] [data-testid="pair-validity"]').textContent() ?? '', /95 of 100 virtual users finished FAILED/);
      assert.equal(await page.locator('[data-testid="compare-warnings"] li[data-code="no-verdict"]').count(), 0);

      await page.locator('[data-tab="runs"]').click();
      await page.waitForSelector('[data-testid="runs-table"]');
      const row = page.locator(`.config-group[data-config="${PG_TRUE}"] tr[data-run]`, { hasText: '100 VU' });
      assert.match(await row.locator('[data-testid="run-validity"]').textContent() ?? '', /95 of 100 virtual users finished FAILED \(counted in: /);
    } finally {
      await closeWorkbench(w);
    }
  });
});

