/**
 * The team catalog against a real PostgreSQL server: a throwaway cluster made with initdb in a
 * temporary folder, on a free port, removed after (test-support/pg-server.ts). Where no
 * PostgreSQL is installed these tests are skipped, saying why; nothing else depends on them.
 *
 * Every connection authenticates as a user would: the password from a .pgpass file (PGPASSFILE)
 * or PGPASSWORD, never in the URL (one test puts it there on purpose, to see it masked).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ReportDocument } from '../../contract/records.js';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { catalogTrend } from './catalog-trend.js';
import { withCatalog } from './client.js';
import { publishStudy } from './publish.js';
import { pullStudy } from './pull.js';
import { CATALOG_MIGRATIONS, migrateCatalog } from './schema/migrations.js';
import { searchCatalog } from './search.js';
import { EVIDENCE_HISTORY, historyCsv, historyRows } from './test-support/history.js';
import { pgUnavailable, startPgServer, type PgServer } from './test-support/pg-server.js';

const why = pgUnavailable();
if (why) console.log(`# the catalog tests are skipped: ${why}`);

let pg: PgServer;
let databases = 0;
/** A new, empty database on the server: each test its own catalog. */
function freshCatalog(): string {
  const name = `cat${++databases}`;
  pg.psql(`CREATE DATABASE ${name}`);
  return `postgres://${pg.user}@127.0.0.1:${pg.port}/${name}`;
}
const count = (db: string, sql: string): number => Number(pg.psql(sql, db).trim());
const dbOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** A data folder with the sample studies named, loaded as the app's first launch loads them. */
async function sampleStore(...slugs: string[]): Promise<Core> {
  const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
  after(() => core.close());
  await loadSamples(core, slugs);
  return core;
}

function emptyStore(): Core {
  const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
  after(() => core.close());
  return core;
}

