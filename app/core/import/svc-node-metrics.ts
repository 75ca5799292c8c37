/**
 * The figures of an SVC run made of node statistics (Nn, FORMATS.md 4.4): what Runs, Compare and
 * a report show of it, where its series hold each CPU, port and link. Both aggregations (the
 * reference svc-aggregate.ts and the streaming svc-stream.ts) take them from the node series they
 * built, so the two agree to the bit.
 *
 * Each figure is over the intervals the files span: a series' mean over its intervals, then
 *   cpu_pct, cpu_comp_pct   the nodes' CPU busy (`<cpu>` busy / comp), the mean over the nodes;
 *   read.bw_mib_s           data the nodes' ports sent to hosts (hbt: what hosts read), summed
 *                           over ports and nodes; write.bw_mib_s the data received from hosts
 *                           (hbr: what hosts wrote); total.bw_mib_s both;
 *   total.iops              commands received from hosts (her), summed; the ports do not split
 *                           them into reads and writes, and no Nn counter times a host command,
 *                           so the node has no read/write I/O rate and no response time of its own
 *                           (the volume statistics, Nv, have them);
 *   ctrl_send_mib_s, ctrl_recv_mib_s   data to and from back-end controllers, summed;
 *   link_errors_per_s       the ports' link errors, summed;
 *   peer_send_per_s, peer_recv_per_s, peer_*_mib_s   node-to-node messages and data (`<node>`
 *                           ro/wo, rb/wb), summed; peer_*_lat_ms their mean latency, weighted by
 *                           the messages of each link and interval.
 */
import type { ParsedSeries } from '../../../importers/types.js';

/** What the run's figures are, for its table (said once, in the user's words). */
export const NODE_RUN_METRICS_NOTE =
  'node statistics (Nn), each the mean of the intervals: CPU busy (mean over the nodes); host read and write bandwidth from the data the ports sent to and received from hosts, '
  + 'and commands received from hosts as total IOPS (the ports give no read/write split and no host response time: see volume statistics, Nv); back-end controller data; link errors; node-to-node messages, data and latency';

const mean = (s: ParsedSeries): number => {
  let sum = 0;
  for (const v of s.values) sum += v;
  return sum / s.values.length;
};

/** The run figures of a run's node series (objects named as counter-rates.ts nodeObjectId names them). */
export function nodeRunMetrics(series: readonly ParsedSeries[]): Record<string, number> {
  const out: Record<string, number> = {};
  const of = (metric: string, object?: (name: string) => boolean): ParsedSeries[] =>
    series.filter((s) => s.metric === metric && s.values.length > 0 && (object ? object(s.object) : true));
  const wholeCpu = (name: string): boolean => / cpu$/.test(name);
  for (const m of ['cpu_pct', 'cpu_comp_pct']) {
    const nodes = of(m, wholeCpu);
    if (nodes.length > 0) out[m] = nodes.reduce((n, s) => n + mean(s), 0) / nodes.length;
  }
  const sum = (metric: string): number | null => {
    const list = of(metric);
    return list.length > 0 ? list.reduce((n, s) => n + mean(s), 0) : null;
  };
  const put = (name: string, v: number | null): void => {
    if (v !== null) out[name] = v;
  };
  const read = sum('host_send_mib_s');
  const write = sum('host_recv_mib_s');
  put('read.bw_mib_s', read);
  put('write.bw_mib_s', write);
  if (read !== null && write !== null) out['total.bw_mib_s'] = read + write;
  put('total.iops', sum('host_recv_per_s'));
  for (const m of ['ctrl_send_mib_s', 'ctrl_recv_mib_s', 'link_errors_per_s', 'peer_send_per_s', 'peer_recv_per_s', 'peer_send_mib_s', 'peer_recv_mib_s']) put(m, sum(m));
  for (const dir of ['send', 'recv']) {
    // Each link's latency of an interval, weighted by that link's messages of the interval.
    let weighted = 0;
    let messages = 0;
    for (const lat of of(`peer_${dir}_lat_ms`)) {
      const count = series.find((s) => s.object === lat.object && s.metric === `peer_${dir}_per_s`);
      if (!count) continue;
      const at = new Map<number, number>();
      count.times.forEach((t, i) => at.set(t, count.values[i]!));
      lat.times.forEach((t, i) => {
        const w = at.get(t) ?? 0;
        weighted += lat.values[i]! * w;
        messages += w;
      });
    }
    if (messages > 0) out[`peer_${dir}_lat_ms`] = weighted / messages;
  }
  return out;
}
