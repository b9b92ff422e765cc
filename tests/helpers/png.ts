import { inflateSync } from 'node:zlib'

export interface DecodedPng {
  width: number
  height: number
  /** RGBA, 4 bytes a pixel, row after row. */
  pixel(x: number, y: number): [number, number, number, number]
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])

/**
 * Decodes an 8-bit RGB or RGBA PNG completely (chunks, inflate, scanline filters): enough to prove
 * an image is whole and to read its pixels in tests. Throws on anything else.
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const buf = Buffer.from(bytes)
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const data: Buffer[] = []
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset)
    const type = buf.toString('latin1', offset + 4, offset + 8)
    const body = buf.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, color] = [body[8], body[9]]
      if (depth !== 8 || (color !== 2 && color !== 6))
        throw new Error(`Unsupported PNG: depth ${depth}, colour ${color}`)
      channels = color === 6 ? 4 : 3
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  if (raw.length !== height * (stride + 1))
    throw new Error(`PNG data has ${raw.length} bytes, expected ${height * (stride + 1)}`)
  const out = Buffer.alloc(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!
      const a = i >= channels ? out[y * stride + i - channels]! : 0
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0
      const c = i >= channels && y > 0 ? out[(y - 1) * stride + i - channels]! : 0
      const p = a + b - c
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]
      if (predicted === undefined) throw new Error(`Bad PNG filter ${filter}`)
      out[y * stride + i] = (x + predicted) & 0xff
    }
  }
  return {
    width,
    height,
    pixel(x, y) {
      const at = y * stride + x * channels
      return [out[at]!, out[at + 1]!, out[at + 2]!, channels === 4 ? out[at + 3]! : 255]
    },
  }
}
