/**
 * The empty workbench's format gallery: per family of formats, what files it reads (catalog
 * text, both languages) and the first bytes a user would recognise (detection reads content, not
 * names). Each row names the importers it stands for, so a test can hold the gallery to the
 * registry: a format the importers read and the gallery does not mention fails it.
 */
import type { MessageKey } from '../i18n/messages.js';

export interface GalleryRow {
  /** The importer ids (importers/registry.ts) this row describes. */
  importers: readonly string[];
  tool: MessageKey;
  files: MessageKey;
  /** An excerpt of such a file: the file's own text, the same in every language. */
  looks: string;
}

export const FORMAT_GALLERY: readonly GalleryRow[] = [
  { importers: ['fio-json', 'fio-terse', 'fio-normal', 'fio-log', 'fio-hist-log'], tool: 'empty.formats.fio.tool', files: 'empty.formats.fio.files', looks: '{ "fio version" : "fio-3.33", "jobs" : [ { "jobname" : "randread-4k", …' },
  { importers: ['vdbench'], tool: 'empty.formats.vdbench.tool', files: 'empty.formats.vdbench.files', looks: 'Vdbench summary report, created 10:15:03 Sep 20 2017 …' },
  { importers: ['awr'], tool: 'empty.formats.awr.tool', files: 'empty.formats.awr.files', looks: 'WORKLOAD REPOSITORY report for   DB Name   DB Id   Instance …' },
  { importers: ['svc-iostats', 'svc-lsstats', 'spectrum-control-csv'], tool: 'empty.formats.svc.tool', files: 'empty.formats.svc.files', looks: '<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats" …' },
  { importers: ['hammerdb-log', 'hammerdb-tcount', 'hammerdb-jobs-json'], tool: 'empty.formats.hammerdb.tool', files: 'empty.formats.hammerdb.files', looks: 'Vuser 1:TEST RESULT : System achieved 3525 NOPM from 10578 MySQL TPM' },
  { importers: ['sysbench'], tool: 'empty.formats.sysbench.tool', files: 'empty.formats.sysbench.files', looks: 'transactions:                        260812 (869.33 per sec.)' },
  { importers: ['diskspd'], tool: 'empty.formats.diskspd.tool', files: 'empty.formats.diskspd.files', looks: '<Results><System><ComputerName>… · Command Line: diskspd -b4K -d60 -o32 …' },
  { importers: ['cosbench'], tool: 'empty.formats.cosbench.tool', files: 'empty.formats.cosbench.files', looks: 'Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,…,Throughput,Bandwidth,Succ-Ratio' },
  { importers: ['cockroach-workload'], tool: 'empty.formats.cockroach.tool', files: 'empty.formats.cockroach.files', looks: '_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)' },
  { importers: ['iometer'], tool: 'empty.formats.iometer.tool', files: 'empty.formats.iometer.files', looks: "'Test Type,Test Description … 'Results …" },
  { importers: ['iostat', 'iostat-json', 'sar', 'nmon', 'dstat'], tool: 'empty.formats.monitors.tool', files: 'empty.formats.monitors.files', looks: 'Device  r/s  w/s  rkB/s  wkB/s  …  r_await  w_await  %util' },
  { importers: ['vmstat', 'mpstat', 'pidstat'], tool: 'empty.formats.hostmonitors.tool', files: 'empty.formats.hostmonitors.files', looks: 'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----' },
  { importers: ['spreadsheet'], tool: 'empty.formats.table.tool', files: 'empty.formats.table.files', looks: 'bs | pattern | IOPS | MB/s | ms' },
];
