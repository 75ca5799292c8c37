/**
 * Instance identity in AWR comparisons. A RAC node's report measures that node: instance 2's
 * waits against instance 1's compare two machines, not two configurations (issue 29: 1.52x for
 * the node pair where the cluster-wide figure was 2.25x). Pairing keeps instances apart by
 * default (`inst_num`, pairing.ts); when the user pairs without it, or picks reports by hand,
 * every pair of different instances is named in a warning.
 */
import type { CompareWarning, ComparePair, RunRecord } from '../../contract/records.js';

const AWR_TOOLS = new Set(['oracle-awr', 'oracle-statspack']);

/** "instance 2 (slobrac2)", "RAC global (slobrac1, slobrac2)"; null for a run that is not an AWR report. */
export function instanceOf(run: Pick<RunRecord, 'tool' | 'params'>): string | null {
  if (!AWR_TOOLS.has(run.tool)) return null;
  const p = run.params;
  const names = p['instance'] === undefined ? '' : String(p['instance']).split(',').map((s) => s.trim()).join(', ');
  if (p['report'] === 'awrgrpt') return `RAC global${names ? ` (${names})` : ''}`;
  if (p['inst_num'] !== undefined) return `instance ${String(p['inst_num'])}${names ? ` (${names})` : ''}`;
  return names ? `instance ${names}` : null;
}

/** One warning per pair whose sides hold reports of different instances (or a node's report against a global one). */
export function instanceWarnings(pairs: readonly ComparePair[], runs: readonly RunRecord[]): CompareWarning[] {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const seen = new Map<string, CompareWarning>();
  for (const p of pairs) {
    const side = (ids: readonly number[]): string[] => [...new Set(ids.map((id) => byId.get(id)).filter((r): r is RunRecord => r !== undefined).map(instanceOf).filter((x): x is string => x !== null))].sort();
    const b = side(p.baseline_runs);
    const c = side(p.candidate_runs);
    if (b.length === 0 || c.length === 0 || (b.length === c.length && b.every((x, i) => x === c[i]))) continue;
    const message = `different instances compared: ${p.baseline_label} ${b.join(' + ')} against ${p.candidate_label} ${c.join(' + ')}; a node's figures are not the cluster's (pair by inst_num to keep instances apart)`;
    const w = seen.get(message);
    const ids = [...p.baseline_runs, ...p.candidate_runs];
    if (w) w.runs = [...new Set([...w.runs, ...ids])].sort((x, y) => x - y);
    else seen.set(message, { code: 'different-instances', message, runs: [...new Set(ids)].sort((x, y) => x - y) });
  }
  return [...seen.values()];
}

