/**
 * `npm run bench:axe`: what one axe check costs in the browser tests, the way
 * `new AxeBuilder({ page }).analyze()` runs it and the way test-support/axe.ts does (legacy mode,
 * violations only), on a few public pages of a site started as the end-to-end tests start it.
 * Prints, per page and way, the machine's busy CPU seconds and the wall time of one check (mean of
 * --runs, after one unmeasured check). The machine's CPU is read from /proc/stat, so run it with
 * nothing else running. Options: --port=8905 --db-port=54346 --runs=5 --routes=/,/news.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { chromium } from '@playwright/test'
import { requireChromium } from '../../test-support/chromium.ts'
import { axe } from '../../test-support/axe.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const port = Number(arg('port', '8905'))
const runs = Math.max(1, Number(arg('runs', '5')))
const routes = arg('routes', '/,/news,/news/1,/games').split(',')
const base = `http://localhost:${port}`

/** Busy CPU time of the whole machine so far, in seconds (user, nice, system, irq, softirq, steal). */
function machineBusy(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const n = fields.map(Number)
  return (n[0]! + n[1]! + n[2]! + n[5]! + n[6]! + n[7]!) / 100
}

const site = spawn(
  process.execPath,
  ['--import', 'tsx', 'scripts/e2e-server.ts', `--port=${port}`, `--db-port=${arg('db-port', '54346')}`],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--disable-gpu'] })
try {
  const until = Date.now() + 240_000
  while (
    !(await fetch(`${base}/api/site-settings/hero_image`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until || site.exitCode !== null) throw new Error('the site did not start')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const page = await (await browser.newContext({ baseURL: base })).newPage()
  const ways: [string, () => AxeBuilder][] = [
    ['AxeBuilder default', () => new AxeBuilder({ page })],
    ['test-support/axe.ts', () => axe(page)],
  ]
  console.log('| page | way | busy CPU s per check | wall ms per check | violations |')
  console.log('| ---- | --- | -------------------- | ----------------- | ---------- |')
  for (const route of routes) {
    await page.goto(route, { waitUntil: 'load' })
    for (const [label, make] of ways) {
      const { violations } = await make().analyze()
      const cpu0 = machineBusy()
      const t0 = performance.now()
      for (let i = 0; i < runs; i++) await make().analyze()
      const cpu = (machineBusy() - cpu0) / runs
      const wall = (performance.now() - t0) / runs
      console.log(`| ${route} | ${label} | ${cpu.toFixed(2)} | ${wall.toFixed(0)} | ${violations.length} |`)
    }
  }
} finally {
  await browser.close()
  site.kill('SIGTERM')
}
