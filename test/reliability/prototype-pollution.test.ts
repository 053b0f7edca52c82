import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { listenLocal } from '../helpers/http.ts'
import { findLeak, rawExchange, show } from '../helpers/raw-http.ts'
import { assertServing, get } from './corpus.ts'
import { targetApp } from './fixtures/target-app.ts'

// Query strings that pollute Object.prototype through a parser that builds nested objects
// (qs-style brackets, dotted paths). arbor's parser must keep each one a flat, plain key.
const queries: Array<[query: string, name: string]> = [
  ['__proto__[polluted]=1', 'bracketed __proto__'],
  ['constructor[prototype][polluted]=1', 'bracketed constructor.prototype'],
  ['__proto__.polluted=1', 'dotted __proto__'],
  ['constructor.prototype.polluted=1', 'dotted constructor.prototype'],
  ['a[__proto__][polluted]=1', '__proto__ nested under a key'],
  ['__proto__%5Bpolluted%5D=1', 'percent-encoded brackets'],
  ['%5F%5Fproto%5F%5F[polluted]=1', 'a percent-encoded __proto__'],
  ['__proto__=1', 'a plain __proto__ key'],
  ['__proto__[polluted]=1&__proto__[polluted]=2', 'a repeated __proto__ key'],
]

// The routes a query reaches: one without a query schema, one whose schema coerces the query.
const routes = ['/query', '/items', '/ok']

function assertNotPolluted(): void {
  const probe = {} as Record<string, unknown>
  assert.equal(probe.polluted, undefined, '({}).polluted')
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined)
  assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false)
}

describe('prototype pollution through the query string leaves Object.prototype clean', () => {
  const { app } = targetApp()
  let port = 0
  before(async () => {
    port = await listenLocal(app)
  })
  after(() => app.close())

  for (const [query, name] of queries) {
    test(`[pollution] ${name}: ?${query}`, async (t) => {
      for (const route of routes) {
        const { responses, text } = await rawExchange(port, get(`${route}?${query}`))
        t.diagnostic(`${route}: ${responses.map((r) => `${r.status} ${r.body}`).join(' ')}`)
        assert.equal(findLeak(text), undefined, `a stack trace or path leaked: ${show(text)}`)
        assert.equal(responses.length, 1, show(text))
        // A well-formed request: 200, or a 4xx where a schema refuses the key; never a 5xx.
        const { status, body } = responses[0]!
        assert.ok(status === 200 || (status >= 400 && status < 500), `${route}: ${status}`)
        if (route === '/query' && status === 200) {
          assert.equal((JSON.parse(body) as { polluted: unknown }).polluted, null, body)
        }
        assertNotPolluted()
      }
      await assertServing(port)
      assertNotPolluted()
    })
  }

  test('[pollution] a header named __proto__ or constructor is an ordinary header', async () => {
    const headers = '__proto__: {"polluted":1}\r\nconstructor: {"prototype":{"polluted":1}}\r\n'
    const { statuses, responses, text } = await rawExchange(port, get('/query', headers))
    assert.deepEqual(statuses, [200], show(text))
    assert.equal((JSON.parse(responses[0]!.body) as { polluted: unknown }).polluted, null)
    assertNotPolluted()
    await assertServing(port)
  })
})
