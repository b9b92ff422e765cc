import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const harness = fileURLToPath(new URL('./lambda-harness.mjs', import.meta.url))

export interface FunctionInstance {
  port: number
  /** Sends one request to the instance (one Lambda invocation). */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** What the instance wrote to stderr (errors of the function, failed imports). */
  stderr(): string
  stop(): Promise<void>
}

/**
 * One warm instance of a built function: plain `node` in the unpacked bundle's folder, with only
 * the environment Netlify gives a function (no project variables, no PATH to the project).
 */
export async function startFunctionInstance(
  bundleDir: string,
  env: Record<string, string>,
  options: { instances?: number } = {},
): Promise<FunctionInstance> {
  // The harness runs from beside the bundle, so nothing in the project is on its resolution path.
  const runner = path.join(path.dirname(bundleDir), 'lambda-harness.mjs')
  copyFileSync(harness, runner)
  const args = [runner, bundleDir, ...(options.instances ? [`--instances=${options.instances}`] : [])]
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: bundleDir,
    env: { PATH: '/usr/bin:/bin', HOME: bundleDir, TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening (\d+)/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`the function instance exited (${code}): ${errors}`)))
  })
  return {
    port,
    fetch: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    stderr: () => errors,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
