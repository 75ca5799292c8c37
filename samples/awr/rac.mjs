#!/usr/bin/env node
// A two-node Oracle 19c RAC study as a DBA collects it, with our own figures: per side a folder
// holding one instance's report (awr.txt), the RAC global report (awrgrpt) in text and HTML,
// the HTML gzipped again (mailed that way), and the load script's own output (tm.out), which
// is not a result. Side "no-accelerator" reports instance 2, side "write-accelerator"
// instance 1, as a DBA picking "any node" does. Layouts follow the real reports in
// ../shared/corpus/awr: the 12.2 instance text report (19c prints the same blocks) and the
// 12.2 awrgrpt HTML; the awrgrpt text layout is the HTML's tables set out as AWR sets out its
// text tables (no real awrgrpt text report was available to copy the layout from).
//
//   node samples/awr/rac.mjs OUTDIR      writes OUTDIR/no-accelerator/... and OUTDIR/write-accelerator/...
//
// The figures: reads fall from about 118,000 to about 101,600 IOPS (-14%) with the accelerator,
// single-block reads get faster (1.06 -> 0.47 ms), "gc cr grant busy" rises, and the idle
// "watchdog main loop" ranks second in the global top list (6.1% of DB time). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { avgText, cut, esc, globalSummaryText, instanceHeaderText, htmlTable, num, pad, shares, TERM, textTable, under, underline } from './rac-format.mjs';
import { DB, ELAPSED_S, EVENTS, globalModel, GLOBAL_BOUNDS, GLOBAL_HEADS, INSTANCES, ioProfile, sideFigures, topTimed } from './rac-figures.mjs';

