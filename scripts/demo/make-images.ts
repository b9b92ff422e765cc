/**
 * Generates every demo image referenced by `src/server/demo/content.ts` (plus the
 * hero / fallback images) as WebP files under `public/`.
 *
 * All artwork is drawn here as SVG (gradients, shapes, stylised motorsport
 * motifs and the item's name as text) and rasterised with sharp, so the site
 * never depends on outside image hosts.
 *
 * Usage:
 *   npm run demo:images
 *   node --experimental-strip-types scripts/demo/make-images.ts
 */
import sharp from 'sharp'
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  demoGames,
  demoAccessories,
  demoNews,
  demoReviews,
  demoStreams,
  demoLibraryImages,
  demoSiteSettings,
} from '../../src/server/demo/content.ts'

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public')
const RED = '#e10600'
const CARD_W = 800
const CARD_H = 450
const FONT = 'sans-serif'

/* -------------------------------------------------------------------------- */
/*                               Small utilities                              */
/* -------------------------------------------------------------------------- */

/** FNV-1a 32-bit hash, used to derive deterministic colours and layouts. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32 PRNG: deterministic sequence in [0, 1). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const n = (v: number): string => (Math.round(v * 10) / 10).toString()

/**
 * Advance widths (em) of printable ASCII in a bold generic sans-serif, measured
 * from DejaVu Sans Bold (the widest common fallback, so other fonts still fit).
 * Index = char code - 32.
 */
const BOLD_WIDTHS = [
  0.35, 0.46, 0.52, 0.84, 0.7, 1, 0.87, 0.31, 0.46, 0.46, 0.52, 0.84, 0.38, 0.42, 0.38, 0.37, 0.7, 0.7, 0.7, 0.7, 0.7,
  0.7, 0.7, 0.7, 0.7, 0.7, 0.4, 0.4, 0.84, 0.84, 0.84, 0.58, 1, 0.77, 0.76, 0.73, 0.83, 0.68, 0.68, 0.82, 0.84, 0.37,
  0.37, 0.78, 0.64, 1, 0.84, 0.85, 0.73, 0.85, 0.77, 0.68, 0.71, 0.81, 0.77, 1.1, 0.77, 0.72, 0.73, 0.46, 0.37, 0.46,
  0.84, 0.5, 0.5, 0.68, 0.72, 0.59, 0.72, 0.68, 0.44, 0.72, 0.71, 0.34, 0.34, 0.67, 0.34, 1.04, 0.71, 0.69, 0.72, 0.72,
  0.49, 0.6, 0.48, 0.71, 0.65, 0.92, 0.65, 0.65, 0.58, 0.71, 0.37, 0.71, 0.84,
]

/** Advance width of a string in bold sans-serif, in em (with a small safety margin). */
function textWidthEm(text: string): number {
  let w = 0
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if (code >= 32 && code < 127) w += BOLD_WIDTHS[code - 32] ?? 0.72
    else if (ch === '\u2019' || ch === '\u2018') w += 0.31
    else w += 0.72
  }
  return w * 1.03
}

function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word
    if (!line || textWidthEm(candidate) * fontSize <= maxWidth) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Largest font size (within bounds) at which `text` fits `maxLines` lines. */
function fitText(
  text: string,
  maxWidth: number,
  maxSize: number,
  minSize: number,
  maxLines: number,
): { size: number; lines: string[] } {
  for (let size = maxSize; size >= minSize; size -= 2) {
    const lines = wrap(text, size, maxWidth)
    if (lines.length <= maxLines && lines.every((l) => textWidthEm(l) * size <= maxWidth)) {
      return { size, lines }
    }
  }
  // Fall back: smallest size, truncated with an ellipsis.
  const lines = wrap(text, minSize, maxWidth)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').replace(/[\s,.:;-]+\S*$/, '')}…`
    return { size: minSize, lines: kept }
  }
  return { size: minSize, lines }
}

function slugTitle(text: string): string {
  return text.toUpperCase()
}

/* -------------------------------------------------------------------------- */
/*                                   Palette                                  */
/* -------------------------------------------------------------------------- */

/** Curated hues that look good on a dark motorsport theme. */
const HUES = [212, 196, 226, 252, 278, 318, 350, 8, 22, 38, 160, 176, 188, 200, 240]

interface Palette {
  hue: number
  bg1: string
  bg2: string
  bg3: string
  accent: string
  accentSoft: string
  body: string
  bodyDark: string
}

function palette(seed: number): Palette {
  const r = rng(seed ^ 0x9e3779b9)
  const hue = ((HUES[seed % HUES.length] ?? 210) + Math.round(r() * 16 - 8) + 360) % 360
  const sat = 45 + Math.round(r() * 20)
  return {
    hue,
    bg1: `hsl(${hue}, ${sat}%, ${15 + Math.round(r() * 5)}%)`,
    bg2: `hsl(${(hue + 25) % 360}, ${sat + 5}%, 7%)`,
    bg3: `hsl(${(hue + 340) % 360}, 30%, 4%)`,
    accent: `hsl(${hue}, 88%, 60%)`,
    accentSoft: `hsl(${hue}, 70%, 72%)`,
    body: `hsl(${(hue + 180 + Math.round(r() * 60 - 30)) % 360}, 65%, 48%)`,
    bodyDark: `hsl(${(hue + 180) % 360}, 55%, 22%)`,
  }
}

/* -------------------------------------------------------------------------- */
/*                                   Motifs                                   */
/* -------------------------------------------------------------------------- */

interface Ctx {
  w: number
  h: number
  r: () => number
  p: Palette
  defs: string[]
  id: (prefix: string) => string
}

function chequerPattern(ctx: Ctx, size: number, transform = ''): string {
  const id = ctx.id('chk')
  const s2 = size * 2
  ctx.defs.push(
    `<pattern id="${id}" width="${s2}" height="${s2}" patternUnits="userSpaceOnUse"${
      transform ? ` patternTransform="${transform}"` : ''
    }><rect width="${s2}" height="${s2}" fill="#f4f4f4"/><rect width="${size}" height="${size}" fill="#101114"/><rect x="${size}" y="${size}" width="${size}" height="${size}" fill="#101114"/></pattern>`,
  )
  return id
}

interface Track {
  svg: string
  /** Centre-line position and heading (degrees) at screen x. */
  at: (x: number) => { y: number; angle: number }
}

/** A sweeping circuit with kerbs, white edge lines and a glowing racing line. */
interface TrackOpts {
  width?: number
  y0?: number
  y1?: number
  opacity?: number
  /** Gentler curve that stays in the middle band of the card (for cars to sit on). */
  tame?: boolean
}

function track(ctx: Ctx, opts: TrackOpts = {}): Track {
  const { w, h, r } = ctx
  const tw = opts.width ?? 54 + r() * 30
  const tame = opts.tame ?? false
  const y0 = opts.y0 ?? h * (tame ? 0.42 + r() * 0.22 : 0.45 + r() * 0.4)
  const y1 = opts.y1 ?? h * (tame ? 0.18 + r() * 0.25 : 0.1 + r() * 0.35)
  const c1x = w * (0.2 + r() * 0.25)
  const c1y = tame ? h * (0.2 + r() * 0.45) : h * (r() < 0.5 ? -0.1 + r() * 0.3 : 0.9 + r() * 0.3)
  const c2x = w * (0.55 + r() * 0.25)
  const c2y = tame ? h * (0.15 + r() * 0.45) : h * (r() < 0.5 ? 0.9 + r() * 0.35 : -0.15 + r() * 0.3)
  const x0 = -tw * 2
  const x3 = w + tw * 2
  const d = `M ${n(x0)} ${n(y0)} C ${n(c1x)} ${n(c1y)}, ${n(c2x)} ${n(c2y)}, ${n(x3)} ${n(y1)}`
  const bez = (t: number, a: number, b: number, c: number, e: number): number =>
    (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * e
  const samples: { x: number; y: number }[] = Array.from({ length: 401 }, (_, i) => {
    const t = i / 400
    return { x: bez(t, x0, c1x, c2x, x3), y: bez(t, y0, c1y, c2y, y1) }
  })
  const at = (x: number): { y: number; angle: number } => {
    const pt = (i: number): { x: number; y: number } => samples[i] ?? { x: 0, y: 0 }
    let best = 1
    for (let i = 1; i < samples.length - 1; i++) {
      if (Math.abs(pt(i).x - x) < Math.abs(pt(best).x - x)) best = i
    }
    const a = pt(best - 1)
    const b = pt(best + 1)
    const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI
    return { y: pt(best).y, angle: Math.max(-28, Math.min(28, angle)) }
  }
  const glow = ctx.id('glow')
  ctx.defs.push(
    `<filter id="${glow}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>`,
  )
  const svg = `<g opacity="${opts.opacity ?? 1}" fill="none" stroke-linecap="butt">
  <path d="${d}" stroke="#000" stroke-opacity="0.45" stroke-width="${n(tw + 40)}" filter="url(#${glow})"/>
  <path d="${d}" stroke="#f2f2f2" stroke-width="${n(tw + 18)}"/>
  <path d="${d}" stroke="${RED}" stroke-width="${n(tw + 18)}" stroke-dasharray="22 22"/>
  <path d="${d}" stroke="#e9e9e9" stroke-width="${n(tw + 4)}"/>
  <path d="${d}" stroke="#1d2026" stroke-width="${n(tw)}"/>
  <path d="${d}" stroke="#2a2e36" stroke-width="${n(tw * 0.55)}" stroke-opacity="0.6"/>
  <path d="${d}" stroke="${ctx.p.accent}" stroke-width="7" stroke-opacity="0.35" filter="url(#${glow})"/>
  <path d="${d}" stroke="${ctx.p.accent}" stroke-width="2.5" stroke-opacity="0.85" stroke-dasharray="34 14"/>
</g>`
  return { svg, at }
}

/** A waving chequered flag on a pole. */
function flag(ctx: Ctx, x: number, y: number, scale: number, rotate = -12, poleLength = 330): string {
  const pid = chequerPattern(ctx, 18)
  const shade = ctx.id('flagShade')
  ctx.defs.push(
    `<linearGradient id="${shade}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.25" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#000" stop-opacity="0.4"/><stop offset="0.75" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>`,
  )
  const shape =
    'M 0 0 C 50 -22 100 22 150 0 C 200 -22 230 10 250 0 L 250 150 C 230 160 200 128 150 150 C 100 172 50 128 0 150 Z'
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${rotate}) scale(${scale})">
  <rect x="-10" y="-8" width="8" height="${n(poleLength)}" rx="3" fill="#c9ccd2"/>
  <rect x="-10" y="-8" width="3" height="${n(poleLength)}" fill="#fff" opacity="0.6"/>
  <circle cx="-6" cy="-12" r="8" fill="#e6e8eb"/>
  <path d="${shape}" fill="url(#${pid})"/>
  <path d="${shape}" fill="url(#${shade})"/>
</g>`
}

/** Horizontal speed streaks. */
function speedLines(
  ctx: Ctx,
  count: number,
  region: { x0: number; x1: number; y0: number; y1: number },
  colour = '#fff',
): string {
  const { r } = ctx
  let out = ''
  for (let i = 0; i < count; i++) {
    const y = region.y0 + r() * (region.y1 - region.y0)
    const len = 60 + r() * 220
    const x = region.x0 + r() * (region.x1 - region.x0 - len)
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(len)}" height="${n(1 + r() * 3)}" rx="1.5" fill="${colour}" opacity="${n(0.06 + r() * 0.22)}"/>`
  }
  return out
}

