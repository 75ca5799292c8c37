import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importers } from '../../importers/registry.js';
import { en, zhCN } from '../i18n/messages.js';
import { FORMAT_GALLERY } from './format-gallery.js';

// The empty workbench's gallery is what a new user reads to know what to drop: it must speak the
// UI's language and name every format the importers read (it had drifted: DiskSpd as XML only,
// sar as -d/-u only, all of it English in a Chinese UI).
const CJK = /[\u4e00-\u9fff]/;

describe('the format gallery of the empty workbench', () => {
  it('describes every importer of the registry, each once', () => {
    const described = FORMAT_GALLERY.flatMap((r) => r.importers);
    assert.deepEqual([...described].sort(), importers.map((i) => i.id).sort());
  });

  it('takes its text from the catalog: Chinese in Chinese, not the English text', () => {
    for (const row of FORMAT_GALLERY) {
      assert.ok(en[row.files] && zhCN[row.files], row.files);
      assert.notEqual(zhCN[row.files], en[row.files], `${row.files} is English in Chinese`);
      assert.match(zhCN[row.files], CJK, row.files);
      assert.ok(en[row.tool] && zhCN[row.tool], row.tool);
    }
    assert.equal(zhCN['empty.formats.table.tool'], '任意表格');
  });

  it('says what the importers read today', () => {
    const said = (id: string): string => { const r = FORMAT_GALLERY.find((x) => x.importers.includes(id))!; return `${en[r.files]} ${r.looks}`; };
    assert.match(said('diskspd'), /XML.*text/);
    assert.match(said('sar'), /sar -A.*wrapper/);
    assert.match(said('iostat'), /without its banner/);
    assert.match(said('awr'), /RAC global.*\.gz.*STATSPACK/s);
    assert.match(said('hammerdb-log'), /TPROC-C and TPROC-H/);
    assert.match(said('sysbench'), /histogram/);
    assert.match(said('cockroach-workload'), /without its header/);
    assert.match(said('cosbench'), /several works/);
    assert.match(said('svc-iostats'), /Nn\/Nv\/Nm\/Nd.*lssystemstats/);
    assert.match(said('fio-json'), /json\+.*terse.*console.*logs/);
  });
});
