import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A feature is one folder under src/server/features/ and one line in its list (issue 41): nothing
 * outside a feature's folder may reach past its index.ts, so what a feature keeps inside can change
 * without a hub, a page or another feature noticing (docs/decisions/0027-features-as-modules.md).
 * This reads every import of the repository's own code, pages, scripts and tests.
 */
const root = path.resolve(import.meta.dirname, '../..')
const featuresDir = 'src/server/features'
const scanned = ['src', 'scripts', 'netlify', 'tests', 'fakes', 'test-support', 'packages']
const sourceFile = /\.(ts|tsx|mts|mjs|astro)$/

function filesIn(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`
    if (name === 'node_modules') return []
    return statSync(path.join(root, relative)).isDirectory()
      ? filesIn(relative)
      : sourceFile.test(name)
        ? [relative]
        : []
  })
}

/** Every relative module a file imports: static, dynamic, re-exports and vi.mock. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import|vi\.mock\()\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  )
  return specifiers.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
}

/** The feature folder a path is in ('newsletter'), or undefined (the list and the descriptor's type are hubs). */
function featureOf(file: string): string | undefined {
  if (!file.startsWith(`${featuresDir}/`)) return undefined
  const parts = file.slice(featuresDir.length + 1).split('/')
  return parts.length > 1 ? parts[0] : undefined
}

describe('features as modules', () => {
  const features = readdirSync(path.join(root, featuresDir)).filter((name) =>
    statSync(path.join(root, featuresDir, name)).isDirectory(),
  )

  it('has the features of the issue, each with its index.ts', () => {
    expect(features).toEqual(expect.arrayContaining(['audience', 'calendar', 'newsletter']))
    for (const feature of features)
      expect(statSync(path.join(root, featuresDir, feature, 'index.ts')).isFile()).toBe(true)
  })

  it("is entered through a feature's index.ts only, from anywhere outside its folder", () => {
    const crossings: string[] = []
    for (const file of scanned.flatMap(filesIn)) {
      const own = featureOf(file)
      for (const target of importsOf(file)) {
        const feature = featureOf(target)
        if (!feature || feature === own) continue
        if (target !== `${featuresDir}/${feature}/index.ts`) crossings.push(`${file} imports ${target}`)
      }
    }
    expect(crossings).toEqual([])
  })
})