function wheelTyre(cx: number, cy: number, rad: number, rim: string): string {
  const spokes = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<rect x="${n(-rad * 0.08)}" y="${n(-rad * 0.62)}" width="${n(rad * 0.16)}" height="${n(rad * 0.5)}" fill="${rim}" transform="rotate(${a})"/>`,
    )
    .join('')
  return `<g transform="translate(${n(cx)} ${n(cy)})"><circle r="${n(rad)}" fill="#0c0d10"/><circle r="${n(rad * 0.92)}" fill="none" stroke="#23262c" stroke-width="${n(rad * 0.05)}"/><circle r="${n(rad * 0.64)}" fill="#2b2f37"/>${spokes}<circle r="${n(rad * 0.16)}" fill="#15171b" stroke="${rim}" stroke-width="2"/></g>`
}

type CarKind = 'gt' | 'formula' | 'rally' | 'proto'

/**
 * Side-profile car silhouette. Local box is roughly 420 x 110 with the ground
 * at y = 100; (x, y) is the position of the local origin.
 */
function car(
  ctx: Ctx,
  kind: CarKind,
  x: number,
  y: number,
  scale: number,
  opts: { headlights?: boolean; number?: number } = {},
): string {
  const { p } = ctx
  const bodyG = ctx.id('body')
  const glass = ctx.id('glass')
  ctx.defs.push(
    `<linearGradient id="${bodyG}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.body}"/><stop offset="1" stop-color="${p.bodyDark}"/></linearGradient>`,
    `<linearGradient id="${glass}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9c2d9" stop-opacity="0.85"/><stop offset="0.55" stop-color="#26303d"/><stop offset="1" stop-color="#0d1117"/></linearGradient>`,
  )
  const num = opts.number ?? 1 + Math.floor(ctx.r() * 98)
  const shadow = `<ellipse cx="210" cy="104" rx="215" ry="9" fill="#000" opacity="0.55"/>`
  let beams = ''
  if (opts.headlights) {
    const beam = ctx.id('beam')
    ctx.defs.push(
      `<linearGradient id="${beam}" x1="0" x2="1"><stop offset="0" stop-color="#fff6c8" stop-opacity="0.75"/><stop offset="1" stop-color="#fff6c8" stop-opacity="0"/></linearGradient>`,
    )
    beams = `<path d="M 392 70 L 760 20 L 760 150 Z" fill="url(#${beam})"/>`
  }
  let shape = ''
  if (kind === 'gt' || kind === 'proto') {
    const low = kind === 'proto'
    const roof = low ? 32 : 21
    shape = `
  <path d="M 4 46 L 60 43 L 60 50 L 4 53 Z" fill="#14161a"/>
  <rect x="22" y="50" width="5" height="12" fill="#14161a"/><rect x="44" y="49" width="5" height="12" fill="#14161a"/>
  <path d="M 8 88 C 6 74 10 64 22 60 L 110 54 C 140 ${roof + 10} 175 ${roof + 1} 215 ${roof} L 262 ${roof + 1} C 292 ${roof + 3} 318 40 338 54 L 384 64 C 396 67 400 76 398 88 L 392 94 L 352 94 A 32 32 0 0 0 288 94 L 118 94 A 32 32 0 0 0 54 94 L 14 94 Z" fill="url(#${bodyG})"/>
  <path d="M 128 54 C 155 ${roof + 16} 180 ${roof + 8} 214 ${roof + 7} L 258 ${roof + 8} C 282 ${roof + 10} 300 42 316 54 Z" fill="url(#${glass})"/>
  <rect x="234" y="${roof + 6}" width="4" height="${54 - roof - 6}" fill="${p.bodyDark}"/>
  <path d="M 18 74 L 392 69 L 393 77 L 18 83 Z" fill="${p.accent}"/>
  <path d="M 18 83 L 393 77 L 393 80 L 18 86 Z" fill="#fff" opacity="0.8"/>
  <circle cx="205" cy="72" r="14" fill="#f4f4f4"/>
  <text x="205" y="77.5" font-family="${FONT}" font-weight="700" font-size="15" text-anchor="middle" fill="#111">${num}</text>
  <path d="M 380 66 L 396 70 L 396 75 L 382 72 Z" fill="#fff6c8"/>
  <rect x="356" y="92" width="46" height="4" fill="#0d0e11"/>
  <path d="M 10 66 L 20 64 L 20 70 L 10 72 Z" fill="${RED}"/>
  ${wheelTyre(86, 94, 27, p.accentSoft)}${wheelTyre(320, 94, 27, p.accentSoft)}`
  } else if (kind === 'rally') {
    shape = `
  <path d="M 14 46 C 30 40 50 36 74 34 L 78 40 L 18 52 Z" fill="#14161a"/>
  <path d="M 10 88 C 8 70 12 56 24 52 L 62 50 C 72 28 92 18 132 16 L 212 16 C 242 18 264 34 284 50 L 336 60 C 350 64 354 74 352 88 L 346 94 L 314 94 A 31 31 0 0 0 252 94 L 112 94 A 31 31 0 0 0 50 94 L 16 94 Z" fill="url(#${bodyG})"/>
  <path d="M 72 50 C 84 31 100 24 132 23 L 206 23 C 232 25 250 38 266 50 Z" fill="url(#${glass})"/>
  <rect x="168" y="22" width="4" height="28" fill="${p.bodyDark}"/>
  <path d="M 120 12 L 160 12 L 166 16 L 116 16 Z" fill="#14161a"/>
  <path d="M 20 70 L 350 66 L 350 74 L 20 80 Z" fill="${p.accent}"/>
  <rect x="150" y="56" width="60" height="22" rx="3" fill="#f4f4f4"/>
  <text x="180" y="73" font-family="${FONT}" font-weight="700" font-size="16" text-anchor="middle" fill="#111">${num}</text>
  <path d="M 336 64 L 350 67 L 350 72 L 338 70 Z" fill="#fff6c8"/>
  <circle cx="330" cy="80" r="6" fill="#fff6c8" opacity="0.9"/><circle cx="312" cy="80" r="6" fill="#fff6c8" opacity="0.9"/>
  <rect x="40" y="88" width="6" height="16" fill="#101114"/><rect x="240" y="88" width="6" height="16" fill="#101114"/>
  ${wheelTyre(81, 94, 26, '#d7dbe0')}${wheelTyre(283, 94, 26, '#d7dbe0')}`
  } else {
    shape = `
  <rect x="14" y="16" width="10" height="62" rx="2" fill="#14161a"/>
  <rect x="14" y="16" width="52" height="9" rx="2" fill="#14161a"/>
  <rect x="18" y="28" width="46" height="6" rx="2" fill="${p.accent}"/>
  <rect x="46" y="34" width="6" height="30" fill="#14161a"/>
  <path d="M 40 86 L 40 62 L 120 56 C 140 34 156 30 172 30 L 180 30 L 196 52 L 250 54 C 300 60 350 68 400 74 L 416 78 L 416 86 Z" fill="url(#${bodyG})"/>
  <path d="M 100 74 L 260 66 L 300 70 L 300 76 L 100 82 Z" fill="${p.accent}"/>
  <path d="M 190 53 C 204 32 232 31 250 53" fill="none" stroke="#0f1013" stroke-width="6" stroke-linecap="round"/>
  <circle cx="219" cy="46" r="11" fill="${p.accent}"/><rect x="214" y="41" width="15" height="5" rx="2" fill="#0c0d10"/>
  <text x="140" y="72" font-family="${FONT}" font-weight="700" font-size="13" fill="#fff">${num}</text>
  <rect x="354" y="86" width="66" height="6" rx="2" fill="#14161a"/>
  <rect x="412" y="72" width="8" height="20" rx="2" fill="#14161a"/>
  <rect x="356" y="81" width="60" height="4" fill="${p.accent}"/>
  ${wheelTyre(78, 74, 30, '#cfd3d8')}${wheelTyre(336, 78, 26, '#cfd3d8')}`
  }
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})">${beams}${shadow}${shape}</g>`
}

/** Places a car so that its wheels sit on the track centre line at screen x = cx. */
function carOnTrack(
  ctx: Ctx,
  kind: CarKind,
  t: Track,
  cx: number,
  scale: number,
  opts: { headlights?: boolean; number?: number } = {},
): string {
  const { y, angle } = t.at(cx)
  const half = kind === 'rally' ? 180 : 210
  const inner = car(ctx, kind, 0, 0, 1, opts)
  return `<g transform="translate(${n(cx)} ${n(y + 10 * scale)}) rotate(${n(angle)}) scale(${scale}) translate(${-half} -100)">${inner}</g>`
}

/**
 * A tame track plus a car sitting on it, at the spot whose centre line is
 * closest to the target height (so the car stays clear of the title block).
 */
