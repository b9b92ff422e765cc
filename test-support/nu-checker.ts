import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

/**
 * The Nu HTML Checker (the W3C's validator, `vnu.jar`) on pages as a crawler gets them, run with
 * the machine's own Java. The jar comes from `vnu-jar` 25.11.25, pinned: later versions install a
 * script that downloads a Java runtime from GitHub when the machine has none, which this project
 * never does (docs/decisions/0870). `.ci/run` installs Debian's Java when it is missing.
 */
const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const run = promisify(execFile)

export interface NuMessage {
  page: string
  line: number
  message: string
  extract: string
}

/** Every error the checker finds in these documents (name: what to call each in the report). */
export async function nuErrors(documents: { name: string; html: string }[]): Promise<NuMessage[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nu-'))
  try {
    const files = documents.map((doc, i) => {
      const file = join(dir, `${i}.html`)
      writeFileSync(file, doc.html)
      return file
    })
    // The checker exits 1 when it finds an error; its report is on stderr either way.
    const result = await run(requireJava(), ['-jar', jar, '--errors-only', '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => {
      if (typeof error.stderr === 'string' && error.stderr.startsWith('{')) return { stderr: error.stderr }
      throw error
    })
    const report = JSON.parse(result.stderr) as {
      messages: { type: string; url: string; lastLine?: number; message: string; extract?: string }[]
    }
    return report.messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => ({
        page: documents[Number(/(\d+)\.html$/.exec(m.url)?.[1] ?? -1)]?.name ?? m.url,
        line: m.lastLine ?? 0,
        message: m.message,
        extract: m.extract ?? '',
      }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** JAVA_HOME's java, else the first on PATH, when it exists; the checker needs Java 11 or later. */
export function findJava(): string | undefined {
  const home = process.env.JAVA_HOME
  if (home) return existsSync(join(home, 'bin', 'java')) ? join(home, 'bin', 'java') : undefined
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'java'))
    .find((candidate) => existsSync(candidate))
}

/** findJava(), or an error that names the package to install. */
export function requireJava(): string {
  const found = findJava()
  if (found) return found
  throw new Error(
    process.env.JAVA_HOME
      ? `JAVA_HOME is set to ${process.env.JAVA_HOME}, which has no bin/java. Point it at a Java 11 or later.`
      : 'Java is missing (the Nu HTML Checker needs 11 or later): install it with ' +
          '`sudo apt-get install -y default-jre-headless`, or set JAVA_HOME.',
  )
}
