/**
 * Draws the default pictures of articles without an image (src/lib/news-image.ts), one per colour
 * group of the category badges (spec 000 section 9), as small WebP files under public/images/news/.
 * Drawn as SVG and rasterised with sharp, like scripts/demo/make-images.ts: no outside image host.
 *
 * Usage: node --import tsx scripts/demo/make-news-defaults.ts (the files are committed).
 */
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { DEFAULT_NEWS_IMAGES } from '../../src/lib/news-image.ts'

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public')
const W = 800
const H = 450

/** Colours of each group: the badge's own tone, darkened for the background. */
const looks = {
  red: { from: '#4a0503', to: '#b30a04', label: 'BREAKING · ESPORTS' },
  gold: { from: '#3d2a02', to: '#b7860b', label: 'REVIEWS' },
  blue: { from: '#06183d', to: '#1d4ed8', label: 'MOTORSPORT · F1 NEWS' },
  grey: { from: '#151518', to: '#4b5563', label: 'RACING NEWS' },
} as const

function svg(look: (typeof looks)[keyof typeof looks]): string {
  // A chequered band and a racing line: recognisably the site's, quiet enough behind a title.
  const squares: string[] = []
  for (let col = 0; col < 20; col++)
    for (let row = 0; row < 2; row++)
      if ((col + row) % 2 === 0)
        squares.push(`<rect x="${col * 40}" y="${370 + row * 40}" width="40" height="40" fill="#fff" opacity="0.18"/>`)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/>
  </linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <path d="M-20 330 C 200 250, 420 330, 820 120" stroke="#fff" stroke-opacity="0.25" stroke-width="18" fill="none"/>
  <path d="M-20 360 C 220 280, 440 360, 820 150" stroke="#e10600" stroke-opacity="0.7" stroke-width="6" fill="none"/>
  ${squares.join('')}
  <text x="48" y="120" font-family="sans-serif" font-weight="900" font-size="44" fill="#fff">SIMRACING HUB</text>
  <text x="48" y="172" font-family="sans-serif" font-weight="700" font-size="30" fill="#fff" fill-opacity="0.85">${look.label}</text>
</svg>`
}

await mkdir(path.join(PUBLIC_DIR, 'images/news'), { recursive: true })
for (const [tone, url] of Object.entries(DEFAULT_NEWS_IMAGES)) {
  const file = path.join(PUBLIC_DIR, url)
  await sharp(Buffer.from(svg(looks[tone as keyof typeof looks])))
    .webp({ quality: 70 })
    .toFile(file)
  console.log(`${url}: ${((await stat(file)).size / 1024).toFixed(1)} KB`)
}
