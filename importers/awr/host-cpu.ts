/**
 * Host CPU (AWR and STATSPACK instance reports): the host's CPU over the snapshot interval as the
 * OS reported it to Oracle, what a host monitor (mpstat, sar -u, vmstat) should show over the same
 * interval. Text and HTML alike ("Host CPU", or "Host CPU (CPUs: 8 Cores: 8 Sockets: 2)" in 11.1
 * and 11.2.0.3 HTML, the counts then in the title):
 *
 *    CPUs Cores Sockets     Begin       End     %User   %System      %WIO     %Idle      <- "Load Average" over Begin / End
 *      40     5            2.56      2.04       2.4       0.5       0.0      97.1
 *
 * The shares become the run's cpu_usr_pct, cpu_sys_pct, cpu_iowait_pct and cpu_idle_pct, the
 * names every host monitor's CPU has.
 */
import { parseAwrNumber } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles } from './report-tables.js';

export interface HostCpuRow {
  user_pct: number | null;
  system_pct: number | null;
  wio_pct: number | null;
  idle_pct: number | null;
  load_begin: number | null;
  load_end: number | null;
}

export function readHostCpu(doc: ReportDocument, metrics: Record<string, number>): HostCpuRow | null {
  const t = tablesTitled(doc, /^host cpu\b/)[0];
  const row = t?.rows[0];
  if (!t || !row) return null;
  const c = columnRoles(t.headers, [['usr', /^%user$/], ['sys', /^%sys(tem)?$/], ['wio', /^%wio$/], ['idle', /^%idle$/], ['begin', /begin$/], ['end', /end$/]]);
  const get = (i: number | undefined): number | null => parseAwrNumber(cell(row, i));
  const out: HostCpuRow = { user_pct: get(c.usr), system_pct: get(c.sys), wio_pct: get(c.wio), idle_pct: get(c.idle), load_begin: get(c.begin), load_end: get(c.end) };
  const put = (name: string, v: number | null): void => { if (v !== null) metrics[name] ??= v; };
  put('cpu_usr_pct', out.user_pct);
  put('cpu_sys_pct', out.system_pct);
  put('cpu_iowait_pct', out.wio_pct);
  put('cpu_idle_pct', out.idle_pct);
  return out.user_pct === null && out.idle_pct === null ? null : out;
}