function trackWithCar(
  ctx: Ctx,
  kind: CarKind,
  scale: number,
  opts: { headlights?: boolean; number?: number; targetY?: number; xMin?: number; xMax?: number } = {},
  trackOpts: TrackOpts = {},
): { track: string; car: string; at: Track['at'] } {
  const t = track(ctx, { ...trackOpts, tame: true })
  const target = opts.targetY ?? ctx.h * 0.44
  const xMin = opts.xMin ?? ctx.w * 0.3
  const xMax = opts.xMax ?? ctx.w * 0.66
  let bestX = xMin
  let bestScore = Infinity
  for (let x = xMin; x <= xMax; x += 8) {
    const { y, angle } = t.at(x)
    const score = Math.abs(y - target) + Math.abs(angle) * 2 + ctx.r() * 6
    if (score < bestScore) {
      bestScore = score
      bestX = x
    }
  }
  return { track: t.svg, car: carOnTrack(ctx, kind, t, bestX, scale, opts), at: t.at }
}

/** Round GT steering wheel, front view. */
function roundWheel(ctx: Ctx, cx: number, cy: number, rad: number): string {
  const { p } = ctx
  const grip = ctx.id('grip')
  ctx.defs.push(
    `<linearGradient id="${grip}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3e47"/><stop offset="0.5" stop-color="#15171b"/><stop offset="1" stop-color="#2b2e35"/></linearGradient>`,
  )
  const sw = rad * 0.2
  return `<g transform="translate(${n(cx)} ${n(cy)})">
  <circle r="${n(rad + sw)}" fill="#000" opacity="0.35"/>
  <circle r="${n(rad)}" fill="none" stroke="url(#${grip})" stroke-width="${n(sw)}"/>
  <circle r="${n(rad)}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>
  <rect x="${n(-rad * 0.06)}" y="${n(-rad - sw / 2)}" width="${n(rad * 0.12)}" height="${n(sw)}" fill="${RED}"/>
  <path d="M ${n(-rad)} ${n(-rad * 0.12)} L ${n(-rad * 0.3)} ${n(-rad * 0.2)} L ${n(-rad * 0.3)} ${n(rad * 0.2)} L ${n(-rad)} ${n(rad * 0.14)} Z" fill="#1a1c21"/>
  <path d="M ${n(rad)} ${n(-rad * 0.12)} L ${n(rad * 0.3)} ${n(-rad * 0.2)} L ${n(rad * 0.3)} ${n(rad * 0.2)} L ${n(rad)} ${n(rad * 0.14)} Z" fill="#1a1c21"/>
  <path d="M ${n(-rad * 0.18)} ${n(rad * 0.2)} L ${n(rad * 0.18)} ${n(rad * 0.2)} L ${n(rad * 0.1)} ${n(rad)} L ${n(-rad * 0.1)} ${n(rad)} Z" fill="#1a1c21"/>
  <rect x="${n(-rad * 0.42)}" y="${n(-rad * 0.34)}" width="${n(rad * 0.84)}" height="${n(rad * 0.62)}" rx="${n(rad * 0.12)}" fill="#121317" stroke="${p.accent}" stroke-width="2"/>
  <circle cx="${n(-rad * 0.24)}" cy="${n(-rad * 0.15)}" r="${n(rad * 0.06)}" fill="${RED}"/>
  <circle cx="${n(rad * 0.24)}" cy="${n(-rad * 0.15)}" r="${n(rad * 0.06)}" fill="${p.accent}"/>
  <circle cx="${n(-rad * 0.24)}" cy="${n(rad * 0.1)}" r="${n(rad * 0.06)}" fill="#f5c400"/>
  <circle cx="${n(rad * 0.24)}" cy="${n(rad * 0.1)}" r="${n(rad * 0.06)}" fill="#2bd46b"/>
  <circle r="${n(rad * 0.1)}" fill="#2b2e35" stroke="#888" stroke-width="1.5"/>
</g>`
}

/** Formula-style rectangular wheel with a display and rev lights. */
function formulaWheel(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const { p } = ctx
  const leds = Array.from({ length: 12 }, (_, i) => {
    const colour = i < 4 ? '#2bd46b' : i < 8 ? RED : '#3b82f6'
    return `<circle cx="${-66 + i * 12}" cy="-50" r="4" fill="${colour}"/>`
  }).join('')
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <rect x="-160" y="-86" width="320" height="172" rx="40" fill="#000" opacity="0.35"/>
  <rect x="-152" y="-78" width="62" height="156" rx="30" fill="#1b1d22"/>
  <rect x="90" y="-78" width="62" height="156" rx="30" fill="#1b1d22"/>
  <rect x="-146" y="-70" width="10" height="140" rx="5" fill="#2c3038"/>
  <rect x="136" y="-70" width="10" height="140" rx="5" fill="#2c3038"/>
  <path d="M -112 -66 L 112 -66 Q 126 -66 126 -52 L 122 52 Q 120 70 100 70 L -100 70 Q -120 70 -122 52 L -126 -52 Q -126 -66 -112 -66 Z" fill="#15171b" stroke="#30343c" stroke-width="2"/>
  ${leds}
  <rect x="-52" y="-38" width="104" height="52" rx="6" fill="#07090c" stroke="${p.accent}" stroke-width="2"/>
  <text x="0" y="2" font-family="${FONT}" font-weight="700" font-size="34" text-anchor="middle" fill="${p.accent}">4</text>
  <rect x="-44" y="6" width="24" height="3" fill="#2bd46b"/><rect x="20" y="6" width="24" height="3" fill="#f5c400"/>
  <circle cx="-84" cy="-28" r="9" fill="${RED}"/><circle cx="-84" cy="0" r="9" fill="#f5c400"/><circle cx="-84" cy="28" r="9" fill="#3b82f6"/>
  <circle cx="84" cy="-28" r="9" fill="#2bd46b"/><circle cx="84" cy="0" r="9" fill="#f4f4f4"/><circle cx="84" cy="28" r="9" fill="${p.accent}"/>
  <circle cx="-40" cy="42" r="12" fill="#23262c" stroke="#777" stroke-width="2"/><line x1="-40" y1="42" x2="-40" y2="32" stroke="#ddd" stroke-width="2"/>
  <circle cx="40" cy="42" r="12" fill="#23262c" stroke="#777" stroke-width="2"/><line x1="40" y1="42" x2="48" y2="36" stroke="#ddd" stroke-width="2"/>
  <circle cx="0" cy="44" r="8" fill="${RED}"/>
</g>`
}

/** Direct-drive wheel base in a three-quarter view, with a quick-release hub. */
function wheelBase(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const { p } = ctx
  const face = ctx.id('face')
  ctx.defs.push(
    `<linearGradient id="${face}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d3139"/><stop offset="1" stop-color="#121418"/></linearGradient>`,
  )
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="20" cy="118" rx="170" ry="14" fill="#000" opacity="0.5"/>
  <path d="M -90 -90 L 40 -120 L 160 -90 L 30 -60 Z" fill="#3a3f48"/>
  <path d="M 30 -60 L 160 -90 L 160 90 L 30 120 Z" fill="#181a1f"/>
  <path d="M -90 -90 L 30 -60 L 30 120 L -90 90 Z" fill="url(#${face})"/>
  ${Array.from({ length: 6 }, (_, i) => `<line x1="${50 + i * 18}" y1="${-72 - i * 4}" x2="${50 + i * 18}" y2="${100 - i * 4}" stroke="#0b0c0f" stroke-width="4"/>`).join('')}
  <ellipse cx="-30" cy="15" rx="46" ry="54" fill="#0f1013" stroke="${p.accent}" stroke-width="4"/>
  <ellipse cx="-30" cy="15" rx="30" ry="36" fill="#23262c"/>
  <ellipse cx="-30" cy="15" rx="12" ry="14" fill="${RED}"/>
  <path d="M -84 -70 L -40 -59" stroke="${p.accent}" stroke-width="3"/>
</g>`
}

/** Three pedals, front view. */
function pedals(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const { p } = ctx
  const plate = (x: number, y: number, w: number, h: number, hi: string): string =>
    `<rect x="${x + 12}" y="${y + h - 6}" width="${w - 24}" height="${190 - y - h + 6}" rx="6" fill="#2a2e35"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#1a1c21" stroke="${hi}" stroke-width="3"/>
  ${Array.from({ length: Math.floor(h / 18) }, (_, i) => `<rect x="${x + 12}" y="${y + 12 + i * 18}" width="${w - 24}" height="6" rx="3" fill="#3a3f48"/>`).join('')}`
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="200" rx="240" ry="16" fill="#000" opacity="0.5"/>
  <path d="M -230 180 L 230 180 L 250 205 L -250 205 Z" fill="#23262c"/>
  <rect x="-230" y="176" width="460" height="6" fill="${p.accent}" opacity="0.8"/>
  ${plate(-210, 20, 110, 130, '#5b616c')}
  ${plate(-60, -10, 130, 150, RED)}
  ${plate(110, 30, 90, 150, p.accent)}
</g>`
}

/** Aluminium-profile cockpit, side view, with seat, wheel and pedals. */
function cockpit(ctx: Ctx, x: number, y: number, scale: number): string {
  const { p } = ctx
  const profile = (x1: number, y1: number, w: number, h: number): string =>
    `<rect x="${x1}" y="${y1}" width="${w}" height="${h}" fill="#8a919c"/><rect x="${x1}" y="${y1 + h / 2 - 1.5}" width="${w}" height="3" fill="#5d636d"/>`
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})">
  <ellipse cx="250" cy="262" rx="290" ry="14" fill="#000" opacity="0.5"/>
  ${profile(0, 236, 520, 22)}
  ${profile(380, 90, 22, 150)}
  ${profile(60, 200, 22, 40)}${profile(250, 200, 22, 40)}
  <path d="M 372 96 L 470 70 L 476 88 L 380 116 Z" fill="#8a919c"/>
  ${profile(460, 180, 60, 22)}
  <path d="M 30 40 C 26 20 60 10 80 20 L 120 170 L 250 176 C 270 178 276 206 256 212 L 100 214 C 70 214 58 200 54 180 Z" fill="#15171b" stroke="${p.accent}" stroke-width="3"/>
  <path d="M 44 48 C 44 34 62 30 72 36 L 104 160 L 80 170 Z" fill="${RED}" opacity="0.85"/>
  <g transform="translate(470 70) rotate(-70)"><ellipse cx="0" cy="0" rx="62" ry="14" fill="#1b1d22" stroke="#2f333b" stroke-width="3"/></g>
  <rect x="462" y="58" width="24" height="26" rx="4" fill="#23262c"/>
  <path d="M 490 178 L 510 120 L 520 122 L 504 180 Z" fill="#2a2e35"/>
  <path d="M 505 120 L 530 116 L 532 128 L 510 130 Z" fill="${p.accent}"/>
</g>`
}

