/**
 * One analysis behind every section (issue 33.5): random specifications (baseline, candidates,
 * workload filter, tie band) on the sample studies and the generated strangers' shapes; for each,
 * a report made with that specification, and every number its headline's findings state found
 * in the tables of the same document (the comparison's pairs, the values table's cells, the
 * sweep's peaks), so the headline can never state a figure the tables do not show.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AnalysisSpec, ParamValue, PivotTable, ReportDocument } from '../../contract/records.js';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { importFioVolumes, importSysbenchServers, SERVERS } from '../test-support/stranger-studies.js';
import { seededRandom } from '../../tools/fuzz/mutations.js';
import { formatWithUnit } from '../metrics/number-format.js';
import { formatBlockSize } from '../compare/pairing.js';

const SEED = Number(process.env['FINDINGS_SEED'] ?? 33);
const CASES = Number(process.env['FINDINGS_CASES'] ?? 24);

interface Shown {
  pct: Set<string>;
  ratio: Set<string>;
  value: Set<string>;
}

/** Every figure the document's tables show: pair changes and speedups, cells, ratios and changes between a row's cells, peaks. */
function shownFigures(doc: ReportDocument): Shown {
  const out: Shown = { pct: new Set(), ratio: new Set(), value: new Set() };
  const both = (a: number, b: number): void => {
    if (!(a > 0) || !(b > 0)) return;
    out.pct.add(`${Math.abs(((b - a) / a) * 100).toFixed(1)}%`);
    out.ratio.add(`${(b / a).toFixed(2)}x`);
    out.ratio.add(`${(a / b).toFixed(2)}x`);
  };
  for (const s of doc.sections) {
    if (s.type === 'table' && s.compare) {
      for (const p of s.compare.pairs) {
        out.value.add(formatWithUnit(p.baseline, p.unit, 'en-US'));
        out.value.add(formatWithUnit(p.candidate, p.unit, 'en-US'));
        if (p.change_pct !== null) out.pct.add(`${Math.abs(p.change_pct).toFixed(1)}%`);
        if (p.speedup !== null) out.ratio.add(`${p.speedup.toFixed(2)}x`);
      }
      // The roll-up printed under the table.
      for (const r of s.compare.rollup) if (r.geomean_speedup !== null) out.ratio.add(`${r.geomean_speedup.toFixed(2)}x`);
    }
    if (s.type === 'pivot') {
      for (const t of s.tables as PivotTable[]) {
        for (const row of t.rows) {
          t.values.forEach((v, i) => {
            const cells = row.cells.map((c) => c[i]).filter((x): x is number => x !== null && x !== undefined);
            for (const c of cells) out.value.add(formatWithUnit(c, v.unit, 'en-US'));
            for (const a of cells) for (const b of cells) both(a, b);
          });
        }
      }
    }
    if (s.type === 'headline' && s.sweep) {
      for (const p of s.sweep.peaks) {
        out.value.add(formatWithUnit(p.peak, s.sweep.unit, 'en-US'));
        if (p.last !== undefined && p.last !== null) { out.value.add(formatWithUnit(p.last, s.sweep.unit, 'en-US')); both(p.peak, p.last); }
        if (p.ratio !== null) out.ratio.add(`${p.ratio.toFixed(2)}x`);
      }
      const peaks = s.sweep.peaks.map((p) => p.peak);
      for (const a of peaks) for (const b of peaks) both(a, b);
    }
  }
  return out;
}

