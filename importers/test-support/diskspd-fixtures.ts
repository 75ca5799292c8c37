/**
 * One DiskSpd run written both ways DiskSpd writes it: the -Rxml document and the default text
 * report, from the same counts, with the printf formats of github.com/microsoft/diskspd
 * (XmlResultParser.cpp, ResultParser.cpp, Common.h SystemInformation::GetText). Tests check
 * that the two give the same metrics; nothing here is a real run's output.
 */

export interface FixtureTarget {
  path: string;
  sizeBytes: number;
  reads: number;
  writes: number;
  /** -L per-thread means, ms; the text prints them in its IO tables, the XML per <Target>. */
  readLatMs: number;
  writeLatMs: number;
}

export interface FixtureSpec {
  host: string;
  /** "2024/07/01 08:00:00" (UTC, as GetSystemTime); null: a 2.0.1x text report without it. */
  start: string | null;
  version: string;
  blockBytes: number;
  writeRatio: number;
  random: boolean;
  outstanding: number;
  durationS: number;
  warmupS: number;
  testTimeS: number;
  threads: FixtureTarget[][];
  cpu: Array<{ usage: number; user: number; kernel: number }>;
  /** Over all targets: [read, write, total] ms. */
  avgMs: [number, number, number];
  stdevMs: [number, number, number];
  /** Percentile key as the XML writes it ("0", "50", "99.9", "100") → [read, write, total] ms. */
  percentiles: Array<[string, [number, number, number]]>;
  /** 2.0.1x text: "MB/s", "10GB" sizes, no System information, "proc count". */
  oldText?: boolean;
  /**
   * The text as a harness saves it from "Input parameters:" on: no "Command Line:" line above
   * (FORMATS.md 6.1). Default: printed.
   */
  noCommandLine?: boolean;
  /** The profile's sizes in bytes ("block size: 8192", "number of outstanding I/O operations: 22"), as releases before 2.1 print them. */
  profileInBytes?: boolean;
}

/** The targets in the order threads first name them, with how many threads work on each. */
function targetsOf(s: FixtureSpec): Array<FixtureTarget & { threads: number }> {
  const out = new Map<string, FixtureTarget & { threads: number }>();
  for (const ts of s.threads) {
    for (const t of ts) {
      const seen = out.get(t.path);
      if (seen) seen.threads++;
      else out.set(t.path, { ...t, threads: 1 });
    }
  }
  return [...out.values()];
}

const MIB = 1048576;
const f2 = (v: number): string => v.toFixed(2);
const f3 = (v: number): string => v.toFixed(3);
const pad = (s: string, n: number): string => s.padStart(n);

function sizeText(bytes: number, old: boolean): string {
  const units: Array<[number, string]> = old ? [[30, 'GB'], [20, 'MB'], [10, 'KB']] : [[40, 'TiB'], [30, 'GiB'], [20, 'MiB'], [10, 'KiB']];
  for (const [shift, name] of units) {
    const sz = 2 ** shift;
    if (bytes >= sz) return bytes % sz === 0 ? `${bytes / sz}${name}` : `${(bytes / sz).toFixed(2)}${name}`;
  }
  return String(bytes);
}