function shifter(ctx: Ctx, cx: number, cy: number, scale: number, sequential: boolean): string {
  const { p } = ctx
  const knob = ctx.id('knob')
  ctx.defs.push(
    `<radialGradient id="${knob}" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#f0f0f0"/><stop offset="0.4" stop-color="${p.accentSoft}"/><stop offset="1" stop-color="#111"/></radialGradient>`,
  )
  const gate = sequential
    ? `<rect x="-8" y="40" width="16" height="110" rx="8" fill="#07080a"/><text x="30" y="64" font-family="${FONT}" font-size="22" font-weight="700" fill="#cfd3d8">+</text><text x="30" y="146" font-family="${FONT}" font-size="22" font-weight="700" fill="#cfd3d8">−</text>`
    : `<path d="M -70 40 L -70 150 M 0 40 L 0 150 M 70 40 L 70 150 M -70 95 L 70 95" stroke="#07080a" stroke-width="16" stroke-linecap="round"/>
       ${['1', '3', '5'].map((g, i) => `<text x="${-70 + i * 70}" y="32" font-family="${FONT}" font-size="18" font-weight="700" text-anchor="middle" fill="#cfd3d8">${g}</text>`).join('')}
       ${['2', '4', 'R'].map((g, i) => `<text x="${-70 + i * 70}" y="174" font-family="${FONT}" font-size="18" font-weight="700" text-anchor="middle" fill="#cfd3d8">${g}</text>`).join('')}`
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="196" rx="150" ry="14" fill="#000" opacity="0.5"/>
  <rect x="-120" y="10" width="240" height="180" rx="18" fill="#1b1d22" stroke="#353a43" stroke-width="3"/>
  ${gate}
  <path d="M -6 95 L -20 -120 L -6 -120 L 10 95 Z" fill="#9aa1ab"/>
  <circle cx="-14" cy="-140" r="36" fill="url(#${knob})"/>
  <rect x="-120" y="184" width="240" height="6" fill="${p.accent}" opacity="0.8"/>
</g>`
}

function handbrake(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const { p } = ctx
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="196" rx="140" ry="14" fill="#000" opacity="0.5"/>
  <rect x="-110" y="110" width="220" height="80" rx="12" fill="#1b1d22" stroke="#353a43" stroke-width="3"/>
  <rect x="-60" y="130" width="120" height="24" rx="6" fill="${p.accent}" opacity="0.85"/>
  <path d="M -20 130 L 150 -110 L 170 -96 L 10 140 Z" fill="#9aa1ab"/>
  <rect x="120" y="-150" width="36" height="110" rx="16" fill="#15171b" transform="rotate(35 138 -95)"/>
  <rect x="126" y="-140" width="8" height="90" rx="4" fill="${RED}" transform="rotate(35 138 -95)"/>
  <circle cx="-4" cy="134" r="16" fill="#2a2e35" stroke="#888" stroke-width="2"/>
</g>`
}

/** Triple monitors (or one ultrawide) showing a tiny track scene. */
function monitors(ctx: Ctx, cx: number, cy: number, scale: number, ultrawide: boolean): string {
  const { p } = ctx
  const sky = ctx.id('sky')
  ctx.defs.push(
    `<linearGradient id="${sky}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.7"/><stop offset="0.5" stop-color="#1c2030"/><stop offset="0.5" stop-color="#2a2e36"/><stop offset="1" stop-color="#15171b"/></linearGradient>`,
  )
  const scene = (pts: string): string =>
    `<polygon points="${pts}" fill="url(#${sky})" stroke="#0a0b0d" stroke-width="10" stroke-linejoin="round"/>`
  const screens = ultrawide
    ? `<path d="M -300 -90 Q 0 -130 300 -90 L 300 60 Q 0 30 -300 60 Z" fill="url(#${sky})" stroke="#0a0b0d" stroke-width="10"/>
       <path d="M -120 50 L -10 -40 L 10 -40 L 120 50" fill="none" stroke="#e9e9e9" stroke-width="4" opacity="0.8"/>`
    : `${scene('-110,-80 110,-80 110,60 -110,60')}${scene('-310,-50 -120,-80 -120,60 -310,80')}${scene('120,-80 310,-50 310,80 120,60')}
       <path d="M -80 60 L -10 -5 L 10 -5 L 80 60" fill="none" stroke="#e9e9e9" stroke-width="4" opacity="0.8"/>
       <path d="M -300 70 L -160 20" stroke="#e9e9e9" stroke-width="3" opacity="0.5"/><path d="M 300 70 L 160 20" stroke="#e9e9e9" stroke-width="3" opacity="0.5"/>`
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="170" rx="300" ry="14" fill="#000" opacity="0.5"/>
  <rect x="-10" y="60" width="20" height="100" fill="#5d636d"/>
  <rect x="-200" y="150" width="400" height="12" rx="6" fill="#3a3f48"/>
  ${screens}
  <rect x="-40" y="66" width="80" height="4" fill="${p.accent}"/>
</g>`
}

function vrHeadset(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const { p } = ctx
  const visor = ctx.id('visor')
  ctx.defs.push(
    `<linearGradient id="${visor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2f3f5"/><stop offset="1" stop-color="#b9bec7"/></linearGradient>`,
  )
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="130" rx="220" ry="14" fill="#000" opacity="0.5"/>
  <path d="M -230 -10 C -250 -120 250 -120 230 -10" fill="none" stroke="#2a2e35" stroke-width="22"/>
  <path d="M -180 -70 Q 0 -100 180 -70 Q 210 0 180 70 Q 0 100 -180 70 Q -210 0 -180 -70 Z" fill="url(#${visor})"/>
  <path d="M -160 -50 Q 0 -76 160 -50 Q 180 0 160 50 Q 0 72 -160 50 Q -178 0 -160 -50 Z" fill="#0e1014"/>
  <ellipse cx="-80" cy="0" rx="26" ry="18" fill="#1a1d24"/><ellipse cx="80" cy="0" rx="26" ry="18" fill="#1a1d24"/>
  <ellipse cx="-80" cy="-14" rx="10" ry="6" fill="${p.accent}" opacity="0.7"/><ellipse cx="80" cy="-14" rx="10" ry="6" fill="${p.accent}" opacity="0.7"/>
  <path d="M -150 -40 Q 0 -64 150 -40" stroke="#fff" stroke-opacity="0.25" stroke-width="4" fill="none"/>
</g>`
}

function mountains(ctx: Ctx, snow: boolean): string {
  const { w, h, r, p } = ctx
  const far = ctx.id('far')
  ctx.defs.push(
    `<linearGradient id="${far}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${p.hue}, 30%, 30%)"/><stop offset="1" stop-color="hsl(${p.hue}, 30%, 10%)"/></linearGradient>`,
  )
  const ridge = (base: number, amp: number, peaks: number): string => {
    let d = `M 0 ${h}`
    for (let i = 0; i <= peaks; i++) {
      const x = (w / peaks) * i
      const y = base - amp * (0.3 + r() * 0.7) * (i % 2 === 0 ? 1 : 0.45)
      d += ` L ${n(x)} ${n(y)}`
    }
    return `${d} L ${w} ${h} Z`
  }
  const farRidge = ridge(h * 0.5, h * 0.3, 8)
  const snowCaps = snow ? `<path d="${farRidge}" fill="#fff" opacity="0.12"/>` : ''
  return `<path d="${farRidge}" fill="url(#${far})" opacity="0.9"/>${snowCaps}<path d="${ridge(h * 0.68, h * 0.22, 11)}" fill="hsl(${(p.hue + 20) % 360}, 35%, 9%)"/>`
}

function pines(ctx: Ctx, count: number, yBase: number, size: number, colour: string): string {
  const { w, r } = ctx
  let out = ''
  for (let i = 0; i < count; i++) {
    const x = (w / count) * i + r() * (w / count)
    const s = size * (0.7 + r() * 0.6)
    const y = yBase + r() * 20
    out += `<path d="M ${n(x)} ${n(y - s)} L ${n(x + s * 0.32)} ${n(y - s * 0.35)} L ${n(x + s * 0.16)} ${n(y - s * 0.35)} L ${n(x + s * 0.4)} ${n(y)} L ${n(x - s * 0.4)} ${n(y)} L ${n(x - s * 0.16)} ${n(y - s * 0.35)} L ${n(x - s * 0.32)} ${n(y - s * 0.35)} Z" fill="${colour}"/>`
  }
  return out
}

function gravelRoad(ctx: Ctx): string {
  const { w, h } = ctx
  return `<path d="M ${w * 0.18} ${h} C ${w * 0.35} ${h * 0.78}, ${w * 0.62} ${h * 0.72}, ${w * 0.56} ${h * 0.58} C ${w * 0.52} ${h * 0.5}, ${w * 0.6} ${h * 0.47}, ${w * 0.66} ${h * 0.46} L ${w * 0.68} ${h * 0.46} C ${w * 0.64} ${h * 0.5}, ${w * 0.62} ${h * 0.56}, ${w * 0.7} ${h * 0.62} C ${w * 0.86} ${h * 0.76}, ${w * 0.9} ${h * 0.9}, ${w * 0.95} ${h} Z" fill="#8a7558" opacity="0.85"/>
  <path d="M ${w * 0.18} ${h} C ${w * 0.35} ${h * 0.78}, ${w * 0.62} ${h * 0.72}, ${w * 0.56} ${h * 0.58}" fill="none" stroke="#c2a57c" stroke-width="3" opacity="0.5"/>`
}

