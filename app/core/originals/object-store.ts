/**
 * The original files, content-addressed beside the database: `originals/ab/cdef…` by SHA-256,
 * as git keeps its objects, gzip-compressed where that saves space (codec.ts). The database holds
 * each file's hash, its size and the names users gave it; the bytes live here, outside its
 * transactions, so an import of 1 GB of reports no longer writes 1 GB through SQLite.
 *
 * How an object appears: written to a temporary name in this process's own folder
 * (`originals/tmp/<pid>-<random>/`), flushed to the disk (durable.ts), renamed into place, and
 * the folder it went into flushed, all before the transaction that names it commits. A crash
 * at any point leaves at most an object no row names, which is collected later (collect.ts);
 * never a row naming an object that is not there. Two files with the same bytes are one object.
 *
 * Objects are placed only inside a write transaction (the store's write lock held), and
 * collected only inside one: so a collection in one process never sees an object another
 * process has placed and not yet committed. Temporary files live in their process's own folder,
 * which no other process removes while that process lives (scratch-folders.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOwnFolder, removeOwnFolder, removeStaleFolders } from '../scratch-folders.js';
import { decodeFromStore, encodeForStore, ENCODINGS, SUFFIX, type Encoding } from './codec.js';
import { flushNow, Flusher } from './durable.js';

/** An object a parse worker wrote to a temporary file (compressed, not yet flushed): the writer adopts it or it is removed. */
export interface PreparedObject {
  sha256: string;
  temp: string;
  encoding: Encoding;
  /** Bytes of the temporary file. */
  stored: number;
}

/** Where an object is, and how it is kept. */
export interface ObjectLocation {
  path: string;
  encoding: Encoding;
}

/** An object file as found on disk. */
export interface ObjectFile extends ObjectLocation {
  sha256: string;
  /** Bytes on disk (compressed, if it is). */
  bytes: number;
}

const SHA = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;

/** Objects written, up to which count and size the writer flushes them itself at its commit (a worker's start costs more). */
const FLUSH_INLINE_MAX_FILES = 8;
const FLUSH_INLINE_MAX_BYTES = 16 * 1024 * 1024;
/** Folders, up to which count the writer flushes them itself. */
const FLUSH_INLINE_MAX_FOLDERS = 4;

interface Waiting {
  temp: string;
  sha256: string;
  encoding: Encoding;
}

/** The object store of a database: its `originals/` folder for the usual `perfdelta.sqlite`, else `<file>.originals/` beside it. */
export function originalsDirFor(dbFile: string): string {
  const base = path.basename(dbFile);
  return path.join(path.dirname(dbFile), base === 'perfdelta.sqlite' ? 'originals' : `${base}.originals`);
}

export class ObjectStore {
  /** This process's folder of temporary files, made when first needed. */
  private own: string | null = null;
  /** Objects of the open transaction written and not yet sent to be flushed. */
  private readonly unflushed: Waiting[] = [];
  private unflushedBytes = 0;
  /** Sent to the flusher, by temporary path. */
  private readonly flushing = new Map<string, Waiting>();
  /** Hashes with an object on its way in this transaction: the same bytes twice are written once. */
  private readonly coming = new Set<string>();
  /** Prepared by the parse workers and not (yet) adopted, by hash. */
  private readonly offered = new Map<string, PreparedObject>();
  /** Objects this transaction put in place: removed again if it rolls back. */
  private readonly placed: string[] = [];
  /** Folders whose entries this transaction changed: flushed before it commits. */
  private readonly folders = new Set<string>();
  private readonly knownShards = new Set<string>();
  private flusher: Flusher | null = null;
  /** Streamed writers still open: aborted if the transaction rolls back. */
  private readonly writers = new Set<{ abort(): void }>();

  /** `ephemeral`: a folder of its own for an in-memory database, removed on close. */
  constructor(readonly root: string, private readonly ephemeral = false) {}

