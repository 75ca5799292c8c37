#!/usr/bin/env node
// Writes study S2's AWR reports (../../../shared/STUDIES.md: Exadata X4-2 write-back against
// write-through flash cache, SLOB) as AWR text reports in the 11.2.0.4 layout (the layout of
// the real text reports in ../shared/corpus/awr, as the importer's tests document it):
//   write-back.txt, write-through.txt   the two published runs, with their top events
//   sweep/sessions-NNN.txt              the write-back sweep: 32 ... 392 sessions, 5 minutes each,
//                                       write IOPS rising towards ~250,000
// One deliberate difference from 11.2.0.4, which prints average waits in whole milliseconds:
// the published averages (21.74 ms) are printed with their decimals. Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (v, d = 0) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const left = (s, w) => String(s).slice(0, w).padEnd(w);
const right = (s, w) => String(s).padStart(w);
/** 11.2.0.4's 4-character "Tota" column: 12.2K prints "12.2", 4,251.9 "4251", 736.8 "736.". */
const tota = (v) => (v >= 10000 ? (v / 1000).toFixed(1) : v >= 1000 ? String(Math.floor(v)) : v.toFixed(1)).slice(0, 4);
const avg = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

function top10(events) {
  return events.map((e) => e.name === 'DB CPU'
    ? `${left('DB CPU', 30)} ${right('', 12)} ${left(tota(e.time), 4)} ${right('', 7)} ${right(e.pct.toFixed(1), 6)}`
    : `${left(e.name, 30)} ${right(num(e.waits), 12)} ${left(tota(e.time), 4)} ${right(avg(e.avg), 7)} ${right(e.pct < 1 ? e.pct.toFixed(1).replace(/^0/, '') : e.pct.toFixed(1), 6)} ${left(e.cls, 10)}`).join('\n');
}

function waitTable(events, txns) {
  return events.map((e) => `${left(e.name, 26)} ${right(num(e.waits), 12)} ${right('0', 5)} ${right(num(e.time), 10)} ${right(avg(e.avg), 7)} ${right((e.waits / txns).toFixed(1), 8)} ${right(e.pct < 1 ? e.pct.toFixed(1).replace(/^0/, '') : e.pct.toFixed(1), 6)}`).join('\n');
}

function report(r) {
  const dbTimeS = r.dbTimeMin * 60;
  const elapsedS = r.elapsedMin * 60;
  const txns = r.txnPerS * elapsedS;
  const fg = r.top.filter((e) => e.name !== 'DB CPU');
  const cpu = r.top.find((e) => e.name === 'DB CPU');
  return `
WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
SLOB          3829617521 SLOB1               1 14-Mar-14 09:12 11.2.0.4.0  YES

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
x4db01           Linux x86 64-bit                   48    24       2     251.79

              Snap Id      Snap Time      Sessions Curs/Sess Instances
            --------- ------------------- -------- --------- ---------
Begin Snap:  ${right(r.snap, 8)} ${r.begin} ${right(r.sessions, 8)}       1.3         4
  End Snap:  ${right(r.snap + 1, 8)} ${r.end} ${right(r.sessions, 8)}       1.3         4
   Elapsed:               ${right(r.elapsedMin.toFixed(2), 5)} (mins)
   DB Time:            ${right(num(r.dbTimeMin, 2), 8)} (mins)

Cache Sizes                       Begin        End
~~~~~~~~~~~                  ---------- ----------
               Buffer Cache:       192M       192M  Std Block Size:         8K
           Shared Pool Size:     2,048M     2,048M      Log Buffer:   128,076K

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
             DB Time(s):  ${right(num(dbTimeS / elapsedS, 1), 16)}  ${right(num(dbTimeS / txns, 1), 16)}      0.34     28.17
              DB CPU(s):  ${right(num(cpu.time / elapsedS, 1), 16)}  ${right(num(cpu.time / txns, 1), 16)}      0.05      3.74
      Redo size (bytes):  ${right(num(r.writeIops * 620, 1), 16)}  ${right(num((r.writeIops * 620) / r.txnPerS, 1), 16)}
  Logical read (blocks):  ${right(num(r.readIops * 2.7, 1), 16)}  ${right(num((r.readIops * 2.7) / r.txnPerS, 1), 16)}
 Physical read (blocks):  ${right(num(r.readIops, 1), 16)}  ${right(num(r.readIops / r.txnPerS, 1), 16)}
Physical write (blocks):  ${right(num(r.writeIops * 1.9, 1), 16)}  ${right(num((r.writeIops * 1.9) / r.txnPerS, 1), 16)}
       Read IO requests:  ${right(num(r.readIops, 1), 16)}  ${right(num(r.readIops / r.txnPerS, 1), 16)}
      Write IO requests:  ${right(num(r.writeIops, 1), 16)}  ${right(num(r.writeIops / r.txnPerS, 1), 16)}
           Read IO (MB):  ${right(num((r.readIops * 8192) / 1048576, 1), 16)}  ${right(num((r.readIops * 8192) / 1048576 / r.txnPerS, 1), 16)}
          Write IO (MB):  ${right(num((r.writeIops * 8192) / 1048576, 1), 16)}  ${right(num((r.writeIops * 8192) / 1048576 / r.txnPerS, 1), 16)}
             User calls:                2.3               0.0
         Executes (SQL):  ${right(num(r.txnPerS * 0.89, 1), 16)}               0.9
           Transactions:  ${right(num(r.txnPerS, 1), 16)}

Top 10 Foreground Events by Total Wait Time
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                                            Tota    Wait   % DB
Event                                 Waits Time Avg(ms)   time Wait Class
------------------------------ ------------ ---- ------- ------ ----------
${top10(r.top)}
\f
Time Model Statistics                DB/Inst: SLOB/SLOB1  Snaps: ${r.snap}-${r.snap + 1}
-> Total time in database user-calls (DB Time): ${Math.round(dbTimeS)}s
-> Ordered by % or DB time desc, Statistic name

Statistic Name                                       Time (s) % of DB Time
------------------------------------------ ------------------ ------------
sql execute elapsed time                   ${right(num(dbTimeS * 0.994, 1), 18)}         99.4
DB CPU                                     ${right(num(cpu.time, 1), 18)} ${right(((100 * cpu.time) / dbTimeS).toFixed(1), 12)}
DB time                                    ${right(num(dbTimeS, 1), 18)}
background elapsed time                    ${right(num(r.bgTimeS, 1), 18)}
          -------------------------------------------------------------

\fForeground Wait Events               DB/Inst: SLOB/SLOB1  Snaps: ${r.snap}-${r.snap + 1}
-> s  - second, ms - millisecond -    1000th of a second
-> ordered by wait time desc, waits desc (idle events last)

                                                             Avg
                                        %Time Total Wait    wait    Waits   % DB
Event                             Waits -outs   Time (s)    (ms)     /txn   time
-------------------------- ------------ ----- ---------- ------- -------- ------
${waitTable(fg, txns)}
          -------------------------------------------------------------

\f${sqlSection(r, dbTimeS)}

\fBackground Wait Events               DB/Inst: SLOB/SLOB1  Snaps: ${r.snap}-${r.snap + 1}
-> ordered by wait time desc, waits desc (idle events last)

                                                             Avg
                                        %Time Total Wait    wait    Waits   % bg
Event                             Waits -outs   Time (s)    (ms)     /txn   time
-------------------------- ------------ ----- ---------- ------- -------- ------
${waitTable(r.bg, txns)}
          -------------------------------------------------------------

End of Report
`;
}

