/**
 * The AWR half of issue #7: 2,000 reports of about 500 KB (about 1 GB), half text, half HTML,
 * as a DBA's folder of awrrpt output looks, and the AWR importer's own speed on them.
 *
 * Text reports are generated in the 11.2.0.4 layout from samples/awr (bench-awr-text.ts). HTML
 * reports are the real corpus reports in ../shared/corpus/awr (read at run time, never copied
 * into the repository), cut down to about 500 KB by shortening the tables the importer does not
 * read; without the corpus they are generated in the 11.2/12c HTML layout. Every report has its
 * own snapshot ids and varied values, so every file has its own hash.
 *
 * Run alone: `node --import tsx app/tools/bench-awr.ts [count]` writes the reports to a
 * temporary folder and prints the parse figures.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { awrImporter } from '../../importers/awr/index.js';
import { parseHtmlTables } from '../../importers/awr/html-tables.js';
import { titleKey } from '../../importers/awr/report-tables.js';
import { SECTION_TITLES } from '../../importers/awr/sections.js';
import { htmlReport, rotateDigits, seeded, tailSections, textReport } from './bench-awr-text.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT_BYTES = 500 * 1024;

/** Where the shared corpus sits next to the worktrees; PERFDELTA_AWR_CORPUS moves it. */
function corpusDir(): string {
  return process.env['PERFDELTA_AWR_CORPUS'] ?? path.resolve(root, '..', 'shared', 'corpus', 'awr');
}

/**
 * Tables the importer reads (importers/awr/sections.ts, plus the names and SQL text it joins)
 * are kept whole, except the long lists a big instance prints (every data file, every
 * statement's full text), shortened only when the rest is not enough. Titles are the
 * importer's own (html-tables.ts), so a table is judged by the title the importer gives it.
 */
const READ = [...SECTION_TITLES.map(([, re]) => re), /^complete list of sql text$/, /^wait event histogram/, /^sql ordered by elapsed time/];
const LONG_LISTS = /^(complete list of sql text|file io stats|tablespace io stats)$/;

/**
 * A corpus report cut to about `target` bytes: the largest tables keep their heading and first
 * rows and lose the rest, biggest first (unread tables before the long read lists), as a report
 * of a quieter instance would print them.
 */
export function trimHtml(html: string, target: number): string {
  const titled = parseHtmlTables(html).tables.sort((x, y) => x.line - y.line);
  const found: Array<{ start: number; end: number }> = [];
  const re = /<table\b[^>]*>[\s\S]*?<\/table>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) found.push({ start: m.index, end: re.lastIndex });
  // Nested or unclosed tables would pair titles wrongly: leave such a report whole.
  if (found.length !== titled.length) return html;
  const tables: Array<{ start: number; end: number; rank: number }> = [];
  found.forEach((t, k) => {
    const key = titleKey(titled[k]!.title);
    const read = key === '' || READ.some((r) => r.test(key));
    if (!read || LONG_LISTS.test(key)) tables.push({ ...t, rank: read ? 1 : 0 });
  });
  const cuts = new Map<number, string>();
  let size = html.length;
  for (const t of [...tables].sort((a, b) => a.rank - b.rank || b.end - b.start - (a.end - a.start))) {
    if (size <= target) break;
    const body = html.slice(t.start, t.end);
    const rows = body.match(/<tr\b[\s\S]*?<\/tr>/gi) ?? [];
    if (rows.length <= 4) continue;
    const firstRows = body.slice(0, body.indexOf(rows[3]!));
    const shortened = `${firstRows}</table>`;
    cuts.set(t.start, shortened);
    size -= body.length - shortened.length;
  }
  let out = '';
  let pos = 0;
  for (const t of tables) {
    const cut = cuts.get(t.start);
    if (cut === undefined) continue;
    out += html.slice(pos, t.start) + cut;
    pos = t.end;
  }
  return out + html.slice(pos);
}

/** One corpus-based HTML report: its snapshot ids replaced, its figures after the header rotated. */
function variedHtml(base: string, beginSnap: number, rotate: number): string {
  let html = base.replace(/Snaps: \d+-\d+/g, `Snaps: ${beginSnap}-${beginSnap + 1}`)
    .replace(/(Begin Snap:<\/td><td[^>]*>)\d+/, `$1${beginSnap}`)
    .replace(/(End Snap:<\/td><td[^>]*>)\d+/, `$1${beginSnap + 1}`);
  const lp = html.search(/Load Profile/i);
  const from = lp < 0 ? 0 : lp;
  html = html.slice(0, from) + html.slice(from).replace(/(<td[^>]*>)(\s*\d[\d,.]*)(<\/td>)/g, (_, open: string, v: string, close: string) => open + rotateDigits(v, rotate) + close);
  return html;
}

function corpusHtmlBases(): string[] {
  const dir = corpusDir();
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /\.html?$/i.test(f)).sort().map((f) => {
    const html = fs.readFileSync(path.join(dir, f), 'utf8');
    return trimHtml(html, REPORT_BYTES);
  });
}

/**
 * Writes `count` AWR reports into `dir` (created if needed): even numbers text
 * (`awr_NNNN.txt`), odd numbers HTML (`awr_NNNN.html`), about 500 KB each. Deterministic.
 */
/**
 * Writes `count` reports into `dir`: half text and half HTML, or (`htmlOnly`, issue #37's folder
 * of 2,000 HTML reports) all HTML.
 */
