/**
 * Names in metric keys, and the truncated names of the text layout.
 *
 * Key rule (one rule for load profile statistics, wait events and wait classes): lowercase,
 * every run of characters other than a-z and 0-9 becomes one '_', no '_' at either end.
 * "Physical read (blocks)" -> physical_read_blocks, "DB Time(s)" -> db_time_s,
 * "enq: TX - row lock contention" -> enq_tx_row_lock_contention,
 * "SQL*Net message from client" -> sql_net_message_from_client.
 */
export function snakeKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/**
 * The fixed set of Oracle wait classes (V$EVENT_NAME.WAIT_CLASS). Text reports cut the class
 * to the column (`Concurre`, `System I`, `Applicat`, `Configurat`, FORMATS.md 3.5); the set is
 * closed, so a prefix always finds the one full name.
 */
export const WAIT_CLASSES = [
  'Administrative', 'Application', 'Cluster', 'Commit', 'Concurrency', 'Configuration', 'Idle',
  'Network', 'Other', 'Queueing', 'Scheduler', 'System I/O', 'User I/O',
] as const;

/**
 * Event names longer than the text columns (26 characters in the wait event lists, 30 in the
 * top events list, 28 in STATSPACK; FORMATS.md 3.5), for reports that never print them in full.
 * Names the report prints in full elsewhere are learnt from the report itself (see
 * NameResolver); this list only fills the gaps for the events storage studies look at.
 */
const LONG_EVENT_NAMES = [
  'control file sequential read', 'control file parallel write', 'control file single write',
  'SQL*Net message from client', 'SQL*Net message to client', 'SQL*Net more data to client',
  'SQL*Net more data from client', 'SQL*Net break/reset to client', 'SQL*Net message from dblink',
  'SQL*Net more data to dblink', 'SQL*Net more data from dblink', 'SQL*Net message to dblink',
  'cell single block physical read', 'cell list of blocks physical read', 'cell multiblock physical read',
  'cell smart table scan', 'cell smart index scan', 'cell physical read no I/O',
  'enq: TX - row lock contention', 'enq: TX - index contention', 'enq: TX - allocate ITL entry',
  'enq: RO - fast object reuse', 'enq: KO - fast object checkpoint', 'enq: CR - block range reuse ckpt',
  'enq: HW - contention', 'enq: TM - contention', 'enq: SQ - contention', 'enq: WF - contention',
  'log file switch (checkpoint incomplete)', 'log file switch (private strand flush incomplete)',
  'log file switch (archiving needed)', 'log file switch completion', 'log file parallel write',
  'log file sequential read', 'db file async I/O submit', 'db file parallel write', 'db file sequential read',
  'db file scattered read', 'db file parallel read', 'direct path read temp', 'direct path write temp',
  'Disk file operations I/O', 'write complete waits', 'free buffer waits', 'buffer busy waits',
  'library cache: bucket mutex X', 'library cache: mutex X', 'library cache load lock', 'cursor: pin S wait on X',
  'latch: cache buffers chains', 'latch: cache buffers lru chain', 'latch: gcs resource hash',
  'latch: gc element', 'latch: shared pool', 'latch: redo allocation', 'latch: In memory undo latch',
  'gc current block 2-way', 'gc current block 3-way', 'gc current block busy', 'gc cr block 2-way',
  'gc cr block 3-way', 'gc cr multi block request', 'gc buffer busy acquire', 'gc buffer busy release',
  'gc current grant busy', 'gc current grant 2-way', 'gc cr grant 2-way', 'gc current block congested',
  'recovery area: computing obsolete files', 'recovery area: computing backed up files',
  'recovery area: computing dropped files', 'recovery area: computing applied logs',
  'LGWR worker group ordering', 'LGWR wait for redo copy', 'LGWR all worker groups', 'LGWR any worker group',
  'PX Deq: Slave Session Stats', 'PX Deq Credit: send blkd', 'PX Deq: Execution Msg', 'PX Deq: Execute Reply',
  'PX Deq: Table Q Normal', 'PX Deq: Parse Reply', 'Streams AQ: qmn slave idle wait',
  'Streams AQ: waiting for time management or cleanup tasks', 'Space Manager: slave idle wait',
  'wait for unread message on broadcast channel', 'heartbeat redo informer', 'Data Guard: Gap Manager',
  'asynch descriptor resize', 'undo segment extension', 'PGA memory operation', 'read by other session',
  'resmgr:cpu quantum', 'oracle thread bootstrap', 'os thread creation', 'ADR block file read', 'ADR block file write',
  // Seen in the real 11.1 to 19c reports of ../shared/corpus/awr, and the RAC events of 12.2+.
  'ARCH wait for archivelog lock', 'ASM file metadata operation', 'Backup: MML commit backup piece', 'Backup: MML create a backup piece',
  'Backup: MML extended initialization', 'Backup: MML write backup piece', 'KJC: Wait for msg sends to complete',
  'PX Deq Credit: free buffer', 'PX Deq Credit: need buffer', 'REPL Capture/Apply: messages', 'REPL Capture/Apply: miscellaneous',
  'RMAN backup & recovery I/O', 'SQL*Net vector data to client', 'Streams AQ: RAC qmn coordinator idle wait',
  'Streams AQ: qmn coordinator idle wait', 'Streams AQ: qmn slave idle wait', 'change tracking file synchronous read',
  'change tracking file synchronous write', 'enq: BF - allocation contention', 'enq: JS - job run lock - synchronize',
  'enq: RC - Result Cache: Contention', 'enq: TD - KTF dump entries', 'enq: TK - Auto Task Serialization', 'enq: XR - database force logging',
  'gc current grant congested', 'gc current multi block request', 'get branch/thread/sequence enqueue', 'global enqueue expand wait',
  'ksxr poll remote instances', 'latch: active service list', 'latch: enqueue hash chains', 'latch: ges resource hash list',
  'latch: object queue header operation', 'latch: row cache objects', 'libcache interrupt action by LCK', 'LGWR worker group idle',
  'gc current grant read-mostly invalidation',
  'gc current retry', 'gc cr block lost', 'gc current block lost', 'gc cr disk read', 'gc buffer busy acquire', 'gc buffer busy release',
  'gc cr block busy', 'gc cr block congested', 'gc current split', 'gcs log flush sync', 'ges inquiry response',
  'wait for scn ack', 'DFS lock handle', 'IPC send completion sync', 'Disk file Mirror Read',
  'watchdog main loop', 'wait for unread message on multiple broadcast channels', 'rdbms ipc message', 'SQL*Net message from dblink',
];