const ev = (name, waits, time, avgMs, pct, cls) => ({ name, waits, time, avg: avgMs, pct, cls });

// S2's two SLOB statements (STUDIES.md: the UPDATE 1,996.3 s over 88,329 executions, 83.1% of DB
// time, 32.0% CPU, 77.8% I/O; the SELECT 382.6 s over 95,873, 15.9%, 56.0% CPU, 60.1% I/O).
const SQL = [
  { id: 'g7ac5u7zzfbyd', text: "UPDATE CF1 SET C2='A' WHERE CUSTID > (:B1-:B2) AND CUSTID < :B1" },
  { id: '6w9a3xnpbuz5x', text: 'SELECT COUNT(C2) FROM CF1 WHERE CUSTID > (:B1-:B2) AND CUSTID < :B1' },
];

function sqlSection(r, dbTimeS) {
  const rows = r.sql.map((q, i) => {
    const perExec = q.elapsed / q.executions;
    return `${right(num(q.elapsed, 1), 16)} ${right(num(q.executions), 14)} ${right(perExec.toFixed(2), 13)} ${right(((100 * q.elapsed) / dbTimeS).toFixed(1), 6)} ${right(q.cpu.toFixed(1), 6)} ${right(q.io.toFixed(1), 6)} ${SQL[i].id}
Module: SLOB
${SQL[i].text}
`;
  });
  return `SQL ordered by Elapsed Time               DB/Inst: SLOB/SLOB1  Snaps: ${r.snap}-${r.snap + 1}
-> %Total - Elapsed Time  as a percentage of Total DB time
-> %CPU   - CPU Time      as a percentage of Elapsed Time
-> %IO    - User I/O Time as a percentage of Elapsed Time

        Elapsed                  Elapsed Time
        Time (s)    Executions  per Exec (s)  %Total   %CPU    %IO    SQL Id
---------------- -------------- ------------- ------ ------ ------ -------------
${rows.join('\n')}          -------------------------------------------------------------`;
}