export function writeAwrBenchReports(dir: string, count = 2000, options: { htmlOnly?: boolean } = {}): { files: number; bytes: number; htmlFromCorpus: boolean } {
  fs.mkdirSync(dir, { recursive: true });
  const samples = ['write-back.txt', 'write-through.txt'].map((f) => fs.readFileSync(path.join(root, 'samples/awr', f), 'utf8'));
  const htmlBases = corpusHtmlBases();
  // Report size grows linearly with the statements per SQL section: measure it once.
  const sizeAt = (n: number): number => textReport(samples[0]!, tailSections(1, n), 1000, 1).length;
  const fixed = sizeAt(10);
  const perStatement = (sizeAt(60) - fixed) / 50;
  const hashes = new Set<string>();
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const rnd = seeded(7919 * (i + 1));
    const beginSnap = 20000 + 2 * i;
    const rotate = 1 + (i % 9);
    const target = REPORT_BYTES * (0.8 + 0.4 * rnd());
    const sqlPerSection = Math.max(10, Math.round(10 + (target - fixed) / perStatement));
    let content: string;
    let name: string;
    // The HTML reports take turns over the bases: every other index in a mixed folder, each in an HTML one.
    const h = options.htmlOnly ? i : (i - 1) / 2;
    if (!options.htmlOnly && i % 2 === 0) {
      content = textReport(samples[(i / 2) % 2]!, tailSections(i + 1, sqlPerSection), beginSnap, rotate);
      name = `awr_${String(i).padStart(4, '0')}.txt`;
    } else if (htmlBases.length > 0) {
      content = variedHtml(htmlBases[h % htmlBases.length]!, beginSnap, rotate);
      name = `awr_${String(i).padStart(4, '0')}.html`;
    } else {
      content = htmlReport(samples[h % 2]!, tailSections(i + 1, Math.round(sqlPerSection * 0.7)), beginSnap, rotate);
      name = `awr_${String(i).padStart(4, '0')}.html`;
    }
    const buf = Buffer.from(content, 'utf8');
    const hash = createHash('sha1').update(buf).digest('hex');
    if (hashes.has(hash)) throw new Error(`bench-awr: ${name} repeats an earlier report`);
    hashes.add(hash);
    fs.writeFileSync(path.join(dir, name), buf);
    bytes += buf.length;
  }
  return { files: count, bytes, htmlFromCorpus: htmlBases.length > 0 };
}

export interface AwrParseFigures {
  files: number;
  mb: number;
  seconds: number;
  /** CPU time of the parses: steadier than `seconds` when other work shares the machine. */
  cpuSeconds: number;
  mbPerS: number;
  /** Mean parse time per report, by layout. */
  textMsPerReport: number;
  htmlMsPerReport: number;
  textMbPerS: number;
  htmlMbPerS: number;
  peakRssMb: number;
  /** Runs found, and files that gave errors or no run: a bench that parsed nothing is no bench. */
  runs: number;
  failedFiles: number;
}

/** Parses every file of `dir` with the AWR importer alone (no store), one file at a time. */
export function awrParseFigures(dir: string): AwrParseFigures {
  const byLayout = { text: { n: 0, ms: 0, bytes: 0 }, html: { n: 0, ms: 0, bytes: 0 } };
  let peak = process.memoryUsage().rss;
  let runs = 0;
  let failedFiles = 0;
  let cpuMicros = 0;
  for (const f of fs.readdirSync(dir).sort()) {
    const bytes = fs.readFileSync(path.join(dir, f));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = awrImporter.parse({ bytes, name: f });
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    cpuMicros += c1.user + c1.system;
    const layout = /\.html?$/i.test(f) ? byLayout.html : byLayout.text;
    layout.n++;
    layout.ms += ms;
    layout.bytes += bytes.length;
    runs += result.runs.length;
    if (result.errors.length > 0 || result.runs.length === 0) failedFiles++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const { text, html } = byLayout;
  const seconds = (text.ms + html.ms) / 1000;
  const mb = (text.bytes + html.bytes) / 1e6;
  const rate = (l: { ms: number; bytes: number }): number => (l.ms > 0 ? l.bytes / 1e6 / (l.ms / 1000) : 0);
  return {
    files: text.n + html.n, mb, seconds, cpuSeconds: cpuMicros / 1e6, mbPerS: seconds > 0 ? mb / seconds : 0,
    textMsPerReport: text.n ? text.ms / text.n : 0, htmlMsPerReport: html.n ? html.ms / html.n : 0,
    textMbPerS: rate(text), htmlMbPerS: rate(html), peakRssMb: peak / 1e6, runs, failedFiles,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 2000);
  const dir = process.env['PERFDELTA_AWR_BENCH_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-awr-'));
  const keep = process.env['PERFDELTA_AWR_BENCH_DIR'] !== undefined;
  try {
    const g0 = performance.now();
    const written = fs.existsSync(path.join(dir, 'awr_0000.txt')) && keep ? null : writeAwrBenchReports(dir, count);
    if (written) console.log(`awr_bench_written: ${written.files} files, ${(written.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - g0) / 1000).toFixed(1)} s (HTML from ${written.htmlFromCorpus ? 'the corpus' : 'the generator'})`);
    const f = awrParseFigures(dir);
    console.log(`awr_parse_mb: ${f.mb.toFixed(0)} MB`);
    console.log(`awr_parse_s: ${f.seconds.toFixed(2)} s (cpu ${f.cpuSeconds.toFixed(2)} s)`);
    console.log(`awr_parse_mb_per_s: ${f.mbPerS.toFixed(1)} MB/s (text ${f.textMbPerS.toFixed(1)}, html ${f.htmlMbPerS.toFixed(1)})`);
    console.log(`awr_parse_ms_per_report: text ${f.textMsPerReport.toFixed(1)} ms, html ${f.htmlMsPerReport.toFixed(1)} ms`);
    console.log(`awr_parse_peak_rss_mb: ${f.peakRssMb.toFixed(0)} MB`);
    console.log(`awr_parse_runs: ${f.runs} runs, ${f.failedFiles} files failed`);
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}