/** A report as printed: row ids (reports, charts) differ between data folders, nothing else may. */
function reportText(core: Core, study: string): string {
  const doc = JSON.parse(JSON.stringify(core.renderReport(study))) as ReportDocument & { report: { id: number } };
  doc.report.id = 0;
  return JSON.stringify(doc).replace(/"chart":\{"id":\d+/g, '"chart":{"id":0');
}

const idOf = (core: Core, slug: string): number => core.studyIdOf(slug);

describe('the team catalog on PostgreSQL', { skip: why ?? false }, () => {
  before(async () => {
    pg = await startPgServer();
    process.env['PGPASSFILE'] = pg.pgpass;
    delete process.env['PGPASSWORD'];
  });
  after(() => pg?.stop());

  it('an empty database says so; init makes the schema; a newer or changed catalog is refused before anything is read', async () => {
    const url = freshCatalog();
    await assert.rejects(searchCatalog(url, {}), /holds no PerfDelta catalog yet: "perfdelta catalog init/);
    const applied = await withCatalog(url, 'init', 'init', ({ client, target }) => migrateCatalog(client, target.shown));
    assert.deepEqual(applied, CATALOG_MIGRATIONS.map((m) => m.id));
    assert.deepEqual(await withCatalog(url, 'init', 'init', ({ client, target }) => migrateCatalog(client, target.shown)), [], 'current: nothing to apply');
    assert.equal((await searchCatalog(url, {})).studies.length, 0);

    const newer = freshCatalog();
    await withCatalog(newer, 'init', 'init', ({ client, target }) => migrateCatalog(client, target.shown));
    const future = CATALOG_MIGRATIONS.length + 1;
    pg.psql(`INSERT INTO perfdelta.schema_migrations VALUES (${future}, '${String(future).padStart(3, '0')}-from-the-future', 'x', now(), 'someone')`, dbOf(newer));
    const core = await sampleStore('s3-cloud-ssd');
    await assert.rejects(searchCatalog(newer, {}), new RegExp(`was made by a newer PerfDelta \\(schema version ${future}; this one knows up to ${future - 1}\\): upgrade PerfDelta`));
    await assert.rejects(publishStudy(core.store, idOf(core, 's3-cloud-ssd'), { url: newer }), /newer PerfDelta.*nothing was read or written/);
    assert.equal(count(dbOf(newer), 'SELECT count(*) FROM perfdelta.studies'), 0);

    const changed = freshCatalog();
    await withCatalog(changed, 'init', 'init', ({ client, target }) => migrateCatalog(client, target.shown));
    pg.psql("UPDATE perfdelta.schema_migrations SET sha256 = 'edited'", dbOf(changed));
    await assert.rejects(searchCatalog(changed, {}), /001-catalog was changed after it was applied/);
  });

  it('two publishers meeting an empty catalog create it once', async () => {
    const url = freshCatalog();
    const a = await sampleStore('s3-cloud-ssd');
    const b = await sampleStore('s5-rook-ceph-optane');
    const [ra, rb] = await Promise.all([publishStudy(a.store, idOf(a, 's3-cloud-ssd'), { url }), publishStudy(b.store, idOf(b, 's5-rook-ceph-optane'), { url })]);
    assert.deepEqual([ra.mode, rb.mode], ['new', 'new']);
    assert.equal(count(dbOf(url), 'SELECT count(*) FROM perfdelta.schema_migrations'), CATALOG_MIGRATIONS.length);
  });

  it('publish and pull: the pulled study prints the same report; publishing again updates, never duplicates', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const here = await sampleStore('fio-disk-vs-tmpfs', 's3-cloud-ssd', 's5-rook-ceph-optane');
    for (const s of here.studies()) {
      const r = await publishStudy(here.store, s.id, { url });
      assert.equal(r.mode, 'new');
      assert.equal(r.runs.added, s.runs);
      assert.equal(r.published_by, pg.user, 'the server\'s session user');
      assert.equal(r.catalog, url, 'the location as shown: no password');
      assert.match(here.store.settings(s.id).catalog_uid ?? '', /^[0-9a-f-]{36}$/, 'the local study keeps its catalog uid');
    }
    const studies = count(db, 'SELECT count(*) FROM perfdelta.studies');
    const runs = count(db, 'SELECT count(*) FROM perfdelta.runs');
    const points = count(db, 'SELECT COALESCE(sum(n), 0) FROM perfdelta.series');
    assert.equal(studies, 3);
    assert.ok(points > 1000, `series points published (${points})`);

    const again = await publishStudy(here.store, idOf(here, 's5-rook-ceph-optane'), { url });
    assert.deepEqual([again.mode, again.runs.added, again.runs.removed], ['update', 0, 0]);
    assert.deepEqual([count(db, 'SELECT count(*) FROM perfdelta.studies'), count(db, 'SELECT count(*) FROM perfdelta.runs'), count(db, 'SELECT COALESCE(sum(n), 0) FROM perfdelta.series')], [studies, runs, points]);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.publications'), 4, 'every publish is logged');

    const fresh = emptyStore();
    for (const s of here.studies()) {
      const pulled = await pullStudy(fresh.store, s.slug, { url });
      assert.equal(pulled.study, s.slug);
      assert.equal(pulled.runs, s.runs);
      assert.ok(pulled.files.checked > 0);
      assert.deepEqual(fresh.runs({ study: s.slug, all: true }).map((r) => [r.id, r.config, r.name, r.params, r.metrics, r.start]), here.runs({ study: s.slug, all: true }).map((r) => [r.id, r.config, r.name, r.params, r.metrics, r.start]));
      if (here.reports(s.slug).length) assert.equal(reportText(fresh, s.slug), reportText(here, s.slug), `${s.slug}: the same report`);
    }
    await assert.rejects(pullStudy(fresh.store, 's3-cloud-ssd', { url }), /is here already as "S3 A cloud SSD disk against its limits" \(s3-cloud-ssd\)/);
    // By its uid (the panel pulls so), or by its name.
    const byUid = emptyStore();
    assert.equal((await pullStudy(byUid.store, here.store.settings(idOf(here, 's3-cloud-ssd')).catalog_uid!, { url })).study, 's3-cloud-ssd');
    assert.equal((await pullStudy(byUid.store, 'fio: local disk vs tmpfs', { url })).study, 'fio-disk-vs-tmpfs');
    await assert.rejects(pullStudy(byUid.store, 'S3 A cloud SSD', { url }), (e: Error) => e.name === 'UnknownNameError' && /S3 A cloud SSD disk against its limits/.test((e as unknown as { suggestions: string[] }).suggestions.join()));
    // Published again from the folder it was pulled into: the same catalog study.
    const fromThere = await publishStudy(fresh.store, idOf(fresh, 's3-cloud-ssd'), { url });
    assert.equal(fromThere.mode, 'update');
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.studies'), 3);
  });

  it('what changed locally goes with the next publish: new runs added, deleted ones removed', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const here = await sampleStore('fio-disk-vs-tmpfs');
    const id = idOf(here, 'fio-disk-vs-tmpfs');
    await publishStudy(here.store, id, { url });
    const run = here.runs({ study: 'fio-disk-vs-tmpfs' })[0]!;
    here.manage.deleteRuns('fio-disk-vs-tmpfs', [run.id]);
    const r = await publishStudy(here.store, id, { url });
    assert.deepEqual([r.runs.removed, r.runs.total], [1, 11]);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.runs'), 11);
    here.manage.undo();
    const back = await publishStudy(here.store, id, { url });
    assert.deepEqual([back.runs.added, back.runs.total], [1, 12]);
  });

  it('the same study from two data folders at once: both succeed, one catalog study; another study of that name is refused, or appended to', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const a = await sampleStore('s5-rook-ceph-optane', 'fio-disk-vs-tmpfs');
    const b = await sampleStore('s5-rook-ceph-optane', 'fio-disk-vs-tmpfs');
    const results = await Promise.all([
      ...a.studies().map((s) => publishStudy(a.store, s.id, { url })),
      ...b.studies().map((s) => publishStudy(b.store, s.id, { url })),
    ]);
    assert.equal(results.length, 4);
    assert.deepEqual(results.map((r) => r.mode).sort(), ['new', 'new', 'update', 'update']);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.studies'), 2);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.runs'), a.studies().reduce((n, s) => n + s.runs, 0));
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.files'), count(db, 'SELECT count(DISTINCT sha256) FROM perfdelta.imports'), 'each original once');

    // Another study that happens to have the same name holds other runs: never folded in silently.
    const other = emptyStore();
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'results.csv'), 'config,bs,IOPS\nx,4K,1000\n');
    other.importPaths([path.join(dir, 'results.csv')], 'S5 Rook-Ceph: Optane PMem and Open CAS', 'x');
    const otherId = idOf(other, 'S5 Rook-Ceph: Optane PMem and Open CAS');
    await assert.rejects(publishStudy(other.store, otherId, { url }), /already has a study "S5 Rook-Ceph: Optane PMem and Open CAS" \(published by perfdelta on \d{4}-\d\d-\d\d: 42 runs, 0 of them among this study's 1\) that is not this one: publish with --append/);
    const appended = await publishStudy(other.store, otherId, { url, append: true });
    assert.deepEqual([appended.mode, appended.runs.added, appended.runs.total], ['append', 1, 43]);
  });

  it('a publish is one transaction: one that fails part-way leaves nothing of itself', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const here = await sampleStore('s3-cloud-ssd', 's5-rook-ceph-optane');
    await publishStudy(here.store, idOf(here, 's5-rook-ceph-optane'), { url });
    const before = ['studies', 'runs', 'files', 'file_parts', 'series', 'imports'].map((t) => count(db, `SELECT count(*) FROM perfdelta.${t}`));
    // The server refuses the last thing S3's publish writes (its reports), after its files, runs and series.
    pg.psql(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER refuse BEFORE INSERT ON perfdelta.reports FOR EACH ROW WHEN (NEW.name LIKE 'Cloud SSD%') EXECUTE FUNCTION refuse();`, db);
    await assert.rejects(publishStudy(here.store, idOf(here, 's3-cloud-ssd'), { url }), /publishing study "S3 A cloud SSD disk against its limits": refused by the test/);
    assert.deepEqual(['studies', 'runs', 'files', 'file_parts', 'series', 'imports'].map((t) => count(db, `SELECT count(*) FROM perfdelta.${t}`)), before);
    assert.equal(here.store.settings(idOf(here, 's3-cloud-ssd')).catalog_uid, undefined, 'not linked: nothing was published');
  });

  it('originals as hashes only: a pull takes them from its own data folder, or is refused naming them; a damaged original is refused', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const here = await sampleStore('fio-disk-vs-tmpfs');
    const r = await publishStudy(here.store, idOf(here, 'fio-disk-vs-tmpfs'), { url, originals: 'hashes' });
    assert.equal(r.files.hashes_only, 12);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.file_parts'), 0);
    const bare = emptyStore();
    await assert.rejects(pullStudy(bare.store, 'fio-disk-vs-tmpfs', { url }), /was published without these originals \(their SHA-256 only\) and this data folder does not hold them: .*fio.*\.json.*; import them here first.*nothing was pulled/);
    assert.equal(bare.studies().length, 0);
    // A colleague who imported the same files (another study of theirs): the bytes come from their store.
    const colleague = await sampleStore('fio-disk-vs-tmpfs');
    colleague.manage.renameStudy('fio-disk-vs-tmpfs', 'my own copy');
    const pulled = await pullStudy(colleague.store, 'fio-disk-vs-tmpfs', { url });
    assert.equal(pulled.files.from_this_store, 12);
    assert.equal(colleague.runs({ study: pulled.study }).length, 12);

    // Published with its bytes; then one part altered on the server.
    const url2 = freshCatalog();
    await publishStudy(here.store, idOf(here, 'fio-disk-vs-tmpfs'), { url: url2 });
    pg.psql("UPDATE perfdelta.file_parts SET bytes = bytes || '\\x20'::bytea WHERE sha256 = (SELECT min(sha256) FROM perfdelta.files)", dbOf(url2));
    const other = emptyStore();
    await assert.rejects(pullStudy(other.store, 'fio-disk-vs-tmpfs', { url: url2 }), /the original .* of study "fio: local disk vs tmpfs" does not match its SHA-256 .*: the catalog's copy is damaged; nothing was pulled/);
    assert.equal(other.studies().length, 0);
  });

  it('search: by tool, configuration, workload parameters, host, the dates runs ran and text', async () => {
    const url = freshCatalog();
    const here = await sampleStore('fio-disk-vs-tmpfs', 's3-cloud-ssd', 's5-rook-ceph-optane', 'fio-bs-qd-sweep');
    for (const s of here.studies()) await publishStudy(here.store, s.id, { url });
    const slugs = async (q: Parameters<typeof searchCatalog>[1]): Promise<string[]> => (await searchCatalog(url, q)).studies.map((s) => s.slug).sort();
    assert.deepEqual(await slugs({}), ['fio-bs-qd-sweep', 'fio-disk-vs-tmpfs', 's3-cloud-ssd', 's5-rook-ceph-optane']);
    assert.deepEqual(await slugs({ limit: 2 }), ['s3-cloud-ssd', 's5-rook-ceph-optane'], 'the latest published first (published in the order of their names)');
    assert.equal((await searchCatalog(url, { limit: 2 })).total, 4);
    assert.deepEqual(await slugs({ tool: ['sysbench'] }), ['s3-cloud-ssd']);
    assert.deepEqual(await slugs({ tool: ['hammerdb'] }), ['s5-rook-ceph-optane']);
    assert.deepEqual(await slugs({ config: 'tmp*' }), ['fio-disk-vs-tmpfs']);
    assert.deepEqual(await slugs({ config: 'config-?' }), [], '? is no pattern: a configuration named so');
    assert.deepEqual(await slugs({ params: ['bs=64K; iodepth=16'] }), ['fio-bs-qd-sweep']);
    assert.deepEqual(await slugs({ params: ['vus=8'] }), ['s5-rook-ceph-optane']);
    assert.deepEqual(await slugs({ params: ['bs=128K,1M; pattern=seq*'] }), ['fio-disk-vs-tmpfs', 's3-cloud-ssd'], 'several values and patterns');
    assert.deepEqual(await slugs({ text: 'optane' }), ['s5-rook-ceph-optane']);
    assert.deepEqual(await slugs({ text: 'clou' }), ['s3-cloud-ssd'], 'words are prefixes');
    assert.deepEqual(await slugs({ config: 'TMPFS' }), ['fio-disk-vs-tmpfs'], 'labels match in any case');
    // A Chinese name is one word to the text parser: looked for inside the names too.
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'r.csv'), '配置,块大小,IOPS\nFS900,4K,1000\n');
    here.importPaths([path.join(dir, 'r.csv')], '闪存迁移测试', 'FS900');
    await publishStudy(here.store, idOf(here, '闪存迁移测试'), { url });
    assert.deepEqual(await slugs({ text: '迁移' }), ['闪存迁移测试']);
    // Every condition on one run: a 4K run of S3 is not a sysbench run.
    assert.deepEqual(await slugs({ tool: ['sysbench'], params: ['bs=4K'] }), []);
    const runs = here.runs({ study: 'fio-bs-qd-sweep' });
    const host = runs.find((r) => r.host)?.host;
    if (host) assert.ok((await slugs({ host })).includes('fio-bs-qd-sweep'));
    const start = runs.map((r) => r.start).filter((s): s is string => s !== null).sort()[0]!;
    assert.ok((await slugs({ since: start.slice(0, 10), until: start.slice(0, 10) })).includes('fio-bs-qd-sweep'), 'a date alone is its whole day');
    assert.deepEqual(await slugs({ since: '2099-01-01' }), []);
    await assert.rejects(searchCatalog(url, { since: 'last week' }), /--since takes a date \(2024-03-01\)/);
    const listed = await searchCatalog(url, { params: ['bs=64K; iodepth=16'], runs: true });
    assert.equal(listed.studies[0]!.runs_matched, 1);
    assert.deepEqual(listed.runs!.map((r) => [r.params['bs'], r.params['iodepth']]), [[65536, 16]]);
  });

  it('a history appended night after night: runs once each however often the file is sent, and the trend across the catalog', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const rows = historyRows(EVIDENCE_HISTORY);
    const night = async (upTo: number): Promise<void> => {
      // A CI job's fresh data folder: the history file as it stands that night.
      const core = emptyStore();
      const file = path.join(tempDir(), 'nightly.csv');
      fs.writeFileSync(file, historyCsv(EVIDENCE_HISTORY, rows.slice(0, upTo)));
      core.importPaths([file], 'nightly fio', 'array-7');
      await publishStudy(core.store, idOf(core, 'nightly fio'), { url, append: true });
    };
    await night(150);
    await night(150);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.runs'), 150, 'the same rows again add nothing');
    await night(400);
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.runs'), 400, 'the file with 250 more nights adds 250 runs');
    assert.equal(count(db, 'SELECT count(*) FROM perfdelta.studies'), 1);
    const t = await catalogTrend(url, { metric: 'total.iops' });
    assert.equal(t.points.length, 400);
    assert.deepEqual(t.change_points.map((c) => c.index), [130, 270]);
    assert.deepEqual(t.excursions.map((e) => e.index), [200]);
    assert.equal(t.change_points[0]!.after.version, rows[130]!.commit);
    assert.equal(t.source, url);
    const none = await catalogTrend(url, { metric: 'total.iops', workload: 'bs=4K' });
    assert.equal(none.points.length, 0, 'a workload no run has: no points');
    assert.deepEqual(none.workloads, [{ label: 'all runs', workload: '', runs: 400 }], 'and what the runs with the metric are');
  });

  it('roles as documented (roles.sql): a reader reads, a publisher publishes, anyone else reads nothing', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    const here = await sampleStore('s3-cloud-ssd', 'fio-disk-vs-tmpfs');
    await publishStudy(here.store, idOf(here, 's3-cloud-ssd'), { url });
    pg.psql(fs.readFileSync(path.join(import.meta.dirname, 'roles.sql'), 'utf8'), db);
    pg.psql("CREATE ROLE alice LOGIN PASSWORD 'alice-pw' IN ROLE perfdelta_publisher; CREATE ROLE bob LOGIN PASSWORD 'bob-pw' IN ROLE perfdelta_reader; CREATE ROLE carol LOGIN PASSWORD 'carol-pw'", db);
    const pass = path.join(tempDir(), 'pgpass');
    fs.writeFileSync(pass, `127.0.0.1:${pg.port}:*:alice:alice-pw\n127.0.0.1:${pg.port}:*:bob:bob-pw\n127.0.0.1:${pg.port}:*:carol:carol-pw\n`, { mode: 0o600 });
    const saved = process.env['PGPASSFILE'];
    process.env['PGPASSFILE'] = pass;
    try {
      const as = (user: string): string => url.replace(`//${pg.user}@`, `//${user}@`);
      assert.equal((await searchCatalog(as('bob'), {})).studies.length, 1);
      const fresh = emptyStore();
      assert.equal((await pullStudy(fresh.store, 's3-cloud-ssd', { url: as('bob') })).runs, 5);
      await assert.rejects(publishStudy(here.store, idOf(here, 'fio-disk-vs-tmpfs'), { url: as('bob') }), /permission denied for table studies: the role "bob" lacks the right \(see the catalog roles in the README/);
      const r = await publishStudy(here.store, idOf(here, 'fio-disk-vs-tmpfs'), { url: as('alice') });
      assert.equal(r.published_by, 'alice');
      await assert.rejects(searchCatalog(as('carol'), {}), /permission denied for schema perfdelta/);
      assert.equal(count(db, "SELECT count(*) FROM perfdelta.studies WHERE published_by = 'alice'"), 1);
    } finally {
      process.env['PGPASSFILE'] = saved;
    }
  });

  it('a connection is kept for the next call; one the server has closed is replaced', async () => {
    const url = freshCatalog();
    const db = dbOf(url);
    await withCatalog(url, 'init', 'init', ({ client, target }) => migrateCatalog(client, target.shown));
    const backend = async (): Promise<number> => withCatalog(url, 'read', 'asking', async ({ client }) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    const first = await backend();
    assert.equal(await backend(), first, 'the same server process: the connection was reused');
    pg.psql(`SELECT pg_terminate_backend(${first})`, db);
    const third = await backend();
    assert.notEqual(third, first);
    assert.equal((await searchCatalog(url, {})).studies.length, 0);
  });

  it('credentials: PGPASSWORD or the password file, never printed; a password file others can read is not used', async () => {
    const url = freshCatalog();
    const saved = process.env['PGPASSFILE'];
    try {
      process.env['PGPASSWORD'] = 'not-it';
      await assert.rejects(searchCatalog(url, {}), (e: Error) => /password authentication failed for user "perfdelta": the password comes from PGPASSWORD, the password file/.test(e.message) && !e.message.includes('not-it'));
      process.env['PGPASSWORD'] = pg.password;
      process.env['PGPASSFILE'] = '/nonexistent';
      await assert.rejects(searchCatalog(url, {}), /holds no PerfDelta catalog yet/, 'in: PGPASSWORD works');
      delete process.env['PGPASSWORD'];
      // In the URL (discouraged, and shown masked in every message).
      const inUrl = url.replace(`${pg.user}@`, `${pg.user}:${pg.password}@`);
      await assert.rejects(searchCatalog(inUrl, {}), (e: Error) => !e.message.includes(pg.password) && e.message.includes(url));
      const open = path.join(tempDir(), 'pgpass');
      fs.writeFileSync(open, fs.readFileSync(saved!));
      fs.chmodSync(open, 0o644);
      process.env['PGPASSFILE'] = open;
      await assert.rejects(searchCatalog(url, {}), /password authentication failed|no password was provided|SASL/);
    } finally {
      delete process.env['PGPASSWORD'];
      process.env['PGPASSFILE'] = saved;
    }
  });
});