  /** An object store for `dbFile` (an in-memory database gets a temporary folder of its own). */
  static forDatabase(dbFile: string): ObjectStore {
    if (dbFile === ':memory:') return new ObjectStore(fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-originals-')), true);
    return new ObjectStore(originalsDirFor(dbFile));
  }

  close(): void {
    this.rolledBack();
    if (this.own) removeOwnFolder(this.own);
    this.own = null;
    if (this.ephemeral) fs.rmSync(this.root, { recursive: true, force: true });
  }

  // ---- where objects are ------------------------------------------------------------------

  private shardOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2));
  }

  pathOf(sha256: string, encoding: Encoding): string {
    return path.join(this.shardOf(sha256), sha256.slice(2) + SUFFIX[encoding]);
  }

  /** Where the object of these bytes is, or null. */
  locate(sha256: string): ObjectLocation | null {
    if (!SHA.test(sha256)) return null;
    for (const encoding of ENCODINGS) {
      const p = this.pathOf(sha256, encoding);
      if (fs.existsSync(p)) return { path: p, encoding };
    }
    return null;
  }

  /** The folder temporary files of this process go into (parse workers write theirs there too). */
  tempFolder(): string {
    this.own ??= createOwnFolder(path.join(this.root, 'tmp'));
    return this.own;
  }

  /** A new temporary file name in this process's folder. */
  tempName(): string {
    return path.join(this.tempFolder(), randomBytes(12).toString('hex'));
  }

  // ---- writing (inside the store's write transaction) -------------------------------------

  /**
   * Keeps a file's bytes as an object, compressed where that saves space when `compress`. False
   * when the object is there already (or on its way in this transaction).
   */
  put(sha256: string, bytes: Uint8Array, compress: boolean): boolean {
    if (this.present(sha256)) return false;
    const { encoding, stored } = compress ? encodeForStore(bytes) : { encoding: 'raw' as const, stored: bytes };
    const temp = this.tempName();
    writeFile(temp, stored);
    this.enqueue({ temp, sha256, encoding }, stored.byteLength);
    return true;
  }

  /**
   * A file's bytes as they are read (a streamed log, kept as it is): `append` each piece, then
   * `finish` (or `abort`). Null when the object is there already.
   */
  writer(sha256: string): { append(bytes: Uint8Array): void; finish(): void; abort(): void } | null {
    if (this.present(sha256)) return null;
    const temp = this.tempName();
    const fd = fs.openSync(temp, 'wx');
    let size = 0;
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
      this.writers.delete(w);
    };
    const w = {
      append: (bytes: Uint8Array): void => {
        for (let at = 0; at < bytes.byteLength;) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at);
        size += bytes.byteLength;
      },
      finish: (): void => {
        close();
        this.enqueue({ temp, sha256, encoding: 'raw' }, size);
      },
      abort: (): void => {
        close();
        fs.rmSync(temp, { force: true });
      },
    };
    this.writers.add(w);
    return w;
  }

  /** A parse worker's prepared object: taken as this file's object unless it is removed with the transaction's end. */
  offer(prepared: PreparedObject): void {
    const before = this.offered.get(prepared.sha256);
    if (before && before.temp !== prepared.temp) fs.rmSync(before.temp, { force: true });
    this.offered.set(prepared.sha256, prepared);
  }

  /** Takes the offered object of these bytes; false when there is none (the caller writes the bytes itself) or it is there already. */
  adopt(sha256: string): 'adopted' | 'present' | 'none' {
    const prepared = this.offered.get(sha256);
    if (!prepared) return this.present(sha256) ? 'present' : 'none';
    this.offered.delete(sha256);
    if (this.present(sha256)) {
      fs.rmSync(prepared.temp, { force: true });
      return 'present';
    }
    if (!fs.existsSync(prepared.temp)) return 'none';
    this.enqueue({ temp: prepared.temp, sha256, encoding: prepared.encoding }, prepared.stored);
    return 'adopted';
  }

  /** Whether these bytes have an object, or one on its way in this transaction. An object found is made durable with the transaction (a crash may have left it unflushed). */
  private present(sha256: string): boolean {
    if (this.coming.has(sha256)) return true;
    const found = this.locate(sha256);
    if (found) this.folders.add(path.dirname(found.path));
    return found !== null;
  }

  private enqueue(w: Waiting, bytes: number): void {
    this.coming.add(w.sha256);
    this.unflushed.push(w);
    this.unflushedBytes += bytes;
    // Past a few files or megabytes, flushed by the flusher while the writer goes on.
    if (this.flusher || this.unflushed.length > FLUSH_INLINE_MAX_FILES || this.unflushedBytes > FLUSH_INLINE_MAX_BYTES) {
      this.flusher ??= Flusher.get();
      if (this.flusher) {
        for (const u of this.unflushed) {
          this.flushing.set(u.temp, u);
          this.flusher.submit(u.temp);
        }
        this.unflushed.length = 0;
        this.unflushedBytes = 0;
      }
    }
    this.poll();
  }

  /** Puts in place the objects the flusher has finished, without waiting. */
  private poll(): void {
    if (!this.flusher) return;
    for (const temp of this.flusher.finished()) this.putInPlace(temp);
  }

  private putInPlace(temp: string): void {
    const w = this.flushing.get(temp);
    if (!w) return;
    this.flushing.delete(temp);
    this.place(w);
  }

  /** Renames a flushed temporary file into place; one there already (the same bytes) wins. */
  private place(w: Waiting): void {
    const shard = this.shardOf(w.sha256);
    if (!this.knownShards.has(shard)) {
      if (!fs.existsSync(shard)) {
        fs.mkdirSync(shard, { recursive: true });
        // A new shard folder is an entry of the root: flushed too.
        this.folders.add(this.root);
      }
      this.knownShards.add(shard);
    }
    const final = this.pathOf(w.sha256, w.encoding);
    const other = this.locate(w.sha256);
    if (other) {
      fs.rmSync(w.temp, { force: true });
    } else {
      fs.renameSync(w.temp, final);
      this.placed.push(final);
    }
    this.folders.add(shard);
  }

  /**
   * Before the transaction commits: every object it wrote flushed and in place, and the
   * folders they went into flushed. Prepared objects nobody adopted are removed.
   */
  settle(): void {
    if (this.flusher && (this.unflushed.length > 0 || this.flushing.size > 0)) {
      for (const u of this.unflushed) {
        this.flushing.set(u.temp, u);
        this.flusher.submit(u.temp);
      }
      this.unflushed.length = 0;
      for (const temp of this.flusher.all()) this.putInPlace(temp);
    }
    for (const u of this.unflushed) {
      flushNow(u.temp);
      this.place(u);
    }
    this.unflushed.length = 0;
    this.unflushedBytes = 0;
    const folders = [...this.folders];
    const flusher = folders.length > FLUSH_INLINE_MAX_FOLDERS ? (this.flusher ?? Flusher.get()) : null;
    if (flusher) {
      for (const f of folders) flusher.submit(f, true);
      flusher.all();
    } else {
      for (const f of folders) flushNow(f, true);
    }
    this.folders.clear();
    for (const p of this.offered.values()) fs.rmSync(p.temp, { force: true });
    this.offered.clear();
  }

  /** The transaction committed: what it placed stays. */
  committed(): void {
    this.placed.length = 0;
    this.reset();
  }

  /** The transaction rolled back: the objects it placed and its temporary files go. */
  rolledBack(): void {
    for (const w of [...this.writers]) w.abort();
    // Flushes still under way finish first: a file is not removed under the flusher.
    if (this.flusher && this.flusher.outstanding > 0) {
      try {
        this.flusher.all();
      } catch {
        // a failed flush of a file that goes anyway
      }
    }
    for (const w of [...this.unflushed, ...this.flushing.values()]) fs.rmSync(w.temp, { force: true });
    for (const p of this.offered.values()) fs.rmSync(p.temp, { force: true });
    for (const p of this.placed) fs.rmSync(p, { force: true });
    this.unflushed.length = 0;
    this.flushing.clear();
    this.offered.clear();
    this.placed.length = 0;
    this.folders.clear();
    this.reset();
  }

  private reset(): void {
    this.coming.clear();
    this.unflushedBytes = 0;
    this.flusher = null;
    // Whatever is left in this process's folder (a read-ahead file of an import that stopped) is of no use now.
    if (this.own) {
      for (const name of safeReaddir(this.own)) fs.rmSync(path.join(this.own, name), { force: true, recursive: true });
    }
  }

  // ---- reading ------------------------------------------------------------------------------

  /** A file's bytes from its object, or null when there is no object. Throws when the object cannot be decoded. */
  read(sha256: string): Buffer | null {
    const at = this.locate(sha256);
    return at ? decodeFromStore(at.encoding, fs.readFileSync(at.path)) : null;
  }

  /**
   * A file's bytes from its object in pieces of up to `size` bytes (null: no object). An object
   * kept as it is (a 2 GB log) is read piece by piece; a compressed one (a file that was read
   * whole, so within the whole-read limit) is decoded whole.
   */
  pieces(sha256: string, size: number): Iterable<Uint8Array> | null {
    const at = this.locate(sha256);
    if (!at) return null;
    if (at.encoding !== 'raw') {
      // Decoded when first read: a damaged object fails there, where its reader is ready for it.
      return (function* () {
        const whole = decodeFromStore(at.encoding, fs.readFileSync(at.path));
        for (let i = 0; i < whole.byteLength || i === 0; i += size) yield whole.subarray(i, i + size);
      })();
    }
    return readPieces(at.path, size);
  }

  /** Every object file on disk (names that are not objects are left out: see `strays`). */
  *list(): Generator<ObjectFile> {
    for (const shard of safeReaddir(this.root)) {
      if (!SHARD.test(shard)) continue;
      for (const name of safeReaddir(path.join(this.root, shard))) {
        const parsed = objectName(shard, name);
        if (!parsed) continue;
        const p = path.join(this.root, shard, name);
        let bytes: number;
        try {
          bytes = fs.statSync(p).size;
        } catch {
          continue;
        }
        yield { sha256: parsed.sha256, encoding: parsed.encoding, path: p, bytes };
      }
    }
  }

  /** Files in the shard folders that are not objects (left by hand, or by something else). */
  strays(): string[] {
    const out: string[] = [];
    for (const shard of safeReaddir(this.root)) {
      if (!SHARD.test(shard)) continue;
      for (const name of safeReaddir(path.join(this.root, shard))) if (!objectName(shard, name)) out.push(path.join(shard, name));
    }
    return out;
  }

  /** Removes the temporary folders of processes that are gone (a crash mid-import). */
  removeStaleTemp(): string[] {
    return removeStaleFolders(path.join(this.root, 'tmp'));
  }

  /** Bytes the objects take on disk. */
  diskBytes(): number {
    let n = 0;
    for (const o of this.list()) n += o.bytes;
    return n;
  }
}