export function diskspdXml(s: FixtureSpec): string {
  const bs = s.blockBytes;
  const targets = targetsOf(s).map((t) => `
          <Target>
            <Path>${t.path}</Path>
            <BlockSize>${bs}</BlockSize>
            <BaseFileOffset>0</BaseFileOffset>
            <SequentialScan>false</SequentialScan>
            <RandomAccess>false</RandomAccess>
            <TemporaryFile>false</TemporaryFile>
            <UseLargePages>false</UseLargePages>
            <DisableOSCache>true</DisableOSCache>
            <WriteThrough>true</WriteThrough>
            ${s.random ? `<Random>${bs}</Random>` : `<StrideSize>${bs}</StrideSize>`}
            <ThreadStride>0</ThreadStride>
            <MaxFileSize>0</MaxFileSize>
            <RequestCount>${s.outstanding}</RequestCount>
            <WriteRatio>${s.writeRatio}</WriteRatio>
            <Throughput>0</Throughput>
            <ThreadsPerFile>${t.threads}</ThreadsPerFile>
            <IOPriority>3</IOPriority>
            <Weight>1</Weight>
          </Target>`).join('');
  const lat = (vals: [number, number, number]): string =>
    `<ReadMilliseconds>${f3(vals[0])}</ReadMilliseconds><WriteMilliseconds>${f3(vals[1])}</WriteMilliseconds><TotalMilliseconds>${f3(vals[2])}</TotalMilliseconds>`;
  const threads = s.threads.map((ts, id) => `
    <Thread>
      <Id>${id}</Id>${ts.map((t) => `
      <Target>
        <Path>${t.path}</Path>
        <BytesCount>${(t.reads + t.writes) * bs}</BytesCount>
        <FileSize>${t.sizeBytes}</FileSize>
        <IOCount>${t.reads + t.writes}</IOCount>
        <ReadBytes>${t.reads * bs}</ReadBytes>
        <ReadCount>${t.reads}</ReadCount>
        <WriteBytes>${t.writes * bs}</WriteBytes>
        <WriteCount>${t.writes}</WriteCount>${t.reads > 0 ? `
        <AverageReadLatencyMilliseconds>${f3(t.readLatMs)}</AverageReadLatencyMilliseconds>
        <ReadLatencyStdev>0.100</ReadLatencyStdev>` : ''}${t.writes > 0 ? `
        <AverageWriteLatencyMilliseconds>${f3(t.writeLatMs)}</AverageWriteLatencyMilliseconds>
        <WriteLatencyStdev>0.200</WriteLatencyStdev>` : ''}
      </Target>`).join('')}
    </Thread>`).join('');
  const avg = s.cpu.reduce((a, c) => ({ usage: a.usage + c.usage / s.cpu.length, user: a.user + c.user / s.cpu.length, kernel: a.kernel + c.kernel / s.cpu.length }), { usage: 0, user: 0, kernel: 0 });
  return `<Results>
  <System>
    <ComputerName>${s.host}</ComputerName>
    <Tool>
      <Version>${s.version}</Version>
    </Tool>${s.start ? `
    <RunTime>${s.start} UTC</RunTime>` : ''}
    <ProcessorTopology/>
  </System>
  <Profile>
    <TimeSpans>
      <TimeSpan>
        <CompletionRoutines>false</CompletionRoutines>
        <MeasureLatency>true</MeasureLatency>
        <CalculateIopsStdDev>false</CalculateIopsStdDev>
        <DisableAffinity>false</DisableAffinity>
        <Duration>${s.durationS}</Duration>
        <Warmup>${s.warmupS}</Warmup>
        <Cooldown>0</Cooldown>
        <ThreadCount>0</ThreadCount>
        <RequestCount>0</RequestCount>
        <IoBucketDuration>1000</IoBucketDuration>
        <RandSeed>0</RandSeed>
        <Targets>${targets}
        </Targets>
      </TimeSpan>
    </TimeSpans>
  </Profile>
  <TimeSpan>
    <TestTimeSeconds>${f2(s.testTimeS)}</TestTimeSeconds>
    <ThreadCount>${s.threads.length}</ThreadCount>
    <RequestCount>0</RequestCount>
    <ProcCount>${s.cpu.length}</ProcCount>
    <CpuUtilization>
      <Average>
        <UsagePercent>${f2(avg.usage)}</UsagePercent>
        <UserPercent>${f2(avg.user)}</UserPercent>
        <KernelPercent>${f2(avg.kernel)}</KernelPercent>
        <IdlePercent>${f2(100 - avg.usage)}</IdlePercent>
      </Average>
    </CpuUtilization>
    <Latency>
      <AverageReadMilliseconds>${f3(s.avgMs[0])}</AverageReadMilliseconds>
      <ReadLatencyStdev>${f3(s.stdevMs[0])}</ReadLatencyStdev>
      <AverageWriteMilliseconds>${f3(s.avgMs[1])}</AverageWriteMilliseconds>
      <WriteLatencyStdev>${f3(s.stdevMs[1])}</WriteLatencyStdev>
      <AverageTotalMilliseconds>${f3(s.avgMs[2])}</AverageTotalMilliseconds>
      <LatencyStdev>${f3(s.stdevMs[2])}</LatencyStdev>
${s.percentiles.map(([p, v]) => `      <Bucket><Percentile>${p}</Percentile>${lat(v)}</Bucket>`).join('\n')}
    </Latency>${threads}
  </TimeSpan>
</Results>`;
}

const TEXT_NAMES: Record<string, string> = {
  '0': 'min', '100': 'max', '99.9': '3-nines', '99.99': '4-nines', '99.999': '5-nines', '99.9999': '6-nines', '99.99999': '7-nines', '99.999999': '8-nines', '99.9999999': '9-nines',
};

/**
 * The text report of a run. The layout is ResultParser.cpp's: the profile, System information,
 * then per time span the CPU table, the Total / Read / Write IO tables and, with -L, one
 * percentile chart per target (under its path alone on a line) when there are several, then
 * "total:" and the chart over all targets.
 */