// ---- the instance report (awrrpt, 19c text) -------------------------------------------------
function instanceText(side, inst) {
  const f = sideFigures(side, EVENTS[side].instanceShare[inst.num - 1]);
  const title = (t) => `${pad(t, 42)}DB/Inst: ${DB.name}/${inst.name}  Snaps: ${f.snap}-${f.snap + 1}`;
  const perS = (v) => num(v / ELAPSED_S, 1);
  const txns = f.txnPerS * ELAPSED_S * f.share;
  const loadRows = [
    ['DB Time(s):', f.dbTime], ['DB CPU(s):', f.cpu], ['Redo size (bytes):', f.writeIops * 5200 * ELAPSED_S * f.share],
    ['Logical read (blocks):', f.readIops * 1.4 * ELAPSED_S * f.share], ['Physical read (blocks):', f.readIops * ELAPSED_S * f.share],
    ['Physical write (blocks):', f.writeIops * 1.3 * ELAPSED_S * f.share], ['Read IO requests:', f.readIops * ELAPSED_S * f.share],
    ['Write IO requests:', f.writeIops * ELAPSED_S * f.share], ['Read IO (MB):', (f.readIops * 8192 * ELAPSED_S * f.share) / 1048576],
    ['Write IO (MB):', (f.writeIops * 8192 * ELAPSED_S * f.share) / 1048576], ['Executes (SQL):', txns * 2.1],
  ];
  const load = loadRows.map(([l, total]) => `${pad(l, 23, true)} ${pad(perS(total), 17, true)} ${pad(num(total / txns, 1), 17, true)}`).join('\n');
  const busyFg = f.fg.filter((e) => e.cls !== 'Idle').sort((a, b) => b.time - a.time);
  const top = [{ name: 'DB CPU', cpu: true, time: f.cpu }, ...busyFg].slice(0, 10).sort((a, b) => b.time - a.time);
  const topRows = top.map((e) => (e.cpu
    ? ['DB CPU', '', num(e.time, 1), '', ((100 * e.time) / f.dbTime).toFixed(1), '']
    : [e.name, num(e.waits), num(e.time, 1), avgText(e.avg), ((100 * e.time) / f.dbTime).toFixed(1), cut(e.cls, 8)]));
  const eventRows = (list, pctOf) => list.map((e) => [e.name, num(e.waits), e.cls === 'Idle' ? '100' : '0', num(e.time), avgText(e.avg), (e.waits / txns).toFixed(1), e.cls === 'Idle' ? '' : ((100 * e.time) / pctOf).toFixed(1)]);
  const eventCols = (pct) => [
    { head: ['Event'], w: 26 }, { head: ['Waits'], w: 11, right: true }, { head: ['%Time', '-outs'], w: 5, right: true },
    { head: ['Total', 'Wait', 'Time (s)'], w: 8, right: true }, { head: ['Avg wait'], w: 9, right: true }, { head: ['Waits', '/txn'], w: 8, right: true },
    { head: [`% ${pct}`, 'time'], w: 6, right: true },
  ];
  const ordered = (list) => [...list.filter((e) => e.cls !== 'Idle').sort((a, b) => b.time - a.time), ...list.filter((e) => e.cls === 'Idle')];
  const bgTime = f.bg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0) * 1.6;
  const histEvents = [...f.fg, ...f.bg].filter((e) => e.cls !== 'Idle').sort((a, b) => a.name.localeCompare(b.name));
  const us = [0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512];
  const ms32 = [0.512, 1, 2, 4, 8, 16, 32];
  const s2 = [32, 64, 125, 250, 500, 1000, 2000];
  const histTable = (bounds, heads, count) => textTable(
    [{ head: ['', 'Event'], w: 25 }, { head: count[0], w: 6, right: true }, ...heads.map((h) => ({ head: [h], w: 5, right: true }))],
    histEvents.map((e) => [e.name, count[1](e), ...shares(bounds, e.avg)]),
  );
  const waitsIn = (lo, hi) => (e) => { const n = e.waits * (under(hi, e.avg) - under(lo, e.avg)); return n >= 1000 ? `${(n / 1000).toFixed(1)}K` : String(Math.round(n)); };
  return `
${instanceHeaderText(DB, inst, 16)}

              Snap Id      Snap Time      Sessions Curs/Sess Instances
            --------- ------------------- -------- --------- ---------
Begin Snap:  ${pad(f.snap, 8, true)} ${f.begin} ${pad(inst.num === 1 ? 141 : 139, 8, true)}       2.1         2
  End Snap:  ${pad(f.snap + 1, 8, true)} ${f.end} ${pad(inst.num === 1 ? 140 : 139, 8, true)}       2.1         2
   Elapsed:               ${(ELAPSED_S / 60).toFixed(2)} (mins)
   DB Time:               ${num(f.dbTime / 60, 2)} (mins)

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
${load}
           Transactions:  ${pad(num(f.txnPerS * f.share, 1), 16, true)}

Top 10 Foreground Events by Total Wait Time
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
${textTable([
    { head: ['Event'], w: 30 }, { head: ['Waits'], w: 11, right: true }, { head: ['Total Wait', 'Time (sec)'], w: 10, right: true },
    { head: ['Avg', 'Wait'], w: 9, right: true }, { head: ['% DB', 'time'], w: 6, right: true }, { head: ['Wait', 'Class'], w: 8 },
  ], topRows)}

IO Profile                  Read+Write/Second     Read/Second    Write/Second
~~~~~~~~~~                  ----------------- --------------- ---------------
            Total Requests: ${pad(num((f.readIops + f.writeIops) * f.share, 1), 17, true)} ${pad(num(f.readIops * f.share, 1), 15, true)} ${pad(num(f.writeIops * f.share, 1), 15, true)}
         Database Requests: ${pad(num((f.readIops + f.writeIops) * f.share * 0.99, 1), 17, true)} ${pad(num(f.readIops * f.share, 1), 15, true)} ${pad(num(f.writeIops * f.share * 0.9, 1), 15, true)}
                Total (MB): ${pad(num(((f.readIops + f.writeIops) * f.share * 8192) / 1048576, 1), 17, true)} ${pad(num((f.readIops * f.share * 8192) / 1048576, 1), 15, true)} ${pad(num((f.writeIops * f.share * 8192) / 1048576, 1), 15, true)}

${title('Foreground Wait Events')}
-> s  - second, ms - millisecond, us - microsecond, ns - nanosecond
-> ordered by wait time desc, waits desc (idle events last)

${textTable(eventCols('DB'), eventRows(ordered(f.fg), f.dbTime))}
${TERM}

${title('Background Wait Events')}
-> ordered by wait time desc, waits desc (idle events last)

${textTable(eventCols('bg'), eventRows(ordered(f.bg), bgTime))}
${TERM}

${title('Wait Event Histogram')}
-> Units for Total Waits column: K is 1000, M is 1000000, G is 1000000000
-> Units for % of Total Waits:
   us is microseconds
-> Ordered by Event (idle events last)

                                                 % of Total Waits
                                 -----------------------------------------------
${histTable(us, ['<8us', '<16us', '<32us', '<64us', '<128u', '<256u', '<512u', '>=512'], [['Total', 'Waits'], (e) => (e.waits >= 100000 ? `${(e.waits / 1000).toFixed(1)}K` : String(e.waits))])}
${TERM}

${title('Wait Event Histogram (up to 32 ms)')}
-> Units for % of Total Waits:
   us is microseconds,
   ms is 1024 microseconds (approximately 1 millisecond)
-> Ordered by Event (only non-idle events are displayed)

                                                 % of Total Waits
                                 -----------------------------------------------
${histTable(ms32, ['<512', '<1ms', '<2ms', '<4ms', '<8ms', '<16ms', '<32ms', '>=32m'], [['Waits', '1ms', 'to 32m'], waitsIn(0.512, 32)])}
${TERM}

${title('Wait Event Histogram (up to 2 sec)')}
-> Units for % of Total Waits:
   ms is milliseconds
   s is 1024 milliseconds (approximately 1 second)
-> Ordered by Event (only non-idle events are displayed)

                                                 % of Total Waits
                                 -----------------------------------------------
${histTable(s2, ['<32ms', '<64ms', '<1/8s', '<1/4s', '<1/2s', '<1s', '<2s', '>=2s'], [['Waits', '64ms', 'to 2s'], waitsIn(32, 2000)])}
${TERM}

End of Report
`;
}

