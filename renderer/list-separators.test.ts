import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { en, zhCN } from './i18n/messages.js';

// A list the user reads is joined with the catalog's separators: Chinese lists take '、', not
// ', ' (and ' · ' between facts is the catalog's 'text.sep', so a language may change it).
// Hard-coded separators crept back one view at a time; this finds them in the renderer's source.
const here = path.dirname(fileURLToPath(import.meta.url));

/** Joins of visible text written with a literal separator, and ' · ' between JSX expressions. */
const LITERAL_SEPARATOR = /\.join\(\s*(['"`])(, |\s·\s|、|; )\1\s*\)|\{\s*(['"])\s·\s\3\s*\}|\}\s+·\s+\{/g;

/**
 * Joins that are not a list a person reads in the UI's language: file and fragment, and why.
 * Each must still match (a stale entry fails), and nothing else may.
 */
const ALLOWED: Array<{ file: string; line: string; why: string }> = [
  { file: 'views/reports/PivotEditor.tsx', line: "defaultValue={(src.objects ?? []).join(', ')}", why: 'an input\'s value, split back on commas when the user edits it' },
  { file: 'views/reports/pivot-fields.tsx', line: "defaultValue={c.values.join(', ')}", why: 'an "only" condition\'s values in its input, split back on commas when the user edits them' },
  { file: 'charts/kinds/scaling.ts', line: "label.split(' · ').slice(1).join(' · ')", why: 'takes the configuration off a label the core joined: the rest stays as it was' },
  { file: 'views/waits/report-pick.ts', line: ".map((s) => s.trim()).join(', ')", why: 'instance names inside the label "RAC global (a, b)", compared by differentInstances(); the label itself is not yet in the catalog' },
];

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== 'messages.ts') out.push(p);
  }
  return out;
}

/** Every literal separator in these sources: file (relative to renderer/), line number, line text. */
export function literalSeparators(files: readonly string[]): Array<{ file: string; at: number; line: string }> {
  const found: Array<{ file: string; at: number; line: string }> = [];
  for (const f of files) {
    fs.readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      if (line.match(LITERAL_SEPARATOR)) found.push({ file: path.relative(here, f).split(path.sep).join('/'), at: i + 1, line: line.trim() });
    });
  }
  return found;
}

describe('list separators in UI text come from the catalog', () => {
  it('the catalog has them: a Chinese list takes 、', () => {
    assert.equal(en['list.sep'], ', ');
    assert.equal(zhCN['list.sep'], '、');
    assert.equal(en['text.sep'], ' · ');
  });

  it('no renderer source joins visible text with a literal ", " or " · " outside the allow-list', () => {
    const found = literalSeparators(sources(here));
    const allowed = (h: { file: string; line: string }): boolean => ALLOWED.some((a) => a.file === h.file && h.line.includes(a.line));
    const offenders = found.filter((h) => !allowed(h)).map((h) => `${h.file}:${h.at}: ${h.line}`);
    assert.deepEqual(offenders, [], 'use t(\'list.sep\') / t(\'text.sep\') (or allow-list a non-UI join, saying why)');
    for (const a of ALLOWED) assert.ok(found.some((h) => h.file === a.file && h.line.includes(a.line)), `stale allow-list entry: ${a.file} ${a.line}`);
  });

  it('the scan finds what it must find', () => {
    const dir = fs.mkdtempSync(path.join(here, '.sep-probe-'));
    try {
      const probe = path.join(dir, 'Probe.tsx');
      fs.writeFileSync(probe, [
        "const a = <p>{names.join(', ')}</p>;",
        'const b = <p>{x} · {y}</p>;',
        "const c = <p>{x}{' · '}{y}</p>;",
        'const d = <p>{parts.join(" · ")}</p>;',
        "const ok = <p>{names.join(t('list.sep'))}</p>;",
      ].join('\n'));
      assert.deepEqual(literalSeparators([probe]).map((h) => h.at), [1, 2, 3, 4]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
