/** Tables the tests build by hand: S1 as pasted from a spreadsheet, an XLSX with merged headers. */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { REPO_ROOT } from './corpus.js';

/** S1's pre-go-live tables (STUDIES.md), Config D and Config B, as a spreadsheet copies them: TSV. */
export const S1_TSV = [
  'Config D: SVC + V7000, JFS2 on fully allocated volumes',
  'bs\tRR\tRW\tRM\tSR\tSW\tSM',
  '4K\t17103.73 / 66.81 / 14.966\t7745.03 / 30.25 / 33.053\t4214.27 / 16.46 / 60.758\t18857.43 / 73.66 / 13.581\t69348.64 / 270.89 / 3.690\t32682.85 / 127.67 / 7.546',
  '8K\t9441.15 / 73.76 / 27.106\t3465.12 / 27.07 / 73.923\t4241.86 / 33.14 / 60.353\t58580.37 / 457.66 / 4.364\t64789.00 / 506.16 / 3.949\t27921.90 / 218.14 / 9.163',
  '32K\t7135.91 / 223.00 / 13.448\t5505.61 / 172.05 / 17.428\t7460.26 / 233.13 / 12.899\t27463.93 / 858.25 / 3.493\t21575.37 / 674.23 / 4.447\t14354.47 / 448.58 / 6.682',
  '',
  'Config B: SVC + FlashSystem 840, JFS2 file system on fully allocated volumes (one volume group, 8 x 90 GB files)',
  'bs\tRR\tRW\tRM\tSR\tSW\tSM',
  '4K\t276371.66 / 1079.58 / 0.923\t272044.03 / 1062.67 / 0.937\t271772.97 / 1061.61 / 0.939\t202461.21 / 790.86 / 1.260\t140283.49 / 547.98 / 1.821\t181332.24 / 708.33 / 1.408',
  '8K\t260296.38 / 2033.57 / 0.980\t241281.62 / 1885.01 / 1.057\t240627.34 / 1879.90 / 1.061\t155312.91 / 1213.38 / 1.644\t120563.22 / 941.90 / 2.120\t169364.68 / 1323.16 / 1.507',
  '32K\t78073.30 / 2439.80 / 1.228\t73271.21 / 2289.73 / 1.308\t70737.81 / 2210.56 / 1.354\t46700.61 / 1459.39 / 2.054\t44937.25 / 1404.29 / 2.134\t61450.22 / 1920.32 / 1.560',
  '',
].join('\r\n');

/** The same two tables as STUDIES.md writes them (markdown pipes), read from the file where it exists. */
export function s1Markdown(): string | null {
  const p = path.resolve(REPO_ROOT, '..', 'shared', 'STUDIES.md');
  if (!fs.existsSync(p)) return null;
  const text = fs.readFileSync(p, 'utf8');
  const block = (from: string, to: string): string => text.slice(text.indexOf(from), text.indexOf(to));
  return block('Config D:', 'Config E:') + block('Config B:', 'Config C:');
}

export function mergedWorkbook(): Uint8Array {
  const rows = [
    ['PerfDelta test sheet'],
    ['Array', 'bs', '4K random read', null, null, '8K sequential write', null, null],
    [null, null, 'IOPS', 'Bandwidth', 'Latency', 'IOPS', 'Bandwidth', 'Latency'],
    [null, null, 'IOPS', 'MiB/s', 'µs', 'IOPS', 'MiB/s', 'µs'],
    ['V7000', '4K', 17103.73, 66.81, 14966, '9,441.15', 73.76, 27106],
    ['FS840', '4K', 276371.66, 1079.58, 923, 260296.38, 2033.57, 980],
    ['Average', null, 146737.7, 573.2, 7944.5, 134868.8, 1053.7, 14043],
  ];
  const ws = XLSX.utils.aoa_to_sheet(rows);
  ws['!merges'] = [
    { s: { r: 1, c: 2 }, e: { r: 1, c: 4 } },
    { s: { r: 1, c: 5 }, e: { r: 1, c: 7 } },
    { s: { r: 1, c: 0 }, e: { r: 3, c: 0 } },
    { s: { r: 1, c: 1 }, e: { r: 3, c: 1 } },
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Results');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}


/** GBK bytes of the header words, hard-coded (Node cannot encode GBK) and checked by decoding. */
const GBK: Record<string, string> = { 配置: 'c5e4d6c3', 块大小: 'bfe9b4f3d0a1', 读写比: 'b6c1d0b4b1c8', 时延: 'cab1d1d3', 带宽: 'b4f8bfed' };
export function gbkCsv(lines: string[]): Uint8Array {
  const out: number[] = [];
  for (const line of lines) {
    let rest = `${line}\r\n`;
    while (rest.length > 0) {
      const word = Object.keys(GBK).find((w) => rest.startsWith(w));
      if (word) {
        out.push(...Buffer.from(GBK[word]!, 'hex'));
        rest = rest.slice(word.length);
      } else {
        if (rest.charCodeAt(0) >= 0x80) throw new Error(`no GBK bytes for "${rest[0]}"`);
        out.push(rest.charCodeAt(0));
        rest = rest.slice(1);
      }
    }
  }
  return new Uint8Array(out);
}

/** A CSV with a units row under its header, and a total row at the end. */
export const UNITS_ROW_CSV = 'bs,pattern,iodepth,IOPS,Bandwidth,Latency\n,,,IOPS,KiB/s,us\n4k,randread,32,"12,000",48000,2650.5\n64k,write,8,900,57600,8870\n\nTotal,,,12900,105600,\n';

/** A GBK CSV as a Chinese Excel saves it (MB/s here is decimal: IOPS x bs / 10^6). */
export const GBK_LINES = ['配置,块大小,读写比,IOPS,带宽(MB/s),时延(ms)', 'V7000,4K,70/30,"4,214.27",17.26,60.758', 'FS840,8K,100,260296.38,2132.35,0.98'];
