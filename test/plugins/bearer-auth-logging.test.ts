// Issue 6: a key never appears in logs, whatever the outcome of the request, even at the
// most verbose level.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { type BearerAuthOptions, bearerAuth } from '../../src/plugins/bearer-auth/index.ts'

const KEY = 'Zs8-very-secret-api-key-9Qx'
const WRONG = 'Wk2-wrong-token-presented-7Lp'

function loggedApp(options: BearerAuthOptions) {
  let output = ''
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      output += String(chunk)
      callback()
    },
  })
  const app = arbor({ logger: { level: 'trace', stream } })
  app.register(async (child: ArborInstance) => {
    await child.register(bearerAuth, options)
    child.get('/protected', async () => ({ ok: true }))
  })
  app.get('/public', async () => ({ ok: true }))
  return { app, output: () => output }
}

const headers = [
  undefined,
  `Bearer ${KEY}`,
  `Bearer ${WRONG}`,
  `bearer ${KEY}`,
  `Basic ${KEY}`,
  `Bearer ${KEY}${WRONG}`,
  `Bearer ${KEY.slice(0, 10)}`,
]

test('bearer auth: the key and presented tokens never appear in log output (keys, level trace)', async (t) => {
  const { app, output } = loggedApp({ keys: [KEY] })
  t.after(() => app.close())
  const statuses: number[] = []
  for (const url of ['/protected', '/public']) {
    for (const authorization of headers) {
      const res = await app.inject({
        url,
        headers: authorization === undefined ? {} : { authorization },
      })
      statuses.push(res.statusCode)
    }
  }
  assert.deepEqual(statuses, [401, 200, 401, 401, 401, 401, 401, 200, 200, 200, 200, 200, 200, 200])
  const log = output()
  // The capture works: requests and rejections were logged.
  assert.match(log, /"msg":"bearer auth: missing authorization header"/)
  assert.match(log, /"msg":"bearer auth: invalid authorization header"/)
  assert.match(log, /"statusCode":200/)
  assert.ok(!log.includes(KEY), 'the key is not logged')
  assert.ok(!log.includes(KEY.slice(0, 10)), 'no part of the key is logged')
  assert.ok(!log.includes(WRONG), 'a wrong token is not logged')
})

test('bearer auth: tokens never appear in log output with an auth function, failing or not', async (t) => {
  let mode: 'accept' | 'reject' | 'throw' = 'accept'
  const { app, output } = loggedApp({
    auth: async () => {
      if (mode === 'throw') throw new Error('token store unreachable')
      return mode === 'accept'
    },
  })
  t.after(() => app.close())
  const statuses: number[] = []
  for (mode of ['accept', 'reject', 'throw'] as const) {
    const res = await app.inject({ url: '/protected', headers: { authorization: `Bearer ${KEY}` } })
    statuses.push(res.statusCode)
  }
  assert.deepEqual(statuses, [200, 401, 500])
  const log = output()
  assert.match(log, /"msg":"bearer auth: the auth function failed"/)
  assert.match(log, /token store unreachable/)
  assert.ok(!log.includes(KEY))
})
