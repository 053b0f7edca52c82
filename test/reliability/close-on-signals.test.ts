// closeOnSignals (src/server/shutdown.ts) in a real process: a request that never ends is cut
// after the grace period, the process exits with 1 and says what it cut. Its behaviour under
// load is in shutdown-under-load.test.ts.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { request } from 'node:http'
import { connect as connectH2 } from 'node:http2'
import { createInterface } from 'node:readline'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import arbor, { closeOnSignals, errorCodes } from '../../src/index.ts'
import { typescriptChild } from '../helpers/typescript-child.ts'

const SERVER = fileURLToPath(new URL('./fixtures/signal-server.ts', import.meta.url))

interface LogLine {
  level: number
  msg: string
  [key: string]: unknown
}

/** The fixture server in a child process, its stdout events and its stderr log lines. */
class ServerProcess {
  readonly child: ChildProcess
  readonly logs: LogLine[] = []
  readonly port: Promise<number>
  readonly exited: Promise<[code: number | null, signal: NodeJS.Signals | null]>
  #events = new Map<string, () => void>()
  #seen = new Set<string>()

  constructor(graceMs: number, http2 = false) {
    this.child = spawn(process.execPath, [...typescriptChild, SERVER], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GRACE_MS: String(graceMs), HTTP2: http2 ? '1' : '0' },
    })
    this.exited = once(this.child, 'close') as Promise<[number | null, NodeJS.Signals | null]>
    this.port = new Promise((resolve) => {
      createInterface({ input: this.child.stdout! }).on('line', (line) => {
        const [event, value] = line.split(' ')
        if (event === 'port') resolve(Number(value))
        this.#seen.add(line)
        this.#events.get(line)?.()
      })
    })
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      try {
        this.logs.push(JSON.parse(line) as LogLine)
      } catch {
        this.logs.push({ level: 0, msg: line })
      }
    })
  }

  /** Resolves once the server printed `line` on stdout. */
  printed(line: string): Promise<void> {
    if (this.#seen.has(line)) return Promise.resolve()
    return new Promise((resolve) => this.#events.set(line, resolve))
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }
}

/** A GET that reports how it ended: a status, or the error that cut it. */
function get(port: number, path: string, id: number): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { 'x-id': String(id) } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(`status ${res.statusCode}`))
        res.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code ?? err.message}`))
      },
    )
    req.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code ?? err.message}`))
    req.end()
  })
}

test('closeOnSignals: a request still running when the grace period ends is cut, the process exits with 1 and logs what it cut', {
  timeout: 20_000,
}, async (t) => {
  const graceMs = 300
  const server = new ServerProcess(graceMs)
  t.after(() => server.kill())
  const port = await server.port
  const stuck = get(port, '/stuck', 1)
  await server.printed('accepted 1')
  const signalledAt = performance.now()
  server.child.kill('SIGTERM')
  const [code] = await server.exited
  const exitedAfterMs = performance.now() - signalledAt

  assert.equal(code, 1, 'a close cut short is a failure')
  assert.ok(exitedAfterMs >= graceMs, `exited after ${exitedAfterMs} ms, before the grace period`)
  assert.match(await stuck, /^error /, 'the stuck request was cut, not answered')
  const cut = server.logs.find((line) => line.level === 50)
  assert.ok(cut !== undefined, `no error line in ${JSON.stringify(server.logs)}`)
  assert.match(cut.msg, /longer than 300 ms/)
  assert.match(cut.msg, /cutting 1 request\(s\) in flight: GET \/stuck/)
  assert.deepEqual(cut.cut, [{ method: 'GET', url: '/stuck', remoteAddress: '127.0.0.1' }])
  assert.ok(
    server.logs.some((line) => line.level === 30 && /^SIGTERM received/.test(line.msg)),
    'the signal is logged',
  )
})

test('closeOnSignals on an h2c server: the grace period ends with its HTTP/2 sessions destroyed and counted as its connections', {
  timeout: 20_000,
}, async (t) => {
  const server = new ServerProcess(300, true)
  t.after(() => server.kill())
  const port = await server.port
  const client = connectH2(`http://127.0.0.1:${port}`)
  client.on('error', () => {})
  t.after(() => client.destroy())
  const stream = client.request({ ':path': '/stuck', 'x-id': '1' })
  stream.on('error', () => {})
  stream.resume()
  await server.printed('accepted 1')
  const clientClosed = once(client, 'close')
  server.child.kill('SIGTERM')
  const [code] = await server.exited
  assert.equal(code, 1, 'a close cut short is a failure')
  await clientClosed
  const cut = server.logs.find((line) => line.level === 50)
  assert.ok(cut !== undefined, `no error line in ${JSON.stringify(server.logs)}`)
  assert.match(cut.msg, /longer than 300 ms: destroying 1 connection\(s\)/)
  assert.equal(cut.connections, 1)
})

test('closeOnSignals: a second signal during the graceful close cuts at once', {
  timeout: 20_000,
}, async (t) => {
  // a grace period the test would time out on: only the second signal can end the process
  const server = new ServerProcess(60_000)
  t.after(() => server.kill())
  const port = await server.port
  const stuck = get(port, '/stuck', 1)
  await server.printed('accepted 1')
  server.child.kill('SIGTERM')
  await server.printed('closing')
  server.child.kill('SIGINT')
  const [code] = await server.exited
  assert.equal(code, 1)
  assert.match(await stuck, /^error /)
  const cut = server.logs.find((line) => line.level === 50)
  assert.match(cut?.msg ?? '', /^a second signal \(SIGINT\)/)
  assert.match(cut?.msg ?? '', /GET \/stuck/)
})

test('closeOnSignals: a clean close exits with 0 once the in-flight request is answered', {
  timeout: 20_000,
}, async (t) => {
  const server = new ServerProcess(10_000)
  t.after(() => server.kill())
  const port = await server.port
  const work = get(port, '/work', 1)
  await server.printed('accepted 1')
  server.child.kill('SIGTERM')
  const [code] = await server.exited
  assert.equal(code, 0)
  assert.equal(await work, 'status 200')
  assert.ok(server.logs.some((line) => line.msg === 'closed: exiting'))
})

test('closeOnSignals: bad options throw FST_ERR_SHUTDOWN_OPTIONS_INVALID; the returned function removes the listeners', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  for (const options of [
    { graceMs: -1 },
    { graceMs: Number.NaN },
    { signals: 'SIGTERM' },
    { signals: [] },
    { signals: ['TERM'] },
  ]) {
    assert.throws(
      () => closeOnSignals(app, options as never),
      (err: Error & { code?: string }) => {
        assert.ok(err instanceof errorCodes.FST_ERR_SHUTDOWN_OPTIONS_INVALID)
        assert.match(err.message, /^Invalid closeOnSignals options: /)
        return true
      },
      JSON.stringify(options),
    )
  }
  const before = [process.listenerCount('SIGTERM'), process.listenerCount('SIGUSR2')]
  const remove = closeOnSignals(app, { signals: ['SIGTERM', 'SIGUSR2'], graceMs: 5 })
  assert.deepEqual(
    [process.listenerCount('SIGTERM'), process.listenerCount('SIGUSR2')],
    [before[0]! + 1, before[1]! + 1],
  )
  remove()
  assert.deepEqual([process.listenerCount('SIGTERM'), process.listenerCount('SIGUSR2')], before)
})
