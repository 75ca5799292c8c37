import type { JSX } from 'react';
import type { CompareMatrix } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';

/** Baseline against every other configuration: one speedup per cell, coloured by the core's verdict. */
export function MatrixTable({ matrix, metricLabel }: { matrix: CompareMatrix; metricLabel: string; tieBandPct: number }): JSX.Element {
  const { t } = useI18n();
  const shade = (i: number, j: number): string => matrix.verdicts[i]?.[j] ?? 'na';
  return (
    <section className="matrix" data-testid="speedup-matrix">
      <h3>{t('compare.matrix', { baseline: matrix.baseline, metric: metricLabel })}</h3>
      <div className="table-scroll">
        <table className="grid">
          <thead>
            <tr><th />{matrix.workloads.map((w, j) => <th key={w} className="num">{matrix.workload_labels[j]}</th>)}</tr>
          </thead>
          <tbody>
            {matrix.candidates.map((c, i) => (
              <tr key={c} data-candidate={c}>
                <th>{c}</th>
                {matrix.speedup[i]!.map((v, j) => (
                  <td key={matrix.workloads[j]} className={`num cell ${shade(i, j)}`} data-verdict={shade(i, j)}>{v === null ? '–' : `${v.toFixed(2)}x`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
