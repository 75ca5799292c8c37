import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commonName, newStudyName } from './study-name.js';

describe('the name of a new study a drop goes into', () => {
  it('is the folder the files share', () => {
    assert.equal(newStudyName(['ceph/rbd/qd1.txt', 'ceph/rbd/qd2.txt'], [], 'Imported'), 'rbd');
    assert.equal(newStudyName(['ceph/rbd/qd1.txt', 'ceph/cephfs/qd1.txt'], [], 'Imported'), 'ceph');
  });

  it('else the words the files\' names share, never the first file\'s whole name', () => {
    // Issue 39's drop: four volumes × seven block sizes, the volume only in the file name.
    const drop = ['md0', 'md1', 'nvme1n1', 'xvdf'].flatMap((dev) => ['4kb', '128kb'].map((bs) => `miztiik-automation-apps-${bs}_16threads_${dev}_randwrite.json`));
    assert.equal(newStudyName(drop, [], 'Imported'), 'miztiik-automation-apps');
    // One volume's files: the shared first words still, not "16threads_md0_randwrite".
    assert.equal(commonName(drop.filter((f) => f.includes('_md0_'))), 'miztiik-automation-apps');
    // Shared last words when no first word is shared.
    assert.equal(commonName(['vol1_oltp_read_write.log', 'vol2_oltp_read_write.log']), 'oltp_read_write');
    // Whole words only: "seqread" and "seqwrite" share no word.
    assert.equal(commonName(['seqread-1m.json', 'seqwrite-1m.json']), '1m');
    assert.equal(commonName(['randread-4k-qd1.json', 'seqread-128k-qd8.json']), null);
    assert.equal(newStudyName(['randread-4k-qd1.json', 'seqread-128k-qd8.json'], [], 'Import 2025-01-02'), 'Import 2025-01-02');
    assert.equal(newStudyName(['a/x.json', 'y.json'], [], 'Imported'), 'Imported');
  });

  it('one file: its own name without the extension', () => {
    assert.equal(newStudyName(['awrrpt_1_100_101.html'], [], 'Imported'), 'awrrpt_1_100_101');
    assert.equal(commonName(['a/run.json', 'b/run.json']), 'run');
  });

  it('is new: a name a study has (its slug, whatever the case) gets a number', () => {
    assert.equal(newStudyName(['fio-disk-vs-tmpfs/a.json'], ['fio disk vs tmpfs'], 'Imported'), 'fio-disk-vs-tmpfs (2)');
    assert.equal(newStudyName(['rbd/a.json'], ['RBD', 'rbd (2)'], 'Imported'), 'rbd (3)');
  });

  it('a pasted table (no file names) takes the fallback', () => {
    assert.equal(newStudyName([], [], 'Pasted table'), 'Pasted table');
  });
});
