import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newStudyName } from './study-name.js';

describe('the study a drop goes into by default', () => {
  it('is named from the folder the files share', () => {
    assert.equal(newStudyName(['ceph/rbd/qd1.txt', 'ceph/rbd/qd2.txt'], [], 'Imported'), 'rbd');
    assert.equal(newStudyName(['ceph/rbd/qd1.txt', 'ceph/cephfs/qd1.txt'], [], 'Imported'), 'ceph');
  });

  it('else from the first file\'s name without its extension', () => {
    assert.equal(newStudyName(['randread-4k-qd1.json', 'seqread-128k-qd8.json'], [], 'Imported'), 'randread-4k-qd1');
    assert.equal(newStudyName(['a/x.json', 'y.json'], [], 'Imported'), 'x');
  });

  it('is new: a name a study has (its slug, whatever the case) gets a number', () => {
    assert.equal(newStudyName(['fio-disk-vs-tmpfs/a.json'], ['fio disk vs tmpfs'], 'Imported'), 'fio-disk-vs-tmpfs (2)');
    assert.equal(newStudyName(['rbd/a.json'], ['RBD', 'rbd (2)'], 'Imported'), 'rbd (3)');
  });

  it('a pasted table (no file names) takes the fallback', () => {
    assert.equal(newStudyName([], [], 'Pasted table'), 'Pasted table');
  });
});
