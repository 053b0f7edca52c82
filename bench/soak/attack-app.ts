// The application the attack soak (bench/soak/attack.ts) loads, written once for arbor and
// Fastify 5 alike: a plugin function over the Fastify API both implement. A probe route for the
// normal traffic, a JSON body route (the slow bodies' and mid-body aborts' target), handlers
// that throw and reject (the error storm), a paced stream (the mid-response aborts' target),
// and the memory read-out the runner samples.
import { Readable } from 'node:stream'

/** The part of the Fastify API this app uses; arbor's and Fastify 5's instances both have it. */
export interface AttackAppHost {
  get(path: string, handler: (request: never, reply: never) => unknown): unknown
  post(path: string, options: { schema: object }, handler: (request: never) => unknown): unknown
}

interface Reply {
  type(contentType: string): Reply
  send(payload: unknown): Reply
}

const CHUNK = Buffer.alloc(4 * 1024, 97)
// 64 chunks, 1 ms apart: long enough that a client leaving at the first bytes leaves mid-response
const STREAM_CHUNKS = 64

const gc = (globalThis as { gc?: () => void }).gc

export function attackApp(app: AttackAppHost): void {
  app.get('/probe', async () => ({ ok: true }))

  app.post(
    '/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, pad: { type: 'string' } },
        },
      },
    },
    async (request: { body: { name: string } }) => ({ name: request.body.name }),
  )

  app.get('/throw', () => {
    throw new Error('storm: thrown')
  })

  app.get('/reject', async () => {
    throw new Error('storm: rejected')
  })

  app.get('/stream', (_request: unknown, reply: Reply) => {
    let sent = 0
    const source: Readable = new Readable({
      read() {
        if (sent === STREAM_CHUNKS) return void source.push(null)
        sent++
        setTimeout(() => source.destroyed || source.push(CHUNK), 1)
      },
    })
    return reply.type('application/octet-stream').send(source)
  })

  // With ?gc=1 (and node --expose-gc) a full collection runs first.
  app.get('/_soak/memory', async (request: { query: { gc?: string } }) => {
    if (request.query.gc === '1') gc?.()
    const { rss, heapUsed } = process.memoryUsage()
    return { rss, heapUsed }
  })
}
