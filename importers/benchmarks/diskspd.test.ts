import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import type { ParseResult } from '../types.js';
import { diskspdImporter } from './diskspd.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};
const parse = (text: string): ParseResult => diskspdImporter.parse({ bytes: new TextEncoder().encode(text), name: 'result.xml' });

describe('DiskSpd XML on the real corpus', () => {
  it('2.0.21a from PerfKitBenchmarker: 64K sequential read, 4 threads, 2 outstanding I/Os, no latency', (t) => {
    const p = corpusFile('other/pkb__diskspd-2.0.21a_result.xml');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const { runs, errors, warnings } = diskspdImporter.parse({ bytes: readBytes(p), name: 'diskspd.xml' });
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.toolVersion, '2.0.21a'); // line 5
    assert.equal(r.host, 'pkb-044ffc87-0');
    // Profile target: BlockSize 65536 (line 39), StrideSize 65536 and no <Random> (line 52),
    // RequestCount 2 (line 56), WriteRatio 0 (line 57); Duration 30 (line 29); results
    // ThreadCount 4 (line 69).
    assert.deepEqual(
      { bs: r.params['bs'], read_pct: r.params['read_pct'], pattern: r.params['pattern'], iodepth: r.params['iodepth'], threads: r.params['threads'], runtime_s: r.params['runtime_s'], direct: r.params['direct'] },
      { bs: 65536, read_pct: 100, pattern: 'sequential', iodepth: 2, threads: 4, runtime_s: 30, direct: 1 },
    );
    assert.equal(r.name, '64K sequential read, 4 threads, QD 2');
    // IOCount 22645 + 22623 + 22548 + 23154 = 90970 (lines 134-173) over TestTimeSeconds 30.02
    // (line 68); BytesCount 1484062720 + 1482620928 + 1477705728 + 1517420544 = 5961809920.
    close(r.metrics['total.iops'], 90970 / 30.02);
    close(r.metrics['read.iops'], 90970 / 30.02);
    close(r.metrics['total.bw_mib_s'], 5961809920 / 1048576 / 30.02);
    assert.equal(r.metrics['write.iops'], undefined, 'no writes: no write metrics');
    // CpuUtilization/Average, lines 122-124.
    assert.deepEqual([r.metrics['cpu_util_pct'], r.metrics['cpu_usr_pct'], r.metrics['cpu_sys_pct']], [3.2, 0.25, 2.95]);
    assert.equal(r.metrics['total.lat_avg_ms'], undefined, 'MeasureLatency false: no latency is invented');
    // RunTime 2018/10/18 21:39:04 UTC (line 8), plus the 5 s warm-up (line 30).
    assert.equal(r.startMs, Date.UTC(2018, 9, 18, 21, 39, 9));
    assert.equal(r.endMs, r.startMs! + 30020);
    assert.deepEqual((r.tables['targets'] as Array<{ path: string; threads: number }>).map((x) => [x.path, x.threads]), [['C:\\scratch\\testfile.dat', 4]]);
  });
});

// Hand-made: DiskSpd 2.2 with -L (latency) and -D (IOPS buckets), two targets, 30% writes,
// random. Layout from XmlResultParser.cpp and Common.cpp (github.com/microsoft/diskspd).
const target = (path: string, thread: number, reads: number, writes: number, buckets: Array<[number, number]>): string => `
      <Target>
        <Path>${path}</Path>
        <BytesCount>${(reads + writes) * 8192}</BytesCount>
        <FileSize>10737418240</FileSize>
        <IOCount>${reads + writes}</IOCount>
        <ReadBytes>${reads * 8192}</ReadBytes>
        <ReadCount>${reads}</ReadCount>
        <WriteBytes>${writes * 8192}</WriteBytes>
        <WriteCount>${writes}</WriteCount>
        <AverageReadLatencyMilliseconds>0.${thread + 4}00</AverageReadLatencyMilliseconds>
        <ReadLatencyStdev>0.100</ReadLatencyStdev>
        <Iops>
          ${buckets.map(([r, w], i) => `<Bucket SampleMillisecond="${(i + 1) * 1000}" Read="${r}" Write="${w}" Total="${r + w}" ReadMinLatencyMilliseconds="0.100" ReadMaxLatencyMilliseconds="3.000" ReadAvgLatencyMilliseconds="${thread === 0 ? '0.400' : '0.600'}" ReadLatencyStdDev="0.1" WriteMinLatencyMilliseconds="0.2" WriteMaxLatencyMilliseconds="4.000" WriteAvgLatencyMilliseconds="1.000" WriteLatencyStdDev="0.2"/>`).join('\n          ')}
        </Iops>
      </Target>`;
const profileTarget = (path: string): string => `
          <Target>
            <Path>${path}</Path>
            <BlockSize>8192</BlockSize>
            <SequentialScan>true</SequentialScan>
            <RandomAccess>false</RandomAccess>
            <DisableOSCache>true</DisableOSCache>
            <FileSize>10737418240</FileSize>
            <Random>8192</Random>
            <ThreadStride>0</ThreadStride>
            <RequestCount>32</RequestCount>
            <WriteRatio>30</WriteRatio>
            <ThreadsPerFile>1</ThreadsPerFile>
          </Target>`;
