/**
 * Saved charts and reports, and the read the evidence appendix needs (the study's imports).
 * Kept apart from the run store: these rows are what a user composed, not what a tool measured.
 */
import type Database from 'better-sqlite3';
import type { ChartSpec, ReportLayout, ReportSection } from '../../contract/records.js';
import { checkRow, parseStoredJson } from './row-schema.js';

export interface ChartRow {
  id: number;
  name: string;
  spec: ChartSpec;
  created: string;
}

export interface ReportRow {
  id: number;
  name: string;
  layout: ReportLayout;
  sections: ReportSection[];
  created: string;
  updated: string;
}

export interface ImportListRow {
  file_name: string;
  sha256: string;
  format: string;
  importer_version: string;
  config: string;
  imported_at: string;
  runs: number;
}

type RawChart = { id: number; name: string; spec: string; created_at: string };
type RawReport = { id: number; name: string; layout: string; sections: string; created_at: string; updated_at: string };

/**
 * A stored chart or report as read; null when its JSON is damaged in the store (not JSON, or
 * nested past the bound): it is left out of the lists rather than stopping them, and goes with
 * its study when that is deleted.
 */
const chartRow = (r: RawChart): ChartRow | null => {
  const spec = parseStoredJson(r.spec);
  return 'value' in spec && isObject(spec.value) ? { id: r.id, name: r.name, spec: spec.value as unknown as ChartSpec, created: r.created_at } : null;
};
const reportRow = (r: RawReport): ReportRow | null => {
  const layout = parseStoredJson(r.layout);
  const sections = parseStoredJson(r.sections);
  if (!('value' in layout) || !isObject(layout.value) || !('value' in sections) || !Array.isArray(sections.value)) return null;
  return { id: r.id, name: r.name, layout: layout.value as unknown as ReportLayout, sections: sections.value as ReportSection[], created: r.created_at, updated: r.updated_at };
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const readable = <T>(row: T | null): row is T => row !== null;

/** A chart's row as stored, checked against the schema a study file's rows are (row-schema.ts): its spec's JSON. */
function checkedChart(name: string, spec: ChartSpec): string {
  const text = JSON.stringify(spec);
  checkRow('charts', { name, spec: text }, `chart "${name.slice(0, 80)}"`);
  return text;
}

/** A report's row as stored, checked likewise: its layout's and sections' JSON. */
function checkedReport(name: string, layout: ReportLayout, sections: ReportSection[]): { layout: string; sections: string } {
  const row = { name, layout: JSON.stringify(layout), sections: JSON.stringify(sections) };
  checkRow('reports', row, `report "${name.slice(0, 80)}"`);
  return row;
}

export class ReportStore {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      charts: db.prepare<[number], RawChart>('SELECT id, name, spec, created_at FROM charts WHERE study_id = ? ORDER BY id'),
      chart: db.prepare<[number, number], RawChart>('SELECT id, name, spec, created_at FROM charts WHERE study_id = ? AND id = ?'),
      chartByName: db.prepare<[number, string], RawChart>('SELECT id, name, spec, created_at FROM charts WHERE study_id = ? AND name = ?'),
      upsertChart: db.prepare(
        `INSERT INTO charts (study_id, name, spec, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (study_id, name) DO UPDATE SET spec = excluded.spec`,
      ),
      deleteChart: db.prepare('DELETE FROM charts WHERE study_id = ? AND id = ?'),
      updateChart: db.prepare('UPDATE charts SET name = ?, spec = ? WHERE study_id = ? AND id = ?'),
      insertChart: db.prepare('INSERT INTO charts (study_id, name, spec, created_at) VALUES (?, ?, ?, ?)'),
      reports: db.prepare<[number], RawReport>('SELECT id, name, layout, sections, created_at, updated_at FROM reports WHERE study_id = ? ORDER BY id'),
      report: db.prepare<[number, number], RawReport>('SELECT id, name, layout, sections, created_at, updated_at FROM reports WHERE study_id = ? AND id = ?'),
      reportByName: db.prepare<[number, string], RawReport>('SELECT id, name, layout, sections, created_at, updated_at FROM reports WHERE study_id = ? AND name = ?'),
      insertReport: db.prepare('INSERT INTO reports (study_id, name, layout, sections, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)'),
      updateReport: db.prepare('UPDATE reports SET name = ?, layout = ?, sections = ?, updated_at = ? WHERE study_id = ? AND id = ?'),
      deleteReport: db.prepare('DELETE FROM reports WHERE study_id = ? AND id = ?'),
      imports: db.prepare<[number], ImportListRow>(
        `SELECT i.file_name, i.sha256, i.format, i.importer_version, i.config, i.imported_at,
                (SELECT COUNT(*) FROM runs r WHERE r.import_id = i.id AND r.study_id = i.study_id) AS runs
         FROM imports i WHERE i.study_id = ? ORDER BY i.config, i.file_name`,
      ),
    };
  }

  charts(studyId: number): ChartRow[] {
    return this.stmt.charts.all(studyId).map(chartRow).filter(readable);
  }

  chart(studyId: number, id: number): ChartRow | null {
    const r = this.stmt.chart.get(studyId, id);
    return r ? chartRow(r) : null;
  }

  /** Saves under a name; the same name replaces the spec (a chart saved again is updated, not doubled). */
  saveChart(studyId: number, name: string, spec: ChartSpec): ChartRow {
    this.stmt.upsertChart.run(studyId, name, checkedChart(name, spec), new Date().toISOString());
    return chartRow(this.stmt.chartByName.get(studyId, name)!)!;
  }

  chartByName(studyId: number, name: string): ChartRow | null {
    const r = this.stmt.chartByName.get(studyId, name);
    return r ? chartRow(r) : null;
  }

  /** Changes a chart's name and spec in place (its id, and so the report sections that draw it, stay). */
  updateChart(studyId: number, id: number, name: string, spec: ChartSpec): ChartRow | null {
    const n = this.stmt.updateChart.run(name, checkedChart(name, spec), studyId, id).changes;
    return n ? this.chart(studyId, id) : null;
  }

  /** A new chart under a name no other chart of the study has. */
  insertChart(studyId: number, name: string, spec: ChartSpec): ChartRow {
    const info = this.stmt.insertChart.run(studyId, name, checkedChart(name, spec), new Date().toISOString());
    return this.chart(studyId, Number(info.lastInsertRowid))!;
  }

  deleteChart(studyId: number, id: number): boolean {
    return this.stmt.deleteChart.run(studyId, id).changes > 0;
  }

  reports(studyId: number): ReportRow[] {
    return this.stmt.reports.all(studyId).map(reportRow).filter(readable);
  }

  report(studyId: number, id: number): ReportRow | null {
    const r = this.stmt.report.get(studyId, id);
    return r ? reportRow(r) : null;
  }

  reportByName(studyId: number, name: string): ReportRow | null {
    const r = this.stmt.reportByName.get(studyId, name);
    return r ? reportRow(r) : null;
  }

  insertReport(studyId: number, name: string, layout: ReportLayout, sections: ReportSection[]): ReportRow {
    const now = new Date().toISOString();
    const row = checkedReport(name, layout, sections);
    const info = this.stmt.insertReport.run(studyId, name, row.layout, row.sections, now, now);
    return this.report(studyId, Number(info.lastInsertRowid))!;
  }

  updateReport(studyId: number, id: number, name: string, layout: ReportLayout, sections: ReportSection[]): ReportRow | null {
    const row = checkedReport(name, layout, sections);
    const n = this.stmt.updateReport.run(name, row.layout, row.sections, new Date().toISOString(), studyId, id).changes;
    return n ? this.report(studyId, id) : null;
  }

  deleteReport(studyId: number, id: number): boolean {
    return this.stmt.deleteReport.run(studyId, id).changes > 0;
  }

  imports(studyId: number): ImportListRow[] {
    return this.stmt.imports.all(studyId);
  }
}
