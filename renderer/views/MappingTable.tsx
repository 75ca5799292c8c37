/**
 * A table file's column mapping, as a table the user can change: each column's header, a few
 * values, its role, the metric or parameter it feeds and the unit its figures are written in.
 * Every change goes back to the core, which reads the table again and returns the new preview.
 */
import type { JSX } from 'react';
import type { FilePreview, MetricInfo, TableColumnRole, TableMapping, TableMetricPart } from '../../app/contract/records.js';
import { useI18n } from '../i18n/i18n.js';

interface Props {
  preview: FilePreview;
  dictionary: MetricInfo[];
  busy: boolean;
  onChange(mapping: TableMapping | null, sheet?: string): void;
}

const ROLES = ['configuration', 'parameter', 'metric', 'metrics', 'time', 'event', 'start', 'end', 'ignore'] as const;
type Role = (typeof ROLES)[number];
/** Parameters the comparison pairs by, and a few more a table tends to have. */
const PARAMETERS = ['bs', 'pattern', 'read_pct', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'workload', 'test', 'rw', 'target', 'host', 'commit', 'build', 'revision', 'version'];
const DEFAULT_PART: TableMetricPart = { name: 'total.iops', unit: 'IOPS' };

type Column = TableMapping['columns'][number];

/** The column with another role, keeping what still fits. */
function withRole(col: Column, role: Role): Column {
  const header = col.header;
  const part: TableMetricPart = col.role === 'metric' ? { name: col.name, unit: col.unit } : col.role === 'metrics' ? col.parts[0] ?? DEFAULT_PART : DEFAULT_PART;
  switch (role) {
    case 'configuration': return { header, role };
    case 'ignore':
    case 'time':
    case 'event':
    case 'start':
    case 'end': return { header, role };
    case 'parameter': return { header, role, name: col.role === 'parameter' ? col.name : header.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(\d)/, 'p$1') || 'param' };
    case 'metric': return { header, role, ...part };
    case 'metrics': return { header, role, parts: col.role === 'metrics' ? col.parts : [part] };
  }
}

