/**
 * The demo images, drawn by the project itself (no downloads): abstract
 * compositions written as SVG and rendered to JPEG by sharp.
 *
 * Exports, for the seeder:
 * - `demoImageKeys: string[]`: every key of `demoImages` (./content.ts).
 * - `renderDemoImage(key): Promise<{ buffer: Buffer; filename: string; contentType: 'image/jpeg' }>`:
 *   JPEG bytes (1600x900 landscape or 600x600 portrait, well under 5 MB) and
 *   a file name '<key>.jpg'. Throws for an unknown key.
 * - `demoImageSvg(key): string`: the SVG source behind it (for tests and tuning).
 *
 * Output is deterministic for a key: shapes come from a PRNG seeded by the key
 * and the palette and motif by the key's position in `demoImages`.
 */
import sharp from 'sharp';
import { demoImages, type DemoImage } from './content';

export const demoImageKeys: string[] = demoImages.map((image) => image.key);

export interface RenderedDemoImage {
  buffer: Buffer;
  filename: string;
  contentType: 'image/jpeg';
}

const LANDSCAPE = { width: 1600, height: 900 } as const;
const PORTRAIT = { width: 600, height: 600 } as const;

// ---------------------------------------------------------------------------
// Palettes: warm, calm, "university" colours.
// ---------------------------------------------------------------------------

interface Palette {
  /** Background gradient, top-left to bottom-right. */
  bg: [string, string];
  /** Shape colours. */
  accents: [string, string, string];
  /** Text colour; readable over bg[0]. */
  ink: string;
}

const PALETTES: Palette[] = [
  { bg: ['#f4e8d6', '#e6bfa0'], accents: ['#c56b4f', '#d9a441', '#6b4a6e'], ink: '#2b2233' }, // atardecer
  { bg: ['#17414c', '#2f6f73'], accents: ['#ecdcc0', '#d98f6a', '#8fae8b'], ink: '#f7f0e3' }, // mar
  { bg: ['#e9eee2', '#b9cdb2'], accents: ['#5f7d52', '#2f6f73', '#d9a441'], ink: '#1f3147' }, // salvia
  { bg: ['#36304f', '#6b4a6e'], accents: ['#e3a580', '#f2d49b', '#9fc2b8'], ink: '#f7f0e3' }, // ciruela
  { bg: ['#f8f2e7', '#ead8b8'], accents: ['#2f6f73', '#c56b4f', '#8fae8b'], ink: '#1f3147' }, // arena
  { bg: ['#1c2c42', '#2d4c6b'], accents: ['#d9a441', '#d07a5c', '#8fb3c9'], ink: '#f7f0e3' }, // noche
  { bg: ['#b85f45', '#e0946e'], accents: ['#f7e3c6', '#5a3d5e', '#f2c46d'], ink: '#fffaf2' }, // terracota
];

type Motif = 'orbs' | 'waves' | 'arcs' | 'circle' | 'blocks' | 'dots';
// Six motifs against seven palettes: the pairs do not repeat for 42 images.
const MOTIFS: Motif[] = ['orbs', 'waves', 'arcs', 'circle', 'blocks', 'dots'];

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

