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
  const targets = s.threads[0]!.map((t) => `
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
            <ThreadsPerFile>${s.threads.length}</ThreadsPerFile>
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

const TEXT_NAMES: Record<string, string> = { '0': 'min', '100': 'max', '99.9': '3-nines', '99.99': '4-nines', '99.999': '5-nines' };

export function diskspdTextReport(s: FixtureSpec): string {
  const old = s.oldText === true;
  const bs = s.blockBytes;
  const out: string[] = [];
  const p = (line = ''): void => {
    out.push(line);
  };
  const paths = s.threads[0]!.map((t) => t.path);
  p();
  p(`Command Line: diskspd.exe -c${sizeText(s.threads[0]![0]!.sizeBytes, true).replace(/B$/, '')} -d${s.durationS} -W${s.warmupS} ${s.random ? '-r' : '-s'} -w${s.writeRatio} -t${s.threads.length} -o${s.outstanding} -b${bs / 1024}K -Sh -L ${paths.join(' ')}`);
  p();
  p('Input parameters:');
  p();
  p('\ttimespan:   1');
  p('\t-------------');
  p(`\tduration: ${s.durationS}s`);
  p(`\twarm up time: ${s.warmupS}s`);
  p('\tcool down time: 0s');
  p('\tmeasuring latency');
  p('\trandom seed: 0');
  for (const path of paths) {
    p(`\tpath: '${path}'`);
    p('\t\tthink time: 0ms');
    p('\t\tburst size: 0');
    p('\t\tsoftware cache disabled');
    if (!old) p('\t\thardware write cache disabled, writethrough on');
    p(s.writeRatio === 0 ? '\t\tperforming read test' : s.writeRatio === 100 ? '\t\tperforming write test' : `\t\tperforming mix test (read/write ratio: ${100 - s.writeRatio}/${s.writeRatio})`);
    p(`\t\tblock size: ${old ? bs : sizeText(bs, false)}`);
    p(s.random ? `\t\tusing random I/O (alignment: ${old ? bs : sizeText(bs, false)})` : `\t\tusing sequential I/O (stride: ${old ? bs : sizeText(bs, false)})`);
    p(old ? `\t\tnumber of outstanding I/O operations: ${s.outstanding}` : `\t\tnumber of outstanding I/O operations per thread: ${s.outstanding}`);
    p(`\t\tthreads per file: ${s.threads.length}`);
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
  if (old) p(`proc count:\t\t${s.cpu.length}`);
  p();
  p('CPU |  Usage |  User  | Kernel |  Idle');
  p('----------------------------------------');
  s.cpu.forEach((c, i) => p(`${pad(String(i), 4)}| ${pad(f2(c.usage), 6)}%| ${pad(f2(c.user), 6)}%| ${pad(f2(c.kernel), 6)}%| ${pad(f2(100 - c.usage), 6)}%`));
  p('----------------------------------------');
  const avg = s.cpu.reduce((a, c) => ({ usage: a.usage + c.usage / s.cpu.length, user: a.user + c.user / s.cpu.length, kernel: a.kernel + c.kernel / s.cpu.length }), { usage: 0, user: 0, kernel: 0 });
  p(`avg.| ${pad(f2(avg.usage), 6)}%| ${pad(f2(avg.user), 6)}%| ${pad(f2(avg.kernel), 6)}%| ${pad(f2(100 - avg.usage), 6)}%`);
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
  const chart = (): void => {
    p('  %-ile |  Read (ms) | Write (ms) | Total (ms)');
    p('----------------------------------------------');
    for (const [key, v] of s.percentiles) {
      const name = TEXT_NAMES[key] ?? `${key}th`;
      p(`${pad(name, 7)} | ${pad(f3(v[0]), 10)} | ${pad(f3(v[1]), 10)} | ${pad(f3(v[2]), 10)}`);
    }
  };
  if (paths.length > 1 && !old) {
    // Per-target charts come first; their figures are not the run's (made up here on purpose).
    for (const path of paths) {
      p();
      p(`Latency distribution: ${path}`);
      p('  %-ile |  Read (ms) | Write (ms) | Total (ms)');
      p('----------------------------------------------');
      p('    min |     99.000 |     99.000 |     99.000');
      p('    max |     99.000 |     99.000 |     99.000');
    }
  }
  p();
  if (!old) p('Total latency distribution:');
  chart();
  return out.join('\r\n') + '\r\n';
}
