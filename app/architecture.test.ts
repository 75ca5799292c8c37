/**
 * The layout tells the architecture; these checks keep it telling the truth:
 * importers are pure, the renderer reaches the core only through the bridge, and the core
 * knows nothing of Electron or HTTP.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../importers/test-support/corpus.js';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !rel.includes('test-support')) out.push(rel);
  }
  return out;
}

function imports(file: string): Array<{ spec: string; typeOnly: boolean }> {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const out: Array<{ spec: string; typeOnly: boolean }> = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|require\(['"]([^'"]+)['"]\)/gm)) {
    out.push({ spec: m[2] ?? m[3] ?? m[4]!, typeOnly: Boolean(m[1]) });
  }
  return out;
}

const resolvesInto = (file: string, spec: string, dir: string): boolean =>
  spec.startsWith('.') && path.resolve(REPO_ROOT, path.dirname(file), spec).startsWith(path.join(REPO_ROOT, dir) + path.sep);

describe('architecture', () => {
  it('importers are pure: no Electron, no database, no file system, nothing from app/', () => {
    for (const file of sources('importers')) {
      for (const { spec } of imports(file)) {
        assert.ok(!['electron', 'better-sqlite3', 'node:fs', 'fs', 'node:child_process'].includes(spec), `${file} imports ${spec}`);
        assert.ok(!resolvesInto(file, spec, 'app'), `${file} imports ${spec}`);
      }
    }
  });

  it('the renderer imports nothing from app/ but types from app/contract', () => {
    for (const file of sources('renderer')) {
      for (const { spec, typeOnly } of imports(file)) {
        if (!resolvesInto(file, spec, 'app')) continue;
        assert.ok(typeOnly && resolvesInto(file, spec, 'app/contract'), `${file}: ${spec} (only \`import type\` from app/contract)`);
      }
      for (const { spec } of imports(file)) assert.ok(!spec.startsWith('node:') && spec !== 'electron', `${file} imports ${spec}`);
    }
  });

  it('the core knows nothing of Electron or HTTP', () => {
    for (const file of sources('app/core')) {
      for (const { spec } of imports(file)) {
        assert.ok(!['electron', 'node:http', 'http'].includes(spec), `${file} imports ${spec}`);
        assert.ok(!resolvesInto(file, spec, 'app/electron') && !resolvesInto(file, spec, 'app/web'), `${file} imports ${spec}`);
      }
    }
  });

  it('reports and charts read the study through a port: nothing under app/core/reports or app/core/charts imports core.ts', () => {
    const core = path.join(REPO_ROOT, 'app', 'core', 'core.ts');
    for (const file of [...sources('app/core/reports'), ...sources('app/core/charts')]) {
      for (const { spec } of imports(file)) {
        const target = path.resolve(REPO_ROOT, path.dirname(file), spec).replace(/\.js$/, '.ts');
        assert.notEqual(target, core, `${file} imports ${spec} (take StudyQueries from app/core/study-queries.ts instead)`);
      }
    }
  });

  it('no import circles among the files of app/ and renderer/ (type imports count: they tie the files as much)', () => {
    const files = [...sources('app'), ...sources('renderer')];
    const known = new Set(files.map((f) => path.resolve(REPO_ROOT, f)));
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const from = path.resolve(REPO_ROOT, file);
      const to = imports(file).filter((i) => i.spec.startsWith('.')).map((i) => path.resolve(REPO_ROOT, path.dirname(file), i.spec))
        .flatMap((t) => [t, t.replace(/\.js$/, '.ts'), t.replace(/\.js$/, '.tsx')]).filter((t) => known.has(t));
      edges.set(from, to);
    }
    // Depth-first search; a file met again while still on the path closes a circle.
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, trail: string[]): void => {
      state.set(f, 'open');
      for (const t of edges.get(f) ?? []) {
        if (state.get(t) === 'open') circles.push([...trail.slice(trail.indexOf(t)), t].map((x) => path.relative(REPO_ROOT, x)).join(' -> '));
        else if (!state.has(t)) visit(t, [...trail, t]);
      }
      state.set(f, 'done');
    };
    for (const f of edges.keys()) if (!state.has(f)) visit(f, [f]);
    assert.deepEqual(circles, []);
  });
});