function hash(text: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for placing shapes. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number): string => n.toFixed(1);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Greedy word wrap by character count (good enough for short labels); ' · ' always breaks. */
function wrap(text: string, maxChars: number): string[] {
  if (text.includes(' · ')) return text.split(' · ').flatMap((part) => wrap(part, maxChars));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------
// Motifs (landscape). Each returns SVG elements for a W x H canvas.
// ---------------------------------------------------------------------------

type Rand = () => number;
const W = LANDSCAPE.width;
const H = LANDSCAPE.height;

function orbs(p: Palette, rand: Rand): string {
  const defs: string[] = [];
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const colour = p.accents[i % 3];
    const id = `orb${i}`;
    defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.85"/>` +
        `<stop offset="0.55" stop-color="${colour}" stop-opacity="0.35"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    );
    const r = 220 + rand() * 300;
    shapes.push(`<circle cx="${r1(W * 0.35 + rand() * W * 0.7)}" cy="${r1(rand() * H)}" r="${r1(r)}" fill="url(#${id})"/>`);
  }
  // A crisp ring as a counterpoint to the soft shapes.
  shapes.push(
    `<circle cx="${r1(W * 0.72 + rand() * 120)}" cy="${r1(H * 0.45 + rand() * 80)}" r="${r1(150 + rand() * 60)}" fill="none" stroke="${p.accents[0]}" stroke-width="3" opacity="0.7"/>`,
  );
  return `<defs>${defs.join('')}</defs>${shapes.join('')}`;
}

function waves(p: Palette, rand: Rand): string {
  const layers: string[] = [];
  const bands = 5;
  for (let i = 0; i < bands; i++) {
    const base = H * (0.38 + i * 0.13);
    const amp = 40 + rand() * 50;
    const freq = (1 + rand() * 1.2) * Math.PI * 2;
    const phase = rand() * Math.PI * 2;
    let d = `M0 ${r1(base)}`;
    for (let x = 0; x <= W; x += 40) d += ` L${x} ${r1(base + Math.sin((x / W) * freq + phase) * amp)}`;
    d += ` L${W} ${H} L0 ${H} Z`;
    const colour = p.accents[i % 3];
    layers.push(`<path d="${d}" fill="${colour}" opacity="${(0.35 + i * 0.12).toFixed(2)}"/>`);
  }
  const sun = `<circle cx="${r1(W * 0.68 + rand() * W * 0.18)}" cy="${r1(H * 0.26)}" r="${r1(70 + rand() * 40)}" fill="${p.accents[1]}" opacity="0.9"/>`;
  return sun + layers.join('');
}

function arcs(p: Palette, rand: Rand): string {
  const cx = W * (0.78 + rand() * 0.1);
  const cy = H * (0.85 + rand() * 0.2);
  const rings: string[] = [];
  for (let i = 0; i < 9; i++) {
    const r = 120 + i * 85;
    rings.push(
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r}" fill="none" stroke="${p.accents[i % 3]}" stroke-width="${r1(10 + rand() * 26)}" opacity="${(0.45 + rand() * 0.4).toFixed(2)}"/>`,
    );
  }
  const disc = `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="80" fill="${p.accents[1]}"/>`;
  return rings.join('') + disc;
}

/** People in a circle: the restorative circle, the class assembly. */
function circle(p: Palette, rand: Rand): string {
  const cx = W * 0.7;
  const cy = H * 0.5;
  const radius = 270 + rand() * 40;
  const n = 9 + Math.floor(rand() * 4);
  const parts: string[] = [
    `<circle cx="${cx}" cy="${cy}" r="${r1(radius + 70)}" fill="${p.accents[2]}" opacity="0.18"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r1(radius)}" fill="none" stroke="${p.accents[0]}" stroke-width="2" stroke-dasharray="4 12" opacity="0.7"/>`,
  ];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rand() * 0.15;
    const x = cx + Math.cos(a) * radius;
    const y = cy + Math.sin(a) * radius;
    const colour = p.accents[i % 3];
    parts.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(30 + rand() * 10)}" fill="${colour}"/>`);
    const x2 = cx + Math.cos(a) * (radius + 58);
    const y2 = cy + Math.sin(a) * (radius + 58);
    parts.push(`<circle cx="${r1(x2)}" cy="${r1(y2)}" r="${r1(36 + rand() * 8)}" fill="${colour}" opacity="0.35"/>`);
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${r1(60 + rand() * 20)}" fill="${p.accents[1]}" opacity="0.85"/>`);
  return parts.join('');
}

