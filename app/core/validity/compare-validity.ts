/**
 * Validity in a comparison: the facts of the runs behind each pair (stated beside its verdict),
 * the runs of the compared sides left out because their results do not stand (stated as an
 * exclusion is, and counted in the roll-up line), and the warnings that name both.
 */
import type { CompareWarning, ComparePair, PairValidity, RunRecord, WithheldRun } from '../../contract/records.js';
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