const DISKSPD_22 = `<Results>
  <System>
    <ComputerName>SQL01.contoso.local</ComputerName>
    <Tool>
      <Version>2.2</Version>
      <VersionDate>2024/6/3</VersionDate>
    </Tool>
    <RunTime>2024/07/01 08:00:00 UTC</RunTime>
  </System>
  <Profile>
    <TimeSpans>
      <TimeSpan>
        <MeasureLatency>true</MeasureLatency>
        <Duration>60</Duration>
        <Warmup>10</Warmup>
        <Cooldown>0</Cooldown>
        <IoBucketDuration>1000</IoBucketDuration>
        <Targets>${profileTarget('D:\\data.dat')}${profileTarget('E:\\log.dat')}
        </Targets>
      </TimeSpan>
    </TimeSpans>
  </Profile>
  <TimeSpan>
    <TestTimeSeconds>60.00</TestTimeSeconds>
    <ThreadCount>2</ThreadCount>
    <RequestCount>0</RequestCount>
    <ProcCount>8</ProcCount>
    <CpuUtilization>
      <Average>
        <UsagePercent>41.50</UsagePercent>
        <UserPercent>5.25</UserPercent>
        <KernelPercent>36.25</KernelPercent>
        <IdlePercent>58.50</IdlePercent>
      </Average>
    </CpuUtilization>
    <Latency>
      <AverageReadMilliseconds>0.520</AverageReadMilliseconds>
      <ReadLatencyStdev>0.210</ReadLatencyStdev>
      <AverageWriteMilliseconds>1.010</AverageWriteMilliseconds>
      <WriteLatencyStdev>0.420</WriteLatencyStdev>
      <AverageTotalMilliseconds>0.667</AverageTotalMilliseconds>
      <LatencyStdev>0.350</LatencyStdev>
      <Bucket><Percentile>0</Percentile><ReadMilliseconds>0.090</ReadMilliseconds><WriteMilliseconds>0.150</WriteMilliseconds><TotalMilliseconds>0.090</TotalMilliseconds></Bucket>
      <Bucket><Percentile>50</Percentile><ReadMilliseconds>0.480</ReadMilliseconds><WriteMilliseconds>0.950</WriteMilliseconds><TotalMilliseconds>0.560</TotalMilliseconds></Bucket>
      <Bucket><Percentile>95</Percentile><ReadMilliseconds>0.910</ReadMilliseconds><WriteMilliseconds>1.800</WriteMilliseconds><TotalMilliseconds>1.500</TotalMilliseconds></Bucket>
      <Bucket><Percentile>99</Percentile><ReadMilliseconds>1.400</ReadMilliseconds><WriteMilliseconds>2.600</WriteMilliseconds><TotalMilliseconds>2.300</TotalMilliseconds></Bucket>
      <Bucket><Percentile>99.9</Percentile><ReadMilliseconds>2.900</ReadMilliseconds><WriteMilliseconds>3.700</WriteMilliseconds><TotalMilliseconds>3.500</TotalMilliseconds></Bucket>
      <Bucket><Percentile>100</Percentile><ReadMilliseconds>3.000</ReadMilliseconds><WriteMilliseconds>4.000</WriteMilliseconds><TotalMilliseconds>4.000</TotalMilliseconds></Bucket>
    </Latency>
    <Iops>
      <ReadIopsStdDev>120.000</ReadIopsStdDev>
      <Bucket SampleMillisecond="1000" Read="7000" Write="3000" Total="10000" ReadMinLatencyMilliseconds="0.1" ReadMaxLatencyMilliseconds="3.0" ReadAvgLatencyMilliseconds="0.500" ReadLatencyStdDev="0.1" WriteMinLatencyMilliseconds="0.2" WriteMaxLatencyMilliseconds="4.0" WriteAvgLatencyMilliseconds="1.000" WriteLatencyStdDev="0.2"/>
      <Bucket SampleMillisecond="2000" Read="7100" Write="2900" Total="10000" ReadMinLatencyMilliseconds="0.1" ReadMaxLatencyMilliseconds="3.0" ReadAvgLatencyMilliseconds="0.540" ReadLatencyStdDev="0.1" WriteMinLatencyMilliseconds="0.2" WriteMaxLatencyMilliseconds="4.0" WriteAvgLatencyMilliseconds="1.020" WriteLatencyStdDev="0.2"/>
    </Iops>
    <Thread>
      <Id>0</Id>${target('D:\\data.dat', 0, 252000, 108000, [[4000, 1600], [4100, 1500]])}
    </Thread>
    <Thread>
      <Id>1</Id>${target('E:\\log.dat', 1, 168000, 72000, [[3000, 1400], [3000, 1400]])}
    </Thread>
  </TimeSpan>
</Results>`;

