// Type tests: send() takes web streams and fetch Responses; mediaType and writeEarlyHints.
import { ReadableStream } from 'node:stream/web'
import arbor from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

app.get('/web-stream', (_request, reply) => {
  reply.send(new ReadableStream<Uint8Array>())
})
app.get('/global-web-stream', (_request, reply) => {
  reply.send(new globalThis.ReadableStream())
})
app.get('/response', (_request, reply) => {
  reply.send(new Response('body', { status: 201 }))
})
// A typed reply still accepts them: they bring their own body.
app.get<{ Reply: { ok: boolean } }>('/typed', (_request, reply) => {
  reply.send(new Response(null, { status: 204 }))
  // @ts-expect-error a plain payload is still checked against the Reply type
  reply.send({ ok: 'yes' })
})

app.post('/media', (request, reply) => {
  expectType<string | undefined>()(request.mediaType)
  expectType<string | undefined>()(reply.mediaType)
  // @ts-expect-error mediaType is read-only
  request.mediaType = 'text/plain'
  const chained = reply.writeEarlyHints(
    { link: ['</a.css>; rel=preload', '</b.js>; rel=preload'] },
    () => {},
  )
  expectType<typeof reply>()(chained)
  // @ts-expect-error hints are header values
  reply.writeEarlyHints({ link: 1 })
  return 'ok'
})