function stars(ctx: Ctx, count: number, maxY: number): string {
  const { w, r } = ctx
  let out = ''
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(r() * w)}" cy="${n(r() * maxY)}" r="${n(0.6 + r() * 1.6)}" fill="#fff" opacity="${n(0.25 + r() * 0.6)}"/>`
  }
  return out
}

function lightTrails(ctx: Ctx, count: number): string {
  const { w, h, r } = ctx
  const glow = ctx.id('trailGlow')
  ctx.defs.push(
    `<filter id="${glow}" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>`,
  )
  let out = ''
  for (let i = 0; i < count; i++) {
    const y0 = h * (0.45 + r() * 0.45)
    const y1 = h * (0.25 + r() * 0.4)
    const colour = i % 3 === 0 ? RED : i % 3 === 1 ? '#fff3c4' : ctx.p.accent
    const d = `M -20 ${n(y0)} C ${n(w * 0.3)} ${n(y0 - 40 + r() * 80)}, ${n(w * 0.6)} ${n(y1 + 60)}, ${w + 20} ${n(y1)}`
    out += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(4 + r() * 6)}" opacity="0.6" filter="url(#${glow})"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(1 + r() * 2)}" opacity="0.95"/>`
  }
  return out
}

function trophy(ctx: Ctx, cx: number, cy: number, scale: number): string {
  const gold = ctx.id('gold')
  ctx.defs.push(
    `<linearGradient id="${gold}" x1="0" x2="1"><stop offset="0" stop-color="#8a6a12"/><stop offset="0.45" stop-color="#ffe08a"/><stop offset="1" stop-color="#a07a14"/></linearGradient>`,
  )
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
  <ellipse cx="0" cy="150" rx="110" ry="12" fill="#000" opacity="0.5"/>
  <path d="M -70 -110 L 70 -110 L 64 -40 C 58 10 24 30 12 34 L 12 80 L 50 96 L 50 120 L -50 120 L -50 96 L -12 80 L -12 34 C -24 30 -58 10 -64 -40 Z" fill="url(#${gold})"/>
  <path d="M -68 -90 C -120 -90 -120 -20 -56 -10" fill="none" stroke="url(#${gold})" stroke-width="12"/>
  <path d="M 68 -90 C 120 -90 120 -20 56 -10" fill="none" stroke="url(#${gold})" stroke-width="12"/>
  <rect x="-70" y="120" width="140" height="28" rx="4" fill="#1b1d22"/>
  <rect x="-50" y="130" width="100" height="6" fill="${RED}"/>
</g>`
}

function leaderboard(ctx: Ctx, x: number, y: number, rows: number): string {
  const { r, p } = ctx
  let out = `<g transform="translate(${n(x)} ${n(y)})"><rect x="-12" y="-14" width="260" height="${rows * 30 + 20}" rx="10" fill="#07080b" opacity="0.65"/>`
  for (let i = 0; i < rows; i++) {
    const barW = 190 - i * (12 + r() * 10)
    out += `<text x="0" y="${i * 30 + 12}" font-family="${FONT}" font-weight="700" font-size="15" fill="${i === 0 ? RED : '#cfd3d8'}">${i + 1}</text><rect x="26" y="${i * 30}" width="${n(barW)}" height="14" rx="4" fill="${i === 0 ? p.accent : '#3a3f48'}" opacity="${i === 0 ? 1 : 0.9}"/>`
  }
  return `${out}</g>`
}

function gear(ctx: Ctx, cx: number, cy: number, rad: number, colour: string): string {
  const teeth = 10
  let d = ''
  for (let i = 0; i < teeth * 2; i++) {
    const a0 = (Math.PI * i) / teeth
    const a1 = (Math.PI * (i + 1)) / teeth
    const rr = i % 2 === 0 ? rad : rad * 0.8
    d += `${i === 0 ? 'M' : 'L'} ${n(cx + rr * Math.cos(a0))} ${n(cy + rr * Math.sin(a0))} L ${n(cx + rr * Math.cos(a1))} ${n(cy + rr * Math.sin(a1))} `
  }
  return `<path d="${d}Z" fill="${colour}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad * 0.38)}" fill="${ctx.p.bg2}"/>`
}

function starRow(x: number, y: number, size: number, filled: number): string {
  const star = (cx: number, on: boolean): string => {
    let d = ''
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (Math.PI * i) / 5
      const rr = i % 2 === 0 ? size : size * 0.45
      d += `${i === 0 ? 'M' : 'L'} ${n(cx + rr * Math.cos(a))} ${n(y + rr * Math.sin(a))} `
    }
    return `<path d="${d}Z" fill="${on ? '#f5c400' : '#3a3f48'}"/>`
  }
  return Array.from({ length: 5 }, (_, i) => star(x + i * size * 2.3, i < filled)).join('')
}

/** Circular score gauge, e.g. for reviews. */
function scoreRing(ctx: Ctx, cx: number, cy: number, rad: number, score: number): string {
  const colour = score >= 9 ? '#2bd46b' : score >= 7 ? ctx.p.accent : score >= 5 ? '#f5a400' : RED
  const circ = 2 * Math.PI * rad
  const frac = Math.max(0, Math.min(1, score / 10))
  return `<g>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad + 22)}" fill="#07080b" opacity="0.7"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="none" stroke="#2a2e35" stroke-width="14"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="none" stroke="${colour}" stroke-width="14" stroke-linecap="round" stroke-dasharray="${n(circ * frac)} ${n(circ)}" transform="rotate(-90 ${n(cx)} ${n(cy)})"/>
  <text x="${n(cx)}" y="${n(cy + rad * 0.28)}" font-family="${FONT}" font-weight="700" font-size="${n(rad * 0.8)}" text-anchor="middle" fill="#fff">${esc(score.toFixed(1))}</text>
</g>`
}

function playButton(cx: number, cy: number, rad: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="#000" opacity="0.55"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="none" stroke="#fff" stroke-width="3" opacity="0.85"/><path d="M ${n(cx - rad * 0.3)} ${n(cy - rad * 0.45)} L ${n(cx + rad * 0.5)} ${n(cy)} L ${n(cx - rad * 0.3)} ${n(cy + rad * 0.45)} Z" fill="#fff"/>`
}

function viewfinder(w: number, h: number, inset: number, len: number): string {
  const s = `stroke="#fff" stroke-width="3" fill="none" opacity="0.55"`
  return `<path d="M ${inset} ${inset + len} L ${inset} ${inset} L ${inset + len} ${inset}" ${s}/><path d="M ${w - inset - len} ${inset} L ${w - inset} ${inset} L ${w - inset} ${inset + len}" ${s}/><path d="M ${inset} ${h - inset - len} L ${inset} ${h - inset} L ${inset + len} ${h - inset}" ${s}/><path d="M ${w - inset - len} ${h - inset} L ${w - inset} ${h - inset} L ${w - inset} ${h - inset - len}" ${s}/>`
}

function chequerStrip(ctx: Ctx, x: number, y: number, cols: number, rows: number, size: number, skew = -20): string {
  let out = `<g transform="translate(${n(x)} ${n(y)}) skewX(${skew})">`
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if ((row + col) % 2 === 0)
        out += `<rect x="${col * size}" y="${row * size}" width="${size}" height="${size}" fill="#fff" opacity="${n(0.9 - (col / cols) * 0.75)}"/>`
    }
  }
  void ctx
  return `${out}</g>`
}

function topDownCar(ctx: Ctx, x: number, y: number, scale: number, colour: string, num: number): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})">
  <rect x="-4" y="4" width="68" height="140" rx="20" fill="#000" opacity="0.45"/>
  <rect x="-6" y="18" width="10" height="28" rx="4" fill="#0c0d10"/><rect x="56" y="18" width="10" height="28" rx="4" fill="#0c0d10"/>
  <rect x="-6" y="96" width="10" height="30" rx="4" fill="#0c0d10"/><rect x="56" y="96" width="10" height="30" rx="4" fill="#0c0d10"/>
  <rect x="0" y="0" width="60" height="136" rx="20" fill="${colour}"/>
  <path d="M 8 40 L 52 40 L 46 62 L 14 62 Z" fill="#10141a"/>
  <rect x="12" y="64" width="36" height="38" rx="6" fill="#1a1e26"/>
  <rect x="26" y="0" width="8" height="136" fill="#fff" opacity="0.75"/>
  <rect x="-2" y="124" width="64" height="8" rx="3" fill="#111"/>
  <text x="30" y="90" font-family="${FONT}" font-weight="700" font-size="16" text-anchor="middle" fill="#fff">${num}</text>
  <rect x="4" y="2" width="12" height="6" rx="3" fill="#fff6c8"/><rect x="44" y="2" width="12" height="6" rx="3" fill="#fff6c8"/>
  <rect x="4" y="130" width="12" height="5" fill="${RED}"/><rect x="44" y="130" width="12" height="5" fill="${RED}"/>
  <circle cx="-2" cy="-2" r="0" fill="${ctx.p.accent}"/>
