/**
 * IBM Spectrum Virtualize node statistics (`Nn_stats_<panel>_<YYMMDD>_<HHMMSS>`, FORMATS.md 4.1
 * and 4.4) written for the tests: the `diskStatsColl` root of scope "node" and nodeStats
 * namespace, `<cpu busy limited system comp>`, a `<cpu_core>` per core, `<node>` records of the
 * node's traffic with each node of the cluster, `<port>` records (hosts, controllers, local and
 * remote nodes, link errors), and the records no rate is derived from (`<dimm>`, `<uca>`). Every
 * counter is cumulative since the node started. Nothing here is a real system's dump.
 */

export interface NodePort {
  id: number;
  type: string;
  /** Attribute → value; every counter of FORMATS.md 4.1's port list the test sets. */
  counters: Record<string, number>;
}

export interface NodePeer {
  id: string;
  nodeId: string;
  counters: Record<string, number>;
}

export interface NodeSnapshot {
  node: string;
  nodeId: string;
  cluster: string;
  /** "2024-04-02 10:00:00" (UTC). */
  time: string;
  /** `<cpu>` attributes: busy, limited, system, comp (a missing one is left out of the element). */
  cpu: Record<string, number>;
  cores: Array<Record<string, number>>;
  peers: NodePeer[];
  ports: NodePort[];
}

const attrs = (c: Record<string, number>): string => Object.entries(c).map(([k, v]) => `${k}="${v}"`).join(' ');

export function nodeStatsXml(s: NodeSnapshot): string {
  return `<?xml version="1.0" encoding="utf-8" ?>
<diskStatsColl
    xmlns="http://ibm.com/storage/management/performance/api/2006/01/nodeStats"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://ibm.com/storage/management/performance/api/2006/01/nodeStats schema/SVCPerfStatsN.xsd"
    scope="node" id="${s.node}" cluster="${s.cluster}" node_id="${s.nodeId}" cluster_id="0x00000204a0700001"
    sizeUnits="1B" timeUnits="msec" contains="nodeStats" timestamp="${s.time}" timezone="GMT+0:00"
    timestamp_utc="${s.time}">
    <cpu ${attrs(s.cpu)}/>
${s.cores.map((c, i) => `    <cpu_core id="${i}" ${attrs(c)}/>`).join('\n')}
    <dimm id="1" loc="CH0" manu="Samsung" sn="0A1B2C3D" ce="0"/>
${s.peers.map((p) => `    <node id="${p.id}" cluster="${s.cluster}" node_id="${p.nodeId}" cluster_id="0x00000204a0700001"
          ${attrs(p.counters)}/>`).join('\n')}
    <uca>
        <ca dav="0" dcn="0" pp="0"/>
    </uca>
${s.ports.map((p) => `    <port id="${p.id}" type="${p.type}" type_id="${p.id}" wwpn="0x50050768101${p.id}bbbb" fc_wwpn="" fcoe_wwpn="" sas_wwn="" iqn=""
          ${attrs(p.counters)}/>`).join('\n')}
</diskStatsColl>
`;
}

const GiB = 2 ** 30;
const PORT_ZERO = {
  hbt: 0, hbr: 0, het: 0, her: 0, cbt: 0, cbr: 0, cet: 0, cer: 0, lnbt: 0, lnbr: 0, lnet: 0, lner: 0, rmbt: 0, rmbr: 0, rmet: 0, rmer: 0,
  lf: 0, lsy: 0, lsi: 0, pspe: 0, itw: 0, icrc: 0,
};

