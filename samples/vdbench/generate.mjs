#!/usr/bin/env node
// Writes study S1's pre-go-live vdbench results (../../../shared/STUDIES.md) as vdbench 50407
// flatfile.html reports, one output folder per configuration: 3 block sizes x 6 patterns, each
// run with five 1-second intervals around the published figures and an avg_2-5 row that
// carries them exactly (IOPS, MB/sec, response ms). vdbench cannot run here: these are written
// to the format of the real flatfiles in ../shared/corpus/vdbench. Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// Published tables: per block size, RR RW RM SR SW SM as [IOPS, MB/s, response ms].
const S1 = {
  'FS840 raw': {
    '4k': [[307135.53, 1199.75, 0.831], [293871.81, 1147.94, 0.868], [299106.01, 1168.38, 0.853], [309636.30, 1209.52, 0.823], [240655.33, 940.06, 1.060], [275673.79, 1076.85, 0.925]],
    '8k': [[280077.73, 2188.11, 0.911], [250746.46, 1958.96, 1.017], [257717.95, 2013.42, 0.990], [281291.25, 2197.59, 0.907], [198524.76, 1550.97, 1.286], [238499.82, 1863.28, 1.070]],
    '32k': [[83279.41, 2602.48, 1.151], [75425.18, 2357.04, 1.270], [72438.50, 2263.70, 1.323], [83470.84, 2608.46, 1.148], [59248.31, 1851.51, 1.618], [68515.49, 2141.11, 1.399]],
  },
  'FS840 thick': {
    '4k': [[276371.66, 1079.58, 0.923], [272044.03, 1062.67, 0.937], [271772.97, 1061.61, 0.939], [202461.21, 790.86, 1.260], [140283.49, 547.98, 1.821], [181332.24, 708.33, 1.408]],
    '8k': [[260296.38, 2033.57, 0.980], [241281.62, 1885.01, 1.057], [240627.34, 1879.90, 1.061], [155312.91, 1213.38, 1.644], [120563.22, 941.90, 2.120], [169364.68, 1323.16, 1.507]],
    '32k': [[78073.30, 2439.80, 1.228], [73271.21, 2289.73, 1.308], [70737.81, 2210.56, 1.354], [46700.61, 1459.39, 2.054], [44937.25, 1404.29, 2.134], [61450.22, 1920.32, 1.560]],
  },
  'FS840 thin': {
    '4k': [[280605.31, 1096.11, 0.909], [8486.06, 33.15, 30.158], [50753.15, 198.25, 5.043], [203419.51, 794.61, 1.254], [118898.44, 464.45, 2.150], [166918.43, 652.03, 1.530]],
    '8k': [[256682.49, 2005.33, 0.995], [99529.59, 777.57, 2.569], [229241.76, 1790.95, 1.114], [156888.84, 1225.69, 1.628], [118278.94, 924.05, 2.161], [158051.21, 1234.78, 1.616]],
    '32k': [[78109.81, 2440.93, 1.227], [72942.84, 2279.46, 1.314], [69751.53, 2129.74, 1.374], [46667.70, 1458.37, 2.055], [44722.32, 1397.57, 2.145], [60905.86, 1903.31, 1.574]],
  },
  'V7000 thick': {
    '4k': [[17103.73, 66.81, 14.966], [7745.03, 30.25, 33.053], [4214.27, 16.46, 60.758], [18857.43, 73.66, 13.581], [69348.64, 270.89, 3.690], [32682.85, 127.67, 7.546]],
    '8k': [[9441.15, 73.76, 27.106], [3465.12, 27.07, 73.923], [4241.86, 33.14, 60.353], [58580.37, 457.66, 4.364], [64789.00, 506.16, 3.949], [27921.90, 218.14, 9.163]],
    '32k': [[7135.91, 223.00, 13.448], [5505.61, 172.05, 17.428], [7460.26, 233.13, 12.899], [27463.93, 858.25, 3.493], [21575.37, 674.23, 4.447], [14354.47, 448.58, 6.682]],
  },
  'V7000 thin': {
    '4k': [[277098.70, 1082.42, 0.921], [3272.65, 12.78, 78.159], [9220.76, 36.02, 27.767], [55556.82, 217.02, 4.604], [53542.44, 209.15, 4.780], [29044.80, 113.46, 8.801]],
    '8k': [[20582.10, 160.80, 12.433], [2649.57, 20.70, 97.226], [8783.56, 68.62, 29.146], [30024.88, 234.57, 8.522], [52062.07, 406.73, 4.914], [18809.67, 146.95, 13.599]],
    '32k': [[13613.30, 425.42, 7.049], [3336.84, 104.28, 28.764], [10597.74, 331.18, 9.056], [14055.40, 439.23, 6.827], [20676.08, 646.13, 4.641], [10085.53, 315.71, 9.516]],
  },
};
const PATTERNS = [['RR', 100, 100], ['RW', 0, 100], ['RM', 70, 100], ['SR', 100, 0], ['SW', 0, 0], ['SM', 70, 0]];
const BYTES = { '4k': 4096, '8k': 8192, '32k': 32768 };
const THREADS = 64;

