/**
 * The core's handler table: what each RPC method does, run where the store lives (the core
 * worker). `jobs.status`, `jobs.cancel` and `reports.pdf` are answered by the host: it tracks the
 * progress the worker posts while it is busy inside an import transaction, sets the flag the
 * worker checks to stop, and owns the printer (Chromium or Electron).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '../../contract/records.js';
import type { RpcArgs, RpcMethod, RpcResult } from '../../contract/rpc.js';
import type { Core, ImportHooks } from '../core.js';
import { scalingCurves } from '../compare/scaling.js';
import { metricCatalog } from '../metrics/catalog.js';
import { packageVersion } from '../paths.js';
import { listSamples, loadSamples } from '../samples/samples.js';
import { safeFileName } from './file-name.js';
import { catalogHandlers } from '../catalog/handlers.js';
import { timelineHandlers } from '../timeline/handlers.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The study as a `.perfdelta` file, read back as bytes for the Electron window (the web host streams it: studies.saveSpooled). */
function studyFileBytes(core: Core, study: string): Buffer {
  const { spool } = core.saveSpooledStudyFile(study);
  const file = path.join(core.spoolDir!, spool);
  try {
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

type Handler<M extends RpcMethod> = (args: RpcArgs<M>) => RpcResult<M> | Promise<RpcResult<M>>;

/** Answered by the host: import progress, and printing (Chromium or Electron, never the worker). */
export type HostOnlyMethod = 'jobs.status' | 'jobs.cancel' | 'reports.pdf';

export type CoreHandlers = {
  [M in Exclude<RpcMethod, HostOnlyMethod | 'import.commit'>]: Handler<M>;
} & {
  /** In the worker, commit runs to completion and reports progress as it goes. */
  'import.commit': (args: RpcArgs<'import.commit'>, hooks: ImportHooks) => ImportResult;
};

/** Merges handler groups; a name defined twice is an error at start-up, not a silent override. */
export function defineHandlers<T extends object>(...groups: Array<Partial<T>>): T {
  const table: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, fn] of Object.entries(group)) {
      if (name in table) throw new Error(`RPC method "${name}" is defined twice`);
      table[name] = fn;
    }
  }
  return table as T;
}

