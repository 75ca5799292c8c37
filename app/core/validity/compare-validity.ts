/**
 * Validity in a comparison: the facts of the runs behind each pair (stated beside its verdict),
 * the runs of the compared sides left out because their results do not stand (stated as an
 * exclusion is, and counted in the roll-up line), and the warnings that name both.
 */
import type { CompareWarning, ComparePair, FigureValidity, PairValidity, RunRecord, WithheldRun } from '../../contract/records.js';
import { workloadLabel, workloadParams } from '../compare/pairing.js';
import type { WordingLocale } from '../compare/wording.js';

/** The facts of the runs behind a pair, side by side, each naming its run. */
export function pairValidity(p: Pick<ComparePair, 'baseline_runs' | 'candidate_runs'>, byId: ReadonlyMap<number, RunRecord>): PairValidity[] {
  const out: PairValidity[] = [];
  for (const [side, ids] of [['baseline', p.baseline_runs], ['candidate', p.candidate_runs]] as const) {
    for (const id of ids) {
      const run = byId.get(id);
      for (const f of run?.validity ?? []) out.push({ ...f, run: id, side, config: run!.config });
    }
  }
  return out;
}

/** The sides' runs their own facts leave out, with the workload each would have paired on. */
export function withheldRuns(runs: readonly RunRecord[], baseline: string, candidates: readonly string[], keys: readonly string[], locale: WordingLocale): WithheldRun[] {
  const sides = new Set([baseline, ...candidates]);
  return runs.filter((r) => sides.has(r.config) && r.excluded?.automatic === 'validity').map((r) => {
    const params = workloadParams(r, keys);
    return {
      run: r.id, config: r.config, side: r.config === baseline ? 'baseline' : 'candidate', name: r.name, file: r.source.file,
      workload: workloadLabel(params), workload_label: workloadLabel(params, locale), facts: (r.validity ?? []).filter((f) => f.severity === 'invalid'),
    };
  });
}

/** "“PostgreSQL 14” 100 VU (run 9): 95 of 100 virtual users finished FAILED". */
function whose(config: string, workload: string, run: number, facts: string, zh: boolean): string {
  return zh ? `“${config}” ${workload}（运行 ${run}）：${facts}` : `"${config}" ${workload} (run ${run}): ${facts}`;
}

/**
 * One warning for the runs left out (no verdict by default), one for the facts of runs that
 * stand (or were counted in) behind the pairs: each names its runs and says what happened.
 */
export function validityWarnings(pairs: readonly ComparePair[], withheld: readonly WithheldRun[], locale: WordingLocale): CompareWarning[] {
  const zh = locale === 'zh-CN';
  const sep = zh ? '；' : '; ';
  const out: CompareWarning[] = [];
  if (withheld.length > 0) {
    const detail = withheld.map((w) => whose(w.config, w.workload_label, w.run, w.facts.map((f) => f.message).join(zh ? '，' : ', '), zh)).join(sep);
    out.push({
      code: 'no-verdict',
      message: zh ? `结果不成立的运行未纳入对比和汇总（计入后才使用）：${detail}` : `runs whose results do not stand are left out of the pairs and the roll-up (count them in to use them): ${detail}`,
      detail,
      runs: withheld.map((w) => w.run),
    });
  }
  const seen = new Map<string, PairValidity & { workload: string }>();
  for (const p of pairs) for (const f of p.validity ?? []) seen.set(`${f.run}\u0000${f.code}\u0000${f.message}`, { ...f, workload: p.workload_label });
  if (seen.size > 0) {
    const facts = [...seen.values()];
    const detail = facts.map((f) => whose(f.config, f.workload, f.run, f.message, zh)).join(sep);
    out.push({
      code: 'run-validity',
      message: zh ? `工具报告这些数字背后的运行有失败：${detail}` : `the tools report failures in runs behind these figures: ${detail}`,
      detail,
      runs: [...new Set(facts.map((f) => f.run))],
    });
  }
  return out;
}

/** A pair's facts in one cell: "candidate run 8: 2 of 10 virtual users finished FAILED". */
export function pairValidityText(p: Pick<ComparePair, 'validity'>): string | null {
  const facts = p.validity ?? [];
  if (facts.length === 0) return null;
  return facts.map((f) => `${f.side} run ${f.run}: ${f.message}${f.severity === 'invalid' ? ' (counted in)' : ''}`).join('; ');
}

/** A run's facts in one cell: "95 of 100 virtual users finished FAILED [no verdict]". */
export function runValidityText(r: Pick<RunRecord, 'validity' | 'counted_in'>): string | null {
  const facts = r.validity ?? [];
  if (facts.length === 0) return null;
  return facts.map((f) => `${f.message}${f.severity === 'invalid' ? (r.counted_in ? ' [counted in]' : ' [no verdict]') : ''}`).join('; ');
}

/**
 * What a headline figure states beside its verdict: the facts of the runs behind its pairs, and
 * the runs its sides left out (all of them for a figure over every workload; for one workload's
 * pair, those of that workload).
 */
export function figureValidity(pairs: readonly ComparePair[], withheld: readonly WithheldRun[], workload: string | null): FigureValidity[] {
  const out: FigureValidity[] = [];
  const seen = new Set<string>();
  for (const p of pairs) {
    for (const f of p.validity ?? []) {
      const key = `${f.run}\u0000${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ run: f.run, config: f.config, workload: p.workload_label, severity: f.severity, message: f.message, left_out: false });
    }
  }
  for (const w of withheld) {
    if (workload !== null && w.workload !== workload) continue;
    for (const f of w.facts) out.push({ run: w.run, config: w.config, workload: w.workload_label, severity: f.severity, message: f.message, left_out: true });
  }
  return out;
}
