/**
 * What a vdbench HTML report says about itself. Every report is plain text in
 * `<title>Vdbench dir/file</title><pre>` followed by a one-line title (Report.java), with no
 * closing tags; RD anchors and links are inline tags (FORMATS.md 2.1).
 */
import type { ParamValue } from '../types.js';
import { parseCreatedLine, type CreatedLine } from './wall-clock.js';

/** A tag: "<" then a letter or "/". A bare "<" stays: histogram rows read "0.000 <  0.020". */
const TAG = /<\/?[A-Za-z][^<>]*>/g;

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&nbsp;': ' ', '&#39;': "'" };

/**
 * The file as text lines with tags removed. Tags never share a line with a table row (vdbench
 * writes them on the title, anchor and link lines), so column positions are unaffected; a
 * closing `</pre>` glued to the last row is removed from its end. Trailing blanks go with
 * trimEnd(), not /\s+$/: that pattern retries at every blank of a long run of them and took
 * minutes on one line of a million spaces (found by the fuzz suite).
 */
export function textLines(text: string): string[] {
  return text.split(/\r?\n|\r/).map((l) => l.replace(TAG, '').replace(/&(?:lt|gt|amp|quot|nbsp|#39);/g, (e) => ENTITIES[e] ?? e).trimEnd());
}

export interface ReportFile {
  /** "summary.html", from the <title>; null when the file has no title (older flatfiles). */
  fileName: string | null;
  /** "Vdbench distribution: vdbench50407 ..." (logfile.html, stdout). */
  toolVersion: string | null;
  created: CreatedLine | null;
  host: string | null;
  /** Which storage or workload definition a per-SD/WD/FSD/FWD report is about. */
  params: Record<string, ParamValue>;
}

/** A slave is "<host>-<n>" (Slave.getLabel); its reports belong to the host. */
function hostOfSlave(slave: string): string {
  return slave.replace(/-\d+$/, '');
}

/** Reads the report's identity from its first lines (Report.java, SdReport.java, WdReport.java). */
export function reportFile(rawHead: string, lines: readonly string[]): ReportFile {
  const title = /<title>\s*Vdbench\s+([^<]*?)\s*<\/title>/i.exec(rawHead);
  const fileName = title ? title[1]!.split('/').pop() ?? null : null;
  const head = lines.slice(0, 60);
  const version = head.map((l) => /Vdbench distribution:\s*(\S+)/i.exec(l)).find((m) => m);
  const created = head.map(parseCreatedLine).find((c) => c) ?? null;
  const params: Record<string, ParamValue> = {};
  let host: string | null = null;
  for (const l of head.slice(0, 4)) {
    let m: RegExpExecArray | null;
    if ((m = /^Host summary report\(s\) for host=(\S+)/.exec(l))) host = m[1]!;
    else if ((m = /^Slave summary report for slave=(\S+)/.exec(l))) host = hostOfSlave(m[1]!);
    else if ((m = /^Host SD report for sd=([^,\s]+),host=([^,\s]+)/.exec(l))) {
      params['sd'] = m[1]!;
      host = m[2]!;
    } else if ((m = /^Slave SD report for sd=(\S+)/.exec(l))) {
      params['sd'] = m[1]!;
      // The slave is only in the file name: "<host>-<n>.<sd>.html".
      if (fileName) host = hostOfSlave(fileName.split('.')[0]!);
    } else if ((m = /^SD report for sd=(\S+)/.exec(l))) params['sd'] = m[1]!;
    else if ((m = /^Workload Report for wd=(\S+)/.exec(l))) params['wd'] = m[1]!;
    else if ((m = /^Report for (fsd|fwd) (\S+)/.exec(l))) params[m[1]!] = m[2]!;
    // Histograms name their subject only in the file name: "<host>.histogram.html", "sd1.histogram.html".
    else if (/^(Host|Slave) response time histogram/.test(l) && fileName) host = hostOfSlave(fileName.split('.')[0]!);
    else if (/^SD response time histogram/.test(l) && fileName) params['sd'] = fileName.split('.')[0]!;
    else if ((m = /^wd=(\S+) response time histogram/.exec(l))) params['wd'] = m[1]!;
    else if ((m = /^Performance histogram for (FSD|FWD)=(\S+)/.exec(l))) params[m[1]!.toLowerCase()] = m[2]!;
  }
  return { fileName, toolVersion: version ? version[1]! : null, created, host, params };
}