/** node2 of FS7200-2 at 10:00:00: two host ports, one idle, one PCIe port to its partner, two cores. */
export const NODE2_FIRST: NodeSnapshot = {
  node: 'node2', nodeId: '0x0000000000000002', cluster: 'FS7200-2', time: '2024-04-02 10:00:00',
  cpu: { busy: 80_000_000, limited: 0, system: 80_000_000, comp: 2_000_000 },
  cores: [{ system: 82_000_000, comp: 1_000_000 }, { system: 78_000_000, comp: 3_000_000 }],
  peers: [{ id: 'node1', nodeId: '0x0000000000000001', counters: { ro: 5_000_000, wo: 6_000_000, rb: 9 * GiB, lrb: 8 * GiB, wb: 11 * GiB, lwb: 10 * GiB, re: 40_000, we: 90_000, rq: 60_000, wq: 120_000 } }],
  ports: [
    { id: 1, type: 'FC', counters: { ...PORT_ZERO, hbt: 500 * GiB, hbr: 200 * GiB, her: 90_000_000, cbt: 30 * GiB, cbr: 40 * GiB, cet: 1_000_000, lsy: 2, itw: 1 } },
    { id: 2, type: 'FC', counters: { ...PORT_ZERO, hbt: 300 * GiB, hbr: 100 * GiB, her: 60_000_000, cbt: 20 * GiB, cbr: 10 * GiB, cet: 500_000 } },
    { id: 3, type: 'FC', counters: { ...PORT_ZERO } },
    { id: 5, type: 'PCIe', counters: { hbt: 0, hbr: 0, het: 0, her: 0, cbt: 0, cbr: 0, cet: 0, cer: 0, lnbt: 70 * GiB, lnbr: 60 * GiB, lnet: 20_000_000, lner: 21_000_000, rmbt: 0, rmbr: 0, rmet: 0, rmer: 0 } },
  ],
};

/**
 * Ten minutes later (600 s), every rate a round figure: CPU busy 42% (252,000 ms), cores 50% and
 * 34%, compression 1%; hosts read 300 + 150 MiB/s through ports 1 and 2 and wrote 120 + 30, with
 * 6,000 + 3,000 commands a second; back-end 10 + 5 MiB/s out, 20 + 0 in; 3 link errors; to node1
 * 200 messages/s received at 0.05 ms and 300 sent at 0.2 ms.
 */
export function node2Later(): NodeSnapshot {
  const MiB = 2 ** 20;
  const s = structuredClone(NODE2_FIRST);
  s.time = '2024-04-02 10:10:00';
  s.cpu.busy! += 252_000;
  s.cpu.system! += 252_000;
  s.cpu.comp! += 6_000;
  s.cores[0]!.system! += 300_000;
  s.cores[0]!.comp! += 3_000;
  s.cores[1]!.system! += 204_000;
  s.cores[1]!.comp! += 9_000;
  const peer = s.peers[0]!.counters;
  Object.assign(peer, { ro: peer.ro! + 120_000, wo: peer.wo! + 180_000, rb: peer.rb! + 600 * MiB, wb: peer.wb! + 1200 * MiB, re: peer.re! + 6_000, we: peer.we! + 36_000 });
  const p1 = s.ports[0]!.counters;
  Object.assign(p1, { hbt: p1.hbt! + 300 * 600 * MiB, hbr: p1.hbr! + 120 * 600 * MiB, her: p1.her! + 6_000 * 600, cbt: p1.cbt! + 10 * 600 * MiB, cbr: p1.cbr! + 20 * 600 * MiB, lsy: p1.lsy! + 2, itw: p1.itw! + 1 });
  const p2 = s.ports[1]!.counters;
  Object.assign(p2, { hbt: p2.hbt! + 150 * 600 * MiB, hbr: p2.hbr! + 30 * 600 * MiB, her: p2.her! + 3_000 * 600, cbt: p2.cbt! + 5 * 600 * MiB });
  return s;
}

/** The file name SVC gives a node's dump: Nn_stats_<panel>_<YYMMDD>_<HHMMSS>. */
export const nodeStatsName = (panel: string, s: NodeSnapshot): string => `Nn_stats_${panel}_${s.time.slice(2, 10).replace(/-/g, '')}_${s.time.slice(11).replace(/:/g, '')}`;

/**
 * The later snapshot with port 1's counters wrapped (its hbt now below the earlier value: no rate
 * of port 1 for the interval) and the CPU's comp counter missing (a firmware that stopped
 * writing it: no compression figure for the node's CPU, its cores still have theirs).
 */
export function node2LaterWithReset(): NodeSnapshot {
  const s = node2Later();
  s.ports[0]!.counters['hbt'] = 4096;
  delete s.cpu['comp'];
  return s;
}
