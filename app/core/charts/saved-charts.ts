/**
 * A study's saved charts: listed with the reports that draw each, found by id or name, saved
 * under a name or changed in place (reports that draw a chart follow it), renamed, duplicated,
 * deleted. Names are unique per study; a chart's spec is kept as JSON.
 */
import type { ChartSpec, SavedChart } from '../../contract/records.js';
import { NotFoundError } from '../errors.js';
import type { ReportStore } from '../store/report-store.js';

/** A study as the store knows it: its row id and its slug. */
export type StudyRef = (nameOrSlug: string) => { id: number; slug: string };

export class SavedCharts {
  constructor(private readonly store: ReportStore, private readonly ref: StudyRef) {}

  list(study: string): SavedChart[] {
    const { id, slug } = this.ref(study);
    const reports = this.store.reports(id);
    return this.store.charts(id).map((c) => ({
      ...c, study: slug,
      used_in: reports.filter((r) => r.sections.some((s) => s.type === 'chart' && s.chart === c.id)).map((r) => r.name),
    }));
  }

  /** By id, or by name (a name that is all digits is tried as a name first). */
  get(study: string, which: number | string): SavedChart {
    const { id, slug } = this.ref(study);
    const row = typeof which === 'number' ? this.store.chart(id, which)
      : this.store.chartByName(id, which) ?? (/^#?\d+$/.test(which) ? this.store.chart(id, Number(which.replace('#', ''))) : null);
    if (!row) throw new NotFoundError(`study "${study}" has no chart ${typeof which === 'number' ? '#' + which : `"${which}"`}`);
    return { ...row, study: slug };
  }

  /** Without `chartId`: under its name (the same name replaces that chart's spec). With it: that chart, changed in place. */
  save(study: string, name: string, spec: ChartSpec, chartId?: number): SavedChart {
    const { id, slug } = this.ref(study);
    const trimmed = name.trim();
    if (!trimmed) throw new Error('a chart needs a name');
    if (chartId === undefined) return { ...this.store.saveChart(id, trimmed, spec), study: slug };
    const clash = this.store.chartByName(id, trimmed);
    if (clash && clash.id !== chartId) throw new Error(`study "${study}" already has a chart named "${trimmed}"`);
    const row = this.store.updateChart(id, chartId, trimmed, spec);
    if (!row) throw new NotFoundError(`study "${study}" has no chart #${chartId}`);
    return { ...row, study: slug };
  }

  rename(study: string, chartId: number, name: string): SavedChart {
    return this.save(study, name, this.get(study, chartId).spec, chartId);
  }

  /** A copy under a new name ("<name> (copy)", "(copy 2)"... unless one is given). */
  duplicate(study: string, chartId: number, name?: string): SavedChart {
    const { id, slug } = this.ref(study);
    const source = this.get(study, chartId);
    let wanted = name?.trim() || `${source.name} (copy)`;
    if (name?.trim() && this.store.chartByName(id, wanted)) throw new Error(`study "${study}" already has a chart named "${wanted}"`);
    for (let i = 2; this.store.chartByName(id, wanted); i++) wanted = `${source.name} (copy ${i})`;
    return { ...this.store.insertChart(id, wanted, source.spec), study: slug };
  }

  delete(study: string, chartId: number): boolean {
    return this.store.deleteChart(this.ref(study).id, chartId);
  }
}