/**
 * Joins truncated names to full names by prefix (FORMATS.md 3.5). A name is only treated as
 * cut when it fills its column: "log file sync" in a 26-character column is complete, even
 * though "log file sync: SCN ordering" starts with it. Full names come first from the report
 * itself (the HTML layout, or a wider text column), then from the lists above.
 */
export class NameResolver {
  private readonly known = new Map<string, string>();
  /** Printed (cut) name to the full name it was joined to; cut names two or more full names start with. */
  readonly joined = new Map<string, string>();
  readonly ambiguous = new Set<string>();
  /** As long as their column, yet no known name continues them: taken as complete. */
  private readonly complete = new Set<string>();

  constructor(builtIn: readonly string[] = LONG_EVENT_NAMES) {
    for (const n of builtIn) this.learn(n);
  }

  learn(fullName: string): void {
    const n = fullName.trim();
    if (n) this.known.set(n.toLowerCase(), n);
  }

  /**
   * The full name for `printed`, or `printed` itself when it is complete or no single full name
   * starts with it. `width` is the column width in characters (text layout); undefined means
   * the layout does not truncate (HTML) and the name is returned as it is, trimmed.
   */
  resolve(printed: string, width: number | undefined): string {
    const p = printed.trim();
    // width - 1: a name cut just before a space loses that space to trimming.
    if (width === undefined || p.length < width - 1 || p.length < 6) return p;
    const lower = p.toLowerCase();
    if (this.known.has(lower)) return this.known.get(lower)!;
    // A cut name comes back in every list and histogram table: matched once.
    const seen = this.joined.get(p);
    if (seen !== undefined) return seen;
    if (this.ambiguous.has(p) || this.complete.has(p)) return p;
    const matches = [...this.known.entries()].filter(([k]) => k.startsWith(lower) && k.length > lower.length);
    if (matches.length === 1) {
      this.joined.set(p, matches[0]![1]);
      return matches[0]![1];
    }
    if (matches.length > 1) this.ambiguous.add(p);
    else this.complete.add(p);
    return p;
  }

  /** The joins made, for the run's `cut_names` table: what each printed name was read as. */
  joins(): Array<{ printed: string; name: string }> {
    return [...this.joined].map(([printed, name]) => ({ printed, name }));
  }

  /** A warning for cut names that could be several events: their metrics keep the cut name. */
  warnings(): string[] {
    if (this.ambiguous.size === 0) return [];
    return [`event names cut by the text layout that several known events start with, kept as printed: ${[...this.ambiguous].map((n) => `"${n}"`).join(', ')}`];
  }
}

/** The full wait class for a printed one ("Concurre" -> "Concurrency"); the text as printed when no class starts with it. */
export function resolveWaitClass(printed: string): string {
  const p = printed.trim();
  if (p === '') return p;
  const exact = WAIT_CLASSES.find((c) => c.toLowerCase() === p.toLowerCase());
  if (exact) return exact;
  const matches = WAIT_CLASSES.filter((c) => c.toLowerCase().startsWith(p.toLowerCase()));
  return matches.length === 1 ? matches[0]! : p;
}
