import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

// `npx tsx build/make-icons.ts`: draws the Ideamine Console logo (a cut gem with a spark on a
// rounded indigo-to-cyan square) and writes the icons electron-builder needs, with plain Node:
//   build/icons/icon.png          1024x1024, the master (and the window icon)
//   build/icons/icon.icns         macOS (PNG entries 16 to 1024)
//   build/icons/icon.ico          Windows and the NSIS installer (BMP entries 16 to 128, PNG 256)
//   build/icons/linux/NxN.png     Linux icon set, 16 to 512
// Each size is rendered directly (4x4 supersampling per pixel), not scaled down from 1024.

const OUT = path.join(import.meta.dirname, 'icons');

type Rgba = [number, number, number, number];
type Point = [number, number];

const hex = (h: string, a = 255): Rgba => [
  parseInt(h.slice(1, 3), 16),
  parseInt(h.slice(3, 5), 16),
  parseInt(h.slice(5, 7), 16),
  a,
];

// ---- the drawing, in unit coordinates (0..1, y down)

/** The body follows the macOS grid: 100 of 1024 margin, 185 corner radius. */
const MARGIN = 100 / 1024;
const RADIUS = 185 / 1024;
const TOP_LEFT = hex('#4338ca'); // indigo
const BOTTOM_RIGHT = hex('#0891b2'); // cyan

const crownL: Point = [0.37, 0.3];
const crownR: Point = [0.63, 0.3];
const girdleL: Point = [0.22, 0.45];
const girdleR: Point = [0.78, 0.45];
const innerL: Point = [0.42, 0.45];
const innerR: Point = [0.58, 0.45];
const culet: Point = [0.5, 0.8];

/** The gem's facets, each its own shade so the stone reads as cut. */
const FACETS: { polygon: Point[]; color: Rgba }[] = [
  { polygon: [crownL, innerL, girdleL], color: hex('#e0f2fe') },
  { polygon: [crownL, crownR, innerR, innerL], color: hex('#ffffff') },
  { polygon: [crownR, girdleR, innerR], color: hex('#bae6fd') },
  { polygon: [girdleL, innerL, culet], color: hex('#f0f9ff') },
  { polygon: [innerL, innerR, culet], color: hex('#cdeefd') },
  { polygon: [innerR, girdleR, culet], color: hex('#93d8f7') },
];

/** A four-pointed spark above the gem's right shoulder: the idea. */
function spark(cx: number, cy: number, r: number, waist: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < 8; i++) {
    const angle = (i * Math.PI) / 4 - Math.PI / 2;
    const len = i % 2 === 0 ? r : r * waist;
    points.push([cx + Math.cos(angle) * len, cy + Math.sin(angle) * len]);
  }
  return points;
}
const SPARKS = [spark(0.745, 0.245, 0.085, 0.22), spark(0.285, 0.2, 0.04, 0.25)];
const SPARK_COLOR = hex('#fef9c3'); // a warm white

function inPolygon(x: number, y: number, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x: number, y: number): boolean {
  const lo = MARGIN + RADIUS;
  const hi = 1 - MARGIN - RADIUS;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  return x >= MARGIN && x <= 1 - MARGIN && y >= MARGIN && y <= 1 - MARGIN && dx * dx + dy * dy <= RADIUS * RADIUS;
}

/** The colour at one point, or null outside the icon. */
function sample(x: number, y: number): Rgba | null {
  if (!inRoundedSquare(x, y)) return null;
  for (const facet of FACETS) if (inPolygon(x, y, facet.polygon)) return facet.color;
  for (const s of SPARKS) if (inPolygon(x, y, s)) return SPARK_COLOR;
  // Diagonal gradient, a little lighter towards the top.
  const t = Math.min(1, Math.max(0, (x + y - 2 * MARGIN) / (2 - 4 * MARGIN)));
  const lift = 1 + 0.08 * (1 - y);
  return [0, 1, 2]
    .map((c) => Math.min(255, (TOP_LEFT[c]! + (BOTTOM_RIGHT[c]! - TOP_LEFT[c]!) * t) * lift))
    .concat(255) as Rgba;
}

/** RGBA pixels, row by row, 4x4 samples per pixel averaged with premultiplied alpha. */
function render(size: number): Buffer {
  const SS = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size);
          if (!c) continue;
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round(a / (SS * SS));
    }
  }
  return pixels;
}

// ---- file formats

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG (colour type 6), each row with filter 0. */
function png(size: number, pixels: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 32-bit BMP image as stored in an ICO: header, bottom-up BGRA rows, then the 1-bit AND mask. */
function icoBitmap(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour rows plus mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const colour = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = ((size - 1 - y) * size + x) * 4;
      colour[to] = pixels[from + 2]!;
      colour[to + 1] = pixels[from + 1]!;
      colour[to + 2] = pixels[from]!;
      colour[to + 3] = pixels[from + 3]!;
    }
  }
  const maskRow = Math.ceil(size / 32) * 4;
  const mask = Buffer.alloc(maskRow * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (pixels[(y * size + x) * 4 + 3] === 0) mask[(size - 1 - y) * maskRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, colour, mask]);
}

function ico(images: { size: number; data: Buffer }[]): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(images.length, 4);
  let offset = 6 + images.length * 16;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([head, ...entries, ...images.map((i) => i.data)]);
}

function icns(entries: { type: string; data: Buffer }[]): Buffer {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((s, p) => s + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

// ---- output

function main() {
  const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
  const pixels = new Map(sizes.map((s) => [s, render(s)]));
  const pngs = new Map(sizes.map((s) => [s, png(s, pixels.get(s)!)]));
  const get = <T>(map: Map<number, T>, size: number) => map.get(size)!;

  mkdirSync(path.join(OUT, 'linux'), { recursive: true });
  writeFileSync(path.join(OUT, 'icon.png'), get(pngs, 1024));
  for (const s of [16, 24, 32, 48, 64, 128, 256, 512])
    writeFileSync(path.join(OUT, 'linux', `${s}x${s}.png`), get(pngs, s));
  writeFileSync(
    path.join(OUT, 'icon.ico'),
    ico([
      ...[16, 24, 32, 48, 64, 128].map((s) => ({ size: s, data: icoBitmap(s, get(pixels, s)) })),
      { size: 256, data: get(pngs, 256) },
    ]),
  );
  writeFileSync(
    path.join(OUT, 'icon.icns'),
    icns([
      { type: 'icp4', data: get(pngs, 16) },
      { type: 'icp5', data: get(pngs, 32) },
      { type: 'icp6', data: get(pngs, 64) },
      { type: 'ic07', data: get(pngs, 128) },
      { type: 'ic08', data: get(pngs, 256) },
      { type: 'ic09', data: get(pngs, 512) },
      { type: 'ic10', data: get(pngs, 1024) },
      { type: 'ic11', data: get(pngs, 32) },
      { type: 'ic12', data: get(pngs, 64) },
      { type: 'ic13', data: get(pngs, 256) },
      { type: 'ic14', data: get(pngs, 512) },
    ]),
  );
  console.log(`Wrote ${path.relative(process.cwd(), OUT)}/icon.png, icon.icns, icon.ico and linux/{16..512}.png`);
}

main();
