// Renders packaging/icon.svg (our own drawing) into every icon file the installers need:
// packaging/icons/NxN.png (Linux, and the sources of the others), packaging/icon.ico (Windows:
// 16-256 px, PNG entries) and packaging/icon.icns (macOS: 16-1024 px, PNG entries). Chromium
// (playwright-core, as the e2e tests use it) draws the SVG; the ICO and ICNS containers are
// written here. Run it after changing the SVG: `node app/tools/make-icons.mjs`; the outputs are
// committed, so packaging needs no renderer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = path.join(root, 'packaging');
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS element types holding PNG data, by pixel size (Apple's icns types; @2x types reuse sizes).
const ICNS_TYPES = [['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024], ['ic11', 32], ['ic12', 64], ['ic13', 256], ['ic14', 512]];

async function renderPngs(svg) {
  const found = ensureChromium();
  if (!found.path) throw new Error(found.reason);
  const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const pngs = new Map();
    for (const size of PNG_SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`);
      await page.waitForFunction(() => document.images[0]?.complete);
      pngs.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** ICO: a 6-byte header, a 16-byte entry per image, then the images (PNG, Vista and later). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * ICO_SIZES.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(ICO_SIZES.length, 4);
  let offset = header.length;
  ICO_SIZES.forEach((size, i) => {
    const e = 6 + 16 * i;
    const png = pngs.get(size);
    header.writeUInt8(size >= 256 ? 0 : size, e); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...ICO_SIZES.map((s) => pngs.get(s))]);
}

/** ICNS: 'icns' and the file length, then each element as type, length (with its 8-byte head), data. */
function icns(pngs) {
  const parts = ICNS_TYPES.map(([type, size]) => {
    const png = pngs.get(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const pngs = await renderPngs(fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8'));
fs.mkdirSync(path.join(dir, 'icons'), { recursive: true });
for (const [size, png] of pngs) fs.writeFileSync(path.join(dir, 'icons', `${size}x${size}.png`), png);
fs.writeFileSync(path.join(dir, 'icon.ico'), ico(pngs));
fs.writeFileSync(path.join(dir, 'icon.icns'), icns(pngs));
console.log(`packaging/icons: ${PNG_SIZES.map((s) => `${s}x${s}`).join(', ')}; packaging/icon.ico; packaging/icon.icns`);
