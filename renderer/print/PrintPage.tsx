/**
 * The print page (`?print=report&study=…&report=…`): one report, laid out on pages, nothing
 * else. Chromium (web host, CLI) and Electron load it and print to PDF once it says
 * `data-print-state="ready"`.
 */
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { ReportDocument } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { ReportPages } from '../views/reports/ReportPages.js';

export function PrintPage({ study, report }: { study: string; report: number }): JSX.Element {
  const bridge = useBridge();
  const [doc, setDoc] = useState<ReportDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    document.body.classList.add('printing');
    bridge.call('reports.render', { study, report }).then(setDoc, (e: Error) => setError(e.message));
  }, [bridge, study, report]);
  const onReady = useCallback(() => setReady(true), []);
  if (error) return <p className="fatal" data-print-state="error">{error}</p>;
  return (
    <div className="print-root" data-print-state={ready ? 'ready' : 'loading'}>
      {doc && <ReportPages doc={doc} onReady={onReady} />}
    </div>
  );
}
