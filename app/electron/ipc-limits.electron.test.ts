import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_STAGE_BYTES } from '../core/rpc/schemas.js';
import { MAX_IPC_CALL_BYTES, checkIpcCall, ipcArgBytes, ipcCallLimit } from './ipc-limits.electron.js';

describe('what one IPC call may carry', () => {
  it('measures strings, byte arrays and nesting', () => {
    assert.ok(ipcArgBytes({ study: 's' }) < 32);
    assert.ok(ipcArgBytes({ bytes: new Uint8Array(1000) }) >= 1000);
    assert.ok(ipcArgBytes({ rows: Array.from({ length: 100 }, () => ({ text: 'x'.repeat(100) })) }) >= 100 * 100);
  });

  it('stops counting past the limit, and a cyclic argument ends', () => {
    const huge = Array.from({ length: 100_000 }, () => 'x'.repeat(1000));
    assert.ok(ipcArgBytes(huge, 10_000) < 20_000);
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic['self'] = cyclic;
    assert.ok(Number.isFinite(ipcArgBytes(cyclic)));
  });

  it('lets an ordinary call through and refuses one over 16 MiB with a clear error', () => {
    assert.equal(checkIpcCall('studies.list', {}), null);
    assert.equal(checkIpcCall('import.stageText', { name: 'paste', text: 'a\tb\n'.repeat(1000) }), null);
    const err = checkIpcCall('import.stageText', { name: 'paste', text: 'x'.repeat(MAX_IPC_CALL_BYTES + 10) });
    assert.equal(err?.code, 'invalid_arguments');
    assert.match(err!.message, /^import\.stageText: one call may carry at most 16\.0 MiB, this one carries at least 16\.0 MiB$/);
  });

  it('gives the calls that carry a file the file limit (2 GiB), not 16 MiB', () => {
    assert.ok(ipcCallLimit('import.stage') > MAX_STAGE_BYTES);
    assert.ok(ipcCallLimit('studies.openFile') > (MAX_STAGE_BYTES / 3) * 4);
    assert.equal(ipcCallLimit('compare.run'), MAX_IPC_CALL_BYTES);
    assert.equal(checkIpcCall('import.stage', { name: 'big.json', bytes: new Uint8Array(32 * 1024 * 1024) }), null);
    assert.equal(checkIpcCall('compare.run', { study: 's', blob: new Uint8Array(32 * 1024 * 1024) })?.code, 'invalid_arguments');
  });
});
