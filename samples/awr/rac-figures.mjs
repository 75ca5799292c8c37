// The figures of samples/awr/rac.mjs: a two-node 19c RAC running SLOB, without and with a write
// accelerator (our own numbers), and the models the instance and global reports are written from.
import { num } from './rac-format.mjs';

// ---- the two sides -----------------------------------------------------------------------------
export const DB = { name: 'SLOBRAC', id: '2716499301', release: '19.0.0.0.0', platform: 'Linux x86 64-bit' };
export const INSTANCES = [
  { num: 1, name: 'slobrac1', host: 'racnode1', startup: '01-Mar-24 21:40' },
  { num: 2, name: 'slobrac2', host: 'racnode2', startup: '01-Mar-24 21:42' },
];

/** Cluster-wide foreground events per side: waits per second and average wait. */
export const EVENTS = {
  'no-accelerator': {
    snap: 1120, begin: '02-Mar-24 10:00:07', end: '02-Mar-24 10:20:11', readIops: 118000, writeIops: 9400, txnPerS: 2350,
    instanceShare: [0.52, 0.48],
    fg: [
      ['db file sequential read', 'User I/O', 112100, 1.06],
      ['gc cr grant busy', 'Cluster', 5200, 0.62],
      ['log file sync', 'Commit', 2350, 2.31],
      ['gc current block 2-way', 'Cluster', 3900, 0.31],
      ['enq: TX - row lock contention', 'Application', 140, 6.4],
      ['gc current grant read-mostly invalidation', 'Cluster', 210, 1.9],
      ['db file parallel read', 'User I/O', 600, 2.2],
      ['SQL*Net message from client', 'Idle', 4100, 11.5],
    ],
    bg: [
      ['db file parallel write', 'System I/O', 1900, 1.45],
      ['log file parallel write', 'System I/O', 2400, 1.12],
      ['watchdog main loop', 'Idle', 3.4, 3000.06],
      ['rdbms ipc message', 'Idle', 920, 210.3],
    ],
  },
  'write-accelerator': {
    snap: 1140, begin: '02-Mar-24 14:00:05', end: '02-Mar-24 14:20:09', readIops: 101600, writeIops: 8100, txnPerS: 2020,
    instanceShare: [0.47, 0.53],
    fg: [
      ['db file sequential read', 'User I/O', 96500, 0.47],
      ['gc cr grant busy', 'Cluster', 8900, 1.46],
      ['log file sync', 'Commit', 2020, 0.71],
      ['gc current block 2-way', 'Cluster', 3600, 0.34],
      ['enq: TX - row lock contention', 'Application', 120, 5.9],
      ['gc current grant read-mostly invalidation', 'Cluster', 260, 2.2],
      ['db file parallel read', 'User I/O', 520, 1.1],
      ['SQL*Net message from client', 'Idle', 3500, 12.1],
    ],
    bg: [
      ['db file parallel write', 'System I/O', 1650, 0.38],
      ['log file parallel write', 'System I/O', 2050, 0.29],
      ['watchdog main loop', 'Idle', 3.4, 3000.06],
      ['rdbms ipc message', 'Idle', 880, 214.8],
    ],
  },
};

export const ELAPSED_S = 1204;
export const CPU_PER_S = 14.2;
export const WATCHDOG_SHARE = 0.061;

/** A side's events as counted over the interval, cluster-wide or for one instance. */
export function counted(list, share) {
  return list.map(([name, cls, perS, avgMs]) => {
    const waits = Math.round(perS * ELAPSED_S * share);
    return { name, cls, waits, time: (waits * avgMs) / 1000, avg: avgMs };
  });
}

export function sideFigures(side, share) {
  const s = EVENTS[side];
  const fg = counted(s.fg, share);
  const bg = counted(s.bg, share);
  const busy = fg.filter((e) => e.cls !== 'Idle').reduce((n, e) => n + e.time, 0);
  const cpu = CPU_PER_S * ELAPSED_S * share;
  // The global report's top list counts the idle watchdog into DB time (a 19c RAC report put it
  // third at 5.9% of DB time): DB time here includes it.
  const dbTime = (busy + cpu) / (1 - WATCHDOG_SHARE);
  return { ...s, fg, bg, cpu, dbTime, busy, share, watchdogTime: dbTime * WATCHDOG_SHARE };
}


// ---- the RAC global report (awrgrpt): one model, text and HTML --------------------------------
export const GLOBAL_BOUNDS = [0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000];
export const GLOBAL_HEADS = ['<1us', '<2us', '<4us', '<8us', '<16us', '<32us', '<64us', '<128us', '<256us', '<512us', '<1ms', '<2ms', '<4ms', '<8ms', '<16ms', '<32ms', '<64ms', '<128ms', '<256ms', '<512ms', '<1s', '>=1s'];

export function globalModel(side) {
  const s = EVENTS[side];
  const per = INSTANCES.map((inst) => ({ inst, ...sideFigures(side, s.instanceShare[inst.num - 1]) }));
  const all = sideFigures(side, 1);
  const events = (kind) => all[kind].map((e) => ({ ...e, per: per.map((p) => p[kind].find((x) => x.name === e.name)) }));
  return { s, per, all, fg: events('fg'), bg: events('bg') };
}

/** The top timed foreground list: busy events and the idle watchdog counted into DB time (as the 19c report did). */
export function topTimed(m) {
  const watchdog = m.bg.find((e) => e.name === 'watchdog main loop');
  const rows = [
    ...m.fg.filter((e) => e.cls !== 'Idle'),
    {
      ...watchdog, time: m.all.watchdogTime, avg: (m.all.watchdogTime * 1000) / watchdog.waits,
      per: m.per.map((p) => { const waits = Math.round(watchdog.waits * p.share); return { ...watchdog, time: p.watchdogTime, waits, avg: (p.watchdogTime * 1000) / waits }; }),
    },
  ];
  return rows.sort((a, b) => b.time - a.time).slice(0, 10);
}

/** IO Profile rows: requests and MB per second, cluster-wide. */
export function ioProfile(f) {
  const mb = (iops) => (iops * 8192) / 1048576;
  return [
    ['Total Requests', num(f.readIops + f.writeIops, 2), num(f.readIops, 2), num(f.writeIops, 2)],
    ['Database Requests', num(f.readIops + f.writeIops * 0.9, 2), num(f.readIops, 2), num(f.writeIops * 0.9, 2)],
    ['Total (MB)', num(mb(f.readIops + f.writeIops), 2), num(mb(f.readIops), 2), num(mb(f.writeIops), 2)],
  ];
}
