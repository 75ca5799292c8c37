/**
 * A view's chart from a spec: the data the core resolves for it (charts.data, the one function
 * every place uses), kept while the next answer loads so a chart never blinks out, and never
 * replaced by a late answer to an earlier choice. Its XLSX comes from the core too: the same
 * rows as the chart's sheet in a report's workbook.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ChartData, ChartSpec, StudySummary } from '../../app/contract/records.js';
import type { Bridge } from '../bridge/bridge.js';
import { useBridge } from '../bridge/context.js';

/** The study's configurations, then its periods, in the order they were made: what a label's colour follows. */
export function colourOrder(study: Pick<StudySummary, 'configs' | 'periods'>): string[] {
  return [...study.configs, ...study.periods];
}

export interface ChartDataState {
  /** The data on screen and the spec it answers (kept while a newer one loads). */
  shown: { spec: ChartSpec; data: ChartData } | null;
  /** True when `shown` answers the spec asked for now. */
  current: boolean;
  error: string | null;
}

export function useChartData(study: string, spec: ChartSpec | null, locale: 'en' | 'zh-CN'): ChartDataState {
  const bridge = useBridge();
  const [shown, setShown] = useState<{ spec: ChartSpec; data: ChartData } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The spec by value: a view rebuilding an equal spec on every render asks once.
  const key = spec ? JSON.stringify(spec) : '';
  const asked = useMemo(() => spec, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!asked) return;
    let live = true;
    setError(null);
    bridge.call('charts.data', { study, spec: asked, locale }).then(
      (data) => { if (live) setShown({ spec: asked, data }); },
      (e: Error) => { if (live) { setShown(null); setError(e.message); } },
    );
    return () => { live = false; };
  }, [bridge, study, asked, locale]);
  return { shown, current: shown !== null && shown.spec === asked, error };
}

function base64Bytes(base64: string): Uint8Array {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** The chart's XLSX as the core builds it from the spec's data. */
export function coreXlsx(bridge: Bridge, study: string, spec: ChartSpec, name: string, locale: 'en' | 'zh-CN'): () => Promise<Uint8Array> {
  return () => bridge.call('charts.xlsx', { study, spec, name: name.trim() || spec.kind, locale }).then((f) => base64Bytes(f.base64));
}
