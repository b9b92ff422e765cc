import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/results-import.ts', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  })

describe('npm run results:import', () => {
  it('prints its usage for --help, and the reason with the usage for an unknown option, never a stack trace', () => {
    const help = run('--help')
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^Usage: npm run results:import -- <file> \[<file>\.\.\.\] --championship "<name>"/)
    expect(help.stdout).toContain('--round <n>')
    expect(help.stderr).not.toMatch(/\bat .+:\d+:\d+/)

    const unknown = run('--champion', 'GT Cup', 'race.json')
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain("Unknown option '--champion'")
    expect(unknown.stderr).toContain('Usage: npm run results:import')
    expect(unknown.stderr).not.toMatch(/\bat .+:\d+:\d+/)
  })
})