</g>`
}

/* -------------------------------------------------------------------------- */
/*                                 Card builder                               */
/* -------------------------------------------------------------------------- */

type Background = 'default' | 'night' | 'sunset' | 'forest' | 'studio'

interface CardSpec {
  seed: string
  title: string
  badge?: string
  badgeColour?: string
  subtitle?: string
  titleMax?: number
  titleMin?: number
  titleLines?: number
  background?: Background
  /** Whether to draw the title block at all (library images keep it small). */
  compactTitle?: boolean
  motif: (ctx: Ctx) => string
  w?: number
  h?: number
}

function background(ctx: Ctx, kind: Background): string {
  const { w, h, p, r } = ctx
  const bg = ctx.id('bg')
  const glow = ctx.id('glowSpot')
  const stripes = ctx.id('stripes')
  let stops: string
  switch (kind) {
    case 'night':
      stops = `<stop offset="0" stop-color="#05070f"/><stop offset="0.55" stop-color="hsl(${p.hue}, 50%, 10%)"/><stop offset="1" stop-color="#020305"/>`
      break
    case 'sunset':
      stops = `<stop offset="0" stop-color="#2b0a2e"/><stop offset="0.45" stop-color="#b3321a"/><stop offset="0.62" stop-color="#f28c28"/><stop offset="0.63" stop-color="#1a1410"/><stop offset="1" stop-color="#0b0807"/>`
      break
    case 'forest':
      stops = `<stop offset="0" stop-color="hsl(${p.hue}, 35%, 26%)"/><stop offset="0.6" stop-color="hsl(${(p.hue + 20) % 360}, 30%, 12%)"/><stop offset="1" stop-color="#070807"/>`
      break
    case 'studio':
      stops = `<stop offset="0" stop-color="${p.bg1}"/><stop offset="0.7" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg3}"/>`
      break
    default:
      stops = `<stop offset="0" stop-color="${p.bg1}"/><stop offset="0.6" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg3}"/>`
  }
  const vertical = kind === 'sunset' || kind === 'forest' || kind === 'night'
  const gx = 0.35 + r() * 0.55
  const gy = 0.15 + r() * 0.4
  ctx.defs.push(
    `<linearGradient id="${bg}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1">${stops}</linearGradient>`,
    `<radialGradient id="${glow}" cx="${n(gx)}" cy="${n(gy)}" r="0.6"><stop offset="0" stop-color="${kind === 'sunset' ? '#ffb347' : p.accent}" stop-opacity="${kind === 'night' ? 0.22 : 0.35}"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>`,
    `<pattern id="${stripes}" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)"><rect width="12" height="24" fill="#fff" opacity="0.025"/></pattern>`,
  )
  const spotlight =
    kind === 'studio'
      ? `<ellipse cx="${w * 0.62}" cy="${h * 0.62}" rx="${w * 0.42}" ry="${h * 0.1}" fill="${p.accent}" opacity="0.12"/>`
      : ''
  return `<rect width="${w}" height="${h}" fill="url(#${bg})"/><rect width="${w}" height="${h}" fill="url(#${glow})"/>${
    kind === 'default' || kind === 'studio' ? `<rect width="${w}" height="${h}" fill="url(#${stripes})"/>` : ''
  }${spotlight}`
}

function titleBlock(ctx: Ctx, spec: CardSpec): string {
  const { w, h } = ctx
  const left = 40
  const maxWidth = w - left * 2
  const compact = spec.compactTitle ?? false
  const { size, lines } = fitText(
    spec.title,
    maxWidth,
    spec.titleMax ?? (compact ? 28 : 50),
    spec.titleMin ?? (compact ? 18 : 24),
    spec.titleLines ?? 2,
  )
  const lineH = size * 1.12
  const subSize = compact ? 15 : 19
  let y = h - (compact ? 26 : 32)
  let out = ''
  if (spec.subtitle) {
    out += `<text x="${left + 18}" y="${n(y)}" font-family="${FONT}" font-size="${subSize}" fill="#fff" fill-opacity="0.72">${esc(spec.subtitle)}</text>`
    y -= subSize + 14
  }
  const titleBottom = y
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? ''
    out += `<text x="${left + 20}" y="${n(y + 2)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#000" fill-opacity="0.55">${esc(line)}</text>`
    out += `<text x="${left + 18}" y="${n(y)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#fff">${esc(line)}</text>`
    y -= lineH
  }
  const titleTop = y + lineH - size * 0.8
  out += `<rect x="${left}" y="${n(titleTop)}" width="6" height="${n(titleBottom - titleTop + (spec.subtitle ? subSize + 14 : 4))}" fill="${RED}"/>`
  if (spec.badge) {
    const label = slugTitle(spec.badge)
    const bs = compact ? 12 : 14
    const bw = textWidthEm(label) * bs * 0.92 + label.length * 1.6 + 22
    const by = titleTop - bs - 24
    out += `<path d="M ${left + 8} ${n(by)} L ${n(left + bw + 8)} ${n(by)} L ${n(left + bw)} ${n(by + bs + 12)} L ${left} ${n(by + bs + 12)} Z" fill="${spec.badgeColour ?? RED}"/>`
    out += `<text x="${left + 14}" y="${n(by + bs + 4)}" font-family="${FONT}" font-weight="700" font-size="${bs}" letter-spacing="1.6" fill="#fff">${esc(label)}</text>`
  }
  const fade = ctx.id('fade')
  ctx.defs.push(
    `<linearGradient id="${fade}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${compact ? 0.7 : 0.88}"/></linearGradient>`,
  )
  const fadeTop = Math.max(0, (spec.badge ? titleTop - 60 : titleTop) - 50)
  return `<rect x="0" y="${n(fadeTop)}" width="${w}" height="${n(h - fadeTop)}" fill="url(#${fade})"/>${out}`
}

function buildSvg(spec: CardSpec): string {
  const w = spec.w ?? CARD_W
  const h = spec.h ?? CARD_H
  const seed = hash(spec.seed)
  let counter = 0
  const ctx: Ctx = { w, h, r: rng(seed), p: palette(seed), defs: [], id: (prefix) => `${prefix}${++counter}` }
  const bg = background(ctx, spec.background ?? 'default')
  const motif = spec.motif(ctx)
  const text = titleBlock(ctx, spec)
  const cornerChequer = chequerStrip(ctx, w - 190, 22, 12, 3, 12)
  const redSlash = `<path d="M 0 0 L ${n(w * 0.24)} 0 L ${n(w * 0.24 - 14)} 6 L 0 6 Z" fill="${RED}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${ctx.defs.join('')}</defs>${bg}${motif}${text}${cornerChequer}${redSlash}</svg>`
}

/* -------------------------------------------------------------------------- */
/*                             Motifs per content type                        */
/* -------------------------------------------------------------------------- */

function gameMotif(category: string, title: string): (ctx: Ctx) => string {
  const c = category.toLowerCase()
  return (ctx) => {
    const { w, h, r } = ctx
    if (c.includes('rally')) {
      return `${mountains(ctx, title.includes('Burns') || r() < 0.4)}${pines(ctx, 16, h * 0.72, 70, '#07110b')}${gravelRoad(ctx)}${car(ctx, 'rally', w * 0.36, h * 0.42, 0.9)}`
    }
    if (c.includes('endurance')) {
      const tc = trackWithCar(ctx, 'proto', 0.9, { headlights: true })
      return `${stars(ctx, 60, h * 0.5)}${tc.track}${tc.car}`
    }
    if (c.includes('open')) {
      const tc = trackWithCar(ctx, 'formula', 0.95)
      return `${speedLines(ctx, 26, { x0: 0, x1: w, y0: 30, y1: h * 0.7 })}${tc.track}${tc.car}`
    }
    if (c.includes('sandbox')) {
      let debris = ''
      for (let i = 0; i < 14; i++) {
        debris += `<rect x="${n(w * 0.55 + r() * w * 0.4)}" y="${n(h * 0.15 + r() * h * 0.45)}" width="${n(6 + r() * 18)}" height="${n(4 + r() * 10)}" fill="${i % 2 ? ctx.p.body : '#cfd3d8'}" opacity="0.8" transform="rotate(${n(r() * 360)} ${n(w * 0.7)} ${n(h * 0.3)})"/>`
      }
      const tc = trackWithCar(ctx, 'rally', 0.9)
      return `${tc.track}${tc.car}${debris}`
    }
    const kind: CarKind = r() < 0.75 ? 'gt' : 'formula'
    const tc = trackWithCar(ctx, kind, 0.9, { xMax: w * 0.55 })
    // Plant the flag just behind the far side of the circuit: the pole ends under the track.
    const fx = w * 0.8
    const trackY = tc.at(fx).y
    const flagTop = Math.min(120, trackY - 130)
    // Only when there is room above the circuit (otherwise the cloth would hide behind it).
    const flagSvg = flagTop >= 68 ? flag(ctx, fx, flagTop, 0.48, -6 + r() * 6, (trackY - flagTop) / 0.48 + 12) : ''
    // The flag is drawn first so that its pole disappears behind the circuit.
    return `${speedLines(ctx, 16, { x0: 0, x1: w, y0: 40, y1: h * 0.6 })}${flagSvg}${tc.track}${tc.car}`
  }
}

function accessoryMotif(category: string, name: string): (ctx: Ctx) => string {
  const c = category.toLowerCase()
  return (ctx) => {
    const { w, h } = ctx
    const base = `${speedLines(ctx, 10, { x0: 0, x1: w, y0: 30, y1: h * 0.55 }, ctx.p.accentSoft)}`
    if (c === 'wheels') {
      return /formula|f28|f64/i.test(name)
        ? `${base}${formulaWheel(ctx, w * 0.64, h * 0.36, 1.2)}`
        : `${base}${roundWheel(ctx, w * 0.66, h * 0.38, 125)}`
    }
    if (c === 'wheel bases') {
      return `${base}${wheelBase(ctx, w * 0.64, h * 0.36, 0.95)}${roundWheel(ctx, w * 0.43, h * 0.42, 82)}`
    }
    if (c === 'pedals') return `${base}${pedals(ctx, w * 0.62, h * 0.14, 0.85)}`
    if (c === 'cockpits') return `${base}${cockpit(ctx, w * 0.24, h * 0.02, 0.95)}`
    if (c === 'shifters') return `${base}${shifter(ctx, w * 0.68, h * 0.3, 0.72, /sequential/i.test(name))}`
    if (c === 'handbrakes') return `${base}${handbrake(ctx, w * 0.64, h * 0.36, 0.85)}`
    if (c === 'displays') return `${base}${monitors(ctx, w * 0.56, h * 0.3, 1, /odyssey|ultrawide|49/i.test(name))}`
    if (c.includes('vr')) return `${base}${vrHeadset(ctx, w * 0.6, h * 0.34, 0.95)}`
    return `${base}${roundWheel(ctx, w * 0.66, h * 0.38, 120)}`
  }
}

