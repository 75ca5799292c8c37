import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidArgumentsError, validateArgs } from './schemas.js';

describe('RPC argument validation: managing what was imported', () => {
  it('deletes, renames and moves name a study, configurations and positive run ids', () => {
    assert.deepEqual(validateArgs('studies.delete', { study: 's', dryRun: true }), { study: 's', dryRun: true });
    assert.deepEqual(validateArgs('runs.move', { study: 's', runs: [1, 2], to: ' disk ' }), { study: 's', runs: [1, 2], to: 'disk' });
    assert.throws(() => validateArgs('runs.delete', { study: 's', runs: [] }), /runs/);
    assert.throws(() => validateArgs('runs.delete', { study: 's', runs: [0] }), /runs/);
    assert.throws(() => validateArgs('runs.move', { study: 's', runs: [1], to: '   ' }), /to/);
    assert.throws(() => validateArgs('configs.rename', { study: 's', config: 'a' }), /to/);
    assert.throws(() => validateArgs('studies.rename', { study: 's', name: 'x', slug: 'y' }), /Unrecognized key/);
    assert.deepEqual(validateArgs('deletions.undo', undefined), {});
    assert.throws(() => validateArgs('deletions.undo', { all: true }), InvalidArgumentsError);
  });

  it('an exclusion needs a reason', () => {
    assert.deepEqual(validateArgs('runs.exclude', { study: 's', runs: [3], reason: 'warm cache' }), { study: 's', runs: [3], reason: 'warm cache' });
    assert.throws(() => validateArgs('runs.exclude', { study: 's', runs: [3], reason: '  ' }), /say why/);
    assert.throws(() => validateArgs('runs.exclude', { study: 's', runs: [3] }), /reason/);
  });

  it('constants and derived metrics: names a formula can hold, finite numbers, a direction', () => {
    assert.deepEqual(validateArgs('configs.setConstant', { study: 's', config: 'aws', name: 'price_usd_month', value: 1234 }), { study: 's', config: 'aws', name: 'price_usd_month', value: 1234 });
    assert.throws(() => validateArgs('configs.setConstant', { study: 's', config: 'aws', name: 'Price $', value: 1 }), /constant name/);
    assert.throws(() => validateArgs('configs.setConstant', { study: 's', config: 'aws', name: 'vcpus', value: '8' }), /value/);
    assert.throws(() => validateArgs('configs.setConstant', { study: 's', config: 'aws', name: 'vcpus', value: Number.POSITIVE_INFINITY }), /value/);
    const def = { study: 's', name: 'tps_per_kusd', metric: 'tps', constant: 'price_usd_month', factor: 1000, better: 'higher' };
    assert.deepEqual(validateArgs('derived.define', def), def);
    assert.throws(() => validateArgs('derived.define', { ...def, factor: 0 }), /factor/);
    assert.throws(() => validateArgs('derived.define', { ...def, better: 'up' }), /better/);
    assert.throws(() => validateArgs('derived.define', { ...def, metric: 'tps; DROP' }), /metric/);
  });

  it('an import may move duplicates\' runs to its label', () => {
    const ids = ['6f1c2b1e-8c1d-4e0a-9a57-0d6c2f0e4b11'];
    assert.deepEqual(validateArgs('import.commit', { ids, study: 's', config: 'c', moveDuplicates: true }), { ids, study: 's', config: 'c', moveDuplicates: true });
    assert.throws(() => validateArgs('import.commit', { ids, study: 's', config: 'c', moveDuplicates: 'yes' }), /moveDuplicates/);
  });
});