/** A modernist grid of quarter circles and bars: journal covers. */
function blocks(p: Palette, rand: Rand): string {
  const size = 225;
  const x0 = W - size * 4;
  const parts: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const x = x0 + col * size;
      const y = row * size;
      const colour = p.accents[Math.floor(rand() * 3)];
      const kind = Math.floor(rand() * 5);
      const opacity = (0.55 + rand() * 0.45).toFixed(2);
      if (kind === 0) parts.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${colour}" opacity="${opacity}"/>`);
      else if (kind === 1)
        parts.push(`<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.42}" fill="${colour}" opacity="${opacity}"/>`);
      else if (kind === 2) {
        const corner = Math.floor(rand() * 4);
        const cx = x + (corner % 2) * size;
        const cy = y + Math.floor(corner / 2) * size;
        const sx = corner % 2 === 0 ? 1 : -1;
        const sy = corner < 2 ? 1 : -1;
        parts.push(
          `<path d="M${cx} ${cy} L${cx + sx * size} ${cy} A${size} ${size} 0 0 ${sx * sy > 0 ? 1 : 0} ${cx} ${cy + sy * size} Z" fill="${colour}" opacity="${opacity}"/>`,
        );
      } else if (kind === 3) {
        parts.push(
          `<rect x="${x + size * 0.1}" y="${y + size * 0.42}" width="${size * 0.8}" height="${size * 0.16}" rx="${size * 0.08}" fill="${colour}" opacity="${opacity}"/>`,
        );
      }
      // kind 4: empty cell, room to breathe.
    }
  }
  return parts.join('');
}

function dots(p: Palette, rand: Rand): string {
  const parts: string[] = [];
  const fx = 1 + rand() * 2;
  const fy = 1 + rand() * 2;
  const phase = rand() * Math.PI * 2;
  const step = 50;
  for (let y = step / 2; y < H; y += step) {
    for (let x = W * 0.42; x < W; x += step) {
      const v = (Math.sin((x / W) * fx * Math.PI + phase) + Math.cos((y / H) * fy * Math.PI - phase)) / 2; // -1..1
      const r = 4 + (v + 1) * 8;
      const colour = p.accents[v > 0.3 ? 0 : v > -0.3 ? 2 : 1];
      parts.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${colour}" opacity="0.8"/>`);
    }
  }
  parts.unshift(
    `<circle cx="${r1(W * 0.75)}" cy="${r1(H * (0.3 + rand() * 0.4))}" r="${r1(230 + rand() * 60)}" fill="${p.accents[1]}" opacity="0.35"/>`,
  );
  return parts.join('');
}

const MOTIF_DRAWERS: Record<Motif, (p: Palette, rand: Rand) => string> = { orbs, waves, arcs, circle, blocks, dots };

const FONT = `'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif`;

