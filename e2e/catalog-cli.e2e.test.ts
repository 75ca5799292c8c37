/**
 * The team catalog from a terminal, end to end, on a throwaway PostgreSQL server: the five sample
 * studies published from two data folders at once (one study in both), searched, pulled into a
 * fresh data folder that prints the same report text; and a nightly history published night by
 * night whose trend finds its two steps and not its one-night dip.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EVIDENCE_HISTORY, historyCsv, historyRows } from '../app/core/catalog/test-support/history.js';
import { pgUnavailable, startPgServer, type PgServer } from '../app/core/catalog/test-support/pg-server.js';
import { OUTPUT_DIR, REPO_ROOT, runCli } from './support/host.js';
import { hasPoppler, pdfText } from './support/pdf.js';

const CLI = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');
const why = pgUnavailable() ?? (hasPoppler() ? null : 'pdftotext (poppler-utils) is not installed');
if (why) console.log(`# the catalog's end-to-end tests are skipped: ${why}`);

const homes: string[] = [];
after(() => { for (const h of homes) fs.rmSync(h, { recursive: true, force: true }); });
function home(): string {
  const h = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-catalog-e2e-'));
  homes.push(h);
  return h;
}

/** The CLI as a process of its own (several run at once); its output once it ends. */
function cliAsync(h: string, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, PERFDELTA_HOME: h, PERFDELTA_QUIET: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.once('close', (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

const FIVE = ['s1-flash-migration', 's2-exadata-flash-cache', 's3-cloud-ssd', 's4-aws-cluster', 's5-rook-ceph-optane'];

describe('the team catalog from a terminal', { skip: why ?? false }, () => {
  let pg: PgServer;
  before(async () => {
    pg = await startPgServer();
    process.env['PGPASSFILE'] = pg.pgpass;
  });
  after(() => pg?.stop());

  it('the five sample studies from two data folders at once; searched; pulled into a fresh folder, they print the same reports', async () => {
    const url = pg.url;
    const a = home();
    const b = home();
    assert.equal(runCli(a, 'samples', '--load', 's1-flash-migration', 's2-exadata-flash-cache', 's3-cloud-ssd', 's5-rook-ceph-optane').status, 0);
    assert.equal(runCli(b, 'samples', '--load', 's4-aws-cluster', 's5-rook-ceph-optane').status, 0);
    const jobs = [
      ...['s1-flash-migration', 's2-exadata-flash-cache', 's3-cloud-ssd', 's5-rook-ceph-optane'].map((s) => ({ h: a, s })),
      ...['s4-aws-cluster', 's5-rook-ceph-optane'].map((s) => ({ h: b, s })),
    ];
    const results = await Promise.all(jobs.map((j) => cliAsync(j.h, 'catalog', 'publish', '--study', j.s, '--url', url, '--json')));
    for (const [i, r] of results.entries()) assert.equal(r.status, 0, `${jobs[i]!.s}: ${r.stderr}`);
    const modes = results.map((r) => (JSON.parse(r.stdout) as { study: { slug: string }; mode: string }));
    // S5 from both folders: one of them made it, the other found the same runs and files.
    assert.deepEqual(modes.filter((m) => m.study.slug === 's5-rook-ceph-optane').map((m) => m.mode).sort(), ['new', 'update']);

    const search = runCli(a, 'catalog', 'search', '--url', url, '--json');
    assert.equal(search.status, 0, search.stderr);
    const found = JSON.parse(search.stdout) as { total: number; studies: Array<{ slug: string; runs: number }> };
    assert.deepEqual(found.studies.map((s) => s.slug).sort(), FIVE);
    const hammer = JSON.parse(runCli(a, 'catalog', 'search', '--url', url, '--tool', 'hammerdb', '--param', 'vus=8', '--json').stdout) as { studies: Array<{ slug: string }> };
    assert.deepEqual(hammer.studies.map((s) => s.slug), ['s5-rook-ceph-optane']);
    const text = runCli(a, 'catalog', 'search', '--url', url, '--text', 'exadata').stdout;
    assert.match(text, /^1 of 1 studies in postgres:\/\/perfdelta@127\.0\.0\.1:\d+\/catalog\ns2-exadata-flash-cache\t/);

    // Reports name runs by id, and a pulled study keeps the ids it was published with where they
    // are free: S5 is published once more from the first folder (an update: its ids now), and
    // the second folder's S4, whose ids the first folder's studies also use, goes to a fresh
    // folder of its own.
    const again = JSON.parse(runCli(a, 'catalog', 'publish', '--study', 's5-rook-ceph-optane', '--url', url, '--json').stdout) as { mode: string; runs: { added: number } };
    assert.deepEqual([again.mode, again.runs.added], ['update', 0]);
    const c = home();
    const d = home();
    const into = (s: string): string => (s === 's4-aws-cluster' ? d : c);
    for (const s of FIVE) {
      const pulled = runCli(into(s), 'catalog', 'pull', '--study', s, '--url', url, '--json');
      assert.equal(pulled.status, 0, pulled.stderr);
      assert.equal((JSON.parse(pulled.stdout) as { study: string }).study, s);
    }
    for (const s of FIVE) {
      const from = s === 's4-aws-cluster' ? b : a;
      const first = path.join(OUTPUT_DIR, `catalog-${s}.pdf`);
      const second = path.join(OUTPUT_DIR, `catalog-${s}-pulled.pdf`);
      assert.equal(runCli(from, 'report', '--study', s, '--out', first).status, 0);
      const r = runCli(into(s), 'report', '--study', s, '--out', second);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(pdfText(second), pdfText(first), `${s}: the same report text`);
    }
  });

  it('a history published night by night: its trend finds the -11% and +19% steps at their nights, the one-night dip is no change', async () => {
    const url = pg.url.replace('/catalog', '/postgres');
    pg.psql('CREATE DATABASE history');
    const catalog = url.replace('/postgres', '/history');
    const rows = historyRows(EVIDENCE_HISTORY);
    for (const upTo of [100, 250, 400]) {
      // Each night a CI job in a fresh data folder: import the history file as it stands, append it.
      const ci = home();
      const file = path.join(ci, 'nightly.csv');
      fs.writeFileSync(file, historyCsv(EVIDENCE_HISTORY, rows.slice(0, upTo)));
      assert.equal(runCli(ci, 'import', '--study', 'nightly fio', '--config', 'array-7', file).status, 0);
      const pub = runCli(ci, 'catalog', 'publish', '--study', 'nightly fio', '--append', '--url', catalog, '--json');
      assert.equal(pub.status, 0, pub.stderr);
      assert.equal((JSON.parse(pub.stdout) as { runs: { total: number } }).runs.total, upTo);
    }
    const trend = runCli(home(), 'catalog', 'trend', '--metric', 'total.iops', '--url', catalog, '--json');
    assert.equal(trend.status, 0, trend.stderr);
    const t = JSON.parse(trend.stdout) as { points: unknown[]; change_points: Array<{ index: number; change_pct: number; p_value: number; before: { version: string }; after: { version: string } }>; excursions: Array<{ index: number }> };
    assert.equal(t.points.length, 400);
    assert.deepEqual(t.change_points.map((x) => x.index), [130, 270]);
    assert.ok(Math.abs(t.change_points[0]!.change_pct + 11) < 1 && Math.abs(t.change_points[1]!.change_pct - 19) < 1.2);
    assert.deepEqual([t.change_points[0]!.before.version, t.change_points[0]!.after.version], [rows[129]!.commit, rows[130]!.commit]);
    assert.deepEqual(t.excursions.map((e) => e.index), [200]);
    const words = runCli(home(), 'catalog', 'trend', '--metric', 'total.iops', '--url', catalog).stdout;
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUTPUT_DIR, 'catalog-trend.txt'), words);
    assert.match(words, /change on 2024-05-10 \(point 130 of 400\): -1\d\.\d% .* worse; p \d\.\de-\d+, magnitude 0\.1\d\d/);
    assert.match(words, /excursion on 2024-07-19 \(point 200: c[0-9a-f]{6}, run 201\): -\d\d\.\d% for 1 run\(s\).*not a change \(a level lasts 3 runs\)/);
    // The same trend from a data folder holding the history: no server.
    const local = home();
    const file = path.join(local, 'nightly.csv');
    fs.writeFileSync(file, historyCsv(EVIDENCE_HISTORY, rows));
    runCli(local, 'import', '--study', 'nightly fio', '--config', 'array-7', file);
    const here = JSON.parse(runCli(local, 'catalog', 'trend', '--metric', 'total.iops', '--study', 'nightly fio', '--json').stdout) as { change_points: Array<{ index: number }>; source: string };
    assert.deepEqual(here.change_points.map((x) => x.index), [130, 270]);
    assert.match(here.source, /this data folder/);
  });

  it('errors name the catalog without its password, and the command line is never where the password goes', () => {
    const h = home();
    const r = runCli(h, 'catalog', 'search', '--url', `postgres://${pg.user}:wrong-password@127.0.0.1:${pg.port}/catalog`, '--json');
    assert.equal(r.status, 1);
    assert.ok(!r.stdout.includes('wrong-password') && !r.stderr.includes('wrong-password'), 'the password is masked');
    assert.match(r.stderr, /password authentication failed for user "perfdelta"/);
    const none = runCli(h, 'catalog', 'search', '--json');
    assert.equal(none.status, 2);
    assert.equal((JSON.parse(none.stdout) as { error: { code: string } }).error.code, 'usage');
  });
});
