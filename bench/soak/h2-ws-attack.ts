// npm run soak:h2-attack [-- --arbor /path/to/dist] [--only caseName] [--targets arbor4,arbor5,fastify5]
// Each target runs in its own child; each case gets a fresh server so memory and survival are per case.
import { type ChildProcess, fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BOUND_MS, type CaseResult, h2Cases } from './h2-attack-cases.ts'
import { wsCases } from './ws-attack-cases.ts'

const here = dirname(fileURLToPath(import.meta.url))
const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? (process.argv[i + 1] as string) : def
}
const dist = resolve(arg('arbor', join(here, '../../dist')))
const targets = arg('targets', 'arbor4,arbor5,fastify5').split(',')
const only = arg('only', '')

interface Mem {
  rss: number
  heap: number
}
interface Server {
  child: ChildProcess
  port: number
  mem: Mem
}

function start(kind: string, mode: 'h2' | 'ws'): Promise<Server> {
  const child = fork(join(here, 'h2-attack-server.mjs'), [kind, dist, mode], {
    execArgv: ['--expose-gc'],
    cwd: join(here, '../..'),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  return new Promise((ok, fail) => {
    child.once('message', (m: { port: number; mem: Mem }) =>
      ok({ child, port: m.port, mem: m.mem }),
    )
    child.once('exit', (code) => fail(new Error(`${kind} ${mode} server exited ${code}`)))
    setTimeout(() => fail(new Error('server start timeout')), 15_000)
  })
}

function ask<T>(s: Server, cmd: string, ms = 15_000): Promise<T | null> {
  return new Promise((ok) => {
    if (!s.child.connected) return ok(null)
    const t = setTimeout(() => ok(null), ms)
    s.child.once('message', (m: T) => {
      clearTimeout(t)
      ok(m)
    })
    s.child.send({ cmd })
  })
}

/** 20 requests a second on a separate connection while the attack runs. */
function honest(
  port: number,
  mode: 'h2' | 'ws',
): { stop: () => { sent: number; answered: number } } {
  let sent = 0
  let answered = 0
  let session: http2.ClientHttp2Session | null = null
  const one = (): void => {
    sent++
    if (mode === 'ws') {
      const r = http.get(
        { host: '127.0.0.1', port, path: '/', timeout: 2000, agent: false },
        (res) => {
          res.resume()
          if (res.statusCode === 200) answered++
        },
      )
      r.on('timeout', () => r.destroy())
      r.on('error', () => {})
      return
    }
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(`http://127.0.0.1:${port}`)
      session.on('error', () => {})
    }
    const r = session.request({ ':path': '/' })
    r.setTimeout(2000, () => r.close())
    r.on('response', (h) => h[':status'] === 200 && answered++)
    r.on('error', () => {})
    r.resume()
    r.end()
  }
  const t = setInterval(one, 50)
  return {
    stop: () => {
      clearInterval(t)
      session?.destroy()
      return { sent, answered }
    },
  }
}

interface Row {
  target: string
  case: string
  held: boolean
  cutMs: number | null
  rssDeltaMB: number | null
  heapDeltaMB: number | null
  honest: string
  note: string
}
const legit = new Set(['concurrent1000', 'pastStreamLimit', 'messageFlood'])
const mb = (n: number): number => Math.round((n / 1048576) * 10) / 10

/** close() with an HTTP/2 client that never reads a 20 MB reply. */
async function closeUnread(port: number, s: Server): Promise<CaseResult & { mem?: Mem }> {
  const c = http2.connect(`http://127.0.0.1:${port}`)
  c.on('error', () => {})
  const r = c.request({ ':path': '/big' })
  r.on('error', () => {})
  r.pause()
  r.end()
  await new Promise((ok) => setTimeout(ok, 1000))
  const m = await ask<{ closed: boolean; ms: number; mem: Mem }>(s, 'close', 15_000)
  c.destroy()
  if (!m) return { cutMs: null, note: 'no answer' }
  return {
    cutMs: m.closed ? m.ms : null,
    note: m.closed ? 'close() resolved' : 'close() pending at 10 s',
    mem: m.mem,
  }
}

async function runCase(
  target: string,
  mode: 'h2' | 'ws',
  name: string,
  fn: (port: number, s: Server) => Promise<CaseResult & { mem?: Mem }>,
): Promise<Row> {
  let s: Server
  try {
    s = await start(target, mode)
  } catch (e) {
    return {
      target,
      case: name,
      held: false,
      cutMs: null,
      rssDeltaMB: null,
      heapDeltaMB: null,
      honest: '-',
      note: `start failed: ${(e as Error).message}`,
    }
  }
  const before = (await ask<{ mem: Mem }>(s, 'mem'))?.mem ?? s.mem
  const h = name === 'closeUnread' ? null : honest(s.port, mode)
  const started = Date.now()
  let res: CaseResult & { mem?: Mem }
  try {
    res = await Promise.race([
      fn(s.port, s),
      new Promise<CaseResult>((ok) =>
        setTimeout(() => ok({ cutMs: null, note: 'case bound' }), BOUND_MS + 5000),
      ),
    ])
  } catch (e) {
    res = { cutMs: null, note: `harness error ${(e as Error).message}` }
  }
  // The honest client keeps going at least 3 s, so a server that dies or stalls after a quick cut shows.
  const left = 3000 - (Date.now() - started)
  if (left > 0) await new Promise((ok) => setTimeout(ok, left))
  const counts = h?.stop()
  const after = res.mem ?? (await ask<{ mem: Mem }>(s, 'mem'))?.mem
  const alive = s.child.exitCode === null && s.child.connected
  s.child.kill('SIGKILL')
  const honestOk = !counts || counts.answered >= counts.sent * 0.9
  return {
    target,
    case: name,
    // Legitimate load must not be cut; every attack must be (a GOAWAY with the socket left open is not a cut).
    held: alive && honestOk && (legit.has(name) ? res.cutMs === null : res.cutMs !== null),
    cutMs: res.cutMs,
    rssDeltaMB: after ? mb(after.rss - before.rss) : null,
    heapDeltaMB: after ? mb(after.heap - before.heap) : null,
    honest: counts ? `${counts.answered}/${counts.sent}` : '-',
    note: `${alive ? '' : 'SERVER DIED; '}${res.note ?? ''}`,
  }
}

const rows: Row[] = []
const cases: Array<
  [
    mode: 'h2' | 'ws',
    name: string,
    fn: (port: number, s: Server) => Promise<CaseResult & { mem?: Mem }>,
  ]
> = [
  ...Object.entries(h2Cases).map(([n, f]) => ['h2', n, f] as ['h2', string, typeof f]),
  ['h2', 'closeUnread', closeUnread],
  ...Object.entries(wsCases).map(([n, f]) => ['ws', n, f] as ['ws', string, typeof f]),
]
for (const [mode, name, fn] of cases) {
  if (only && !only.split(',').includes(name)) continue
  for (const target of targets) {
    const row = await runCase(target, mode, name, fn)
    rows.push(row)
    console.log(
      [
        row.case.padEnd(20),
        row.target.padEnd(9),
        (row.held ? 'held' : 'FAILED').padEnd(6),
        `cut ${row.cutMs ?? '-'} ms`.padEnd(14),
        `rss ${row.rssDeltaMB} MB`.padEnd(14),
        `heap ${row.heapDeltaMB} MB`.padEnd(15),
        `honest ${row.honest}`.padEnd(15),
        row.note,
      ].join(' '),
    )
  }
}
mkdirSync(join(here, '../results'), { recursive: true })
writeFileSync(
  join(here, '../results/h2-ws-attack.json'),
  `${JSON.stringify({ dist, date: new Date().toISOString(), boundMs: BOUND_MS, rows }, null, 2)}\n`,
)
process.exit(0)