export function createCoreHandlers(core: Core, info: { mode: 'electron' | 'web' | 'cli'; dataDir: string }): CoreHandlers {
  const appGroup: Partial<CoreHandlers> = {
    'app.info': () => ({ version: packageVersion(), mode: info.mode, dataDir: info.dataDir, dbPath: core.dbPath }),
    'metrics.dictionary': () => core.metricsDictionary(),
    'metrics.catalog': ({ study }) => metricCatalog(core.runs({ study })),
  };
  const studyGroup: Partial<CoreHandlers> = {
    'studies.list': () => core.studies(),
    'runs.list': ({ study, config }) => core.runs({ study, config, all: true }),
    'series.get': ({ run, metric, object, maxPoints, from, to }) => core.series(run, metric, object, maxPoints, from, to),
    'series.list': ({ run }) => core.seriesList(run),
    // `channel` is the host's (a newer call supersedes an older one): the core reads the lanes.
    'series.range': ({ lanes, from, to, width }) => core.seriesRange(lanes, width, from, to),
    'compare.run': ({ candidate, candidates, ...rest }) => core.compare({ ...rest, candidates: candidates ?? [candidate!] }),
    'scaling.curves': ({ study, x, metric, latencyMetric }) => scalingCurves({ runs: core.runs({ study }), x, metric, latencyMetric }),
    'studies.settings': ({ study }) => core.settings(study),
    'studies.defaults': ({ study }) => core.studyDefaults(study),
    'studies.updateSettings': ({ study, settings }) => core.updateSettings(study, settings),
    'periods.list': ({ study }) => core.periods(study),
    'series.metrics': ({ study }) => core.seriesMetrics(study),
    'series.study': ({ study, metric, top, objects, maxPoints, config, from, to }) => core.studySeries(study, metric, { top, objects, maxPoints, config, from, to }),
    'series.scatter': ({ study, x, y, objects }) => core.seriesScatter(study, x, y, objects),
    'periods.define': ({ study, name, spec, zone }) => core.definePeriod(study, name, spec, zone),
    'periods.delete': ({ study, name }) => ({ deleted: core.deletePeriod(study, name) }),
    'latency.distribution': ({ study, runs, events }) => core.latencyDistribution(study, runs, events),
    'series.overlay': ({ study, runs, metric, align, maxPoints }) => core.seriesOverlay(study, runs, { metric, align, maxPoints }),
  };
  // What was imported, managed: deletes with undo, renames, moves, exclusions, constants.
  const manageGroup: Partial<CoreHandlers> = {
    'studies.delete': ({ study, dryRun }) => core.manage.deleteStudy(study, dryRun),
    'studies.rename': ({ study, name }) => core.manage.renameStudy(study, name),
    'configs.delete': ({ study, config, dryRun }) => core.manage.deleteConfig(study, config, dryRun),
    'configs.rename': ({ study, config, to }) => core.manage.renameConfig(study, config, to),
    'runs.delete': ({ study, runs, dryRun }) => core.manage.deleteRuns(study, runs, dryRun),
    'runs.move': ({ study, runs, to }) => core.manage.moveRuns(study, runs, to),
    'runs.exclude': ({ study, runs, reason }) => core.manage.exclude(study, runs, reason),
    'runs.include': ({ study, runs }) => core.manage.include(study, runs),
    'deletions.pending': () => core.manage.pending(),
    'deletions.undo': () => core.manage.undo(),
    'configs.constants': ({ study }) => core.manage.constants(study),
    'configs.setConstant': ({ study, config, name, value, unit }) => core.manage.setConstants(study, [{ config, name, value, unit }], 'workbench')[0]!,
    'configs.deleteConstant': ({ study, config, name }) => ({ deleted: core.manage.deleteConstant(study, config, name) }),
    'derived.define': ({ study, ...def }) => core.manage.defineDerived(study, def),
    'derived.delete': ({ study, name }) => ({ deleted: core.manage.deleteDerived(study, name) }),
  };
  const importGroup: Partial<CoreHandlers> = {
    'import.stage': ({ name, bytes }) => core.stage(name, bytes),
    'import.stageSpooled': ({ name, spool }) => core.stageSpooled(name, spool),
    'import.stageText': ({ name, text }) => core.stageText(name, text),
    'import.remap': ({ id, mapping, sheet }) => core.remap(id, mapping, sheet),
    'import.discard': ({ ids }) => ({ discarded: core.discard(ids) }),
    'import.logOwners': ({ ids, study, config }) => core.logOwners(ids, study, config),
    'import.commit': ({ ids, study, config, logUnits, pathParams, moveDuplicates }, hooks) => core.commit(ids, study, config, { ...hooks, logUnits, pathParams, moveDuplicates }),
  };
  const sampleGroup: Partial<CoreHandlers> = {
    'samples.list': () => listSamples(core),
    'samples.load': async ({ slugs }) => ({ loaded: await loadSamples(core, slugs) }),
  };
  const reportGroup: Partial<CoreHandlers> = {
    'charts.list': ({ study }) => core.charts(study),
    'charts.save': ({ study, name, spec, id }) => core.saveChart(study, name, spec, id),
    'charts.rename': ({ study, id, name }) => core.renameChart(study, id, name),
    'charts.duplicate': ({ study, id, name }) => core.duplicateChart(study, id, name),
    'charts.xlsx': ({ study, spec, name, locale }) => ({ fileName: `${safeFileName(name)}.xlsx`, mime: XLSX_MIME, base64: Buffer.from(core.chartXlsx(study, spec, name, locale)).toString('base64') }),
    'charts.delete': ({ study, id }) => ({ deleted: core.deleteChart(study, id) }),
    'charts.data': ({ study, spec, locale }) => core.chartData(study, spec, locale),
    'charts.propose': ({ study }) => core.proposeChart(study),
    'reports.list': ({ study }) => core.reports(study),
    'reports.create': ({ study, template, name, locale, baseline }) => core.createReport(study, { template, name, locale, baseline }),
    'reports.save': ({ study, report }) => core.saveReport(study, report),
    'reports.delete': ({ study, id }) => ({ deleted: core.deleteReport(study, id) }),
    'reports.render': ({ study, report }) => core.renderReport(study, report),
    'reports.xlsx': ({ study, report }) => {
      const name = report !== undefined ? core.report(study, report).name : study;
      return { fileName: `${safeFileName(name)}.xlsx`, mime: XLSX_MIME, base64: Buffer.from(core.exportXlsx(study, report)).toString('base64') };
    },
    'studies.saveFile': ({ study }) => ({ fileName: `${safeFileName(study)}.perfdelta`, mime: 'application/vnd.sqlite3', base64: studyFileBytes(core, study).toString('base64') }),
    'studies.openFile': ({ name, base64 }) => ({ study: core.openStudyFile(Buffer.from(base64, 'base64'), name) }),
    'studies.openSpooled': ({ name, spool }) => ({ study: core.openSpooledStudyFile(name, spool) }),
    'studies.saveSpooled': ({ study }) => ({ fileName: `${safeFileName(study)}.perfdelta`, ...core.saveSpooledStudyFile(study) }),
  };
  return defineHandlers<CoreHandlers>(appGroup, studyGroup, manageGroup, importGroup, sampleGroup, reportGroup, catalogHandlers(core), timelineHandlers(core.timeline));
}
