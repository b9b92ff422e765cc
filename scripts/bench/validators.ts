/**
 * `npm run bench:validators`: the Nu HTML Checker (the W3C's validator, with the machine's Java) on
 * the HTML of every public page as a crawler gets it, then HTML_CodeSniffer (the checker pa11y
 * runs, WCAG 2 AA) on each page as Debian's Chromium renders it; prints each page's errors (and
 * HTML_CodeSniffer's count of warnings), and exits 1 when a page has an error (docs/decisions/0870).
 * The test line runs the Nu checker too (tests/e2e/public-seo.spec.ts).
 * Starts the site on its own ports and a scratch data folder (scripts/e2e-server.ts), or measures
 * one already served: `--reuse --port=8888`. Options: --port=8913 --db-port=54345.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { chromium } from '@playwright/test'
import { requireChromium } from '../../test-support/chromium.ts'
import { readerPages } from '../../src/lib/public-pages.ts'
import { nuErrors } from '../../test-support/nu-checker.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const reuse = process.argv.includes('--reuse')
const port = Number(arg('port', reuse ? '8888' : '8913'))
const dbPort = Number(arg('db-port', '54345'))
const site = `http://localhost:${port}`
const htmlcs = createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js')

const server = reuse
  ? undefined
  : spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts', `--port=${port}`, `--db-port=${dbPort}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })

interface Finding {
  type: number
  code: string
  msg: string
  element: string
}

let failed = false
try {
  await waitForSite()
  const first = (await (await fetch(`${site}/api/news?limit=1`)).json()) as { id: number; slug: string }[]
  const championships = (await (await fetch(`${site}/api/championships-standings`)).json()) as { path: string }[]
  const routes = [
    ...readerPages,
    ...(first[0] ? [`/news/${first[0].id}/${first[0].slug}`] : []),
    ...(championships[0] ? [championships[0].path] : []),
    '/news?search=nurburgring',
    '/newsletter',
  ]
  const documents = await Promise.all(
    routes.map(async (route) => ({ name: route, html: await (await fetch(`${site}${route}`)).text() })),
  )
  const nu = await nuErrors(documents)
  for (const route of routes) {
    const errors = nu.filter((e) => e.page === route)
    console.log(`Nu HTML Checker  ${route.padEnd(48)} errors ${errors.length}`)
    for (const e of errors) console.log(`        line ${e.line}: ${e.message}\n          ${e.extract}`)
  }
  if (nu.length) failed = true
  const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--disable-gpu'] })
  try {
    for (const width of [1280, 390]) {
      // The checker is injected as a script: the site's Content-Security-Policy would refuse it.
      const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      for (const route of routes) {
        await page.goto(`${site}${route}`, { waitUntil: 'networkidle' })
        await page.addScriptTag({ path: htmlcs })
        const findings = await page.evaluate(
          () =>
            new Promise<Finding[]>((resolve) => {
              const checker = (window as unknown as { HTMLCS: HtmlCs }).HTMLCS
              checker.process('WCAG2AA', document, () =>
                resolve(
                  checker.getMessages().map((m) => ({
                    type: m.type,
                    code: m.code,
                    msg: m.msg,
                    element: (m.element as Element).outerHTML?.slice(0, 160) ?? String(m.element),
                  })),
                ),
              )
            }),
        )
        const errors = findings.filter((f) => f.type === 1)
        const warnings = findings.filter((f) => f.type === 2).length
        console.log(
          `${String(width).padStart(4)} px ${route.padEnd(48)} errors ${errors.length}   warnings ${warnings}`,
        )
        for (const e of errors) console.log(`        ${e.code}\n          ${e.msg}\n          ${e.element}`)
        if (errors.length) failed = true
      }
      await page.close()
    }
  } finally {
    await browser.close()
  }
} finally {
  if (server && server.exitCode === null) server.kill('SIGTERM')
}
process.exit(failed ? 1 : 0)

interface HtmlCs {
  process(standard: string, content: Document, callback: () => void): void
  getMessages(): { type: number; code: string; msg: string; element: unknown }[]
}

async function waitForSite(): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (server && server.exitCode !== null) throw new Error(`the site exited (${server.exitCode})`)
    try {
      if ((await fetch(`${site}/api/site-settings/hero_image`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the site did not start within 4 minutes')
}