// ---- the RAC global report (awrgrpt), text and HTML ----------------------------------------
function globalText(side) {
  const m = globalModel(side);
  const { s } = m;
  const sumRow = (label, values) => [label, ...values];
  const perInstance = (cols, value) => [
    ...m.per.map((p) => [String(p.inst.num), ...cols.map((c) => value(p, c))]),
    sumRow('Sum', cols.map((c) => value(m.all, c))),
  ];
  const pct = (t) => ((100 * t) / m.all.dbTime).toFixed(2);
  const eventRows = (list, pctOf) => [...list.filter((e) => e.cls !== 'Idle').sort((a, b) => b.time - a.time), ...list.filter((e) => e.cls === 'Idle')]
    .map((e) => [e.cls, e.name, num(e.waits), e.cls === 'Idle' ? '100.00' : '0.00', num(e.time, 2), avgText(e.avg), e.cls === 'Idle' ? '' : ((100 * e.time) / pctOf).toFixed(2)]);
  const eventCols = (pctHead) => [
    { head: ['Wait Class'], w: 11 }, { head: ['Event'], w: 40 }, { head: ['Waits'], w: 12, right: true }, { head: ['%Timeouts'], w: 9, right: true },
    { head: ['Total(s)'], w: 12, right: true }, { head: ['Avg Wait'], w: 9, right: true }, { head: [pctHead], w: 8, right: true },
  ];
  const top = topTimed(m);
  const topRows = top.flatMap((e) => [
    ['*', e.cls, e.name, num(e.waits), '0.00', num(e.time, 2), avgText(e.avg), pct(e.time), avgText(e.avg), avgText(e.avg * 0.96), avgText(e.avg * 1.04), '2'],
    ...e.per.map((x, i) => [String(i + 1), e.cls, e.name, num(x.waits), '0.00', num(x.time, 2), avgText(x.avg), ((100 * x.time) / m.per[i].dbTime).toFixed(2), '', '', '', '']),
  ]);
  const stat = (f, key) => ({
    logical: f.readIops * 1.4, physReads: f.readIops, physWrites: f.writeIops * 1.3, redo: (f.writeIops * 5200) / 1024, changes: f.writeIops * 3.1,
    calls: f.txnPerS * 4, execs: f.txnPerS * 2.1, parses: f.txnPerS * 0.3, logons: 0.4, txns: f.txnPerS,
  })[key] * f.share;
  const STATS = [['Logical Reads', 'logical'], ['Physical Reads', 'physReads'], ['Physical Writes', 'physWrites'], ['Redo Size (k)', 'redo'], ['Block Changes', 'changes'],
    ['User Calls', 'calls'], ['Execs', 'execs'], ['Parses', 'parses'], ['Logons', 'logons'], ['Txns', 'txns']];
  const histRows = [...m.fg, ...m.bg].sort((a, b) => (a.cls === 'Idle') - (b.cls === 'Idle') || a.name.localeCompare(b.name))
    .map((e) => [e.name, num(e.waits), ...shares(GLOBAL_BOUNDS, e.avg)]);
  return `
WORKLOAD REPOSITORY REPORT (RAC)

${globalSummaryText(DB, { begin: s.snap, end: s.snap + 1, beginTime: s.begin, endTime: s.end }, ELAPSED_S, m.per.map((p) => ({ ...p.inst, dbTime: p.dbTime })))}

${underline('Time Model')}
${textTable([{ head: ['I#'], w: 4, right: true }, { head: ['DB time (s)'], w: 12, right: true }, { head: ['DB CPU (s)'], w: 11, right: true }, { head: ['bg time (s)'], w: 11, right: true }],
    perInstance(['db', 'cpu', 'bg'], (f, c) => num(c === 'db' ? f.dbTime : c === 'cpu' ? f.cpu : f.bg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0) * 1.6, 2)))}

${underline('Top Timed Foreground Events')}
-> Instance '*' - cluster wide summary
-> '*' Waits, %Timeouts, Wait Time Total(s) : Cluster-wide total for the wait event

${textTable([
    { head: ['I#'], w: 4, right: true }, { head: ['Wait Class'], w: 11 }, { head: ['Event'], w: 40 }, { head: ['Waits'], w: 12, right: true },
    { head: ['%Timeouts'], w: 9, right: true }, { head: ['Total(s)'], w: 12, right: true }, { head: ['Avg Wait'], w: 9, right: true },
    { head: ['%DB time'], w: 8, right: true }, { head: ['Summary', 'Avg'], w: 9, right: true }, { head: ['', 'Min'], w: 9, right: true },
    { head: ['', 'Max'], w: 9, right: true }, { head: ['', 'Cnt'], w: 3, right: true },
  ], topRows)}

${underline('Foreground Wait Events (Global)')}
-> s - second, ms - millisecond, us - microsecond, ns - nanosecond
-> ordered by wait time desc, waits desc (idle events last)

${textTable(eventCols('%DB time'), eventRows(m.fg, m.all.dbTime))}

${underline('Background Wait Events (Global)')}
-> ordered by wait time desc, waits desc (idle events last)

${textTable(eventCols('%bg time'), eventRows(m.bg, m.bg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0) * 1.6))}

${underline('Wait Event Histogram (Global)')}
-> % of Total Waits

${textTable([{ head: ['Event'], w: 40 }, { head: ['Waits'], w: 11, right: true }, ...GLOBAL_HEADS.map((h) => ({ head: [cut(h, 5)], w: 5, right: true }))], histRows)}

${underline('System Statistics')}
${textTable([{ head: ['I#'], w: 4, right: true }, ...STATS.map(([h]) => ({ head: h.split(' '), w: 13, right: true }))],
    perInstance(STATS.map(([, k]) => k), (f, k) => num(stat(f, k) * ELAPSED_S)))}

${underline('System Statistics - Per Second')}
${textTable([{ head: ['I#'], w: 4, right: true }, ...STATS.map(([h]) => ({ head: `${h}/s`.split(' '), w: 13, right: true }))],
    perInstance(STATS.map(([, k]) => k), (f, k) => num(stat(f, k), 2)))}

${underline('IO Profile (Global)')}
${textTable([{ head: ['Statistic'], w: 24 }, { head: ['Read+Write/s'], w: 14, right: true }, { head: ['Reads/s'], w: 14, right: true }, { head: ['Writes/s'], w: 14, right: true }], ioProfile(m.all))}

${TERM}

End of Report
`;
}