describe('DiskSpd XML, hand-made 2.2 with -L and -D', () => {
  it('two targets: totals, percentiles, pattern from <Random> despite the SequentialScan hint', () => {
    const { runs, errors } = parse(DISKSPD_22);
    assert.deepEqual(errors, []);
    const r = runs[0]!;
    assert.deepEqual([r.params['bs'], r.params['read_pct'], r.params['pattern'], r.params['iodepth'], r.params['threads']], [8192, 70, 'random', 32, 2]);
    assert.equal(r.name, '8K random 70% read, 2 threads, QD 32');
    // Reads 252000 + 168000 = 420000, writes 108000 + 72000 = 180000, over 60 s.
    close(r.metrics['read.iops'], 7000);
    close(r.metrics['write.iops'], 3000);
    close(r.metrics['total.iops'], 10000);
    close(r.metrics['total.bw_mib_s'], (600000 * 8192) / 1048576 / 60);
    assert.deepEqual(
      ['read.lat_avg_ms', 'write.lat_avg_ms', 'total.lat_avg_ms', 'read.lat_stddev_ms', 'total.lat_p50_ms', 'read.lat_p95_ms', 'write.lat_p99_ms', 'total.lat_p999_ms', 'total.lat_max_ms', 'read.lat_max_ms'].map((k) => r.metrics[k]),
      [0.52, 1.01, 0.667, 0.21, 0.56, 0.91, 2.6, 3.5, 4, 3],
    );
    assert.equal(r.metrics['total.lat_p0_ms'], undefined, 'the 0th percentile (minimum) is not a metric');
    const targets = r.tables['targets'] as Array<{ path: string; read_iops: number; read_lat_avg_ms: number | null; write_lat_avg_ms: number | null }>;
    assert.deepEqual(targets.map((x) => [x.path, x.read_iops, x.read_lat_avg_ms, x.write_lat_avg_ms]), [['D:\\data.dat', 4200, 0.4, null], ['E:\\log.dat', 2800, 0.5, null]]);
  });

  it('-D buckets: an overall series and one per target, placed after the warm-up', () => {
    const r = parse(DISKSPD_22).runs[0]!;
    const start = Date.UTC(2024, 6, 1, 8, 0, 10);
    assert.equal(r.startMs, start);
    const all = r.series.find((s) => s.object === 'all targets' && s.metric === 'total.iops')!;
    assert.deepEqual([...all.times], [start + 1000, start + 2000]);
    assert.deepEqual([...all.values], [10000, 10000]);
    const d = r.series.find((s) => s.object === 'D:\\data.dat' && s.metric === 'read.iops')!;
    assert.deepEqual([...d.values], [4000, 4100]);
    const lat = r.series.find((s) => s.object === 'all targets' && s.metric === 'read.lat_avg_ms')!;
    assert.deepEqual([...lat.values], [0.5, 0.54]);
  });

  it('targets that differ are not averaged into one parameter', () => {
    const mixed = DISKSPD_22.replace('<BlockSize>8192</BlockSize>', '<BlockSize>65536</BlockSize>');
    const r = parse(mixed).runs[0]!;
    assert.equal(r.params['bs'], undefined);
    assert.match(r.warnings.join(' '), /targets differ in bs \(65536, 8192\)/);
  });
});

describe('DiskSpd from PowerShell', () => {
  it('"diskspd ... > result.xml" in PowerShell writes UTF-16LE with a BOM: detected and parsed alike', () => {
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DISKSPD_22, 'utf16le')]));
    assert.equal(diskspdImporter.detect(decodeText(utf16, 64 * 1024).text), true);
    const { runs } = diskspdImporter.parse({ bytes: utf16, name: 'result.xml' });
    close(runs[0]!.metrics['total.iops'], 10000);
  });
});

describe('DiskSpd bad input', () => {
  it('a cut-off file is an error that says where', () => {
    const cut = DISKSPD_22.slice(0, DISKSPD_22.indexOf('<Thread>'));
    const { runs, errors } = parse(cut);
    assert.equal(runs.length, 0);
    assert.match(errors[0]!.message, /ends before <TimeSpan> \(line \d+\) closes: the file is cut off/);
    const line = DISKSPD_22.slice(0, DISKSPD_22.indexOf('<TimeSpan>\n    <TestTimeSeconds>')).split('\n').length;
    assert.equal(errors[0]!.line, line, 'the innermost element left open: the result <TimeSpan>');
  });

  it('a run stopped before measuring, an empty file, another XML', () => {
    const stopped = DISKSPD_22.replace(/<TimeSpan>\s*<TestTimeSeconds>[\s\S]*<\/TimeSpan>\s*<\/Results>/, '<TimeSpan>\n<Error>The test was interrupted before the measurements began. No results are displayed.</Error>\n</TimeSpan>\n</Results>');
    const s = parse(stopped);
    assert.match(s.errors[0]!.message, /no DiskSpd time span with results/);
    assert.match(s.warnings[0]!.message, /interrupted before the measurements began/);
    assert.match(parse('').errors[0]!.message, /no XML element/);
    assert.match(parse('<?xml version="1.0"?><VDiskStats/>').errors[0]!.message, /root element is <VDiskStats>/);
    assert.equal(diskspdImporter.detect('<?xml version="1.0"?><diskStatsColl><Results/></diskStatsColl>'), false);
  });
});
