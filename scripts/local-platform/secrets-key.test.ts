import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureSecretsKey } from './secrets-key.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("npm start's SECRETS_KEY", () => {
  it('is made once in DATA_DIR/secrets.key, readable by its owner only, and the same at the next start', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'secrets-key-')), 'data')
    dirs.push(path.dirname(dataDir))
    const first: NodeJS.ProcessEnv = { DATA_DIR: dataDir }
    ensureSecretsKey(first)
    expect(first.SECRETS_KEY!.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dataDir, 'secrets.key')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.SECRETS_KEY)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // A second start keeps it: a new key would leave every connected channel unreadable.
    const second: NodeJS.ProcessEnv = { DATA_DIR: dataDir }
    ensureSecretsKey(second)
    expect(second.SECRETS_KEY).toBe(first.SECRETS_KEY)
  })

  it("leaves the owner's own SECRETS_KEY alone and writes nothing", () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'secrets-key-')), 'data')
    dirs.push(path.dirname(dataDir))
    const environment: NodeJS.ProcessEnv = { DATA_DIR: dataDir, SECRETS_KEY: 'the-owners-own-key-of-32-characters!' }
    ensureSecretsKey(environment)
    expect(environment.SECRETS_KEY).toBe('the-owners-own-key-of-32-characters!')
    expect(() => statSync(path.join(dataDir, 'secrets.key'))).toThrow()
  })
})