function globalHtml(side) {
  const m = globalModel(side);
  const { s } = m;
  const h3 = (t) => `<h3 class="awr">${esc(t)}</h3>\n<ul>\n</ul>\n`;
  const top = topTimed(m);
  const pct = (t) => ((100 * t) / m.all.dbTime).toFixed(2);
  const order = (list) => [...list.filter((e) => e.cls !== 'Idle').sort((a, b) => b.time - a.time), ...list.filter((e) => e.cls === 'Idle')];
  const bgTime = m.bg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0) * 1.6;
  const eventTable = (list, pctHead, pctOf, kind) => htmlTable(`This table displays ${kind} wait event information`,
    [[{ t: 'Wait', span: 2 }, { t: 'Event', span: 2 }, { t: 'Wait Time', span: 3 }], ['Class', 'Event', 'Waits', '%Timeouts', 'Total(s)', 'Avg Wait', pctHead]],
    order(list).map((e) => [e.cls, e.name, num(e.waits), e.cls === 'Idle' ? '100.00' : '0.00', num(e.time, 2), avgText(e.avg), e.cls === 'Idle' ? '' : ((100 * e.time) / pctOf).toFixed(2)]));
  const STATS = ['Logical Reads', 'Physical Reads', 'Physical Writes', 'Redo Size (k)', 'Block Changes', 'User Calls', 'Execs', 'Parses', 'Logons', 'Txns'];
  const statOf = (f, i) => [f.readIops * 1.4, f.readIops, f.writeIops * 1.3, (f.writeIops * 5200) / 1024, f.writeIops * 3.1, f.txnPerS * 4, f.txnPerS * 2.1, f.txnPerS * 0.3, 0.4, f.txnPerS][i] * f.share;
  return `<html lang="en"><head><title>AWR RAC Report for DB: ${DB.name}, Snaps: ${s.snap}-${s.snap + 1}</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY REPORT (RAC)
</h1>
<p />Database Summary<p />
${htmlTable('Database Summary', [[{ t: 'Database', span: 8 }, { t: 'Snapshot Ids', span: 2 }, { t: 'Number of Instances', span: 2 }, { t: 'Report Total (minutes)', span: 2 }],
    ['Id', 'Name', 'Unique Name', 'Role', 'Edition', 'RAC', 'CDB', 'Block Size', 'Begin', 'End', 'In Report', 'Total', 'DB time', 'Elapsed time']],
  [[DB.id, DB.name, DB.name, 'PRIMARY', 'EE', 'YES', 'NO', '8192', String(s.snap), String(s.snap + 1), '2', '2', num(m.all.dbTime / 60, 2), (ELAPSED_S / 60).toFixed(2)]])}
<p />Database Instances Included In Report<p />
${htmlTable('Database Instances Included In Report. . Listed in order of instance number, I#',
    [['I#', 'Instance', 'Host', 'Startup', 'Begin Snap Time', 'End Snap Time', 'Release', 'Elapsed Time(min)', 'DB time(min)', 'Up Time(hrs)', 'Avg Active Sessions', 'Platform']],
    m.per.map((p) => [String(p.inst.num), p.inst.name, p.inst.host, p.inst.startup, s.begin.slice(0, 15), s.end.slice(0, 15), DB.release,
      (ELAPSED_S / 60).toFixed(2), num(p.dbTime / 60, 2), '12.33', (p.dbTime / ELAPSED_S).toFixed(2), DB.platform]))}
${h3('Time Model')}${htmlTable('Time Model', [['I#', 'DB time (s)', 'DB CPU (s)', 'bg time (s)']],
    m.per.map((p) => [String(p.inst.num), num(p.dbTime, 2), num(p.cpu, 2), num(p.bg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0) * 1.6, 2)]))}
${h3('Top Timed Foreground Events')}${htmlTable('Top Timed Foreground Events',
    [[{ t: 'Wait', span: 2 }, { t: 'Event', span: 2 }, { t: 'Wait Time', span: 3 }, { t: 'Summary Avg Wait Time', span: 4 }],
      ['I#', 'Class', 'Event', 'Waits', '%Timeouts', 'Total(s)', 'Avg Wait', '%DB time', 'Avg', 'Min', 'Max', 'Cnt']],
    top.flatMap((e) => [
      ['*', e.cls, e.name, num(e.waits), '0.00', num(e.time, 2), avgText(e.avg), pct(e.time), avgText(e.avg), avgText(e.avg * 0.96), avgText(e.avg * 1.04), '2'],
      ...e.per.map((x, i) => [String(i + 1), e.cls, e.name, num(x.waits), '0.00', num(x.time, 2), avgText(x.avg), ((100 * x.time) / m.per[i].dbTime).toFixed(2), '', '', '', '']),
    ]), true)}
${h3('Foreground Wait Events (Global)')}${eventTable(m.fg, '%DB time', m.all.dbTime, 'foreground')}
${h3('Background Wait Events (Global)')}${eventTable(m.bg, '%bg time', bgTime, 'background')}
${h3('Wait Event Histogram (Global)')}${htmlTable('This table displays wait event histogram information',
    [[{ t: '% of Total Waits', span: 22 }], ['Event', 'Waits', ...GLOBAL_HEADS]],
    [...m.fg, ...m.bg].sort((a, b) => (a.cls === 'Idle') - (b.cls === 'Idle') || a.name.localeCompare(b.name)).map((e) => [e.name, num(e.waits), ...shares(GLOBAL_BOUNDS, e.avg)]))
    .replace('<tr><th class="awrbg" colspan=" 22">', '<tr><td>&#160;</td><td>&#160;</td><th class="awrbg" colspan=" 22">')}
${h3('System Statistics')}${htmlTable('System Statistics', [['I#', ...STATS]], m.per.map((p) => [String(p.inst.num), ...STATS.map((_, i) => num(statOf(p, i) * ELAPSED_S))]))}
${h3('IO Profile (Global)')}${htmlTable('IO Profile (Global)', [['Statistic', 'Read+Write/s', 'Reads/s', 'Writes/s']], ioProfile(m.all))}
${h3('System Statistics - Per Second')}${htmlTable('System Statistics - Per Second', [['I#', ...STATS.map((x) => `${x}/s`)]],
    m.per.map((p) => [String(p.inst.num), ...STATS.map((_, i) => num(statOf(p, i), 2))]))}
<p />End of Report
</body></html>
`;
}

