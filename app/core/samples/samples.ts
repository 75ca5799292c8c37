/**
 * The sample studies shipped in samples/: listed from samples/studies.json and imported through
 * the same pipeline as a user's files, so they prove the importers as much as they demonstrate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChartSpec, ReportLayout, ReportSection, SampleStudy, StudySettingsUpdate } from '../../contract/records.js';
import type { Core } from '../core.js';
import { packageRoot } from '../paths.js';

interface SampleManifest {
  studies: Array<{
    slug: string;
    name: string;
    description: string;
    /**
     * `generate`: a script in samples/ exporting generate(outDir) that writes the files (too many
     * to keep in the repository, e.g. 5,000 SVC dumps); the paths are then inside its output.
     */
    imports: Array<{ config: string; paths: string[]; generate?: string }>;
    /** The study's defaults (zone, tie band, units...), as `perfdelta settings` sets them. */
    settings?: StudySettingsUpdate;
    periods?: Array<{ name: string; spec: string; zone?: string }>;
  }>;
}

/** samples/reports.json: each sample study's saved charts and reports, as a user would have built them. */
interface SampleReports {
  [slug: string]: {
    charts: Array<{ name: string; spec: ChartSpec }>;
    /** Chart sections name their chart by its name here; ids are given at load. */
    reports: Array<{ name: string; layout: Omit<ReportLayout, 'convention'> & { convention?: ReportLayout['convention'] }; sections: Array<Omit<ReportSection, 'id' | 'chart'> & { chart?: string }> }>;
  };
}

export function samplesDir(): string {
  return path.join(packageRoot(), 'samples');
}

function manifest(): SampleManifest {
  return JSON.parse(fs.readFileSync(path.join(samplesDir(), 'studies.json'), 'utf8')) as SampleManifest;
}

export function listSamples(core: Core): SampleStudy[] {
  const loaded = new Set(core.studies().map((s) => s.slug));
  return manifest().studies.map((s) => ({ slug: s.slug, name: s.name, description: s.description, loaded: loaded.has(s.slug) }));
}

/** Runs a sample's generator (once per data folder) and returns the folder it wrote. */
async function generated(core: Core, script: string): Promise<string> {
  const out = path.join(path.dirname(core.dbPath), 'sample-data', script.replace(/[\\/]/g, '_').replace(/\.m?js$/, ''));
  const done = path.join(out, '.complete');
  if (!fs.existsSync(done)) {
    fs.rmSync(out, { recursive: true, force: true });
    const mod = (await import(pathToFileURL(path.join(samplesDir(), script)).href)) as { generate(dir: string): number };
    mod.generate(out);
    fs.writeFileSync(done, new Date().toISOString());
  }
  return out;
}

/**
 * Loads the named sample studies (all when none are named). Loading twice is harmless: the
 * files are recognised by their SHA-256 and create no duplicate runs.
 */
export async function loadSamples(core: Core, slugs?: readonly string[]): Promise<string[]> {
  const all = manifest().studies;
  const unknown = (slugs ?? []).filter((s) => !all.some((m) => m.slug === s));
  if (unknown.length > 0) throw new Error(`unknown sample stud${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  const chosen = slugs && slugs.length > 0 ? all.filter((s) => slugs.includes(s.slug)) : all;
  for (const study of chosen) {
    for (const imp of study.imports) {
      const base = imp.generate ? await generated(core, imp.generate) : samplesDir();
      const paths = imp.paths.map((p) => path.join(base, p));
      const result = core.importPaths(paths, study.name, imp.config, { studySlug: study.slug, relativeTo: imp.generate ? path.dirname(base) : path.dirname(samplesDir()) });
      const failed = result.files.filter((f) => f.status === 'failed');
      if (failed.length > 0) {
        throw new Error(`sample ${study.slug}: ${failed.map((f) => `${f.path}: ${f.errors.join('; ')}`).join(' | ')}`);
      }
    }
    if (study.settings) core.updateSettings(study.slug, study.settings);
    for (const p of study.periods ?? []) core.definePeriod(study.slug, p.name, p.spec, p.zone);
    addSampleReports(core, study.slug);
  }
  return chosen.map((s) => s.slug);
}

/** The sample's charts and reports, once: a study that has reports already keeps its own. */
function addSampleReports(core: Core, slug: string): void {
  const file = path.join(samplesDir(), 'reports.json');
  const sample = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SampleReports)[slug] : undefined;
  if (!sample || core.reports(slug).length > 0) return;
  const ids = new Map(sample.charts.map((c) => [c.name, core.saveChart(slug, c.name, c.spec).id]));
  const convention = core.settings(slug).convention;
  for (const r of sample.reports) {
    const sections = r.sections.map((s, i) => {
      const id = `s${i + 1}`;
      if (s.type !== 'chart') return { ...s, id } as ReportSection;
      const chart = ids.get(s.chart ?? '');
      if (chart === undefined) throw new Error(`samples/reports.json: ${slug}: report "${r.name}" names chart "${s.chart}", which is not among its charts`);
      return { ...s, id, chart } as ReportSection;
    });
    core.saveReport(slug, { name: r.name, layout: { convention, ...r.layout }, sections });
  }
}
