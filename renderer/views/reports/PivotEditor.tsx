/**
 * Lists typed as text (rows, columns, objects, only) are read when the field is left, so a
 * comma being typed is not taken for the end of a list.
 *
 * The editor of a table of values (a pivot section): where the values come from, the rows,
 * columns and values, how cells reduce, and the order and cut of the rows.
 */
import type { JSX } from 'react';
import type { MetricInfo, PivotSection, PivotSource, PivotStatistic, PivotValue, StudySummary } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';
import { DimensionSelect, DimensionsField, OnlyField } from './pivot-fields.js';

const STATISTICS: readonly PivotStatistic[] = ['mean', 'median', 'min', 'max', 'p95', 'p99', 'sum', 'count', 'cv'];
const SOURCES: ReadonlyArray<PivotSource['kind']> = ['runs', 'run-table', 'periods', 'series'];

const list = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);

interface Props {
  section: PivotSection;
  study: StudySummary;
  metrics: string[];
  dictionary: Map<string, MetricInfo>;
  onChange(section: PivotSection): void;
}

export function PivotEditor({ section, study, metrics, dictionary, onChange }: Props): JSX.Element {
  const { t, metricLabel } = useI18n();
  const src = section.source;
  const setSource = (kind: PivotSource['kind']): void => {
    const source: PivotSource = kind === 'run-table' ? { kind, table: 'top_events', key: 'name' }
      : kind === 'periods' ? { kind, periods: study.periods.slice(0, 2) }
        : { kind };
    onChange({ ...section, source });
  };
  const setValue = (i: number, v: PivotValue): void => onChange({ ...section, values: section.values.map((x, j) => (j === i ? v : x)) });
  const statOptions = STATISTICS.map((s) => <option key={s} value={s}>{t(`reports.stat.${s}`)}</option>);
  const dims = (name: 'rows' | 'columns'): JSX.Element => (
    <DimensionsField name={`pivot-${name}`} label={t(`reports.pivot.${name}`)} value={section[name]} onChange={(next) => onChange({ ...section, [name]: next })} />
  );
  // A metric by its name; a run table's column (AWR's time_s) as the table calls it.
  const metricName = (m: string): string => metricLabel(dictionary.get(m), m);
  return (
    <div className="pivot-editor">
      <datalist id="pivot-metrics">{metrics.map((m) => <option key={m} value={m}>{metricName(m)}</option>)}</datalist>
      <label>{t('reports.pivot.source')}
        <select name="pivot-source" value={src.kind} onChange={(e) => setSource(e.target.value as PivotSource['kind'])}>
          {SOURCES.map((k) => <option key={k} value={k}>{t(`reports.pivot.source.${k}`)}</option>)}
        </select>
      </label>
      {src.kind === 'run-table' && (
        <>
          <label>{t('reports.pivot.table')}<input name="pivot-table" value={src.table} onChange={(e) => onChange({ ...section, source: { ...src, table: e.target.value } })} /></label>
          <label>{t('reports.pivot.key')}<input name="pivot-key" value={src.key} onChange={(e) => onChange({ ...section, source: { ...src, key: e.target.value } })} /></label>
        </>
      )}
      {src.kind === 'periods' && (
        <fieldset className="checks"><legend>{t('reports.pivot.periods')}</legend>
          {study.periods.map((p) => (
            <label key={p}><input type="checkbox" checked={src.periods.includes(p)}
              onChange={(e) => onChange({ ...section, source: { ...src, periods: e.target.checked ? [...src.periods, p] : src.periods.filter((x) => x !== p) } })} />{p}</label>
          ))}
        </fieldset>
      )}
      {(src.kind === 'periods' || src.kind === 'series') && (
        <label className="wide">{t('reports.pivot.objects')}
          <input name="pivot-objects" defaultValue={(src.objects ?? []).join(', ')}
            onBlur={(e) => onChange({ ...section, source: { ...src, objects: list(e.target.value).length ? list(e.target.value) : undefined } })} />
        </label>
      )}
      {dims('rows')}
      {dims('columns')}
      <label>{t('reports.pivot.split')}
        <DimensionSelect name="pivot-split" value={section.split ?? ''} empty="–" onChange={(d) => onChange({ ...section, split: d || undefined })} />
      </label>
      <fieldset className="pivot-values"><legend>{t('reports.pivot.values')}</legend>
        {section.values.map((v, i) => (
          <div key={i} className="headline-item" data-value={i}>
            {src.kind === 'run-table'
              ? <label>{t('reports.pivot.metric')}<input name="pivot-metric" list="pivot-metrics" value={v.metric} onChange={(e) => setValue(i, { ...v, metric: e.target.value.trim() })} /></label>
              : (
                <label>{t('reports.pivot.metric')}
                  <select name="pivot-metric" value={v.metric} onChange={(e) => setValue(i, { ...v, metric: e.target.value })}>
                    {!metrics.includes(v.metric) && <option value={v.metric}>{metricName(v.metric)}</option>}
                    {metrics.map((m) => <option key={m} value={m}>{metricName(m)}</option>)}
                  </select>
                </label>
              )}
            <label>{t('reports.pivot.statistic')}<select name="pivot-statistic" value={v.statistic ?? 'mean'} onChange={(e) => setValue(i, { ...v, statistic: e.target.value as PivotStatistic })}>{statOptions}</select></label>
            {(src.kind === 'periods' || src.kind === 'series') && (
              <label>{t('reports.pivot.samples')}<select name="pivot-samples" value={v.samples ?? 'mean'} onChange={(e) => setValue(i, { ...v, samples: e.target.value as PivotStatistic })}>{statOptions}</select></label>
            )}
            <label>{t('reports.label')}<input name="pivot-label" value={v.label ?? ''} onChange={(e) => setValue(i, { ...v, label: e.target.value || undefined })} /></label>
            <label>{t('reports.pivot.digits')}<input name="pivot-digits" type="number" min={0} max={6} value={v.digits ?? ''}
              onChange={(e) => setValue(i, { ...v, digits: e.target.value === '' ? undefined : Math.max(0, Math.min(6, Math.round(Number(e.target.value)))) })} /></label>
            <button type="button" className="link" disabled={section.values.length === 1} onClick={() => onChange({ ...section, values: section.values.filter((_, j) => j !== i) })}>{t('reports.remove')}</button>
          </div>
        ))}
        <button type="button" name="pivot-add-value" onClick={() => onChange({ ...section, values: [...section.values, { metric: metrics[0] ?? 'total.iops' }] })}>{t('reports.pivot.addValue')}</button>
      </fieldset>
      <label>{t('reports.pivot.layout')}
        <select name="pivot-layout" value={section.layout ?? 'joined'} onChange={(e) => onChange({ ...section, layout: e.target.value as 'joined' | 'grouped' })}>
          <option value="joined">{t('reports.pivot.layout.joined')}</option><option value="grouped">{t('reports.pivot.layout.grouped')}</option>
        </select>
      </label>
      <label>{t('reports.pivot.margin')}
        <select name="pivot-margin" value={section.margin ?? ''} onChange={(e) => onChange({ ...section, margin: (e.target.value || undefined) as PivotStatistic | undefined })}>
          <option value="">–</option>{statOptions}
        </select>
      </label>
      <label>{t('reports.pivot.sortBy')}
        <select name="pivot-sort" value={section.sortBy ?? ''} onChange={(e) => onChange({ ...section, sortBy: e.target.value === '' ? undefined : Number(e.target.value) })}>
          <option value="">–</option>
          {section.values.map((v, i) => <option key={i} value={i}>{v.label ?? metricName(v.metric)}</option>)}
        </select>
      </label>
      <label>{t('reports.pivot.top')}<input name="pivot-top" type="number" min={0} value={section.top ?? ''}
        onChange={(e) => onChange({ ...section, top: Number(e.target.value) > 0 ? Math.round(Number(e.target.value)) : undefined })} /></label>
      <OnlyField value={section.only} onChange={(only) => onChange({ ...section, only })} />
    </div>
  );
}