describe('the team catalog over TLS', { skip: why ?? false }, () => {
  let tls: PgServer;
  before(async () => {
    tls = await startPgServer({ tls: true });
    process.env['PGPASSFILE'] = tls.pgpass;
  });
  after(() => tls?.stop());

  it('sslmode and sslrootcert pass through: verify-full with the CA is encrypted and checked; without the CA refused; disable is plain', async () => {
    const base = `postgres://${tls.user}@127.0.0.1:${tls.port}/catalog`;
    const sslOf = (url: string): Promise<boolean> => withCatalog(url, 'init', 'asking', async ({ client }) => (await client.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0]!.ssl);
    assert.equal(await sslOf(`${base}?sslmode=verify-full&sslrootcert=${encodeURIComponent(tls.caFile!)}`), true);
    await assert.rejects(sslOf(`${base}?sslmode=verify-full`), /self[- ]signed|unable to verify|certificate/i);
    assert.equal(await sslOf(`${base}?sslmode=require`), true, 'require: encrypted, not verified');
    assert.equal(await sslOf(`${base}?sslmode=disable`), false);
    assert.equal(await sslOf(base), true, 'prefer (the default): TLS when the server offers it');
    await assert.rejects(sslOf(`${base}?sslmode=sometimes`), /sslmode is one of disable, allow, prefer, require, verify-ca, verify-full/);
  });
});