const COLUMNS = ['tod', 'timestamp', 'Run', 'Interval', 'reqrate', 'rate', 'MB/sec', 'bytes/io', 'read%', 'resp', 'read_resp', 'write_resp',
  'resp_max', 'read_max', 'write_max', 'resp_std', 'xfersize', 'threads', 'rdpct', 'rhpct', 'whpct', 'seekpct', 'lunsize', 'version', 'queue_depth',
  'cpu_used', 'cpu_user', 'cpu_kernel'];
const LEGEND = [
  '* tod       : Time of day', '* timestamp : Date and time', '* Run       : Name of run from RD=', '* Interval  : Reporting interval number',
  '* reqrate   : Requested i/o rate', '* rate      : Observed i/o rate', '* MB/sec    : Megabytes per second (MB=1024*1024)',
  '* bytes/io  : Average data transfersize', '* read%     : Observed read percentage', '* resp      : Observed response time',
  '* resp_max  : Observed maximum response time', '* resp_std  : Standard deviation', '* xfersize  : data transfer size requested',
  '* threads   : number of threads requested', '* rdpct     : read% requested', '* seekpct   : seek% requested',
  '* queue_depth: average number of outstanding i/os', '* ',
];

const jitter = (i) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 78.233) * 0.5;
const pad = (n) => String(n).padStart(2, '0');

function flatfile(config, startMs) {
  const rows = [];
  let t = startMs;
  let k = 0;
  for (const [bs, table] of Object.entries(S1[config])) {
    table.forEach(([iops, mbps, resp], p) => {
      const [name, rdpct, seekpct] = PATTERNS[p];
      const run = `rd_${bs}_${name}`;
      // Five intervals; the first is warm-up (vdbench's avg_2-5 leaves it out). Intervals 2-5
      // deviate symmetrically so their mean is exactly the published figure.
      const dev = [0.08, -0.03, 0.03, -0.02, 0.02];
      const readResp = rdpct === 100 ? resp : rdpct === 0 ? 0 : resp * 0.8;
      const writeResp = rdpct === 0 ? resp : rdpct === 100 ? 0 : (resp - 0.7 * readResp) / 0.3;
      const line = (label, f, when) => {
        const d = new Date(when);
        const tod = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.000`;
        const stamp = `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}-${tod.slice(0, 8)}-UTC`;
        const rate = iops * (1 + f);
        const r = resp * (1 - f);
        return [tod, stamp, run, label, 'max', rate.toFixed(2), (mbps * (1 + f)).toFixed(2), BYTES[bs], rdpct.toFixed(1), r.toFixed(3),
          (readResp * (1 - f)).toFixed(3), (writeResp * (1 - f)).toFixed(3), (r * (6 + jitter(k++))).toFixed(3), (readResp * 6).toFixed(3),
          (writeResp * 7).toFixed(3), (r * 0.45).toFixed(3), bs, THREADS, rdpct, 0, 0, seekpct, 1600, 'vdbench50407', ((rate * r) / 1000).toFixed(1),
          (22 + 10 * jitter(k)).toFixed(1), (8 + 3 * jitter(k)).toFixed(1), (14 + 7 * jitter(k)).toFixed(1)].join(' ');
      };
      dev.forEach((f, i) => rows.push(line(String(i + 1), f, (t += 1000))));
      rows.push(line('avg_2-5', 0, t));
      t += 60_000;
    });
  }
  return `<title>Vdbench output/flatfile.html</title><pre>\n${LEGEND.join('\n')}\n${COLUMNS.join(' ')}\n${rows.join('\n')}\n`;
}

Object.keys(S1).forEach((config, i) => {
  const dir = path.join(here, config.toLowerCase().replace(/\s+/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'flatfile.html'), flatfile(config, Date.UTC(2017, 7, 21 + i, 9, 0)));
});
console.error(`wrote ${Object.keys(S1).length} vdbench output folders to ${here}`);
