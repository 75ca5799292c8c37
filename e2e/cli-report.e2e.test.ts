/**
 * Reports from a terminal: `perfdelta report` prints through Chromium, `export` writes the
 * workbook, `save-study` / `open-study` carry a study to a fresh data folder that prints the
 * same text, and `npm run samples`' script prints every sample report with its headline.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { OUTPUT_DIR, REPO_ROOT, runCli } from './support/host.js';
import { hasPoppler, pdfText } from './support/pdf.js';

const skip = hasPoppler() ? {} : { skip: 'pdftotext (poppler-utils) is not installed' };
const homes: string[] = [];
after(() => { for (const h of homes) fs.rmSync(h, { recursive: true, force: true }); });

function home(): string {
  const h = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-cli-report-'));
  homes.push(h);
  return h;
}

const cli = runCli;

describe('reports from the CLI', () => {
  it('report, export, save-study and open-study: the reopened study prints the same PDF text', skip, () => {
    const a = home();
    assert.equal(cli(a, 'samples', '--load', 's5-rook-ceph-optane').status, 0);
    const first = path.join(OUTPUT_DIR, 'cli-s5.pdf');
    const r = cli(a, 'report', '--study', 's5-rook-ceph-optane', '--out', first, '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { study: string; report: { name: string }; out: string; bytes: number };
    assert.deepEqual([out.study, out.report.name, out.out], ['s5-rook-ceph-optane', 'Optane PMem and Open CAS', first]);
    const text = pdfText(first);
    assert.ok(text.includes('mean latency at 34.2% of baseline') && text.includes('2.96x'), 'the headline in the report convention');
    // Charts are vectors: the PDF holds no raster image at all.
    const images = spawnSync('pdfimages', ['-list', first], { encoding: 'utf8' }).stdout.trim().split('\n').slice(2);
    assert.deepEqual(images, [], 'no bitmaps in the PDF (the charts are SVG)');

    const xlsx = path.join(OUTPUT_DIR, 'cli-s5.xlsx');
    assert.equal(cli(a, 'export', '--study', 's5-rook-ceph-optane', '--out', xlsx).status, 0);
    const book = XLSX.read(fs.readFileSync(xlsx), { type: 'buffer' });
    assert.ok(book.SheetNames.includes('Headline') && book.SheetNames.includes('Runs'));

    const studyFile = path.join(OUTPUT_DIR, 'cli-s5.perfdelta');
    assert.equal(cli(a, 'save-study', '--study', 's5-rook-ceph-optane', '--out', studyFile).status, 0);
    const b = home();
    const opened = cli(b, 'open-study', studyFile, '--json');
    assert.equal(opened.status, 0, opened.stderr);
    assert.deepEqual(JSON.parse(opened.stdout), { study: 's5-rook-ceph-optane' });
    const second = path.join(OUTPUT_DIR, 'cli-s5-reopened.pdf');
    assert.equal(cli(b, 'report', '--study', 's5-rook-ceph-optane', '--report', 'Optane PMem and Open CAS', '--out', second).status, 0);
    assert.equal(pdfText(second), text, 'the same text, numbers and evidence');
  });

  it('a template on the command line makes a new report; bad arguments are usage errors', skip, () => {
    const a = home();
    cli(a, 'samples', '--load', 's2-exadata-flash-cache');
    const pdf = path.join(OUTPUT_DIR, 'cli-s2-template.pdf');
    const r = cli(a, 'report', '--study', 's2-exadata-flash-cache', '--template', 'cache-on-off', '--locale', 'zh-CN', '--page', 'Letter', '--orientation', 'landscape', '--out', pdf);
    assert.equal(r.status, 0, r.stderr);
    const list = JSON.parse(cli(a, 'reports', '--study', 's2-exadata-flash-cache', '--json').stdout) as Array<{ name: string; layout: { page: string; orientation: string; locale: string } }>;
    const made = list.find((x) => x.layout.locale === 'zh-CN')!;
    assert.deepEqual([made.layout.page, made.layout.orientation], ['Letter', 'landscape']);
    assert.match(pdfText(pdf), /主要结论/);
    assert.match(spawnSync('pdfinfo', [pdf], { encoding: 'utf8' }).stdout, /Page size:\s+792 x 612 pts \(letter\)/);
    assert.equal(cli(a, 'report', '--study', 's2-exadata-flash-cache', '--out', 'x.txt').status, 2);
    assert.equal(cli(a, 'report', '--study', 's2-exadata-flash-cache', '--template', 'pie', '--out', 'x.pdf').status, 2);
    const missing = cli(a, 'report', '--study', 's2-exadata-flash-cache', '--report', 'no such report', '--out', path.join(OUTPUT_DIR, 'none.pdf'));
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /no report "no such report"/);
    // The id `perfdelta reports` prints (#2) names a report too, with or without its #.
    const listed = cli(a, 'reports', '--study', 's2-exadata-flash-cache').stdout;
    const id = /^#(\d+)\t.*zh-CN/m.exec(listed)![1]!;
    const byId = path.join(OUTPUT_DIR, 'cli-s2-by-id.pdf');
    assert.equal(cli(a, 'report', '--study', 's2-exadata-flash-cache', '--report', `#${id}`, '--out', byId).status, 0);
    assert.match(pdfText(byId), /主要结论/, 'the Chinese report, picked by its id');
    assert.equal(cli(a, 'export', '--study', 's2-exadata-flash-cache', '--report', id, '--out', path.join(OUTPUT_DIR, 'cli-s2-by-id.xlsx')).status, 0);
  });

  it('npm run samples prints every sample report, each with its headline', skip, () => {
    const dir = home();
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'app', 'tools', 'sample-reports.mjs'), dir], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const reports = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'reports.json'), 'utf8')) as Record<string, { reports: unknown[] }>;
    const expected = Object.values(reports).reduce((n, s) => n + s.reports.length, 0);
    const pdfs = fs.readdirSync(dir).filter((f) => f.endsWith('.pdf'));
    assert.equal(pdfs.length, expected);
    const s1 = pdfText(path.join(dir, pdfs.find((f) => f.startsWith('s1-flash-migration--flash'))!));
    assert.ok(s1.includes('read mean latency 6.90x lower') && s1.includes('read mean latency 5.46x lower'));
  });
});