export function diskspdTextReport(s: FixtureSpec): string {
  const old = s.oldText === true;
  const bytes = old || s.profileInBytes === true;
  const bs = s.blockBytes;
  const out: string[] = [];
  const p = (line = ''): void => {
    out.push(line);
  };
  const targets = targetsOf(s);
  const paths = targets.map((t) => t.path);
  if (!s.noCommandLine) {
    p();
    p(`Command Line: diskspd.exe -c${sizeText(targets[0]!.sizeBytes, true).replace(/B$/, '')} -d${s.durationS} -W${s.warmupS} ${s.random ? '-r' : '-s'} -w${s.writeRatio} -t${targets[0]!.threads} -o${s.outstanding} -b${bs / 1024}K -Sh -L ${paths.join(' ')}`);
    p();
  }
  p('Input parameters:');
  p();
  p('\ttimespan:   1');
  p('\t-------------');
  p(`\tduration: ${s.durationS}s`);
  p(`\twarm up time: ${s.warmupS}s`);
  p('\tcool down time: 0s');
  p('\tmeasuring latency');
  p('\trandom seed: 0');
  for (const t of targets) {
    p(`\tpath: '${t.path}'`);
    p('\t\tthink time: 0ms');
    p('\t\tburst size: 0');
    p('\t\tsoftware cache disabled');
    if (!old) p('\t\thardware write cache disabled, writethrough on');
    p(s.writeRatio === 0 ? '\t\tperforming read test' : s.writeRatio === 100 ? '\t\tperforming write test' : `\t\tperforming mix test (read/write ratio: ${100 - s.writeRatio}/${s.writeRatio})`);
    p(`\t\tblock size: ${bytes ? bs : sizeText(bs, false)}`);
    p(s.random ? `\t\tusing random I/O (alignment: ${bytes ? bs : sizeText(bs, false)})` : `\t\tusing sequential I/O (stride: ${bytes ? bs : sizeText(bs, false)})`);
    p(bytes ? `\t\tnumber of outstanding I/O operations: ${s.outstanding}` : `\t\tnumber of outstanding I/O operations per thread: ${s.outstanding}`);
    if (bytes && !old) p('\t\tthread stride size: 0');
    p(`\t\tthreads per file: ${t.threads}`);
    p('\t\tusing I/O Completion Ports');
    p('\t\tIO priority: normal');
  }
  p();
  if (!old) {
    p('System information:');
    p();
    p(`\tcomputer name: ${s.host}`);
    p(`\tstart time: ${s.start ?? ''}${s.start ? ' UTC' : ''}`);
    p();
    p(`\tcpu count:\t\t${s.cpu.length}`);
    p(`\tcore count:\t\t${s.cpu.length}`);
    p('\tgroup count:\t\t1');
    p('\tnode count:\t\t1');
    p('\tsocket count:\t\t1');
    p('\theterogeneous cores:\tn');
    p();
    p('\tactive power scheme:\tBalanced (381b4222-f694-41f0-9685-ff5bb260df2e)');
  }
  p();
  p('Results for timespan 1:');
  p('*******************************************************************************');
  p();
  p(`actual test time:\t${f2(s.testTimeS)}s`);
  p(`thread count:\t\t${s.threads.length}`);
  p(`proc count:\t\t${s.cpu.length}`);
  p();
  p('CPU |  Usage |  User  |  Kernel |  Idle');
  p('-------------------------------------------');
  s.cpu.forEach((c, i) => p(`${pad(String(i), 4)}| ${pad(f2(c.usage), 6)}%| ${pad(f2(c.user), 6)}%|  ${pad(f2(c.kernel), 6)}%| ${pad(f2(100 - c.usage), 6)}%`));
  p('-------------------------------------------');
  const avg = s.cpu.reduce((a, c) => ({ usage: a.usage + c.usage / s.cpu.length, user: a.user + c.user / s.cpu.length, kernel: a.kernel + c.kernel / s.cpu.length }), { usage: 0, user: 0, kernel: 0 });
  p(`avg.| ${pad(f2(avg.usage), 6)}%| ${pad(f2(avg.user), 6)}%|  ${pad(f2(avg.kernel), 6)}%| ${pad(f2(100 - avg.usage), 6)}%`);
  const sections: Array<['Total' | 'Read' | 'Write', 2 | 0 | 1]> = [['Total', 2], ['Read', 0], ['Write', 1]];
  for (const [name, which] of sections) {
    p();
    p(`${name} IO`);
    p(`thread |       bytes     |     I/Os     |    ${old ? ' MB/s' : 'MiB/s'}   |  I/O per s |  AvgLat  | LatStdDev |  file`);
    p('-----------------------------------------------------------------------------------------------------');
    let [tb, ti] = [0, 0];
    s.threads.forEach((ts, id) => {
      for (const t of ts) {
        const ios = which === 0 ? t.reads : which === 1 ? t.writes : t.reads + t.writes;
        const lat = which === 0 ? t.readLatMs : which === 1 ? t.writeLatMs : (t.readLatMs * t.reads + t.writeLatMs * t.writes) / (t.reads + t.writes);
        tb += ios * bs;
        ti += ios;
        p(`${pad(String(id), 6)} | ${pad(String(ios * bs), 15)} | ${pad(String(ios), 12)} | ${pad(f2((ios * bs) / MIB / s.testTimeS), 10)} | ${pad(f2(ios / s.testTimeS), 10)} | ${pad(f3(ios > 0 ? lat : 0), 8)} | ${ios > 0 ? ` ${pad(f3(0.1), 8)}` : '      N/A'} | ${t.path} (${sizeText(t.sizeBytes, old)})`);
      }
    });
    p('-----------------------------------------------------------------------------------------------------');
    p(`total:   ${pad(String(tb), 15)} | ${pad(String(ti), 12)} | ${pad(f2(tb / MIB / s.testTimeS), 10)} | ${pad(f2(ti / s.testTimeS), 10)} | ${pad(f3(s.avgMs[which]), 8)} |  ${pad(f3(s.stdevMs[which]), 8)}`);
  }
  const chart = (rows: Array<[string, [number, number, number]]>): void => {
    p('  %-ile |  Read (ms) | Write (ms) | Total (ms)');
    p('----------------------------------------------');
    for (const [key, v] of rows) {
      const name = TEXT_NAMES[key] ?? `${key}th`;
      p(`${pad(name, 7)} | ${pad(f3(v[0]), 10)} | ${pad(f3(v[1]), 10)} | ${pad(f3(v[2]), 10)}`);
    }
  };
  p();
  p();
  if (paths.length > 1) {
    // Per-target charts come first; their figures are not the run's (made up here on purpose).
    for (const path of paths) {
      p();
      p(path);
      chart([['0', [99, 99, 99]], ['100', [99, 99, 99]]]);
    }
  }
  p();
  // 2.0.1x: no label over the one chart (UNVERIFIED; the later releases' "total:" is below).
  if (!old) p('total:');
  chart(s.percentiles);
  if (!old) {
    p();
    p(`Read latency histogram bins:  ${s.percentiles.length * 40}`);
    p(`Write latency histogram bins: ${s.percentiles.length * 40}`);
  }
  return out.join('\r\n') + '\r\n';
}

