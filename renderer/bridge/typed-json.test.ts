import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { typedArrays } from '../../app/web/web-host.js';
import { parseRpcJson } from './typed-json.js';

describe('typed arrays over the web host\'s JSON', () => {
  it('a lane\'s times and values arrive as the same float64s, NaN gaps and all; other objects are left alone', () => {
    const times = Float64Array.from([1_700_000_000_000.125, 1_700_000_000_001.5, -0]);
    const values = Float64Array.from([0.1 + 0.2, NaN, Number.MAX_VALUE]);
    const sent = JSON.stringify({ ok: true, result: [{ times, values: values.subarray(1), note: { $f64: 1 } }] }, typedArrays);
    const got = parseRpcJson(sent) as { result: Array<{ times: Float64Array; values: Float64Array; note: unknown }> };
    assert.ok(got.result[0]!.times instanceof Float64Array);
    assert.deepEqual([...got.result[0]!.times], [...times]);
    assert.ok(Object.is(got.result[0]!.times[2], -0));
    assert.deepEqual([...got.result[0]!.values], [NaN, Number.MAX_VALUE], 'a subarray sends only its own elements');
    assert.deepEqual(got.result[0]!.note, { $f64: 1 }, 'not a typed array');
    assert.ok(sent.length < 200, 'base64, not a decimal per number');
  });
});
