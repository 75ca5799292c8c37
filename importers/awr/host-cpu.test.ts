/**
 * AWR's Host CPU section on the corpus reports (text and HTML, the counts in the header or in
 * the title), by hand from each file: the run's CPU shares are the host's over the interval.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { awrImporter } from './index.js';

const run = (rel: string) => {
  const p = corpusFile(rel);
  return p ? awrImporter.parse({ bytes: readBytes(p), name: path.basename(p) }).runs[0]! : null;
};

describe('AWR Host CPU', () => {
  it('12.2 text (AIX, Sockets blank): %User 2.4, %System 0.5, %WIO 0.0, %Idle 97.1', (t) => {
    const r = run('awr/jasmin__awr-text_12.2.0.1_aix_single.txt');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    // Line 102: "   40     5       2.56      2.04       2.4       0.5       0.0      97.1"
    assert.deepEqual([r.metrics['cpu_usr_pct'], r.metrics['cpu_sys_pct'], r.metrics['cpu_iowait_pct'], r.metrics['cpu_idle_pct']], [2.4, 0.5, 0, 97.1]);
    assert.deepEqual(r.tables['host_cpu'], { user_pct: 2.4, system_pct: 0.5, wio_pct: 0, idle_pct: 97.1, load_begin: 2.56, load_end: 2.04 });
  });

  it('11.1 HTML with the counts in the title: 49.1 / 7.7 / 0.0 / 41.2', (t) => {
    const r = run('awr/structureddata__awr-html_11.1.0.7_rac-inst2_px-demo.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual([r.metrics['cpu_usr_pct'], r.metrics['cpu_sys_pct'], r.metrics['cpu_iowait_pct'], r.metrics['cpu_idle_pct']], [49.1, 7.7, 0, 41.2]);
  });

  it('11.2.0.4 RAC instance HTML: %WIO 18.8', (t) => {
    const r = run('awr/pcambell__awr-html_11.2.0.4_rac-inst1.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.metrics['cpu_iowait_pct'], 18.8);
    assert.equal(r.metrics['cpu_usr_pct'], 25);
  });
});
