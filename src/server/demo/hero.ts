/**
 * The home page's hero background, drawn as SVG frames: soft warm lights
 * drifting slowly over a dark blue ground. Every motion is periodic in
 * HERO_LOOP_SECONDS, so the encoded video loops without a seam.
 *
 * Exports: `HERO_LOOP_SECONDS`, `heroFrameSvg(t, width, height)` (t in
 * seconds). Used by ./make-hero-frames.ts, which scripts/make-hero-media.sh
 * runs; the outputs are committed under public/media/.
 */

export const HERO_LOOP_SECONDS = 12;

interface Light {
  colour: string;
  /** Centre and drift amplitude, as fractions of width and height. */
  x: number;
  y: number;
  ax: number;
  ay: number;
  /** Whole cycles per loop (keeps the loop seamless), and phase. */
  kx: number;
  ky: number;
  phase: number;
  /** Radius as a fraction of the width, and peak opacity. */
  r: number;
  opacity: number;
}

const LIGHTS: Light[] = [
  { colour: '#2f6f73', x: 0.16, y: 0.22, ax: 0.06, ay: 0.07, kx: 2, ky: 1, phase: 4.4, r: 0.42, opacity: 0.7 }, // petróleo
  { colour: '#6b3f6e', x: 0.55, y: 0.6, ax: 0.12, ay: 0.05, kx: 1, ky: 1, phase: 3.1, r: 0.46, opacity: 0.7 }, // ciruela
  { colour: '#c8603f', x: 0.22, y: 0.78, ax: 0.08, ay: 0.06, kx: 1, ky: 1, phase: 0.0, r: 0.36, opacity: 0.75 }, // terracota
  { colour: '#d9a03a', x: 0.8, y: 0.26, ax: 0.07, ay: 0.08, kx: 1, ky: 2, phase: 1.7, r: 0.3, opacity: 0.55 }, // ocre
  { colour: '#1f5f7a', x: 0.88, y: 0.85, ax: 0.05, ay: 0.05, kx: 1, ky: 1, phase: 5.2, r: 0.32, opacity: 0.6 }, // azul
];

const f = (n: number): string => n.toFixed(2);

export function heroFrameSvg(t: number, width: number, height: number): string {
  const w = (2 * Math.PI * t) / HERO_LOOP_SECONDS; // one turn per loop
  const defs: string[] = [
    `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d1524"/><stop offset="0.6" stop-color="#131d30"/><stop offset="1" stop-color="#1c1729"/></linearGradient>`,
  ];
  const shapes: string[] = [`<rect width="${width}" height="${height}" fill="url(#ground)"/>`];
  LIGHTS.forEach((light, i) => {
    defs.push(
      `<radialGradient id="l${i}"><stop offset="0" stop-color="${light.colour}" stop-opacity="${light.opacity}"/>` +
        `<stop offset="0.5" stop-color="${light.colour}" stop-opacity="${f(light.opacity * 0.32)}"/>` +
        `<stop offset="1" stop-color="${light.colour}" stop-opacity="0"/></radialGradient>`,
    );
    const cx = (light.x + light.ax * Math.sin(light.kx * w + light.phase)) * width;
    const cy = (light.y + light.ay * Math.cos(light.ky * w + light.phase)) * height;
    const r = light.r * width * (1 + 0.06 * Math.sin(w + i));
    shapes.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#l${i})"/>`);
  });
  // Two faint rings turning slowly: 1/6 turn a loop, drawn with six-fold symmetry.
  const turn = (t / HERO_LOOP_SECONDS) * 60;
  const ring = (r: number, dash: string, rotation: number, opacity: number) =>
    `<circle cx="${f(width * 0.72)}" cy="${f(height * 0.5)}" r="${f(r)}" fill="none" stroke="#f7f0e3" stroke-width="${f(width / 900)}" ` +
    `stroke-dasharray="${dash}" opacity="${opacity}" transform="rotate(${f(rotation)} ${f(width * 0.72)} ${f(height * 0.5)})"/>`;
  const c1 = 2 * Math.PI * height * 0.34;
  const c2 = 2 * Math.PI * height * 0.46;
  shapes.push(ring(height * 0.34, `${f(c1 / 12)} ${f(c1 / 12)}`, turn, 0.1));
  shapes.push(ring(height * 0.46, `${f(c2 / 36)} ${f(c2 / 18)}`, -turn, 0.08));
  // Darker at the edges, where the page's text sits.
  defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#0b1018" stop-opacity="0"/><stop offset="1" stop-color="#0b1018" stop-opacity="0.55"/></radialGradient>`,
  );
  shapes.push(`<rect width="${width}" height="${height}" fill="url(#vignette)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${shapes.join('')}</svg>`;
}
