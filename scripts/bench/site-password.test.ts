import { describe, expect, it } from 'vitest'
import { chooseSitePassword, type PasswordSources } from './site-password.ts'

/** A bench's view of the machine: the files that exist, the caller's environment and `.env`. */
const sources = (over: Partial<PasswordSources> & { files?: Record<string, string> }): PasswordSources => {
  const files = over.files ?? {}
  return {
    reuse: false,
    ownDataDir: '.data/e2e-8904',
    env: {},
    dotEnv: {},
    readFile: (path) => files[path],
    ...over,
  }
}

describe('the admin password a bench logs in with', () => {
  it("is the bench's own site's generated one, whatever ADMIN_PASSWORD the caller has (that site is hermetic)", () => {
    const chosen = chooseSitePassword(
      sources({
        env: { ADMIN_PASSWORD: 'the-callers-own' },
        dotEnv: { ADMIN_PASSWORD: 'from-dot-env' },
        files: { '.data/e2e-8904/admin-password.txt': 'generated-e2e\n', '.data/admin-password.txt': 'npm-start' },
      }),
    )
    expect(chosen).toEqual({ password: 'generated-e2e', from: '.data/e2e-8904/admin-password.txt' })
  })

  it("beside an `npm start` whose password came from ADMIN_PASSWORD, is that variable's (environment, then .env)", () => {
    expect(chooseSitePassword(sources({ reuse: true, env: { ADMIN_PASSWORD: 'exported' } }))).toEqual({
      password: 'exported',
      from: 'ADMIN_PASSWORD',
    })
    expect(chooseSitePassword(sources({ reuse: true, dotEnv: { ADMIN_PASSWORD: 'in-dot-env' } }))).toEqual({
      password: 'in-dot-env',
      from: 'ADMIN_PASSWORD (.env)',
    })
    expect(
      chooseSitePassword(
        sources({ reuse: true, env: { ADMIN_PASSWORD: 'exported' }, dotEnv: { ADMIN_PASSWORD: 'in-dot-env' } }),
      ).password,
    ).toBe('exported')
  })

  it('beside an `npm start` that generated its password, is the file in its data folder, as its start log says', () => {
    const files = { '.data/admin-password.txt': 'generated\n', '/srv/site/admin-password.txt': 'elsewhere\n' }
    expect(chooseSitePassword(sources({ reuse: true, files }))).toEqual({
      password: 'generated',
      from: '.data/admin-password.txt',
    })
    // The site keeps the password stored first: a generated file wins over a later ADMIN_PASSWORD.
    expect(chooseSitePassword(sources({ reuse: true, files, env: { ADMIN_PASSWORD: 'later' } })).password).toBe(
      'generated',
    )
    // DATA_DIR moves the file, from the environment or .env as for `npm start`.
    expect(chooseSitePassword(sources({ reuse: true, files, dotEnv: { DATA_DIR: '/srv/site' } })).password).toBe(
      'elsewhere',
    )
  })

  it('is --password= when given, over everything else', () => {
    const files = { '.data/e2e-8904/admin-password.txt': 'generated-e2e', '.data/admin-password.txt': 'generated' }
    for (const reuse of [false, true]) {
      expect(
        chooseSitePassword(sources({ reuse, given: 'typed', files, env: { ADMIN_PASSWORD: 'exported' } })),
      ).toEqual({ password: 'typed', from: '--password' })
    }
  })

  it('fails with what to do when there is none', () => {
    expect(() => chooseSitePassword(sources({ env: { ADMIN_PASSWORD: 'ignored' } }))).toThrow(
      "No admin password for the bench's own site: .data/e2e-8904/admin-password.txt is missing (the site writes it when it starts).",
    )
    expect(() => chooseSitePassword(sources({ reuse: true, files: { '.data/admin-password.txt': '  \n' } }))).toThrow(
      'No admin password for the site already running: ADMIN_PASSWORD is not set (environment or .env) and .data/admin-password.txt is missing or empty. Pass --password=... (the one you log in with).',
    )
  })
})
