import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'node:http'
import { createInterface } from 'node:readline'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { typescriptChild } from '../helpers/typescript-child.ts'

// The same load against two ways of stopping: the app's own SIGTERM handler calling
// app.close(), and arbor's closeOnSignals helper.
const SERVERS = [
  ['app.close() in a SIGTERM handler', './fixtures/shutdown-server.ts'],
  ['closeOnSignals', './fixtures/signal-server.ts'],
].map(([how, file]) => [how!, fileURLToPath(new URL(file!, import.meta.url))] as const)
const CLIENTS = 50
// Responses completed before SIGTERM is sent, so that it lands mid-load.
const RESPONSES_BEFORE_SIGTERM = 300
// Issue 13: the process is gone at most this long after the last response.
const EXIT_BOUND_MS = 1000
// How long the test waits for the exit before it stops waiting and reports what it saw.
const EXIT_WAIT_MS = 5000
const REQUEST_TIMEOUT_MS = 5000

interface Outcome {
  id: number
  status: number | undefined
  /** The whole response arrived: every body byte, and a body of the expected shape. */
  complete: boolean
  error: string | undefined
  at: number
}

/** What the server process reported on stdout (see fixtures/shutdown-server.ts). */
class ServerLog {
  accepted = new Set<number>()
  port: Promise<number>
  closedAfterMs: number | undefined
  #setPort!: (port: number) => void

  constructor(child: ChildProcess) {
    this.port = new Promise((resolve) => (this.#setPort = resolve))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [event, value] = line.split(' ')
      if (event === 'port') this.#setPort(Number(value))
      else if (event === 'accepted') this.accepted.add(Number(value))
      else if (event === 'closed') this.closedAfterMs = Number(value)
    })
  }
}

function expectedBody(status: number | undefined, body: string): boolean {
  try {
    const payload = JSON.parse(body) as Record<string, unknown>
    if (status === 200) return payload.done === true
    if (status === 503) return payload.statusCode === 503
  } catch {
    // an unparseable body is an incomplete one
  }
  return false
}

function work(agent: Agent, port: number, id: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const done = (outcome: Omit<Outcome, 'id' | 'at'>) =>
      resolve({ id, at: performance.now(), ...outcome })
    const req = request(
      { host: '127.0.0.1', port, path: '/work', agent, headers: { 'x-id': String(id) } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          done({
            status: res.statusCode,
            complete: res.complete && expectedBody(res.statusCode, body),
            error: undefined,
          }),
        )
        res.on('error', (err: NodeJS.ErrnoException) =>
          done({ status: res.statusCode, complete: false, error: err.code ?? err.message }),
        )
      },
    )
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('client timeout')))
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: undefined, complete: false, error: err.code ?? err.message }),
    )
    req.end()
  })
}

for (const [how, SERVER] of SERVERS)
  test(`shutdown under load (${how}): SIGTERM mid-load loses no accepted request, and the process exits`, {
    timeout: 15_000,
  }, async (t) => {
    const spawnedAt = performance.now()
    const child = spawn(process.execPath, [...typescriptChild, SERVER], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const agent = new Agent({ keepAlive: true })
    t.after(() => {
      agent.destroy()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    })
    let stderr = ''
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const log = new ServerLog(child)
    let exitedAt: number | undefined
    const exited = once(child, 'exit').then(() => (exitedAt = performance.now()))
    // 'close' comes after the last stdout line has been read.
    const drained = once(child, 'close')

    const port = await Promise.race([
      log.port,
      exited.then(() => assert.fail(`the server exited before listening: ${stderr}`)),
    ])

    const listeningAfterMs = Math.round(performance.now() - spawnedAt)
    const outcomes: Outcome[] = []
    let nextId = 0
    let signalled!: () => void
    const sigtermDue = new Promise<void>((resolve) => (signalled = resolve))
    // Each client sends requests one after another on a kept-alive socket, until the server
    // answers anything but 200 or the connection fails: then the server is going away.
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const outcome = await work(agent, port, nextId++)
        outcomes.push(outcome)
        if (outcomes.length === RESPONSES_BEFORE_SIGTERM) signalled()
        if (!outcome.complete || outcome.status !== 200) return
      }
    })
    await sigtermDue
    const sigtermAt = performance.now()
    child.kill('SIGTERM')
    await Promise.all(clients)
    const lastResponseAt = Math.max(...outcomes.filter((o) => o.complete).map((o) => o.at))
    let giveUp: NodeJS.Timeout | undefined
    await Promise.race([
      exited,
      new Promise((resolve) => (giveUp = setTimeout(resolve, EXIT_WAIT_MS))),
    ])
    clearTimeout(giveUp)
    if (exitedAt !== undefined) await drained

    const completed = new Set(outcomes.filter((o) => o.complete).map((o) => o.id))
    const lost = [...log.accepted].filter((id) => !completed.has(id))
    const refused = outcomes.filter((o) => !o.complete && !log.accepted.has(o.id))
    const figures = {
      listeningAfterMs,
      requests: outcomes.length,
      ok: outcomes.filter((o) => o.complete && o.status === 200).length,
      unavailable: outcomes.filter((o) => o.complete && o.status === 503).length,
      refusedBeforeAccept: refused.length,
      refusalErrors: [...new Set(refused.map((o) => o.error))],
      lost: lost.length,
      closeResolvedAfterMs: log.closedAfterMs,
      lastResponseAfterSigtermMs: Math.round(lastResponseAt - sigtermAt),
      exitAfterLastResponseMs:
        exitedAt === undefined
          ? `none within ${EXIT_WAIT_MS}`
          : Math.round(exitedAt - lastResponseAt),
    }
    t.diagnostic(JSON.stringify(figures))

    await t.test('every request the server accepted got a complete response', () => {
      assert.ok(log.accepted.size >= RESPONSES_BEFORE_SIGTERM, 'the load reached the server')
      assert.deepEqual(
        lost.map((id) => outcomes.find((o) => o.id === id)),
        [],
        'accepted but not answered in full',
      )
      assert.ok(figures.ok >= RESPONSES_BEFORE_SIGTERM)
    })

    await t.test(`the process exits within ${EXIT_BOUND_MS} ms of the last response`, () => {
      assert.notEqual(exitedAt, undefined, `no exit within ${EXIT_WAIT_MS} ms: ${stderr}`)
      assert.equal(child.exitCode, 0, stderr)
      assert.ok(
        exitedAt! - lastResponseAt <= EXIT_BOUND_MS,
        `exited ${figures.exitAfterLastResponseMs} ms after the last response`,
      )
    })
  })
