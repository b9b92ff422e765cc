import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPgBin, startTempPostgres, type TempPostgres } from '../../test-support/postgres15.ts'
import { patience } from '../helpers/patience.ts'

/**
 * Every benchmark must still run (issue 41: `bench:newsletter` had stopped bundling, `bench:data`
 * stopped at the search limit, and nobody knew): the ones that need no site build run here at a tiny
 * size, seconds each, and must end well and print their figures. Their figures are not judged here:
 * docs/benchmarks.md has those of full runs. `bench:load` has its own (bench-load-scratch.test.ts);
 * `bench:pages`, `bench:api`, `bench:admin`, `bench:axe` and `bench:validators` build and serve a site first
 * (docs/benchmarks.md).
 * The ones on PostgreSQL 15 make their database in one cluster started here (BENCH_POSTGRES_URL,
 * scripts/bench/bench-database.ts), not in a cluster of their own each: one initdb, not six.
 */
let cluster: TempPostgres | null = null

beforeAll(async () => {
  const bin = findPgBin()
  if (bin) cluster = await startTempPostgres(bin)
})

afterAll(() => cluster?.stop())

function bench(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/bench/${script}.ts`, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...(cluster ? { BENCH_POSTGRES_URL: cluster.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

const runs: [string, string[], RegExp][] = [
  ['newsletter', ['--subscribers=20'], /sent:\s+20 of 20 \(failed 0, in doubt 0, waiting 0\)/],
  ['history', ['--kb=4', '--versions=3'], /the preview\)\s+\d+ ms/],
  ['signups', ['--runs=3'], /confirmed address\s+median\s+[\d.]+ ms/],
  ['audience-flood', ['--beacons=40'], /summary after the made-up sources\s+median\s+[\d.]+ ms/],
  ['deploys', ['--days=3'], /\(simulated in [\d.]+ s\)/],
  ['channels-save', ['--runs=2', '--timeout-ms=200'], /Discord hanging\s+median\s+[\d.]+ ms/],
  [
    'analytics',
    ['--views-per-month=600', '--days=2', '--ingest-seconds=0.5', '--warmup-seconds=0.2', '--concurrency=2'],
    /analytics_settings\s+\d+ rows/,
  ],
  ['data', ['--no-build', '--articles=40', '--lap-records=3000'], /GET \/api\/lap-times\/tracks \(the page\)\s+p50/],
]

describe('the benchmarks at a tiny size', () => {
  for (const [script, args, figures] of runs) {
    it(
      `npm run bench:${script} -- ${args.join(' ')}`,
      async () => {
        const { code, output } = await bench(script, args)
        expect(code, output.slice(-2000)).toBe(0)
        expect(output).toMatch(figures)
      },
      patience(120_000),
    )
  }
})
