/**
 * Bars of many workloads in panels by family. Issue 27 compared 32 workloads (4 families × 8
 * depths) on one linear axis: the 4K random writes were invisible beside the 64K reads and the
 * ratio labels ran together ("1.07x1.03x1.07x"). A family is what stays when the load (depth,
 * jobs, threads, virtual users, sessions) is taken away: block size, pattern and mix. Each
 * family gets a panel with its own value axis; within it a category per load ("QD1", "QD2"...).
 */
import type { ComparePair, ParamValue } from '../../../app/contract/records.js';
import { panelGeometry, type LegendPlace } from '../panels.js';
import type { ChartContext } from './context.js';

/** Parameters that make a load, not a workload of its own kind. */
const LOAD_KEYS = new Set(['iodepth', 'numjobs', 'threads', 'vus', 'sessions']);

export interface BarCategory { workload: string; label: string; pairs: Map<string, ComparePair> }

export interface Family<C extends BarCategory = BarCategory> {
  label: string;
  cats: Array<C & { short: string }>;
}

const familyKey = (params: Record<string, ParamValue>): string =>
  JSON.stringify(Object.entries(params).filter(([k]) => !LOAD_KEYS.has(k)).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Groups categories by family, in their order. A family's name is what its members' labels
 * share at the front ("4K random read"); a category keeps the rest ("QD16"), less any word every
 * category ends with ("×1" when every run had one job).
 */
export function familiesOf<C extends BarCategory>(cats: readonly C[]): Array<Family<C>> {
  const groups = new Map<string, C[]>();
  for (const c of cats) {
    const params = [...c.pairs.values()][0]?.workload_params ?? {};
    const key = familyKey(params);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const words = (s: string): string[] => s.split(' ').filter(Boolean);
  const tails = [...groups.values()].map((members) => {
    const split = members.map((m) => words(m.label));
    let n = 0;
    while (members.length > 1 && split.every((w) => w.length > n + 1 && w[n] === split[0]![n])) n++;
    return { head: split[0]!.slice(0, n).join(' '), rest: split.map((w) => w.slice(n)) };
  });
  // A trailing word every category of every family shares says nothing on the axis.
  const all = tails.flatMap((t) => t.rest);
  let common = 0;
  // (No categories, no words: every() of nothing is true, and the loop would never end.)
  while (all.length > 0 && all.every((w) => w.length > common + 1 && w[w.length - 1 - common] === all[0]![all[0]!.length - 1 - common])) common++;
  return [...groups.values()].map((members, i) => ({
    label: tails[i]!.head,
    cats: members.map((m, j) => ({ ...m, short: tails[i]!.rest[j]!.slice(0, tails[i]!.rest[j]!.length - common).join(' ') || m.label })),
  }));
}

/** Whether bars read better in panels: two families or more and more categories than a row holds. */
export function wantsPanels(families: readonly Family[], mode: ChartContext['mode']): boolean {
  const cats = families.reduce((n, f) => n + f.cats.length, 0);
  return families.length >= 2 && families.every((f) => f.cats.length >= 2) && cats > (mode === 'print' ? 8 : 12);
}

/** The geometry of the bar panels: the same grid as scaling's small multiples (upright ratios get their room from the value axis' gap). */
export function barPanelGeometry(n: number, place: Pick<LegendPlace, 'top' | 'right'>, ctx: ChartContext): ReturnType<typeof panelGeometry> {
  return panelGeometry(n, place, ctx);
}
