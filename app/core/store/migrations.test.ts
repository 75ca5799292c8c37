import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { tempDir } from '../test-support/temp.js';
import { MIGRATIONS, migrate, MigrationDriftError, type Migration } from './migrations.js';
import { Store } from './store.js';
import { encodeFloat64 } from './series-codec.js';
import { SeriesLevels } from './series-levels.js';
import { RangeReader } from '../series/range-read.js';

const extra: Migration = { id: MIGRATIONS[MIGRATIONS.length - 1]!.id + 1, name: 'test', sql: 'CREATE TABLE t2 (x INTEGER);' };

describe('schema migrations', () => {
  it('apply once, in order, and are recorded with their hashes', () => {
    const db = new Database(':memory:');
    assert.deepEqual(migrate(db), MIGRATIONS.map((m) => m.id));
    assert.deepEqual(migrate(db), [], 'a second open applies nothing');
    const rows = db.prepare('SELECT id, sha256 FROM schema_migrations').all() as Array<{ id: number; sha256: string }>;
    assert.equal(rows.length, MIGRATIONS.length);
    assert.match(rows[0]!.sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(migrate(db, [...MIGRATIONS, extra]), [extra.id], 'a new migration is applied on top');
  });

  it('refuse a database whose applied migration was edited afterwards', () => {
    const db = new Database(':memory:');
    migrate(db);
    const edited = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, sql: m.sql + '\n-- edited' } : m));
    assert.throws(() => migrate(db, edited), MigrationDriftError);
  });

  it('refuse a database written by a newer PerfDelta', () => {
    const db = new Database(':memory:');
    migrate(db, [...MIGRATIONS, extra]);
    assert.throws(() => migrate(db, MIGRATIONS), /newer version/);
  });

  it('refuse a database whose history differs', () => {
    const db = new Database(':memory:');
    migrate(db);
    const renamed = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, name: '001-other' } : m));
    assert.throws(() => migrate(db, renamed), /expected 1 "001-other"/);
  });

  it('a drifted database file is not opened by the store, and is left untouched', () => {
    const file = path.join(tempDir(), 'drift.sqlite');
    new Store(file).close();
    const raw = new Database(file);
    raw.prepare("UPDATE schema_migrations SET sha256 = 'x' WHERE id = 1").run();
    raw.close();
    assert.throws(() => new Store(file), MigrationDriftError);
    const check = new Database(file);
    assert.equal((check.prepare('SELECT sha256 FROM schema_migrations WHERE id = 1').get() as { sha256: string }).sha256, 'x');
    check.close();
  });

  it('005 moves a database of version 4 over: file bytes into parts, metric rows onto their runs', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 4));
    db.exec(`INSERT INTO studies (id, slug, name, created_at) VALUES (1, 's', 'S', 'now');
      INSERT INTO files (sha256, size, content) VALUES ('abc', 3, x'010203');
      INSERT INTO imports (id, study_id, sha256, file_name, format, importer_version, config, imported_at) VALUES (1, 1, 'abc', 'f', 'fio-json', '1', 'a', 'now');
      INSERT INTO runs (id, study_id, import_id, config, ordinal, name, tool, params) VALUES (7, 1, 1, 'a', 0, 'r', 'fio', '{}'), (8, 1, 1, 'a', 1, 'q', 'fio', '{}');
      INSERT INTO metrics (run_id, name, value) VALUES (7, 'read.iops', 1234.5), (7, 'read.lat_avg_ms', 0.25);`);
    migrate(db);
    const part = db.prepare('SELECT part, bytes FROM file_parts WHERE sha256 = ?').get('abc') as { part: number; bytes: Buffer };
    assert.equal(part.part, 0);
    assert.deepEqual([...part.bytes], [1, 2, 3]);
    const metrics = db.prepare('SELECT id, metrics FROM runs ORDER BY id').all() as Array<{ id: number; metrics: string }>;
    assert.deepEqual(JSON.parse(metrics[0]!.metrics), { 'read.iops': 1234.5, 'read.lat_avg_ms': 0.25 });
    assert.deepEqual(JSON.parse(metrics[1]!.metrics), {}, 'a run without metrics gets an empty object');
  });

  it('013 gives a store made before it the summaries and pyramids of its series, and its windows read from them', () => {
    const file = path.join(tempDir(), 'v5.sqlite');
    const db = new Database(file);
    migrate(db, MIGRATIONS.filter((m) => m.id < 13));
    db.exec(`INSERT INTO studies (id, slug, name, created_at) VALUES (1, 's', 'S', 'now');
      INSERT INTO files (sha256, size) VALUES ('abc', 3);
      INSERT INTO imports (id, study_id, sha256, file_name, format, importer_version, config, imported_at) VALUES (1, 1, 'abc', 'f', 'fio-log', '1', 'a', 'now');
      INSERT INTO runs (id, study_id, import_id, config, ordinal, name, tool, params) VALUES (7, 1, 1, 'a', 0, 'r', 'fio', '{}');`);
    // 300,000 samples in chunks as version 5 wrote them, one single-sample spike; and a small series.
    const n = 300_000;
    const times = Float64Array.from({ length: n }, (_, i) => 1_000 + i * 100);
    const values = Float64Array.from({ length: n }, (_, i) => (i === 250_001 ? 777 : 10 + (i % 5)));
    const insert = db.prepare('INSERT INTO series (run_id, object, metric, unit, chunk, t_first, t_last, n, times, vals) VALUES (7, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (let c = 0, at = 0; at < n; c++, at += 65_536) {
      const t = times.subarray(at, at + 65_536);
      insert.run('job', 'read.iops', 'IOPS', c, t[0], t[t.length - 1], t.length, encodeFloat64(t), encodeFloat64(values.subarray(at, at + 65_536)));
    }
    insert.run('job', 'write.iops', 'IOPS', 0, 5, 6, 2, encodeFloat64(Float64Array.of(5, 6)), encodeFloat64(Float64Array.of(1, 3)));
    db.close();

    const store = new Store(file);
    const summaries = store.levels.summariesOfRun(7);
    assert.deepEqual(summaries.map((r) => [r.metric, r.points, r.levels, r.ordered, r.max]), [['read.iops', n, 2, 1, 777], ['write.iops', 2, 0, 1, 3]]);
    const levels = store.db.prepare('SELECT level, SUM(n) AS buckets FROM series_levels GROUP BY level ORDER BY level').all();
    assert.deepEqual(levels, [{ level: 1, buckets: n / 16 }, { level: 2, buckets: Math.ceil(n / 256) }]);
    const lane = new RangeReader(new SeriesLevels(store.db)).lane({ run: 7, object: 'job', metric: 'read.iops' }, null, { width: 500 });
    assert.equal(lane.level, 2, 'the overview is read from level 2');
    assert.ok([...lane.values].includes(777), 'the spike is there');
    assert.equal(lane.stats.samples, n);
    store.close();
  });

  it('040 gives runs stored before it their validity facts, read from the words their importer wrote, and leaves out the invalid ones until counted in', () => {
    const file = path.join(tempDir(), 'v13.sqlite');
    const db = new Database(file);
    // A store made with the schema before issue 40, holding what its importers wrote then.
    migrate(db, MIGRATIONS.filter((m) => m.id < 40));
    db.exec(`INSERT INTO studies (id, slug, name, created_at) VALUES (1, 's', 'S', 'now');
      INSERT INTO files (sha256, size) VALUES ('abc', 3);
      INSERT INTO imports (id, study_id, sha256, file_name, format, importer_version, config, imported_at) VALUES (1, 1, 'abc', 'vu100.log', 'hammerdb-log', '1.1.0', 'pg', '2024-05-01T10:00:00.000Z');
      INSERT INTO runs (id, study_id, import_id, config, ordinal, name, tool, params, warnings, errors, metrics) VALUES
        (7, 1, 1, 'pg', 0, 'TPROC-C PostgreSQL 100 VU', 'hammerdb', '{"vus":100}', '["95 virtual user(s) finished FAILED","HammerDB printed: Vuser 30: Error in Virtual User 30"]', '[]', '{"nopm":410}'),
        (8, 1, 1, 'pg', 1, 'TPROC-C PostgreSQL 10 VU', 'hammerdb', '{"vus":10}', '["2 virtual user(s) finished FAILED"]', '[]', '{"nopm":2700}'),
        (9, 1, 1, 'pg', 2, 'seqwrite', 'fio', '{}', '[]', '["fio reported error 28 for job \\"seqwrite\\""]', '{"write.iops":512}'),
        (10, 1, 1, 'pg', 3, 'TPROC-C PostgreSQL 1 VU', 'hammerdb', '{"vus":1}', '[]', '[]', '{"nopm":1600}');`);
    db.close();

    const store = new Store(file);
    const runs = new Map(store.listRuns({ studyId: 1 }).map((r) => [r.id, r]));
    assert.deepEqual(runs.get(7)!.validity, [{ code: 'failed-users', severity: 'invalid', message: '95 of 100 virtual users finished FAILED', count: 95, of: 100 }]);
    assert.deepEqual(runs.get(7)!.warnings, ['HammerDB printed: Vuser 30: Error in Virtual User 30'], 'the words the fact replaces are gone; the others stay');
    assert.equal(runs.get(7)!.excluded?.automatic, 'validity', 'most users failed: out of the verdicts by default');
    assert.match(runs.get(7)!.excluded!.reason, /^95 of 100 virtual users finished FAILED \(no verdict by default: count it in to use it\)$/);
    assert.equal(runs.get(7)!.excluded!.at, '2024-05-01T10:00:00.000Z', 'since it was imported');
    assert.equal(runs.get(8)!.validity?.[0]?.severity, 'warning');
    assert.equal(runs.get(8)!.excluded, null, 'two of ten: the run stands');
    assert.deepEqual([runs.get(9)!.errors, runs.get(9)!.validity?.[0]?.code, runs.get(9)!.excluded?.automatic], [[], 'job-error', 'validity']);
    assert.deepEqual(runs.get(10)!.validity, []);

    // Counted in: no longer left out, the fact still stated, who and when kept.
    store.transaction(() => store.manage.setExcluded(1, [7], null));
    const counted = store.listRuns({ studyId: 1, ids: [7] })[0]!;
    assert.equal(counted.excluded, null);
    assert.equal(counted.validity?.length, 1);
    assert.ok(counted.counted_in && /^\d{4}-/.test(counted.counted_in.at));
    store.close();
  });
});

