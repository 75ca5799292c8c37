/**
 * The table of values' rows, columns and filter, as a reader names them: "Configuration",
 * "Day", "Block size", "Pattern + Read %", never the keys `config` or `pattern+read_pct` the
 * section stores (issue 39). Chosen from lists, ordered, removed one by one.
 */
import type { JSX } from 'react';
import { useState } from 'react';
import { useI18n, type Translate } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/messages.js';
import { paramLabel } from '../../param-labels.js';

/** The dimensions a table of values offers (any parameter key works too: it shows as written). */
export const DIMENSIONS = ['config', 'workload', 'run', 'period', 'day', 'object', 'row', 'row:text', 'bs', 'pattern+read_pct', 'pattern', 'read_pct', 'iodepth', 'threads', 'vus', 'sessions', 'stage'];

const OWN: Record<string, MessageKey> = {
  config: 'reports.dim.config', workload: 'reports.dim.workload', run: 'reports.dim.run', period: 'reports.dim.period',
  day: 'reports.dim.day', object: 'reports.dim.object', row: 'reports.dim.row',
};

/** A dimension's name: its own ("Day"), a table column's ("Table row: text"), a parameter's, or parameters joined. */
export function dimensionLabel(t: Translate, locale: 'en' | 'zh-CN', key: string): string {
  if (OWN[key]) return t(OWN[key]!);
  if (key.startsWith('row:')) return t('reports.dim.rowColumn', { column: key.slice(4) });
  return key.split('+').map((k) => paramLabel(locale, k)).join(' + ');
}

/** Dimensions in order, each removable, and a list to add another. */
export function DimensionsField({ name, label, value, onChange }: { name: string; label: string; value: readonly string[]; onChange(next: string[]): void }): JSX.Element {
  const { t, locale } = useI18n();
  const left = DIMENSIONS.filter((d) => !value.includes(d));
  return (
    <fieldset className="dims" data-field={name}>
      <legend>{label}</legend>
      {value.map((d, i) => (
        <span key={d} className="chip" data-dim={d}>
          {dimensionLabel(t, locale, d)}
          <button type="button" className="link" aria-label={t('reports.dim.remove', { name: dimensionLabel(t, locale, d) })} onClick={() => onChange(value.filter((_, j) => j !== i))}>×</button>
        </span>
      ))}
      {left.length > 0 && (
        <select name={name} value="" aria-label={t('reports.dim.add', { field: label })} onChange={(e) => { if (e.target.value) onChange([...value, e.target.value]); }}>
          <option value="">{t('reports.dim.addOption')}</option>
          {left.map((d) => <option key={d} value={d}>{dimensionLabel(t, locale, d)}</option>)}
        </select>
      )}
    </fieldset>
  );
}

/** One dimension as a select, by name (a table per configuration, per day...). */
export function DimensionSelect({ name, value, onChange, empty }: { name: string; value: string; onChange(next: string): void; empty: string }): JSX.Element {
  const { t, locale } = useI18n();
  const options = value && !DIMENSIONS.includes(value) ? [value, ...DIMENSIONS] : DIMENSIONS;
  return (
    <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{empty}</option>
      {options.map((d) => <option key={d} value={d}>{dimensionLabel(t, locale, d)}</option>)}
    </select>
  );
}

type Only = Record<string, string[]> | undefined;
interface Clause { id: number; dim: string; values: string[] }
let nextId = 1;
const list = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);

/** "Only": a clause per dimension, its values typed as the data names them (comma-separated). */
export function OnlyField({ value, onChange }: { value: Only; onChange(next: Only): void }): JSX.Element {
  const { t, locale } = useI18n();
  // A clause just added has no values yet: shown here, sent to the section once it has some.
  const [clauses, setClauses] = useState<Clause[]>(() => Object.entries(value ?? {}).map(([dim, values]) => ({ id: nextId++, dim, values })));
  const set = (next: Clause[]): void => {
    setClauses(next);
    const kept = next.filter((c) => c.dim && c.values.length > 0);
    onChange(kept.length ? Object.fromEntries(kept.map((c) => [c.dim, c.values])) : undefined);
  };
  return (
    <fieldset className="dims only" data-field="pivot-only">
      <legend>{t('reports.dim.only')}</legend>
      {clauses.map((c) => (
        <span key={c.id} className="only-clause" data-dim={c.dim}>
          <DimensionSelect name="pivot-only-dim" value={c.dim} empty="–" onChange={(dim) => set(clauses.map((x) => (x.id === c.id ? { ...x, dim } : x)))} />
          <span aria-hidden="true">=</span>
          {/* Typed values are read when the field is left: a comma being typed is no list's end. */}
          <input name="pivot-only-values" defaultValue={c.values.join(', ')} aria-label={t('reports.dim.onlyValues')}
            onBlur={(e) => set(clauses.map((x) => (x.id === c.id ? { ...x, values: list(e.target.value) } : x)))} />
          <button type="button" className="link" aria-label={t('reports.dim.removeOnly')} onClick={() => set(clauses.filter((x) => x.id !== c.id))}>×</button>
        </span>
      ))}
      <select name="pivot-only-add" value="" aria-label={t('reports.dim.onlyAdd')} onChange={(e) => { if (e.target.value) set([...clauses, { id: nextId++, dim: e.target.value, values: [] }]); }}>
        <option value="">{t('reports.dim.onlyAdd')}</option>
        {DIMENSIONS.filter((d) => !clauses.some((c) => c.dim === d)).map((d) => <option key={d} value={d}>{dimensionLabel(t, locale, d)}</option>)}
      </select>
    </fieldset>
  );
}
