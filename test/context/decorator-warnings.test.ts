// Development warning for spec "Encapsulation rules" 5 (docs/encapsulation.md): reading a
// request decorator that only another context declares still yields undefined, and logs once
// per route and name where it lives; in production nothing is installed.
import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { buildApp } from '../../examples/three-contexts/app.ts'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown>

const savedEnv = process.env.NODE_ENV
function restoreEnv(): void {
  if (savedEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = savedEnv
}

const warnings = (lines: Line[]) => lines.filter((line) => line.level === 40)

describe('in development', () => {
  beforeEach(() => {
    process.env.NODE_ENV = 'development'
  })
  afterEach(restoreEnv)

  test("reading another context's request decorator warns once per route and name; the value stays undefined", async (t) => {
    const { lines, stream } = captureLogs()
    const app = buildApp({ apiKey: 'key', serverOptions: { logger: { level: 'warn', stream } } })
    t.after(() => app.close())
    const headers = { authorization: 'Bearer key' }
    for (let i = 0; i < 3; i++) {
      assert.deepEqual((await app.inject({ url: '/one', headers })).json(), { answer: 42 })
      assert.deepEqual((await app.inject('/two')).json(), { answer: 42, foo: 'foo' })
      assert.deepEqual((await app.inject('/three')).json(), { answer: 42, foo: 'foo', bar: 'bar' })
    }
    const seen = warnings(lines).map((line) => [line.route, line.decorator, line.declaredIn])
    assert.deepEqual(seen, [
      ['GET /one', 'foo', ['publicChild']],
      ['GET /one', 'bar', ['grandchild']],
      ['GET /two', 'bar', ['grandchild']],
    ])
    const [foo, , bar] = warnings(lines)
    assert.equal(
      foo!.msg,
      "request.foo is undefined in route GET /one (context 'authenticatedChild'): " +
        "decorateRequest('foo') was called in context 'publicChild', which this route cannot see. " +
        "To share it, call decorateRequest('foo') in 'root' (an ancestor of both), " +
        'or wrap the plugin that declares it with plugin() so that it lands in its parent context.',
    )
    // The grandchild's bar is one level below /two's context: the common ancestor is publicChild.
    assert.match(String(bar!.msg), /call decorateRequest\('bar'\) in 'publicChild'/)
    assert.equal(typeof foo!.reqId, 'string')
  })

  test('the warning getter is invisible to JSON and to own keys, and a route may still set the property', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'warn', stream } })
    t.after(() => app.close())
    app.register(async function accounts(child) {
      child.decorateRequest('user', null)
    })
    app.register(async function open(child) {
      child.get('/read', async (request) => ({
        keys: Object.keys(request).includes('user'),
        spread: 'user' in { ...request },
        user: (request as unknown as { user: unknown }).user,
      }))
      child.get('/own', {
        onRequest: async (request) => {
          ;(request as unknown as { user: string }).user = 'set by the route'
        },
        handler: async (request) => ({ user: (request as unknown as { user: string }).user }),
      })
    })
    const read = await app.inject('/read')
    assert.equal(read.body, '{"keys":false,"spread":false}')
    assert.deepEqual((await app.inject('/own')).json(), { user: 'set by the route' })
    assert.deepEqual(
      warnings(lines).map((line) => line.route),
      ['GET /read'],
    )
  })

  test('a name every route can see (declared in the root) gets no getter and no warning', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'warn', stream } })
    t.after(() => app.close())
    app.decorateRequest('shared', 'yes')
    app.get('/', async (request) => ({ shared: (request as unknown as { shared: string }).shared }))
    assert.deepEqual((await app.inject('/')).json(), { shared: 'yes' })
    assert.deepEqual(warnings(lines), [])
  })
})

describe('in production', () => {
  beforeEach(() => {
    process.env.NODE_ENV = 'production'
  })
  afterEach(restoreEnv)

  test("NODE_ENV=production installs no getter: 'foo' in request is false and nothing is logged", async (t) => {
    const { lines, stream } = captureLogs()
    const app = buildApp({ apiKey: 'key', serverOptions: { logger: { level: 'warn', stream } } })
    t.after(() => app.close())
    app.register(async function probe(child) {
      child.get('/probe', async (request) => ({ foo: 'foo' in request, bar: 'bar' in request }))
    })
    assert.deepEqual((await app.inject('/probe')).json(), { foo: false, bar: false })
    assert.deepEqual((await app.inject('/two')).json(), { answer: 42, foo: 'foo' })
    assert.deepEqual(warnings(lines), [])
  })
})
