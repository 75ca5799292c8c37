/**
 * Which sections a report had. An absent section is recorded as absent, never as zeros: a
 * 10g report has no IO Profile, a 19c report has "Modified Parameters" instead of
 * "init.ora Parameters", a section can print "No data exists for this section of the report."
 * (FORMATS.md 3.4), and a report cut off in the middle simply stops.
 */
import { hasSection, type ReportDocument } from './report-document.js';

export type SectionStatus = 'present' | 'no_data' | 'empty' | 'absent';

export interface SectionRow {
  section: string;
  status: SectionStatus;
  rows: number;
}

/** The sections this importer reads, by the title(s) each release prints. */
export const SECTION_TITLES: ReadonlyArray<[string, RegExp]> = [
  ['header', /^$/],
  ['load_profile', /^load profile$/],
  ['top_events', /^top (5|10) (timed )?(foreground )?events( by total wait time)?$|^top timed (foreground )?events$/],
  ['wait_classes', /^(foreground wait class|wait classes by total wait time|wait class|foreground wait classes)$/],
  ['io_profile', /^io profile( \(global\))?$/],
  ['time_model', /^time model( statistics| system stats)?$/],
  ['foreground_events', /^(foreground wait events|wait events)( \(global\))?$/],
  ['background_events', /^background wait events( \(global\))?$/],
  ['wait_histograms', /^wait event histogram( \(global\)| detail \(.*\)| \(up to .*\))?$/],
  ['sql_by_elapsed', /^sql ordered by elapsed time( \(global\))?$/],
  ['instance_activity', /^(key |other )?instance activity stats$|^system statistics \(global\)$/],
  ['iostat_by_function', /^io ?stat by function( - |\s)?summary$|^iostat by function$/],
  ['tablespace_io', /^tablespace io stats$/],
  ['file_io', /^file io stats$/],
  ['init_parameters', /^(init\.ora parameters|modified parameters)$/],
];

export function sectionRows(doc: ReportDocument, counts: Record<string, number>): SectionRow[] {
  return SECTION_TITLES.map(([section, title]) => {
    const rows = counts[section] ?? 0;
    let status: SectionStatus = 'absent';
    if (rows > 0) status = 'present';
    else if ([...doc.noData].some((t) => title.test(t))) status = 'no_data';
    else if (section !== 'header' && hasSection(doc, title)) status = 'empty';
    return { section, status, rows };
  });
}

/**
 * The warning for a report that stops before "End of Report": which of the sections this
 * importer reads it never reached. Sections a complete report of this kind may lack anyway
 * (io_profile before 11.2.0.4) are named too: the report cannot say which it would have had.
 */
export function truncationWarning(doc: ReportDocument, sections: SectionRow[]): string | null {
  if (doc.complete) return null;
  const missing = sections.filter((s) => s.status === 'absent' || s.status === 'empty').map((s) => s.section);
  return `the report stops before "End of Report" (cut off?): imported what it has; sections not found: ${missing.length ? missing.join(', ') : 'none'}`;
}