function landscapeSvg(image: DemoImage, p: Palette, motif: Motif, rand: Rand): string {
  const hasText = image.label !== '' || image.eyebrow !== '';
  // A veil of the background colour on the left keeps the text readable.
  const veil = hasText
    ? `<defs><linearGradient id="veil" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.bg[0]}" stop-opacity="0.92"/>` +
      `<stop offset="0.45" stop-color="${p.bg[0]}" stop-opacity="0.6"/><stop offset="0.7" stop-color="${p.bg[0]}" stop-opacity="0"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#veil)"/>`
    : '';
  // Text sits in the middle band, which survives the 400 px banner crop.
  const lines = wrap(image.label, 20);
  const labelSize = 76;
  const lineHeight = 88;
  const blockHeight = 52 + lines.length * lineHeight;
  const top = H / 2 - blockHeight / 2;
  const text = hasText
    ? `<g font-family="${FONT}" fill="${p.ink}">` +
      `<rect x="120" y="${r1(top)}" width="64" height="6" fill="${p.accents[0]}"/>` +
      (image.eyebrow
        ? `<text x="120" y="${r1(top + 50)}" font-size="28" letter-spacing="4" opacity="0.85">${escapeXml(image.eyebrow.toUpperCase())}</text>`
        : '') +
      lines
        .map(
          (line, i) =>
            `<text x="116" y="${r1(top + 52 + (i + 1) * lineHeight - 10)}" font-size="${labelSize}" font-weight="bold">${escapeXml(line)}</text>`,
        )
        .join('') +
      `</g>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    MOTIF_DRAWERS[motif](p, rand) +
    veil +
    text +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------
// Portraits: an abstract bust on a colour, a few soft shapes behind.
// ---------------------------------------------------------------------------

function portraitSvg(p: Palette, rand: Rand): string {
  const S = PORTRAIT.width;
  const headX = S / 2 + (rand() - 0.5) * 30;
  const headY = 235 + rand() * 20;
  const headR = 92 + rand() * 14;
  const figure = p.accents[0];
  const hair = p.accents[2];
  const style = Math.floor(rand() * 3); // 0 short, 1 long, 2 bun
  // The hair is always drawn behind the head: only its outline shows.
  const hairShape =
    style === 1
      ? `<rect x="${r1(headX - headR * 1.14)}" y="${r1(headY - headR * 1.16)}" width="${r1(headR * 2.28)}" height="${r1(headR * 2.55)}" rx="${r1(headR * 1.12)}" fill="${hair}"/>`
      : style === 2
        ? `<circle cx="${r1(headX)}" cy="${r1(headY - headR * 0.92)}" r="${r1(headR * 0.45)}" fill="${hair}"/>` +
          `<circle cx="${r1(headX)}" cy="${r1(headY - 10)}" r="${r1(headR * 1.04)}" fill="${hair}"/>`
        : `<circle cx="${r1(headX)}" cy="${r1(headY - 16)}" r="${r1(headR * 1.04)}" fill="${hair}"/>`;
  const shoulderTop = headY + headR + 40;
  const body = `<path d="M${r1(S / 2 - 230)} ${S} C ${r1(S / 2 - 220)} ${r1(shoulderTop + 20)}, ${r1(S / 2 - 120)} ${r1(shoulderTop - 10)}, ${r1(S / 2)} ${r1(shoulderTop - 12)} C ${r1(S / 2 + 120)} ${r1(shoulderTop - 10)}, ${r1(S / 2 + 220)} ${r1(shoulderTop + 20)}, ${r1(S / 2 + 230)} ${S} Z" fill="${figure}"/>`;
  const neck = `<rect x="${r1(headX - 34)}" y="${r1(headY + headR - 20)}" width="68" height="70" rx="20" fill="${figure}"/>`;
  const head = `<circle cx="${r1(headX)}" cy="${r1(headY)}" r="${r1(headR)}" fill="${figure}"/>`;
  const halo =
    `<defs><radialGradient id="halo"><stop offset="0" stop-color="${p.accents[1]}" stop-opacity="0.75"/><stop offset="1" stop-color="${p.accents[1]}" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${r1(S * (0.3 + rand() * 0.4))}" cy="${r1(S * (0.25 + rand() * 0.2))}" r="${r1(260 + rand() * 60)}" fill="url(#halo)"/>`;
  const ring = `<circle cx="${r1(headX)}" cy="${r1(headY + 40)}" r="${r1(220 + rand() * 30)}" fill="none" stroke="${p.accents[1]}" stroke-width="2" opacity="0.6"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>` +
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>` +
    halo +
    ring +
    hairShape +
    body +
    neck +
    head +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

function find(key: string): { image: DemoImage; index: number } {
  const index = demoImages.findIndex((image) => image.key === key);
  if (index < 0) throw new Error(`Unknown demo image key: ${key}`);
  return { image: demoImages[index], index };
}

function demoImageSvg(key: string): string {
  const { image, index } = find(key);
  const rand = prng(hash(key));
  if (image.kind === 'portrait') {
    // Portraits take the palettes in turn, offset so that neighbours differ.
    return portraitSvg(PALETTES[(index * 3) % PALETTES.length], rand);
  }
  return landscapeSvg(image, PALETTES[index % PALETTES.length], MOTIFS[index % MOTIFS.length], rand);
}

export async function renderDemoImage(key: string): Promise<RenderedDemoImage> {
  const svg = demoImageSvg(key);
  // libjpeg-turbo's own encoder, not mozjpeg's: these are the originals an upload would keep (visitors
  // get their WebP variants), and mozjpeg's files, about 14 % smaller, cost a seed 2.3 of its 10.4
  // CPU-seconds, which every start on an empty database pays, the tests' many among them.
  const buffer = await sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 84, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { buffer, filename: `${key}.jpg`, contentType: 'image/jpeg' };
}
