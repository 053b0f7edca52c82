// docs/production.md "Past one machine": rate-limit counters kept in Redis hold across
// processes. examples/cluster-redis runs, under `arbor start --workers 2`, two arbor workers
// behind one port with @fastify/rate-limit's Redis store; this test starts its own
// redis-server, spreads requests over both workers and checks that they count against one
// limit, on both Fastify lines.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { typescriptChild } from '../helpers/typescript-child.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAX = 10
const START_TIMEOUT_MS = 60_000

const hasRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error === undefined
const skip = hasRedis
  ? false
  : 'redis-server is not installed: install it to run this test (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)'

interface Answer {
  status: number
  pid: string
  remaining: string | undefined
}

/** GET over a fresh connection (`agent: false`), so the cluster may hand it to either worker. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          pid: String(res.headers['x-served-by']),
          remaining: res.headers['x-ratelimit-remaining'] as string | undefined,
        }),
      )
    })
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path} timed out`)))
    req.on('error', reject)
    req.end()
  })
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** Resolves with the first match of `pattern` in the child's stdout, or rejects on exit/timeout. */
function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => fail(`timed out after ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      seen += chunk
      const match = seen.match(pattern)
      if (match) done(() => resolve(match))
    }
    const onExit = (code: number | null) => fail(`exited with ${code}`)
    function done(settle: () => void) {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
      settle()
    }
    function fail(why: string) {
      done(() => reject(new Error(`${what} ${why}; output so far:\n${seen}`)))
    }
    child.stdout?.on('data', onData)
    child.on('exit', onExit)
  })
}

/** Sends SIGTERM and resolves with the exit code (SIGKILL after 20 s, so nothing outlives us). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  const [code] = await exited
  clearTimeout(killer)
  return code as number | null
}

describe('Past one machine: @fastify/rate-limit with a Redis store counts across a cluster', {
  skip,
}, () => {
  for (const line of [4, 5] as const) {
    test(`Fastify ${line} line: ${MAX} requests spread over 2 workers exhaust one limit of ${MAX}`, async (t) => {
      const redisPort = await freePort()
      const redisServer = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      t.after(() => stop(redisServer))
      await waitFor(redisServer, /Ready to accept connections/, 'redis-server')

      const cluster = spawn(
        process.execPath,
        [
          ...typescriptChild,
          'src/cli/index.ts',
          'start',
          'examples/cluster-redis/server.ts',
          '--workers',
          '2',
          '--port',
          '0',
          '--host',
          '127.0.0.1',
          '--fastify-line',
          String(line),
        ],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
          env: {
            ...process.env,
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            RATE_LIMIT_MAX: String(MAX),
            // Load shedding off: a shared CI machine's lag must not turn a request into a 503.
            MAX_EVENT_LOOP_DELAY_MS: '0',
            LOG_LEVEL: 'info',
          },
        },
      )
      t.after(() => stop(cluster))
      // the primary's line, once both workers accept on the one port
      const [, port] = await waitFor(
        cluster,
        /2 workers listening at http:\/\/127\.0\.0\.1:(\d+)/,
        'the cluster',
      )

      const ready = await get(Number(port), '/ready')
      assert.equal(ready.status, 200)

      const answers: Answer[] = []
      for (let i = 0; i < MAX; i++) answers.push(await get(Number(port), '/api/hello'))
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(MAX).fill(200),
      )
      // One counter: remaining goes MAX-1 .. 0 whichever process answered. Counters kept per
      // process would each start again from MAX-1.
      assert.deepEqual(
        answers.map((a) => a.remaining),
        Array.from({ length: MAX }, (_, i) => String(MAX - 1 - i)),
      )
      const servedBy = new Set(answers.map((a) => a.pid))
      assert.equal(servedBy.size, 2, `both workers served: ${[...servedBy].join(', ')}`)

      // Past the limit, every worker refuses: the next requests reach both processes.
      const refused = [await get(Number(port), '/api/hello'), await get(Number(port), '/api/hello')]
      assert.deepEqual(
        refused.map((a) => a.status),
        [429, 429],
      )
      for (const answer of refused) assert.ok(servedBy.has(answer.pid), answer.pid)

      // The count is in Redis, under the example's namespace.
      const redis = new Redis({ port: redisPort, host: '127.0.0.1', lazyConnect: true })
      t.after(() => redis.disconnect())
      await redis.connect()
      const keys = await redis.keys('cluster-redis-example:*')
      assert.equal(keys.length, 1, keys.join(', '))
      assert.equal(Number(await redis.get(keys[0] as string)), MAX + 2)

      // SIGTERM to the primary drains both workers and the primary exits 0.
      assert.equal(await stop(cluster), 0)
    })
  }
})