export function MappingTable({ preview, dictionary, busy, onChange }: Props): JSX.Element {
  const { t } = useI18n();
  const table = preview.table!;
  const mapping = table.mapping;
  const metricNames = dictionary.map((m) => m.name);
  const unitOf = (name: string): string => dictionary.find((m) => m.name === name)?.unit ?? '';

  const setColumn = (i: number, col: Column): void => {
    onChange({ ...mapping, columns: mapping.columns.map((c, k) => (k === i ? (col as TableColumnRole & { header: string }) : c)) });
  };
  const setConfig = (title: string, label: string): void => {
    onChange({ ...mapping, configurations: { ...mapping.configurations, [title]: label } });
  };

  const metricSelect = (value: string, onPick: (name: string) => void, testId: string): JSX.Element => (
    <select value={value} onChange={(e) => onPick(e.target.value)} data-testid={testId} disabled={busy}>
      {!metricNames.includes(value) && <option value={value}>{value}</option>}
      {metricNames.map((n) => <option key={n} value={n}>{n} ({unitOf(n)})</option>)}
    </select>
  );
  const unitSelect = (value: string, onPick: (unit: string) => void, testId: string): JSX.Element => (
    <select value={value} onChange={(e) => onPick(e.target.value)} data-testid={testId} disabled={busy}>
      {table.units.map((u) => <option key={u} value={u}>{u}</option>)}
    </select>
  );

  const titled = table.blocks.length > 1 && table.blocks.every((b) => b.title);
  return (
    <section className="mapping" data-testid="column-mapping" data-file={preview.path} data-state={busy ? 'updating' : 'ready'}>
      <h3>{t('map.title', { file: preview.path })}</h3>
      <p className="muted">
        <span className={`badge ${table.remembered ? 'remembered' : 'proposed'}`} data-testid="mapping-origin">
          {table.remembered ? t('map.remembered') : t('map.proposed')}
        </span>{' '}
        {t('map.summary', { rows: table.rows, header: table.header_lines.join(t('list.sep')) })}
        {table.units_line !== null && t('map.unitsRow', { row: table.units_line })}
        {t('map.encoding', { kind: table.kind.toUpperCase(), encoding: table.encoding ?? (table.sheet ? `${t('map.sheet')} "${table.sheet}"` : '') })}
      </p>
      {table.sheets.length > 1 && (
        <label className="inline">
          <span>{t('map.sheet')}</span>
          <select value={table.sheet ?? ''} disabled={busy} onChange={(e) => onChange(null, e.target.value)}>
            {table.sheets.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
      )}
      {titled && (
        <div className="mapping-configs">
          <h4>{t('map.configurations')}</h4>
          {table.blocks.map((b) => (
            <label key={b.title} className="inline">
              <span className="block-title" title={b.title!}>{b.title}</span>
              <input name="block-config" data-title={b.title!} disabled={busy}
                defaultValue={mapping.configurations?.[b.title!] ?? b.title!.split(/[:：]/)[0]!.trim()}
                onBlur={(e) => { if (e.target.value.trim() && e.target.value.trim() !== mapping.configurations?.[b.title!]) setConfig(b.title!, e.target.value.trim()); }} />
            </label>
          ))}
        </div>
      )}
      <table className="grid mapping-grid">
        <thead>
          <tr><th>{t('map.column')}</th><th>{t('map.samples')}</th><th>{t('map.role')}</th><th>{t('map.name')}</th><th>{t('map.unit')}</th></tr>
        </thead>
        <tbody>
          {table.columns.map((c, i) => {
            const m = mapping.columns[i]!;
            return (
              <tr key={c.index} data-column={c.header} data-role={m.role}>
                <td className="col-head"><span className="letter">{c.letter}</span> {c.header}{c.unit && <span className="muted"> [{c.unit}]</span>}</td>
                <td className="samples">{c.samples.map((v, k) => <div key={k}>{v}</div>)}</td>
                <td>
                  <select name="role" value={m.role} disabled={busy} onChange={(e) => setColumn(i, withRole(m, e.target.value as Role))} aria-label={`${t('map.role')} ${c.header}`}>
                    {ROLES.map((r) => <option key={r} value={r}>{t(`map.role.${r}`)}</option>)}
                  </select>
                </td>
                <td>
                  {m.role === 'parameter' && (
                    <>
                      <input name="parameter" list="parameter-names" defaultValue={m.name} key={m.name} disabled={busy}
                        onBlur={(e) => { const v = e.target.value.trim(); if (/^[a-z][a-z0-9_]*$/.test(v) && v !== m.name) setColumn(i, { ...m, name: v }); }} />
                    </>
                  )}
                  {m.role === 'metric' && metricSelect(m.name, (name) => setColumn(i, { ...m, name }), 'metric')}
                  {m.role === 'metric' && (
                    <label className="inline small" title={t('map.configurationHint')}>
                      <span className="muted">{t('map.configuration')}</span>{' '}
                      <input name="column-configuration" defaultValue={m.configuration ?? ''} key={m.configuration ?? ''} disabled={busy} size={12}
                        onBlur={(e) => {
                          const v = e.target.value.trim();
                          if (v === (m.configuration ?? '')) return;
                          const { configuration: _old, ...rest } = m;
                          setColumn(i, v ? { ...rest, configuration: v } : rest);
                        }} />
                    </label>
                  )}
                  {m.role === 'metrics' && (
                    <div className="parts">
                      {m.parts.map((p, k) => (
                        <div key={k} className="part" title={t('map.part', { n: k + 1 })}>
                          {metricSelect(p.name, (name) => setColumn(i, { ...m, parts: m.parts.map((q, j) => (j === k ? { ...q, name } : q)) }), 'part-metric')}
                          {m.parts.length > 1 && (
                            <button type="button" className="link remove" aria-label={t('map.removePart')} title={t('map.removePart')} disabled={busy}
                              onClick={() => setColumn(i, { ...m, parts: m.parts.filter((_, j) => j !== k) })}>×</button>
                          )}
                        </div>
                      ))}
                      <button type="button" className="link" disabled={busy} onClick={() => setColumn(i, { ...m, parts: [...m.parts, DEFAULT_PART] })}>{t('map.addPart')}</button>
                    </div>
                  )}
                </td>
                <td>
                  {m.role === 'parameter' && m.name === 'bs' && (
                    <select name="size-unit" value={m.unit ?? ''} disabled={busy} data-testid="size-unit" title={t('map.sizeUnit')} aria-label={t('map.sizeUnit')}
                      onChange={(e) => { const { unit: _old, ...rest } = m; setColumn(i, e.target.value ? { ...rest, unit: e.target.value } : rest); }}>
                      <option value="">B</option>
                      <option value="KiB">KiB</option>
                      <option value="MiB">MiB</option>
                    </select>
                  )}
                  {m.role === 'metric' && unitSelect(m.unit, (unit) => setColumn(i, { ...m, unit }), 'unit')}
                  {m.role === 'metrics' && (
                    <div className="parts">
                      {m.parts.map((p, k) => (
                        <div key={k} className="part">{unitSelect(p.unit, (unit) => setColumn(i, { ...m, parts: m.parts.map((q, j) => (j === k ? { ...q, unit } : q)) }), 'part-unit')}</div>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <datalist id="parameter-names">{PARAMETERS.map((p) => <option key={p} value={p} />)}</datalist>
      {busy && <p className="muted small">{t('map.updating')}</p>}
    </section>
  );
}