function newsMotif(category: string, title: string): (ctx: Ctx) => string {
  const c = category.toLowerCase()
  return (ctx) => {
    const { w, h, r } = ctx
    if (c !== 'breaking' && c !== 'review' && c !== 'hardware') {
      // A few topical scenes based on the headline.
      if (/\b(rally|wrc|rbr)\b/i.test(title)) {
        return `${mountains(ctx, r() < 0.5)}${pines(ctx, 16, h * 0.72, 70, '#07110b')}${gravelRoad(ctx)}${car(ctx, 'rally', w * 0.34, h * 0.38, 0.85)}`
      }
      if (/le mans|endurance|lmu/i.test(title)) {
        return `${stars(ctx, 70, h * 0.5)}${lightTrails(ctx, 6)}${car(ctx, 'proto', w * 0.12, h * 0.2, 0.85, { headlights: true })}`
      }
    }
    switch (c) {
      case 'breaking': {
        const stripes = Array.from(
          { length: 7 },
          (_, i) =>
            `<rect x="${n(w * 0.42 + i * 62)}" y="-60" width="28" height="${h + 120}" fill="${i % 2 ? '#fff' : RED}" opacity="${i % 2 ? 0.1 : 0.55}" transform="rotate(25 ${n(w * 0.6)} ${n(h / 2)})"/>`,
        ).join('')
        return `${stripes}${track(ctx, { opacity: 0.55 }).svg}${flag(ctx, w * 0.64, 80, 0.6, -8)}`
      }
      case 'f1 news':
        return `${speedLines(ctx, 30, { x0: 0, x1: w, y0: 20, y1: h * 0.65 })}${car(ctx, 'formula', w * 0.36 - r() * 60, h * 0.14 + r() * 30, 1.05)}`
      case 'motorsport': {
        const tc = trackWithCar(ctx, r() < 0.5 ? 'gt' : 'proto', 0.85, { targetY: h * 0.4 })
        return `${tc.track}${tc.car}`
      }
      case 'esports':
        return r() < 0.5
          ? `${speedLines(ctx, 12, { x0: 0, x1: w, y0: 20, y1: h * 0.6 }, ctx.p.accentSoft)}${leaderboard(ctx, w * 0.08, 56, 5)}${trophy(ctx, w * 0.72, h * 0.36, 0.9)}`
          : `${speedLines(ctx, 12, { x0: 0, x1: w, y0: 20, y1: h * 0.6 }, ctx.p.accentSoft)}${monitors(ctx, w * 0.33, h * 0.3, 0.72, false)}${leaderboard(ctx, w * 0.66, 70, 4)}`
      case 'hardware':
        return r() < 0.5
          ? `${speedLines(ctx, 10, { x0: 0, x1: w, y0: 30, y1: h * 0.5 })}${roundWheel(ctx, w * 0.7, h * 0.36, 115)}${pedals(ctx, w * 0.3, h * 0.12, 0.45)}`
          : `${speedLines(ctx, 10, { x0: 0, x1: w, y0: 30, y1: h * 0.5 })}${formulaWheel(ctx, w * 0.64, h * 0.34, 0.9)}`
      case 'review':
        return `${track(ctx, { opacity: 0.7 }).svg}<rect x="${w * 0.5}" y="50" width="${w * 0.42}" height="64" rx="12" fill="#07080b" opacity="0.7"/>${starRow(w * 0.5 + 36, 82, 20, 3 + Math.floor(r() * 3))}`
      case 'sim updates':
        return `${track(ctx, { opacity: 0.8 }).svg}${gear(ctx, w * 0.78, h * 0.26, 70, ctx.p.accent)}${gear(ctx, w * 0.64, h * 0.14, 38, '#cfd3d8')}`
      default:
        return track(ctx).svg
    }
  }
}

function streamMotif(category: DemoStreamCategory): (ctx: Ctx) => string {
  return (ctx) => {
    const { w, h } = ctx
    let scene = ''
    if (category === 'rally') {
      scene = `${mountains(ctx, true)}${pines(ctx, 14, h * 0.74, 64, '#06100a')}${gravelRoad(ctx)}${car(ctx, 'rally', w * 0.08, h * 0.4, 0.85)}`
    } else if (category === 'endurance') {
      scene = `${stars(ctx, 70, h * 0.55)}${lightTrails(ctx, 6)}${car(ctx, 'proto', w * 0.06, h * 0.3, 0.85, { headlights: true })}`
    } else if (category === 'f1') {
      const tc = trackWithCar(ctx, 'formula', 0.9, { xMin: w * 0.25, xMax: w * 0.5 })
      scene = `${speedLines(ctx, 24, { x0: 0, x1: w, y0: 20, y1: h * 0.7 })}${tc.track}${tc.car}`
    } else {
      const tc = trackWithCar(ctx, 'gt', 0.85, { xMin: w * 0.25, xMax: w * 0.5 })
      scene = `${speedLines(ctx, 16, { x0: 0, x1: w, y0: 20, y1: h * 0.6 })}${tc.track}${tc.car}`
    }
    return `${scene}${viewfinder(w, h, 18, 34)}${playButton(w * 0.78, h * 0.36, 44)}`
  }
}

type DemoStreamCategory = 'f1' | 'gt3' | 'rally' | 'endurance'

function libraryMotif(name: string): { motif: (ctx: Ctx) => string; background: Background } {
  const key = name.toLowerCase()
  if (key.includes('eau rouge')) {
    return {
      background: 'sunset',
      motif: (ctx) => {
        const { w, h } = ctx
        const d = `M ${w * 0.05} ${h} C ${w * 0.3} ${h * 0.75}, ${w * 0.42} ${h * 0.72}, ${w * 0.5} ${h * 0.66} C ${w * 0.62} ${h * 0.56}, ${w * 0.7} ${h * 0.3}, ${w * 0.98} ${h * 0.3}`
        return `<circle cx="${w * 0.3}" cy="${h * 0.58}" r="70" fill="#ffd27a" opacity="0.85"/>
<path d="M 0 ${h * 0.62} C ${w * 0.3} ${h * 0.7}, ${w * 0.5} ${h * 0.45}, ${w} ${h * 0.3} L ${w} ${h} L 0 ${h} Z" fill="#120d0b"/>
${pines(ctx, 18, h * 0.48, 46, '#0d0907')}
<path d="${d}" fill="none" stroke="#f2f2f2" stroke-width="44"/><path d="${d}" fill="none" stroke="${RED}" stroke-width="44" stroke-dasharray="16 16"/><path d="${d}" fill="none" stroke="#222428" stroke-width="32"/>
<path d="${d}" fill="none" stroke="#ffb347" stroke-width="2" stroke-dasharray="20 12" opacity="0.7"/>`
      },
    }
  }
  if (key.includes('chequered')) {
    return {
      background: 'default',
      motif: (ctx) =>
        `${speedLines(ctx, 20, { x0: 0, x1: ctx.w, y0: 20, y1: ctx.h * 0.8 })}${flag(ctx, ctx.w * 0.3, 50, 1.2, -6)}`,
    }
  }
  if (key.includes('cockpit')) {
    return {
      background: 'night',
      motif: (ctx) => {
        const { w, h } = ctx
        return `<path d="M ${w * 0.5 - 10} ${h * 0.42} L ${w * 0.5 + 10} ${h * 0.42} L ${w * 0.9} ${h} L ${w * 0.1} ${h} Z" fill="#25282f"/>
<path d="M ${w * 0.5} ${h * 0.44} L ${w * 0.5} ${h}" stroke="#e9e9e9" stroke-width="4" stroke-dasharray="24 26"/>
<path d="M 0 ${h * 0.42} L ${w} ${h * 0.42}" stroke="${ctx.p.accent}" stroke-width="2" opacity="0.6"/>
${stars(ctx, 40, h * 0.4)}
<path d="M 0 ${h * 0.55} C ${w * 0.25} ${h * 0.62}, ${w * 0.75} ${h * 0.62}, ${w} ${h * 0.55} L ${w} ${h} L 0 ${h} Z" fill="#0b0c0f"/>
<rect x="${w * 0.08}" y="${h * 0.66}" width="${w * 0.14}" height="${h * 0.1}" rx="6" fill="#07090c" stroke="${ctx.p.accent}" stroke-width="2"/>
<text x="${w * 0.15}" y="${h * 0.73}" font-family="${FONT}" font-weight="700" font-size="22" text-anchor="middle" fill="${ctx.p.accent}">247</text>
${formulaWheel(ctx, w * 0.5, h * 0.75, 1.05)}`
      },
    }
  }
  if (key.includes('pit')) {
    return {
      background: 'studio',
      motif: (ctx) => {
        const { w, h } = ctx
        let garages = ''
        for (let i = 0; i < 5; i++) {
          garages += `<rect x="${i * 170 - 20}" y="30" width="150" height="140" fill="#101217" stroke="#2a2e35" stroke-width="4"/><rect x="${i * 170 - 10}" y="40" width="130" height="20" fill="${i % 2 ? ctx.p.accent : RED}" opacity="0.8"/><rect x="${i * 170}" y="70" width="110" height="100" fill="hsl(${(ctx.p.hue + i * 40) % 360}, 30%, 16%)"/>`
        }
        return `${garages}<rect x="0" y="170" width="${w}" height="${h - 170}" fill="#23262c"/><rect x="0" y="200" width="${w}" height="6" fill="#f5c400" opacity="0.8"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 110}" y="176" width="60" height="18" fill="#fff" opacity="0.18"/>`).join('')}${car(ctx, 'gt', w * 0.24, 200, 0.9)}`
      },
    }
  }
  if (key.includes('rally') || key.includes('forest')) {
    return {
      background: 'forest',
      motif: (ctx) =>
        `${pines(ctx, 22, ctx.h * 0.5, 80, '#0c1a10')}${pines(ctx, 16, ctx.h * 0.7, 120, '#06100a')}${gravelRoad(ctx)}${car(ctx, 'rally', ctx.w * 0.3, ctx.h * 0.46, 0.8)}`,
    }
  }
  if (key.includes('grid')) {
    return {
      background: 'default',
      motif: (ctx) => {
        const { w, h } = ctx
        let grid = `<rect x="0" y="0" width="${w}" height="${h}" fill="#1d2026"/>`
        for (let i = 0; i < 6; i++) {
          const x = 70 + (i % 3) * 230 + (i >= 3 ? 115 : 0)
          const y = i >= 3 ? 220 : 50
          grid += `<path d="M ${x - 14} ${y - 10} L ${x + 74} ${y - 10}" stroke="#fff" stroke-width="4" opacity="0.7"/><text x="${x + 90}" y="${y + 10}" font-family="${FONT}" font-weight="700" font-size="18" fill="#fff" opacity="0.6">P${i + 1}</text>`
          grid += topDownCar(
            ctx,
            x,
            y,
            0.9,
            `hsl(${(ctx.p.hue + i * 55) % 360}, 65%, 45%)`,
            [7, 22, 31, 46, 88, 93][i] ?? i,
          )
        }
        return `${grid}<rect x="0" y="4" width="${w}" height="4" fill="#fff" opacity="0.5"/>`
      },
    }
  }
  if (key.includes('night') || key.includes('endurance')) {
    return { background: 'night', motif: (ctx) => `${stars(ctx, 90, ctx.h * 0.6)}${lightTrails(ctx, 9)}` }
  }
  return {
    background: 'studio',
    motif: (ctx) =>
      `${monitors(ctx, ctx.w * 0.5, ctx.h * 0.24, 0.9, false)}${cockpit(ctx, ctx.w * 0.22, ctx.h * 0.36, 0.55)}`,
  }
}

/* -------------------------------------------------------------------------- */
/*                          Hero & fallback images                            */
/* -------------------------------------------------------------------------- */

function heroSvg(seedText: string, variant: 'hero' | 'default'): string {
  const w = 1920
  const h = 1080
  const seed = hash(seedText)
  let counter = 0
  const ctx: Ctx = { w, h, r: rng(seed), p: palette(seed), defs: [], id: (prefix) => `${prefix}${++counter}` }
  if (variant === 'hero')
    ctx.p = { ...ctx.p, hue: 355, accent: '#ff3b30', accentSoft: '#ff8a80', body: RED, bodyDark: '#4a0200' }
  const bg = ctx.id('bg')
  const glow = ctx.id('glow')
  ctx.defs.push(
    `<linearGradient id="${bg}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${variant === 'hero' ? '#1a0506' : '#07111f'}"/><stop offset="0.55" stop-color="#0b0c10"/><stop offset="1" stop-color="#050506"/></linearGradient>`,
    `<radialGradient id="${glow}" cx="0.72" cy="0.38" r="0.55"><stop offset="0" stop-color="${variant === 'hero' ? RED : '#2a6df5'}" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  )
  const trackB = variant === 'hero' ? track(ctx, { width: 70, y0: h * 0.25, y1: h * 0.75, opacity: 0.35 }).svg : ''
  const main = track(ctx, { width: 150, y0: h * 0.92, y1: h * 0.38, tame: true })
  const trackA = main.svg
  const lines = speedLines(ctx, 60, { x0: 0, x1: w, y0: 40, y1: h * 0.8 })
  const carSvg =
    variant === 'hero'
      ? carOnTrack(ctx, 'formula', main, w * 0.6, 2.1, { number: 1 })
      : carOnTrack(ctx, 'gt', main, w * 0.6, 2, { number: 24 })
  const flagSvg = flag(ctx, w * 0.08, h * 0.1, 1.4, -10)
  const strip = chequerStrip(ctx, w - 520, 40, 30, 3, 16)
  const vignette = ctx.id('vig')
  ctx.defs.push(
    `<radialGradient id="${vignette}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></radialGradient>`,
  )
  const slash = `<path d="M 0 ${h - 14} L ${w * 0.4} ${h - 14} L ${w * 0.4 - 20} ${h} L 0 ${h} Z" fill="${RED}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${ctx.defs.join('')}</defs><rect width="${w}" height="${h}" fill="url(#${bg})"/><rect width="${w}" height="${h}" fill="url(#${glow})"/>${lines}${trackB}${trackA}${flagSvg}${carSvg}${strip}<rect width="${w}" height="${h}" fill="url(#${vignette})"/>${slash}</svg>`
}

