// Application faults together, beside normal traffic (issue 27): 2,000 faulty requests (handlers
// that throw, reject, send twice, hang until the client leaves; clients gone mid-body and
// mid-response) interleaved with plain requests on kept-alive connections. Nothing may leak:
// every request ends exactly once, every connection is released, the server's listeners are
// as they were, every request object is reclaimed by garbage collection (a per-request
// retention would keep some), and no promise rejection goes unhandled.
import assert from 'node:assert/strict'
import { Agent } from 'node:http'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import {
  abortMidBody,
  abortMidResponse,
  abortWhileHandled,
  connectionCount,
  eventually,
  listenerCounts,
  Reclaimed,
  send,
} from './app-faults-clients.ts'

const FAULTY = 2000
// Requests in flight at once; plain requests go alongside each batch.
const BATCH = 50
const CHUNK = Buffer.alloc(16 * 1024, 97)
const KINDS = ['throw', 'reject', 'twice', 'hang', 'mid-body', 'mid-response'] as const

test(`${FAULTY} faulty requests beside normal traffic leak no connection, listener, request or rejection`, {
  timeout: 60_000,
}, async (t) => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  t.after(() => process.removeListener('unhandledRejection', onUnhandled))

  const app = arbor()
  const reclaimed = new Reclaimed()
  const ends = new Map<string, number>()
  let started = 0
  let streams = 0
  let streamsDestroyed = 0
  // the hang requests say here when their handler runs, keyed by the x-key header
  const handling = new Map<string, () => void>()
  const end = (id: string) => ends.set(id, (ends.get(id) ?? 0) + 1)
  app.addHook('onRequest', async (request, reply) => {
    started++
    reclaimed.track(request)
    reclaimed.track(reply)
    reclaimed.track(request.raw)
  })
  app.addHook('onResponse', async (request) => end(request.id))
  app.addHook('onRequestAbort', async (request) => end(request.id))
  app.get('/ok', async (request) => ({ ok: request.id }))
  app.get('/throw', () => {
    throw new Error('thrown')
  })
  app.get('/reject', async () => {
    throw new Error('rejected')
  })
  app.get('/twice', (_request, reply) => {
    reply.send({ first: true })
    reply.send({ second: true })
  })
  app.get('/hang', (request) => {
    handling.get(request.headers['x-key'] as string)?.()
    return new Promise((resolve) => request.raw.once('close', () => resolve({ late: true })))
  })
  app.post('/items', async (request) => request.body)
  app.get('/stream', (_request, reply) => {
    streams++
    // endless and paced, as a feed is: only the client going away ends it
    const source: Readable = new Readable({
      read: () => {
        setTimeout(() => source.destroyed || source.push(CHUNK), 1)
      },
    })
    source.once('close', () => streamsDestroyed++)
    return reply.type('application/octet-stream').send(source)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port
  const server = app.server
  const listenersBefore = listenerCounts(server)
  const agent = new Agent({ keepAlive: true, maxSockets: 10 })
  t.after(() => agent.destroy())

  const wrong: string[] = []
  const expect = async (path: string, status: number, body?: string) => {
    const answer = await send(agent, port, path)
    if (answer.status !== status || (body !== undefined && answer.body !== body)) {
      wrong.push(`${path}: ${answer.status} ${answer.body.slice(0, 100)}`)
    }
  }
  const hang = (key: string) => {
    const arrived = new Promise<void>((resolve) => handling.set(key, resolve))
    return abortWhileHandled(port, '/hang', arrived, { 'x-key': key }).finally(() =>
      handling.delete(key),
    )
  }
  let normal = 0
  for (let at = 0; at < FAULTY; at += BATCH) {
    const batch: Array<Promise<unknown>> = []
    for (let i = at; i < at + BATCH && i < FAULTY; i++) {
      const kind = KINDS[i % KINDS.length]!
      if (kind === 'throw') batch.push(expect('/throw', 500))
      else if (kind === 'reject') batch.push(expect('/reject', 500))
      else if (kind === 'twice') batch.push(expect('/twice', 200, '{"first":true}'))
      else if (kind === 'hang') batch.push(hang(String(i)))
      else if (kind === 'mid-body') batch.push(abortMidBody(port, '/items', 100_000, 4_000))
      else batch.push(abortMidResponse(port, '/stream'))
      if (i % 5 === 0) {
        normal++
        batch.push(expect('/ok', 200))
      }
    }
    await Promise.all(batch)
  }
  agent.destroy()

  assert.deepEqual(wrong, [], 'every answered request got its answer')
  // Every request that reached onRequest ends once (a mid-body client may leave before its
  // request was parsed: then there is no request to end).
  assert.equal(await eventually(() => ends.size === started), true, `${ends.size} of ${started}`)
  assert.ok(started >= FAULTY + normal - FAULTY / KINDS.length, `${started} requests started`)
  assert.deepEqual(
    [...ends.entries()].filter(([, count]) => count !== 1),
    [],
    'no request ended twice',
  )
  assert.equal(await eventually(() => streamsDestroyed === streams), true, 'every stream ended')
  assert.equal(await eventually(() => handling.size === 0), true)
  let open = -1
  assert.equal(
    await eventually(() => {
      connectionCount(server).then((count) => (open = count))
      return open === 0
    }),
    true,
    `${open} connections still open`,
  )
  assert.deepEqual(listenerCounts(server), listenersBefore, "the server's listeners")
  const retained = await reclaimed.settle()
  assert.equal(
    retained,
    0,
    `${retained} of ${reclaimed.registered} request objects still reachable`,
  )
  assert.deepEqual(unhandled, [], 'no unhandled rejection')
})
