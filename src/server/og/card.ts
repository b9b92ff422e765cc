/**
 * Open Graph cards (1200x630 PNG): satori lays the card out as SVG, resvg draws it. No browser.
 * Rendered on request and kept by the CDN (docs/decisions/0112), not at build time.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

/** Liberation Sans Bold (fonts/LiberationSans-COPYRIGHT.txt): satori needs the font's bytes to lay out text. */
const fontFile = 'LiberationSans-Bold.ttf'
let font: Buffer | undefined
function loadFont(): Buffer {
  // Beside this module in the sources; in the bundled function (netlify/functions/api.mjs) the
  // file comes along at the same path from the function's root (netlify.toml included_files).
  const here = import.meta.dirname ?? ''
  const candidates = [path.join(here, 'fonts', fontFile), path.join(here, '../../src/server/og/fonts', fontFile)]
  for (const file of candidates) {
    try {
      return (font ??= readFileSync(file))
    } catch {
      // try the next place
    }
  }
  throw new Error(`The Open Graph font ${fontFile} is missing.`)
}

interface Node {
  type: string
  props: {
    style?: Record<string, string | number>
    children?: (Node | string)[] | Node | string
    src?: ArrayBuffer
    width?: number
    height?: number
  }
}
const box = (style: Node['props']['style'], ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style, children },
})

export interface Card {
  /** The big line (an article's title). */
  title: string
  /** The small line above it, in a red badge (the article's category). */
  kicker: string
  siteName: string
  /** Lines under the title (the standings' podiums). */
  lines?: string[]
  /** The background picture (PNG, JPEG, WebP or GIF bytes); a dark gradient without one. */
  image?: ArrayBuffer
}

/** Long titles are cut at a word so that the card keeps its layout. */
export function fitTitle(title: string, max = 110): string {
  const text = title.trim().replace(/\s+/g, ' ')
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : max).trimEnd()}…`
}

export async function renderCard(card: Card): Promise<Buffer> {
  const layers: Node[] = []
  if (card.image) {
    layers.push({
      type: 'img',
      props: {
        src: card.image,
        width: OG_WIDTH,
        height: OG_HEIGHT,
        style: { position: 'absolute', top: 0, left: 0, width: OG_WIDTH, height: OG_HEIGHT, objectFit: 'cover' },
      },
    })
  }
  // A dark veil so that white text reads over any picture.
  layers.push(
    box({
      position: 'absolute',
      top: 0,
      left: 0,
      width: OG_WIDTH,
      height: OG_HEIGHT,
      backgroundImage: card.image
        ? 'linear-gradient(180deg, rgba(11,13,18,0.35) 0%, rgba(11,13,18,0.92) 70%)'
        : 'linear-gradient(135deg, #1f2937 0%, #0b0d12 100%)',
    }),
  )
  const text = box(
    { position: 'absolute', left: 64, right: 64, bottom: 56, display: 'flex', flexDirection: 'column', gap: 20 },
    box(
      { display: 'flex' },
      box(
        {
          backgroundColor: '#dc2626',
          color: 'white',
          fontSize: 26,
          padding: '8px 18px',
          borderRadius: 8,
          letterSpacing: 1,
        },
        card.kicker.toUpperCase(),
      ),
    ),
    box({ color: 'white', fontSize: card.lines?.length ? 52 : 60, lineHeight: 1.15 }, fitTitle(card.title)),
    ...(card.lines ?? []).map((line) => box({ color: '#e5e7eb', fontSize: 28 }, line)),
    box({ color: '#fca5a5', fontSize: 28, marginTop: 8 }, card.siteName),
  )
  const root = box(
    { display: 'flex', width: OG_WIDTH, height: OG_HEIGHT, backgroundColor: '#0b0d12', fontFamily: 'Liberation Sans' },
    ...layers,
    text,
  )
  const svg = await satori(root as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: [{ name: 'Liberation Sans', data: loadFont(), weight: 700, style: 'normal' }],
  })
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng()
}
