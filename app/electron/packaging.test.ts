/**
 * The installers' configuration (electron-builder.json) is complete: Linux AppImage and deb,
 * Windows NSIS and macOS dmg, an icon in every size each needs, `.perfdelta` files associated,
 * the Electron fuses set, and a file list that carries the build and leaves tests and sources
 * out. No Electron binary exists here, so no installer is built; electron-builder's own schema
 * check runs where electron-builder is installed (a devDependency).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { packageRoot } from '../core/paths.js';

const root = packageRoot();
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const config = JSON.parse(fs.readFileSync(path.join(root, 'electron-builder.json'), 'utf8')) as Json;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Json;
const resources = path.join(root, config['directories']['buildResources'] as string);

/** A PNG's width and height from its IHDR chunk (after the 8-byte signature). */
function pngSize(bytes: Buffer): [number, number] {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  assert.equal(bytes.toString('ascii', 12, 16), 'IHDR');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('installers (electron-builder.json)', () => {
  it('targets Linux (AppImage, deb), Windows (NSIS) and macOS (dmg)', () => {
    assert.deepEqual([...config['linux']['target']].sort(), ['AppImage', 'deb']);
    assert.deepEqual(config['win']['target'], ['nsis']);
    assert.deepEqual(config['mac']['target'], ['dmg']);
    assert.equal(config['productName'], 'PerfDelta');
    assert.match(config['appId'], /^[a-z0-9]+(\.[a-z0-9-]+)+$/);
  });

  it('has the app icon in every size: an SVG source, Linux PNGs, a Windows ICO with 256 px, a macOS ICNS up to 1024 px', () => {
    assert.ok(fs.existsSync(path.join(resources, 'icon.svg')), 'the SVG the icons are drawn from');
    const linuxDir = path.join(root, config['linux']['icon'] as string);
    const sizes = fs.readdirSync(linuxDir).filter((f) => /^\d+x\d+\.png$/.test(f)).map((f) => {
      const [w, h] = pngSize(fs.readFileSync(path.join(linuxDir, f)));
      assert.equal(`${w}x${h}.png`, f, 'each PNG is the size its name says');
      return w;
    });
    for (const s of [16, 32, 48, 64, 128, 256, 512]) assert.ok(sizes.includes(s), `Linux ${s}x${s}`);

    const ico = fs.readFileSync(path.join(root, config['win']['icon'] as string));
    assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2)], [0, 1], 'an ICO header');
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const e = 6 + 16 * i;
      const [w] = pngSize(ico.subarray(ico.readUInt32LE(e + 12), ico.readUInt32LE(e + 12) + ico.readUInt32LE(e + 8)));
      assert.equal(ico.readUInt8(e) || 256, w, 'the directory names the image\'s size');
      return w;
    });
    for (const s of [16, 32, 48, 256]) assert.ok(entries.includes(s), `ICO ${s}`);

    const icns = fs.readFileSync(path.join(root, config['mac']['icon'] as string));
    assert.equal(icns.toString('ascii', 0, 4), 'icns');
    assert.equal(icns.readUInt32BE(4), icns.length, 'the ICNS length is the file\'s');
    const types = new Map<string, number>();
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.set(icns.toString('ascii', at, at + 4), pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4)))[0]);
    assert.equal(types.get('ic10'), 1024);
    assert.equal(types.get('ic09'), 512);
    assert.equal(types.get('ic07'), 128);
    // The document icon of the association resolves to the same files (buildResources/icon.*).
    for (const ext of ['ico', 'icns']) assert.ok(fs.existsSync(path.join(resources, `${config['fileAssociations'][0]['icon']}.${ext}`)), ext);
  });

  it('associates .perfdelta files with PerfDelta on every platform', () => {
    const assoc = (config['fileAssociations'] as Json[]).find((a) => a['ext'] === 'perfdelta');
    assert.ok(assoc, 'a .perfdelta association');
    assert.equal(assoc['role'], 'Editor');
    assert.ok((config['linux']['mimeTypes'] as string[]).includes(assoc['mimeType']), 'the Linux desktop entry lists the study MIME type');
    // The main process opens what the OS hands over (argv, open-file): see open-study.electron.ts.
    const main = fs.readFileSync(path.join(root, 'app', 'electron', 'main.electron.ts'), 'utf8');
    assert.match(main, /watchStudyFiles\(app, \{ argv: process\.argv/);
  });

  it('sets the Electron fuses: no RunAsNode, no NODE_OPTIONS, no inspect, ASAR integrity, app only from the ASAR', () => {
    const fuses = config['electronFuses'] as Json;
    assert.equal(fuses['runAsNode'], false);
    assert.equal(fuses['enableNodeOptionsEnvironmentVariable'], false);
    assert.equal(fuses['enableNodeCliInspectArguments'], false);
    assert.equal(fuses['enableEmbeddedAsarIntegrityValidation'], true);
    assert.equal(fuses['onlyLoadAppFromAsar'], true);
    assert.equal(config['asar'], true, 'the fuses above need the app in an ASAR');
  });

  it('packs the build output, package.json and the samples, and leaves tests, sources and e2e out', () => {
    const files = config['files'] as string[];
    for (const want of ['package.json', 'build/app/**/*', 'build/renderer/**/*', 'samples/**/*']) assert.ok(files.includes(want), want);
    for (const out of ['!**/*.test.*', '!e2e/**', '!samples/reports/**']) assert.ok(files.includes(out), out);
    for (const f of files.filter((x) => !x.startsWith('!'))) assert.ok(!/^(app|importers|renderer|e2e)\//.test(f), `${f}: sources are not packed`);
    assert.ok((pkg['main'] as string).startsWith('build/app/'), 'the entry point is in the packed build');
  });

  it('leaves out of the package only modules the built app does not load', () => {
    const excluded = (config['files'] as string[]).filter((f) => f.startsWith('!node_modules/')).map((f) => f.slice('!node_modules/'.length).replace(/\/\*\*$/, ''));
    const bundles = fs.existsSync(path.join(root, 'build', 'app')) ? fs.readdirSync(path.join(root, 'build', 'app')).filter((f) => f.endsWith('.cjs')) : [];
    if (bundles.length === 0) return void console.log('# no build/app: run `node app/tools/build.mjs` to check the bundles\' requires');
    for (const b of bundles) {
      const requires = [...fs.readFileSync(path.join(root, 'build', 'app', b), 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:'));
      for (const r of requires) assert.ok(!excluded.some((e) => r === e || r.startsWith(`${e}/`)), `${b} requires ${r}, which the package leaves out`);
    }
  });

  it('`npm run dist` builds, compiles SQLite for Electron and runs electron-builder; the README says how', () => {
    const dist = pkg['scripts']['dist'] as string;
    assert.match(dist, /build\.mjs/);
    assert.match(dist, /build-electron-native\.mjs/);
    assert.match(dist, /electron-builder --config electron-builder\.json/);
    assert.ok(pkg['devDependencies']['electron-builder'], 'electron-builder is a devDependency, not a runtime one');
    assert.equal(pkg['dependencies']['electron-builder'], undefined);
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    assert.ok(readme.includes('npm run dist'), 'the README documents npm run dist');
    assert.ok(/no Electron binary/i.test(readme), 'the README says where installers cannot be built');
  });

  it('is a configuration electron-builder itself accepts (its schema)', async (t) => {
    const require = createRequire(path.join(root, 'package.json'));
    let validate: (c: Json, logger: unknown) => Promise<void>;
    let Logger: new (enabled: boolean) => unknown;
    try {
      validate = (require('app-builder-lib/out/util/config/config.js') as { validateConfiguration: typeof validate }).validateConfiguration;
      Logger = (require('builder-util') as { DebugLogger: typeof Logger }).DebugLogger;
    } catch {
      return void t.skip('electron-builder is not installed (npm install --omit=dev): its schema check is skipped');
    }
    await validate(structuredClone(config), new Logger(false));
    await assert.rejects(validate({ ...structuredClone(config), electronFuses: { runAsNode: 'no' } }, new Logger(false)), /electronFuses/, 'the check does check');
  });
});