// STUDIES.md S2, write-back: top foreground events and db file parallel write.
const writeBack = {
  snap: 212, begin: '14-Mar-14 10:05:12', end: '14-Mar-14 10:10:15', sessions: 392, elapsedMin: 5.05, dbTimeMin: 40.02,
  txnPerS: 580, readIops: 20150, writeIops: 176000, bgTimeS: 1445,
  top: [
    ev('cell single block physical read', 5921681, 1635, 0, 68.1, 'User I/O'), ev('DB CPU', 0, 877, 0, 36.5, ''),
    ev('cell list of blocks physical read', 190164, 148, 1, 6.2, 'User I/O'), ev('log file switch completion', 16, 0.4, 22, 0, 'Configurat'),
    ev('reliable message', 11, 0.2, 18, 0, 'Other'), ev('enq: WF - contention', 20, 0.1, 4, 0, 'Other'),
    ev('gc current block busy', 41, 0, 1, 0, 'Cluster'), ev('gc current block 3-way', 111, 0, 0, 0, 'Cluster'),
    ev('gc cr multi block request', 10, 0, 3, 0, 'Cluster'), ev('control file sequential read', 136, 0, 0, 0, 'System I/O'),
  ],
  bg: [ev('db file parallel write', 395538, 276, 1, 19.1, 'System I/O'), ev('log file parallel write', 881201, 512, 0.58, 35.4, 'System I/O')],
  sql: [{ elapsed: 1996.3, executions: 88329, cpu: 32.0, io: 77.8 }, { elapsed: 382.6, executions: 95873, cpu: 56.0, io: 60.1 }],
};
// STUDIES.md S2, write-through.
const writeThrough = {
  snap: 312, begin: '14-Mar-14 11:05:10', end: '14-Mar-14 11:10:13', sessions: 392, elapsedMin: 5.05, dbTimeMin: 322.45,
  txnPerS: 211.7, readIops: 31689, writeIops: 17364, bgTimeS: 2057,
  top: [
    ev('free buffer waits', 1039389, 12200, 11.72, 63.0, 'Configurat'), ev('cell single block physical read', 9244945, 4251.9, 0.46, 22.0, 'User I/O'),
    ev('DB CPU', 0, 2561.1, 0, 13.3, ''), ev('cell list of blocks physical read', 358004, 736.8, 2.06, 3.8, 'User I/O'),
    ev('latch: gc element', 144537, 368.1, 2.55, 1.9, 'Cluster'), ev('write complete waits', 571, 224.7, 393.47, 1.2, 'Configurat'),
    ev('cursor: pin S wait on X', 1793, 54.4, 30.35, 0.3, 'Concurrenc'), ev('enq: RO - fast object reuse', 92, 43.5, 472.32, 0.2, 'Applicatio'),
    ev('latch free', 15992, 18.6, 1.16, 0.1, 'Other'), ev('latch: gcs resource hash', 12772, 17.9, 1.40, 0.1, 'Cluster'),
  ],
  bg: [ev('log file parallel write', 1482466, 1150, 0.78, 55.9, 'System I/O'), ev('db file parallel write', 7019, 153, 21.74, 7.4, 'System I/O')],
  // The same statements waiting on free buffers: far fewer executions in far more time.
  sql: [{ elapsed: 16087.4, executions: 32140, cpu: 9.1, io: 24.6 }, { elapsed: 3052.8, executions: 34911, cpu: 22.4, io: 71.0 }],
};

export function generate(dir = here) {
  fs.writeFileSync(path.join(dir, 'write-back.txt'), report(writeBack));
  fs.writeFileSync(path.join(dir, 'write-through.txt'), report(writeThrough));
  const sweepDir = path.join(dir, 'sweep');
  fs.mkdirSync(sweepDir, { recursive: true });
  const sessions = [32, 64, 128, 192, 256, 320, 392];
  sessions.forEach((n, i) => {
    // Write IOPS rise towards ~250,000 and flatten; the single-block read wait grows with load.
    const writeIops = Math.round(255000 * (1 - Math.exp(-n / 150)));
    const r = {
      ...writeBack, snap: 400 + 2 * i, sessions: n, begin: `15-Mar-14 ${String(9 + i).padStart(2, '0')}:00:05`, end: `15-Mar-14 ${String(9 + i).padStart(2, '0')}:05:07`,
      writeIops, readIops: Math.round(writeIops * 0.12), txnPerS: Math.round(writeIops / 300), dbTimeMin: +(n * 5.02 * 0.82).toFixed(2),
      top: writeBack.top.map((e) => (e.name === 'cell single block physical read' ? { ...e, waits: Math.round(e.waits * (n / 392)), time: +(e.time * (n / 392) ** 1.4).toFixed(1), avg: +(0.2 + 0.5 * (n / 392) ** 2).toFixed(2) } : e)),
      bg: [ev('db file parallel write', Math.round(395538 * (writeIops / 176000)), +(276 * (n / 392) ** 1.2).toFixed(1), +(0.4 + 0.8 * (n / 392) ** 2).toFixed(2), 19.1, 'System I/O')],
    };
    fs.writeFileSync(path.join(sweepDir, `sessions-${String(n).padStart(3, '0')}.txt`), report(r));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) generate();