describe('the headline states only what the tables of the same specification show', () => {
  let core: Core;
  const studies = ['ebs', 'db', 'fio-disk-vs-tmpfs', 'fio-bs-qd-sweep', 's4-aws-cluster', 's5-rook-ceph-optane'];
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    importFioVolumes(core, path.join(tempDir(), 'fio'), 'ebs');
    importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS, [1, 4, 16, 64, 256]);
    core.updateSettings('db', { path_params: [{ pattern: 'ro\\.(short|long)\\.', param: 'ranges' }] });
    await loadSamples(core, ['fio-disk-vs-tmpfs', 'fio-bs-qd-sweep', 's4-aws-cluster', 's5-rook-ceph-optane']);
  });
  after(() => core.close());

  it(`${CASES} random specifications (seed ${SEED}): every number of every finding is in the tables`, () => {
    const random = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    let findings = 0;
    for (let n = 0; n < CASES; n++) {
      const study = studies[n % studies.length]!;
      const summary = core.studies().find((s) => s.slug === study)!;
      const runs = core.runs({ study });
      const baseline = pick(summary.configs);
      const others = summary.configs.filter((c) => c !== baseline && random() < 0.7);
      // A filter on a parameter that varies: keep some of its values.
      const varying = [...new Set(runs.flatMap((r) => Object.keys(r.params)))].filter((k) => new Set(runs.map((r) => String(r.params[k] ?? ''))).size > 1 && !['runtime_s', 'size_bytes', 'target'].includes(k));
      let where: string | undefined;
      if (varying.length && random() < 0.5) {
        const key = pick(varying);
        // Values a filter can spell (a comma or semicolon separates values and clauses).
        const values = [...new Set(runs.map((r) => r.params[key]).filter((v): v is ParamValue => v !== undefined && !/[,;=*]/.test(String(v))))];
        const kept = values.filter(() => random() < 0.6);
        if (kept.length) where = `${key}=${kept.map((v) => (key === 'bs' && typeof v === 'number' ? formatBlockSize(v) : String(v))).join(',')}`;
      }
      const analysis: AnalysisSpec = { baseline, ...(others.length ? { candidates: others } : {}), ...(random() < 0.5 ? { tie_band_pct: Math.round(random() * 10) } : {}) };
      const made = core.createReport(study, { template: 'findings', name: `property ${n}` });
      core.saveReport(study, { id: made.id, name: made.name, layout: { ...made.layout, analysis, ...(where ? { where } : {}) }, sections: made.sections });
      const doc = core.renderReport(study, made.id);
      const head = doc.sections.find((s) => s.type === 'headline');
      assert.ok(head?.type === 'headline' && head.analysis, `${study} ${JSON.stringify(analysis)} ${where ?? ''}: the analysis is rendered (${head?.type === 'headline' ? head.errors.join('; ') : ''})`);
      assert.equal(head.analysis.spec.baseline, baseline);
      const shown = shownFigures(doc);
      for (const f of head.analysis.findings) {
        findings++;
        // A ratio or change the sentence derives from two of its own figures counts when both are in the tables.
        const values = f.numbers.filter((x) => x.unit !== '%' && x.unit !== 'x' && shown.value.has(x.text)).map((x) => x.value);
        const derived = new Set(values.flatMap((a) => values.flatMap((b) => (a > 0 && b > 0 ? [`${(a / b).toFixed(2)}x`, `${Math.abs(((a - b) / b) * 100).toFixed(1)}%`] : []))));
        for (const num of f.numbers) {
          const set = num.unit === '%' ? shown.pct : num.unit === 'x' ? shown.ratio : shown.value;
          assert.ok(set.has(num.text) || (num.unit === 'x' || num.unit === '%' ? derived.has(num.text) : false),
            `${study} (${JSON.stringify(analysis)}${where ? `, where ${where}` : ''}): "${num.text}" of "${f.text}" is in no table`);
        }
      }
      // The filter reaches every section alike: no table row, pair or peak of a run it leaves out.
      if (where) {
        const [key, list] = where.split('=') as [string, string];
        const kept = new Set(list.split(','));
        const spelled = (v: ParamValue): string => (key === 'bs' && typeof v === 'number' ? formatBlockSize(v) : String(v));
        for (const s of doc.sections) {
          if (s.type === 'table' && s.compare) for (const p of s.compare.pairs) if (p.workload_params[key] !== undefined) assert.ok(kept.has(spelled(p.workload_params[key]!)), `${study}: a pair outside ${where}`);
          if (s.type === 'chart' && s.data?.kind === 'scaling') for (const l of s.data.scaling.series) if (l.params[key] !== undefined) assert.ok(kept.has(spelled(l.params[key]!)), `${study}: a curve outside ${where}`);
        }
      }
    }
    assert.ok(findings > CASES, `findings were checked (${findings})`);
  });
});
