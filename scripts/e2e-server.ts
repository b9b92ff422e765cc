/**
 * The site for the end-to-end tests: `npm start` itself, on a scratch data folder wiped first and
 * its own database port, so tests start from the demo content and never touch .data/.
 * Its environment is the allow-list of scripts/lib/hermetic-env.ts, whoever starts it (`npm test`,
 * or `npx playwright test` from a shell with ADMIN_PASSWORD or AI keys exported): the admin password
 * is the generated one in <data folder>/admin-password.txt, and no key, hook or database of the
 * caller is used. No `.env` either: start.ts is run without `--env-file`.
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { hermeticEnv } from './lib/hermetic-env.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const port = arg('port') ?? '8899'
const dbPort = arg('db-port') ?? '54339'
const dataDir = `.data/e2e-${port}`
rmSync(dataDir, { recursive: true, force: true })

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', `--port=${port}`], {
  env: hermeticEnv(process.env, { DATA_DIR: dataDir, EMBEDDED_DB_PORT: dbPort }),
  stdio: 'inherit',
})
const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
process.on('SIGINT', forward('SIGINT'))
process.on('SIGTERM', forward('SIGTERM'))
child.once('exit', (code) => process.exit(code ?? 0))