/** Hash and encoding from an object's shard and file name, or null when it is no object's name. */
function objectName(shard: string, name: string): { sha256: string; encoding: Encoding } | null {
  for (const encoding of ENCODINGS) {
    const suffix = SUFFIX[encoding];
    if (suffix && !name.endsWith(suffix)) continue;
    const sha256 = shard + (suffix ? name.slice(0, -suffix.length) : name);
    if (SHA.test(sha256)) return { sha256, encoding };
  }
  return null;
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function writeFile(file: string, bytes: Uint8Array): void {
  const fd = fs.openSync(file, 'wx');
  try {
    for (let at = 0; at < bytes.byteLength;) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at);
  } finally {
    fs.closeSync(fd);
  }
}

function* readPieces(file: string, size: number): Generator<Uint8Array> {
  const fd = fs.openSync(file, 'r');
  try {
    const total = fs.fstatSync(fd).size;
    if (total === 0) {
      yield new Uint8Array(0);
      return;
    }
    for (let at = 0; at < total;) {
      const buf = Buffer.allocUnsafe(Math.min(size, total - at));
      const got = fs.readSync(fd, buf, 0, buf.length, at);
      if (got === 0) throw new Error(`${file} became shorter while it was read`);
      at += got;
      yield buf.subarray(0, got);
    }
  } finally {
    fs.closeSync(fd);
  }
}
