import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs and the decision records name code by its path, and code moves. A path that no longer
 * exists sends a newcomer looking for a file that is gone, or lets them believe a decision still
 * describes the code (issue 41). These tests keep the named paths true.
 */
const root = path.resolve(import.meta.dirname, '../..')
const decisionsDir = 'docs/decisions'

// Only what starts like a folder of this repository is taken for a path: `/api/news`, `npm start`
// and `schema.ts` name other things, or a file the sentence around them places.
const pathPrefixes = [
  'src/',
  'scripts/',
  'tests/',
  'packages/',
  'netlify/',
  'fakes/',
  'test-support/',
  'supabase/',
  'docs/',
  'public/',
  '.ci/',
]

interface NamedPath {
  line: number
  path: string
}

/** A record is a numbered file; the folder's README is an index of them, read as a docs page. */
function isDecisionRecord(file: string): boolean {
  return /^\d{4}-.*\.md$/.test(path.basename(file))
}

function markdownIn(dir: string): string[] {
  return readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${dir}/${name}`)
}

function packageReadmes(): string[] {
  return readdirSync(path.join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(path.join(root, file)))
}

function read(file: string): string {
  return readFileSync(path.join(root, file), 'utf8')
}

/**
 * The status is on the `Date:` line under the title (`Date: 2026-11-25 · Status: accepted`), and a
 * long one runs on over the next line, so the first lines are read as one.
 */
function statusOf(text: string): string | undefined {
  const top = text.split('\n').slice(0, 5).join(' ')
  return /Status:\s*(.*)/.exec(top)?.[1]
}

/**
 * A record replaced by a later one keeps its history, paths of code that has since gone included: it
 * says what was decided then. Only a status that is itself "Superseded by ..." retires a record; one
 * superseded in part ("Superseded for content by 0700", "accepted · Amended by 0700") still holds for
 * the rest, so its paths are checked.
 */
function isInForce(text: string): boolean {
  return !/^Superseded by\b/i.test(statusOf(text) ?? '')
}

/**
 * The repository paths a page names in backticks, with their line. A command in backticks
 * (`scripts/reset-admin.ts --email a@b`) names the path it starts with. A line number, an anchor and
 * the sentence's punctuation are not part of the path. A glob or a placeholder (`tests/e2e/*.spec.ts`,
 * `src/pages/<name>.astro`, `{a,b}`) names no single file.
 */
function namedPaths(text: string): NamedPath[] {
  const found: NamedPath[] = []
  // A fence's backticks would pair with the inline ones after it; what a fenced block shows is a
  // command or an example, not a reference.
  let inFence = false
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence
      return
    }
    if (inFence) return
    for (const match of line.matchAll(/`\s*([^`\s]+)[^`]*`/g)) {
      const token = match[1]!
      if (!pathPrefixes.some((prefix) => token.startsWith(prefix)) || /[*<{]/.test(token)) continue
      const named = token
        .replace(/#.*$/, '')
        .replace(/[.,;:!?)'"…]+$/, '')
        .replace(/:\d[\d:-]*$/, '')
      found.push({ line: index + 1, path: named })
    }
  })
  return found
}

describe('the paths the docs name', () => {
  it('are read the way the docs write them (the check below can fail)', () => {
    const text = [
      'See `src/server/cdn/outbox.ts:42`, `docs/testing.md#fakes` and `scripts/start.ts`.',
      'Run `scripts/reset-admin.ts --email a@b` or `npm start`; not `tests/e2e/*.spec.ts` nor `src/<x>.ts`.',
      '```ts',
      "import { x } from '`src/not-read.ts`'",
      '```',
      'And `packages/local-platform/...`.',
    ].join('\n')
    expect(namedPaths(text)).toEqual([
      { line: 1, path: 'src/server/cdn/outbox.ts' },
      { line: 1, path: 'docs/testing.md' },
      { line: 1, path: 'scripts/start.ts' },
      { line: 2, path: 'scripts/reset-admin.ts' },
      { line: 6, path: 'packages/local-platform/' },
    ])
  })

  it('are checked in every record but the superseded ones', () => {
    expect(isInForce('# 0001 x\n\nDate: 2026-11-22 · Status: accepted\n')).toBe(true)
    expect(isInForce('# 0022 x\n\nDate: 2026-11-24 · Status: Superseded by 0701 (was: accepted)\n')).toBe(false)
    expect(isInForce('# 0103 x\n\nDate: 2026-11-22 · Status: superseded by 0704 (pages on demand)\n')).toBe(false)
    expect(isInForce('# 0011 x\n\nDate: 2026-11-23 · Status: Superseded for content by 0700\n')).toBe(true)
  })

  it('exist, in the docs, the READMEs and the decisions in force', () => {
    const decisionsFolder = markdownIn(decisionsDir)
    const files = [
      'README.md',
      ...packageReadmes(),
      ...markdownIn('docs'),
      ...decisionsFolder.filter((file) => !isDecisionRecord(file)),
      ...decisionsFolder.filter((file) => isDecisionRecord(file) && isInForce(read(file))),
    ]
    let checked = 0
    const missing: string[] = []
    for (const file of files) {
      for (const named of namedPaths(read(file))) {
        checked++
        if (!existsSync(path.join(root, named.path))) missing.push(`${file}:${named.line} names ${named.path}`)
      }
    }
    // A scan that found no path at all would pass for the wrong reason.
    expect(checked).toBeGreaterThan(100)
    // Each line says where a path is named. Find where the file went (`git log --follow -- <path>`,
    // or the commit that removed it) and write that; if the record's decision was itself replaced,
    // mark the record `Status: Superseded by ...` and leave its history as it was.
    expect(missing, 'paths named in the docs that do not exist').toEqual([])
  })
})

describe('the decision records', () => {
  it('each say their status under the title', () => {
    const withoutStatus = markdownIn(decisionsDir).filter(
      (file) => isDecisionRecord(file) && statusOf(read(file)) === undefined,
    )
    // Whether a record still holds is the first thing its reader needs, and what the check above
    // reads: `Date: ... · Status: accepted` within the first 5 lines.
    expect(withoutStatus, 'records without `Status:` in their first 5 lines').toEqual([])
  })
})
