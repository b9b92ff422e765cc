import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The real result files of `../shared/` (beside the project, as CI clones it): read there, never
 * copied into the project (../shared/realdata/README.md). `realdata/` has an independent reading of
 * each file (EXPECTED.json); `realdata-2/files` and `realdata-3/files` are files only.
 */
export const sharedDir = fileURLToPath(new URL('../../../shared/', import.meta.url))

function required(dir: string): string {
  if (!existsSync(dir)) {
    throw new Error(
      `${dir} is missing: the real result files are read from ../shared beside the project, as CI clones it.`,
    )
  }
  return dir
}

export const realDataDir = (set: 'realdata' | 'realdata-2' | 'realdata-3') =>
  required(path.join(sharedDir, set, set === 'realdata' ? '' : 'files'))

/** A file's bytes, by its path under its set's folder ('acc/sra_260616_224355_R.json'). */
export const realDataBytes = (set: 'realdata' | 'realdata-2' | 'realdata-3', file: string) =>
  new Uint8Array(readFileSync(path.join(realDataDir(set), file)))

/** Every result file of a set, as paths under its folder, in order. */
export function realDataFiles(set: 'realdata' | 'realdata-2' | 'realdata-3'): string[] {
  const root = realDataDir(set)
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const full = path.join(dir, name)
        return statSync(full).isDirectory() ? walk(full) : [path.relative(root, full)]
      })
  return walk(root).filter((f) => /\.(json|xml)$/i.test(f) && !f.startsWith('jolpica') && f !== 'EXPECTED.json')
}

/** One car of EXPECTED.json: ACC files give `carModel` and `bestValidLap`, rFactor 2 files the rest. */
export interface ExpectedCar {
  position: number
  carNumber: string
  drivers: string[]
  laps: number
  carModel?: number
  bestValidLap?: string | null
  car?: string
  carClass?: string
  classPosition?: string
  finishStatus?: string
  bestLap?: string | null
  grid?: string
}

export interface ExpectedReading {
  kind: 'acc' | 'rf2'
  session: string
  track: string
  textEncoding: string
  lapsInFile: number
  lapsValidOrTimed: number
  classification: ExpectedCar[]
}

/** The independent reading of each file of `realdata/`, by its path there. */
export const expectedReadings = (): Record<string, ExpectedReading> =>
  JSON.parse(readFileSync(path.join(realDataDir('realdata'), 'EXPECTED.json'), 'utf8')) as Record<
    string,
    ExpectedReading
  >
