/**
 * A long table read by workload family: "4K random read ×1" once, then its queue depths
 * (QD1 … QD128) under it, instead of 32 labels that differ in their last word. The family is the
 * workload's label without the load it ran at (the core's workloadLabel: "QD16", "16 threads",
 * "64 VU", "8 sessions", in Chinese "16 线程").
 */

const LOAD = /(?:^|\s)(QD\d+|\d+ (?:threads?|sessions?|VU|线程|会话))(?=\s|$)/;

/** "4K random read QD16 ×1" → family "4K random read ×1", load "QD16"; null when the label names no load. */
export function splitWorkload(label: string): { family: string; load: string } | null {
  const m = LOAD.exec(label);
  if (!m) return null;
  const family = `${label.slice(0, m.index)} ${label.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  return family ? { family, load: m[1]! } : null;
}

/**
 * Items in families: each family (in the order it first appears) with its items in their own
 * order. Null when grouping tells the reader nothing: a label without a load, or no family with
 * two loads.
 */
export function groupByFamily<T>(items: readonly T[], label: (t: T) => string): Array<{ family: string; items: Array<{ item: T; load: string }> }> | null {
  const families = new Map<string, Array<{ item: T; load: string }>>();
  for (const item of items) {
    const split = splitWorkload(label(item));
    if (!split) return null;
    const list = families.get(split.family);
    if (list) list.push({ item, load: split.load });
    else families.set(split.family, [{ item, load: split.load }]);
  }
  const groups = [...families.entries()].map(([family, list]) => ({ family, items: list }));
  return groups.some((g) => new Set(g.items.map((x) => x.load)).size >= 2) ? groups : null;
}