function notFoundSvg(): string {
  return buildSvg({
    seed: 'image-not-found',
    title: 'Image not found',
    subtitle: 'The picture you are looking for is in the pits',
    badge: 'Missing image',
    background: 'studio',
    motif: (ctx) => {
      const { w } = ctx
      const frame = `<g transform="translate(${w * 0.6} 96)" opacity="0.9">
  <rect x="0" y="0" width="200" height="150" rx="14" fill="none" stroke="#cfd3d8" stroke-width="8" stroke-dasharray="24 14"/>
  <path d="M 20 130 L 80 60 L 120 105 L 145 80 L 185 130 Z" fill="#3a3f48"/>
  <circle cx="150" cy="40" r="16" fill="#3a3f48"/>
  <path d="M -10 160 L 210 -10" stroke="${RED}" stroke-width="12" stroke-linecap="round"/>
</g>`
      return `${track(ctx, { opacity: 0.35 }).svg}${frame}`
    },
  })
}

/* -------------------------------------------------------------------------- */
/*                                    Output                                  */
/* -------------------------------------------------------------------------- */

interface Job {
  image: string
  svg: () => string
  width: number
  height: number
}

function card(image: string, spec: CardSpec): Job {
  return { image, svg: () => buildSvg(spec), width: spec.w ?? CARD_W, height: spec.h ?? CARD_H }
}

function jobs(): Job[] {
  const list: Job[] = []

  for (const g of demoGames) {
    list.push(
      card(g.image, {
        seed: g.title,
        title: g.title,
        badge: g.category,
        subtitle: g.platform,
        motif: gameMotif(g.category, g.title),
      }),
    )
  }

  for (const hw of demoAccessories) {
    list.push(
      card(hw.image, {
        seed: hw.name,
        title: hw.name,
        badge: hw.category,
        badgeColour: RED,
        subtitle: hw.brand,
        background: 'studio',
        titleMax: 44,
        motif: accessoryMotif(hw.category, hw.name),
      }),
    )
  }

  for (const item of demoNews) {
    list.push(
      card(item.image, {
        seed: item.title,
        title: item.title,
        badge: item.category,
        badgeColour: item.category === 'Breaking' ? RED : '#1f2430',
        titleMax: 36,
        titleMin: 22,
        titleLines: 3,
        background: item.category === 'Motorsport' || item.category === 'F1 News' ? 'default' : 'studio',
        motif: newsMotif(item.category, item.title),
      }),
    )
  }

  for (const review of demoReviews) {
    const score = Number.parseFloat(review.rating)
    list.push(
      card(review.image, {
        seed: review.title,
        title: review.gameTitle ?? review.title.split(':')[0] ?? review.title,
        badge: 'Review',
        subtitle: `by ${review.author}`,
        titleMax: 44,
        motif: (ctx) => {
          const isAccessory = review.gameTitle === null
          const art = isAccessory
            ? /pedal/i.test(review.title)
              ? pedals(ctx, ctx.w * 0.32, ctx.h * 0.1, 0.6)
              : roundWheel(ctx, ctx.w * 0.34, ctx.h * 0.36, 100)
            : track(ctx, { opacity: 0.8 }).svg
          return `${speedLines(ctx, 12, { x0: 0, x1: ctx.w, y0: 20, y1: ctx.h * 0.5 })}${art}${scoreRing(ctx, ctx.w * 0.8, ctx.h * 0.34, 62, Number.isFinite(score) ? score : 0)}`
        },
      }),
    )
  }

  for (const stream of demoStreams) {
    list.push(
      card(stream.image, {
        seed: stream.title,
        title: stream.title,
        badge: stream.category === 'gt3' ? 'GT3' : stream.category === 'f1' ? 'F1' : stream.category,
        badgeColour: '#7c3aed',
        subtitle: stream.streamerName,
        titleMax: 36,
        titleLines: 2,
        background: stream.category === 'endurance' ? 'night' : stream.category === 'rally' ? 'forest' : 'default',
        motif: streamMotif(stream.category),
      }),
    )
  }

  for (const lib of demoLibraryImages) {
    const { motif, background: bg } = libraryMotif(lib.name)
    list.push(
      card(lib.image, {
        seed: lib.name,
        title: lib.name,
        badge: lib.category,
        compactTitle: true,
        background: bg,
        motif,
      }),
    )
  }

  list.push({ image: demoSiteSettings.hero_image, svg: () => heroSvg('demo-hero', 'hero'), width: 1920, height: 1080 })
  list.push({
    image: '/images/default-hero.webp',
    svg: () => heroSvg('default-hero', 'default'),
    width: 1920,
    height: 1080,
  })
  list.push({ image: '/images/image-not-found.webp', svg: notFoundSvg, width: CARD_W, height: CARD_H })

  return list
}

async function render(job: Job): Promise<number> {
  if (!job.image.startsWith('/') || !job.image.endsWith('.webp') || job.image.includes('..')) {
    throw new Error(`Unexpected image path: ${job.image}`)
  }
  const out = path.join(PUBLIC_DIR, job.image)
  await mkdir(path.dirname(out), { recursive: true })
  const svg = job.svg()
  let quality = 72
  // Keep cards small: step the quality down if a card comes out too heavy.
  const budget = job.width > CARD_W ? 160 * 1024 : 40 * 1024
  for (;;) {
    const info = await sharp(Buffer.from(svg))
      .resize(job.width, job.height, { fit: 'fill' })
      .webp({ quality, effort: 5 })
      .toFile(out)
    if (info.size <= budget || quality <= 45) return info.size
    quality -= 8
  }
}

async function main(): Promise<void> {
  const list = jobs()
  const seen = new Set<string>()
  let total = 0
  for (const job of list) {
    if (seen.has(job.image)) throw new Error(`Duplicate image path: ${job.image}`)
    seen.add(job.image)
    const size = await render(job)
    total += size
    const s = await stat(path.join(PUBLIC_DIR, job.image))
    console.log(`${(s.size / 1024).toFixed(1).padStart(6)} KB  ${job.image}`)
  }
  console.log(`\n${list.length} images, ${(total / 1024 / 1024).toFixed(2)} MB total, written to ${PUBLIC_DIR}`)
}

await main()