/** The load script's console output: a SLOB-like run log, not a result any importer reads. */
function loadScriptOutput(side) {
  const s = EVENTS[side];
  return `NOTIFY  : ${s.begin.slice(0, 9)} : Begin SLOB run, 2 instances, 64 sessions per instance
NOTIFY  : ${s.begin.slice(0, 9)} : UPDATE_PCT=25 RUN_TIME=1200 WORK_LOOP=0 SCALE=4G
NOTIFY  : ${s.begin.slice(0, 9)} : Waiting for 128 sessions to connect... done
NOTIFY  : ${s.end.slice(0, 9)} : Run complete
Tm ${ELAPSED_S}
`;
}

/** Writes both sides under `dir`; returns the two folders. */
export function writeRacStudy(dir) {
  const out = [];
  for (const [side, instNum] of [['no-accelerator', 2], ['write-accelerator', 1]]) {
    const folder = path.join(dir, side);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'awr.txt'), instanceText(side, INSTANCES[instNum - 1]));
    fs.writeFileSync(path.join(folder, 'awr_rac.txt'), globalText(side));
    const html = globalHtml(side);
    fs.writeFileSync(path.join(folder, 'awr_rac.html'), html);
    fs.writeFileSync(path.join(folder, 'awr_rac.html.gz'), zlib.gzipSync(Buffer.from(html), { level: 9 }));
    fs.writeFileSync(path.join(folder, 'tm.out'), loadScriptOutput(side));
    out.push(folder);
  }
  return out;
}

/** The figures the reports were written from, for tests to check against. */
export const RAC_FIGURES = { EVENTS, ELAPSED_S, DB, INSTANCES };

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: node samples/awr/rac.mjs OUTDIR\n');
    process.exit(2);
  }
  for (const f of writeRacStudy(path.resolve(dir))) process.stdout.write(`${f}\n`);
}
