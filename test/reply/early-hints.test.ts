import assert from 'node:assert/strict'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

const link = '</styles.css>; rel=preload; as=style'

test('reply.writeEarlyHints sends a 103 before the response over HTTP/1, then calls back', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  let calledBack = false
  app.get('/', async (_request, reply) => {
    const chained = reply.writeEarlyHints({ link }, () => {
      calledBack = true
    })
    assert.equal(chained, reply)
    return 'page'
  })
  const port = await listenLocal(app)
  const seen = await new Promise<{
    hints: http.IncomingHttpHeaders[]
    status: number
    body: string
  }>((resolve, reject) => {
    const hints: http.IncomingHttpHeaders[] = []
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false })
    req.on('information', (info) => {
      assert.equal(info.statusCode, 103)
      hints.push(info.headers)
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ hints, status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
  assert.equal(seen.hints.length, 1)
  assert.equal(seen.hints[0]?.link, link)
  assert.equal(seen.status, 200)
  assert.equal(seen.body, 'page')
  assert.equal(calledBack, true)
})

test('reply.writeEarlyHints sends a 103 over HTTP/2', async (t) => {
  const app = arbor({ http2: true })
  app.get('/', async (_request, reply) => {
    reply.writeEarlyHints({ link })
    return 'page'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const client = http2.connect(`http://127.0.0.1:${port}`)
  // the client's session first: close() waits for open sessions (http2SessionTimeout, 72 s)
  t.after(async () => {
    client.close()
    await app.close()
  })
  const seen = await new Promise<{
    hint: http2.IncomingHttpHeaders
    status: unknown
    body: string
  }>((resolve, reject) => {
    let hint: http2.IncomingHttpHeaders = {}
    let status: unknown
    let body = ''
    const req = client.request({ ':path': '/' })
    req.on('headers', (headers) => {
      hint = headers
    })
    req.on('response', (headers) => {
      status = headers[':status']
    })
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => resolve({ hint, status, body }))
    req.on('error', reject)
    req.end()
  })
  assert.equal(seen.hint[':status'], 103)
  assert.equal(seen.hint.link, link)
  assert.equal(seen.status, 200)
  assert.equal(seen.body, 'page')
})

test('under inject, early hints call back and leave the response as it is', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  let calledBack!: () => void
  const callback = new Promise<void>((resolve) => {
    calledBack = resolve
  })
  app.get('/', async (_request, reply) => {
    reply.writeEarlyHints({ link }, calledBack)
    return 'page'
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 200)
  assert.equal(res.body, 'page')
  await callback
})
