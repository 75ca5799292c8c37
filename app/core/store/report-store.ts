/**
 * Saved charts and reports, and the read the evidence appendix needs (the study's imports).
 * Kept apart from the run store: these rows are what a user composed, not what a tool measured.
 */
import type Database from 'better-sqlite3';
import type { ChartSpec, ReportLayout, ReportSection } from '../../contract/records.js';

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

const chartRow = (r: RawChart): ChartRow => ({ id: r.id, name: r.name, spec: JSON.parse(r.spec) as ChartSpec, created: r.created_at });
const reportRow = (r: RawReport): ReportRow => ({
  id: r.id, name: r.name, layout: JSON.parse(r.layout) as ReportLayout, sections: JSON.parse(r.sections) as ReportSection[],
  created: r.created_at, updated: r.updated_at,
});

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
    return this.stmt.charts.all(studyId).map(chartRow);
  }

  chart(studyId: number, id: number): ChartRow | null {
    const r = this.stmt.chart.get(studyId, id);
    return r ? chartRow(r) : null;
  }

  /** Saves under a name; the same name replaces the spec (a chart saved again is updated, not doubled). */
  saveChart(studyId: number, name: string, spec: ChartSpec): ChartRow {
    this.stmt.upsertChart.run(studyId, name, JSON.stringify(spec), new Date().toISOString());
    return chartRow(this.stmt.chartByName.get(studyId, name)!);
  }

  chartByName(studyId: number, name: string): ChartRow | null {
    const r = this.stmt.chartByName.get(studyId, name);
    return r ? chartRow(r) : null;
  }

  /** Changes a chart's name and spec in place (its id, and so the report sections that draw it, stay). */
  updateChart(studyId: number, id: number, name: string, spec: ChartSpec): ChartRow | null {
    const n = this.stmt.updateChart.run(name, JSON.stringify(spec), studyId, id).changes;
    return n ? this.chart(studyId, id) : null;
  }

  /** A new chart under a name no other chart of the study has. */
  insertChart(studyId: number, name: string, spec: ChartSpec): ChartRow {
    const info = this.stmt.insertChart.run(studyId, name, JSON.stringify(spec), new Date().toISOString());
    return this.chart(studyId, Number(info.lastInsertRowid))!;
  }

  deleteChart(studyId: number, id: number): boolean {
    return this.stmt.deleteChart.run(studyId, id).changes > 0;
  }

  reports(studyId: number): ReportRow[] {
    return this.stmt.reports.all(studyId).map(reportRow);
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
    const info = this.stmt.insertReport.run(studyId, name, JSON.stringify(layout), JSON.stringify(sections), now, now);
    return this.report(studyId, Number(info.lastInsertRowid))!;
  }

  updateReport(studyId: number, id: number, name: string, layout: ReportLayout, sections: ReportSection[]): ReportRow | null {
    const n = this.stmt.updateReport.run(name, JSON.stringify(layout), JSON.stringify(sections), new Date().toISOString(), studyId, id).changes;
    return n ? this.report(studyId, id) : null;
  }

  deleteReport(studyId: number, id: number): boolean {
    return this.stmt.deleteReport.run(studyId, id).changes > 0;
  }

  imports(studyId: number): ImportListRow[] {
    return this.stmt.imports.all(studyId);
  }
}