/**
 * A run as harnesses capture it (FORMATS.md 6.1): five target files, 23 threads on each (thread
 * ids 0-114, each on one file), 8 KiB random 70/30 at 22 outstanding I/Os, -L percentiles; the
 * profile in bytes. Counts differ by thread so that a row read into the wrong place shows.
 */
export const FIVE_TARGETS: FixtureSpec = {
  host: 'WIN-SQLBENCH01',
  start: '2021/04/16 19:03:38',
  version: '2.0.17',
  blockBytes: 8192,
  writeRatio: 30,
  random: true,
  outstanding: 22,
  durationS: 60,
  warmupS: 5,
  testTimeS: 60.02,
  threads: Array.from({ length: 115 }, (_, i) => [{
    path: `${'EFGHI'[Math.floor(i / 23)]}:\\diskspd-test.dat`, sizeBytes: 20 * 2 ** 30,
    reads: 20_000 + 37 * i, writes: 9_000 + 11 * i, readLatMs: 1.2 + (i % 23) * 0.01, writeLatMs: 2.5 + (i % 7) * 0.02,
  }]),
  cpu: [{ usage: 61.5, user: 4.25, kernel: 57.25 }, { usage: 58.75, user: 3.5, kernel: 55.25 }, { usage: 60.25, user: 4, kernel: 56.25 }, { usage: 59.5, user: 3.75, kernel: 55.75 }],
  avgMs: [1.317, 2.561, 1.69],
  stdevMs: [0.41, 0.88, 0.77],
  percentiles: [
    ['0', [0.21, 0.33, 0.21]], ['25', [0.9, 1.8, 1.1]], ['50', [1.2, 2.4, 1.5]], ['75', [1.6, 3.1, 2.1]], ['90', [2.1, 3.9, 3.0]], ['95', [2.6, 4.6, 3.8]],
    ['99', [4.2, 7.1, 6.0]], ['99.9', [9.5, 14.2, 12.8]], ['99.99', [21.3, 30.4, 28.7]], ['99.999', [40.2, 51.0, 50.1]], ['99.9999', [44.0, 55.5, 55.5]],
    ['99.99999', [44.0, 55.5, 55.5]], ['99.999999', [44.0, 55.5, 55.5]], ['99.9999999', [44.0, 55.5, 55.5]], ['100', [44.0, 55.5, 55.5]],
  ],
  noCommandLine: true,
  profileInBytes: true,
};
