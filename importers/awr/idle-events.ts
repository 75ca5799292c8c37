/**
 * Idle waits: events of Oracle's Idle wait class (V$EVENT_NAME.WAIT_CLASS = 'Idle'). A session
 * waiting on one is waiting for work ("SQL*Net message from client": the application has not
 * sent the next call; "watchdog main loop": a background process asleep between checks), so it
 * is never a bottleneck. The RAC global report counts some of them into its event lists (the
 * real 12.2 awrgrpt in ../shared/corpus lists them with Wait Class "Idle"; a 19c RAC report put
 * "watchdog main loop" third at 5.9% of DB time), and instance reports print them last in the
 * event lists and histograms ("idle events last"). They are kept and marked, and left out of
 * rankings, wait charts and headlines.
 *
 * A report that prints the Wait Class column says which events are idle; otherwise this list
 * does. It holds the Idle-class events of 10g to 19c that AWR reports print (the names the
 * corpus reports mark Idle, and Oracle's Idle class for background and parallel query waits).
 */
import { snakeKey } from './names.js';

export const IDLE_EVENTS: readonly string[] = [
  // Client and database links waiting for the next call.
  'SQL*Net message from client', 'SQL*Net message from dblink', 'SQL*Net vector message from client', 'SQL*Net vector message from dblink',
  // Background processes asleep between their rounds.
  'rdbms ipc message', 'pmon timer', 'smon timer', 'pman timer', 'lreg timer', 'dispatcher timer', 'fbar timer', 'watchdog main loop',
  'DIAG idle wait', 'Space Manager: slave idle wait', 'jobq slave wait', 'class slave wait', 'AQPC idle', 'OFS idle', 'VKRM Idle',
  'VKTM Logical Idle Wait', 'heartbeat redo informer', 'LGWR worker group idle',
  'wait for unread message on broadcast channel', 'wait for unread message on multiple broadcast channels', 'single-task message',
  'PL/SQL lock timer', 'pipe get', 'queue messages', 'virtual circuit wait', 'virtual circuit next request', 'shared server idle wait',
  'simulated log write delay', 'SGA: MMAN sleep for component shrink', 'EMON slave idle wait', 'Emon coordinator main loop',
  'HS message to agent', 'cell worker idle', 'iowp msg', 'iowp file id', 'ASM background timer', 'MRP redo arrival', 'LNS ASYNC end of log',
  'KSV master wait', 'JS external job', 'gcs remote message', 'ges remote message', 'GCR sleep',
  'Data Guard: Gap Manager', 'Data Guard: Timer',
  'Streams AQ: qmn coordinator idle wait', 'Streams AQ: qmn slave idle wait', 'Streams AQ: emn coordinator idle wait',
  'Streams AQ: waiting for time management or cleanup tasks', 'Streams AQ: waiting for messages in the queue',
  'Streams AQ: delete acknowledged messages', 'Streams AQ: deallocate messages from Streams Pool',
  // Parallel query slaves and coordinator waiting for messages.
  'PX Idle Wait', 'PX Deq: Execution Msg', 'PX Deq: Execute Reply', 'PX Deq: Parse Reply', 'PX Deq: Table Q Normal',
  'PX Deq: Table Q Sample', 'PX Deq: Table Q Get Keys', 'PX Deq: Msg Fragment', 'PX Deq: Join ACK', 'PX Deq: Slave Session Stats',
  'PX Deq: Txn Recovery Start', 'PX Deq: Txn Recovery Reply', 'PX Deq: Index Merge Reply', 'PX Deq: Index Merge Execute',
  'PX Deq: Index Merge Close', 'PX Deque wait',
];

const IDLE_KEYS = new Set(IDLE_EVENTS.map(snakeKey));

/**
 * Whether an event is idle: its printed wait class when the report has one ("Idle"), else the
 * list above. A name the text layout cut ("SQL*Net message from clie") is matched by prefix.
 */
export function isIdleEvent(name: string, waitClass?: string | null): boolean {
  if (waitClass) return /^idle$/i.test(waitClass.trim());
  const key = snakeKey(name);
  if (IDLE_KEYS.has(key)) return true;
  if (key.length < 20) return false;
  for (const k of IDLE_KEYS) if (k.startsWith(key)) return true;
  return false;
}

/** Whether a metric name (`wait.<event>.<stat>`, `bgwait....`) is of an idle event, by its key. */
export function isIdleEventKey(eventKey: string): boolean {
  return IDLE_KEYS.has(eventKey);
}
