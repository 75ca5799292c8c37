/**
 * Pivot tables: records (a run, a row of an AWR table, an object's day in a period, a series)
 * laid out as rows × columns × values, the way the studies published their tables: S1's day ×
 * volume read response with the mean of the four volumes beside it, its block size × pattern
 * grids with "IOPS / MB/s / ms" in each cell, S2's wait events of two configurations side by
 * side. Pure: records in, tables out; pivot-records.ts reads the records from a study.
 */
import type { ParamValue, PivotSection, PivotStatistic, PivotTable } from '../../contract/records.js';
import { compareWorkloads } from '../compare/pairing.js';
import { reduce } from '../periods/period-stats.js';
import { coefficientOfVariationPct } from '../series/variation.js';

/** A record's value on one dimension: its identity, its words, and where it sorts. */
export interface DimValue {
  key: string;
  label: string;
  /** Numbers before words, ascending; workload parameters sort as a grid is read (block size, pattern, mix...). */
  order?: number | string;
  params?: Record<string, ParamValue>;
}

export interface PivotRecord {
  /** Dimension name to value; a record without a dimension the pivot uses is left out of it. */
  dims: Record<string, DimValue>;
  /** One per value of the section, in its order; null where the record has none. */
  values: Array<number | null>;
}

export interface ValueMeta {
  metric: string;
  label: string;
  unit: string;
  digits: number | null;
}

export interface PivotLayoutWords {
  /** The row dimensions' headings. */
  dimensionLabel(dim: string): string;
  /** A statistic's name for the margin's heading ("mean", "平均值"). */
  statisticLabel(stat: PivotStatistic): string;
}

/** A cell's records reduced to one figure. */
export function reduceValues(values: readonly number[], stat: PivotStatistic): number | null {
  if (stat === 'count') return values.length;
  if (values.length === 0) return null;
  switch (stat) {
    case 'cv': return coefficientOfVariationPct(values);
    case 'median': return reduce(values, 'median');
    default: return reduce(values, stat);
  }
}

function compareDim(a: DimValue, b: DimValue): number {
  if (a.params && b.params) {
    const c = compareWorkloads(a.params, b.params);
    if (c !== 0) return c;
  }
  const x = a.order ?? a.label;
  const y = b.order ?? b.label;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return String(x).localeCompare(String(y), 'en', { numeric: true });
}

interface Combo {
  key: string;
  parts: DimValue[];
}

function comboOf(record: PivotRecord, dims: readonly string[]): Combo {
  const parts = dims.map((d) => record.dims[d]!);
  return { key: JSON.stringify(parts.map((p) => p.key)), parts };
}

/** Orders combinations dimension by dimension; `only` lists give their own order. */
function sortCombos(combos: Combo[], dims: readonly string[], only: PivotSection['only']): Combo[] {
  return combos.sort((a, b) => {
    for (let i = 0; i < dims.length; i++) {
      const listed = only?.[dims[i]!];
      if (listed) {
        const at = (v: DimValue): number => (listed.includes(v.label) ? listed.indexOf(v.label) : listed.indexOf(v.key));
        const d = at(a.parts[i]!) - at(b.parts[i]!);
        if (d !== 0) return d;
      }
      const c = compareDim(a.parts[i]!, b.parts[i]!);
      if (c !== 0) return c;
    }
    return 0;
  });
}

function unique(combos: readonly Combo[]): Combo[] {
  const seen = new Map<string, Combo>();
  for (const c of combos) if (!seen.has(c.key)) seen.set(c.key, c);
  return [...seen.values()];
}

function oneTable(records: readonly PivotRecord[], section: PivotSection, values: readonly ValueMeta[], words: PivotLayoutWords, title: string | null): PivotTable {
  const rowCombos = sortCombos(unique(records.map((r) => comboOf(r, section.rows))), section.rows, section.only);
  const colCombos = section.columns.length ? sortCombos(unique(records.map((r) => comboOf(r, section.columns))), section.columns, section.only) : [{ key: '[]', parts: [] }];
  const cellsOf = new Map<string, PivotRecord[]>();
  for (const r of records) {
    const k = `${comboOf(r, section.rows).key}\u0000${comboOf(r, section.columns).key}`;
    let list = cellsOf.get(k);
    if (!list) cellsOf.set(k, (list = []));
    list.push(r);
  }
  const stats = section.values.map((v) => v.statistic ?? 'mean');
  let rows = rowCombos.map((row) => {
    const cells = colCombos.map((col) => {
      const inCell = cellsOf.get(`${row.key}\u0000${col.key}`) ?? [];
      return stats.map((stat, i) => {
        const xs = inCell.map((r) => r.values[i]).filter((v): v is number => v !== null && Number.isFinite(v));
        return inCell.length === 0 ? null : reduceValues(xs, stat);
      });
    });
    const margin = section.margin
      ? values.map((_, i) => reduceValues(cells.map((c) => c[i]).filter((v): v is number => v !== null), section.margin!))
      : null;
    return { key: row.key, labels: row.parts.map((p) => p.label), cells, margin };
  });
  if (section.sortBy !== undefined && section.sortBy >= 0 && section.sortBy < values.length) {
    const at = section.sortBy;
    const size = (row: (typeof rows)[number]): number => Math.max(-Infinity, ...row.cells.map((c) => c[at] ?? -Infinity));
    rows = [...rows].sort((a, b) => size(b) - size(a));
  }
  if (section.top !== undefined && section.top > 0) rows = rows.slice(0, section.top);
  return {
    title,
    row_headers: section.rows.map((d) => words.dimensionLabel(d)),
    columns: colCombos.map((c) => ({ key: c.key, label: c.parts.map((p) => p.label).join(' · ') })),
    values: values.map((v) => ({ ...v })),
    rows,
    margin_label: section.margin ? words.statisticLabel(section.margin) : null,
  };
}

/** The section's tables (one per value of its split dimension, else one). */
export function pivotTables(records: readonly PivotRecord[], section: PivotSection, values: readonly ValueMeta[], words: PivotLayoutWords): PivotTable[] {
  const dims = [...section.rows, ...section.columns, ...(section.split ? [section.split] : [])];
  const kept = records.filter((r) => dims.every((d) => r.dims[d] !== undefined)
    && Object.entries(section.only ?? {}).every(([d, allowed]) => !r.dims[d] || allowed.includes(r.dims[d]!.label) || allowed.includes(r.dims[d]!.key)));
  if (!section.split) return [oneTable(kept, section, values, words, null)];
  const split = section.split;
  const groups = sortCombos(unique(kept.map((r) => comboOf(r, [split]))), [split], section.only);
  return groups.map((g) => oneTable(kept.filter((r) => r.dims[split]!.key === g.parts[0]!.key), section, values, words, g.parts[0]!.label));
}
