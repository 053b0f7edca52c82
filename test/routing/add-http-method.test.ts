// addHttpMethod and supportedMethods (Fastify 5, in every line): docs/routes.md "Methods".
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const echo = async (request: { body?: unknown }) => ({
  body: request.body === undefined ? 'none' : request.body,
})

test('a method node:http knows but the app does not route is FST_ERR_ROUTE_METHOD_NOT_SUPPORTED until added', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  assert.throws(() => app.route({ method: 'REBIND', url: '/', handler: echo }), {
    code: 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED',
  })
  assert.equal(app.supportedMethods.includes('REBIND'), false)
  assert.equal('rebind' in app, false)
  const returned = app.addHttpMethod('REBIND')
  assert.equal(returned, app)
  assert.equal(app.supportedMethods.includes('REBIND'), true)
  returned.rebind('/foo', async () => 'hello')
  const res = await app.inject({ method: 'REBIND' as 'GET', url: '/foo' })
  assert.equal(res.body, 'hello')
})

test('addHttpMethod refuses a method node:http does not know, or a lower-case one: FST_ERR_ROUTE_METHOD_INVALID', () => {
  const app = arbor()
  for (const method of ['FOOO', 'rebind', '', 42]) {
    assert.throws(() => app.addHttpMethod(method as string), {
      code: 'FST_ERR_ROUTE_METHOD_INVALID',
      message: 'Provided method is invalid!',
    })
  }
})

test('a method added without hasBody: its body is not read and a body schema is refused', async (t) => {
  const app = arbor({ fastifyLine: 5 }).addHttpMethod('PROPFIND')
  t.after(() => app.close())
  assert.throws(
    () =>
      app.route({
        method: 'PROPFIND',
        url: '/schema',
        schema: { body: { type: 'object' } },
        handler: echo,
      }),
    {
      code: 'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED',
      message: 'Body validation schema for PROPFIND:/schema route is not supported!',
    },
  )
  app.propfind('/', echo)
  const res = await app.inject({ method: 'PROPFIND' as 'GET', url: '/', payload: { a: 1 } })
  assert.deepEqual(res.json(), { body: 'none' })
})

test('a method added with hasBody: true has its bodies parsed, in both lines', async (t) => {
  for (const line of [4, 5] as const) {
    const app = arbor({ fastifyLine: line }).addHttpMethod('LOCK', {
      hasBody: true,
      overrideExisting: true,
    })
    t.after(() => app.close())
    app.lock('/', echo)
    const parsed = await app.inject({ method: 'LOCK' as 'GET', url: '/', payload: { a: 1 } })
    assert.deepEqual(parsed.json(), { body: { a: 1 } }, `line ${line}`)
    // a body with no parser for its type gets 415; none at all reaches the handler
    const xml = await app.inject({
      method: 'LOCK' as 'GET',
      url: '/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    assert.equal(xml.statusCode, 415)
    const empty = await app.inject({ method: 'LOCK' as 'GET', url: '/' })
    assert.deepEqual(empty.json(), { body: 'none' })
  }
})

test('addHttpMethod can give GET a body (overrideExisting), schema.body included', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
  app.route({
    method: 'GET',
    url: '/',
    exposeHeadRoute: false,
    schema: { body: { type: 'object', required: ['a'] } },
    handler: echo,
  })
  const res = await app.inject({ method: 'GET', url: '/', payload: { a: 1 } })
  assert.deepEqual(res.json(), { body: { a: 1 } })
})

test('adding a method that exists warns FSTDEP025 on every call unless overrideExisting is set', (t) => {
  const warnings: Array<{ name: string; code?: string }> = []
  const onWarning = (warning: Error & { code?: string }) => warnings.push(warning)
  process.on('warning', onWarning)
  t.after(() => process.removeListener('warning', onWarning))
  const app = arbor()
  app.addHttpMethod('GET', { hasBody: false })
  app.addHttpMethod('GET', { hasBody: false })
  app.addHttpMethod('POST', { hasBody: true, overrideExisting: true })
  app.addHttpMethod('REBIND')
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      assert.deepEqual(
        warnings.map((w) => [w.name, w.code]),
        [
          ['FastifyDeprecation', 'FSTDEP025'],
          ['FastifyDeprecation', 'FSTDEP025'],
        ],
      )
      resolve()
    }),
  )
})

test('the Fastify 4 line built-in WebDAV methods can be added without FSTDEP025', (t) => {
  const warnings: unknown[] = []
  const onWarning = (warning: unknown) => warnings.push(warning)
  process.on('warning', onWarning)
  t.after(() => process.removeListener('warning', onWarning))
  arbor({ fastifyLine: 4 }).addHttpMethod('SEARCH', { hasBody: true })
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      assert.equal(warnings.length, 0)
      resolve()
    }),
  )
})

test('methods belong to the application: one added in a plugin is routed everywhere, its shorthand stays in the plugin', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(async (child) => {
    child.addHttpMethod('MKCOL')
    assert.equal(typeof (child as unknown as { mkcol: unknown }).mkcol, 'function')
  })
  assert.equal('mkcol' in app, false)
  assert.equal(app.supportedMethods.includes('MKCOL'), true)
  app.route({ method: 'MKCOL', url: '/col', handler: async () => 'made' })
  const res = await app.inject({ method: 'MKCOL' as 'GET', url: '/col' })
  assert.equal(res.body, 'made')
})

test('all() routes every supported method, those added by addHttpMethod included', async (t) => {
  const app = arbor({ fastifyLine: 5 })
  t.after(() => app.close())
  app.addHttpMethod('COPY')
  app.all('/', async (request) => request.method)
  for (const method of app.supportedMethods) {
    const res = await app.inject({
      method: method as 'GET',
      url: '/',
      // QUERY needs a content type and content (RFC 10008)
      ...(method === 'QUERY' ? { payload: { q: 1 } } : {}),
    })
    assert.equal(res.statusCode, 200, method)
    if (method !== 'HEAD') assert.equal(res.body, method)
  }
})

test('trace() and query() shorthands route TRACE and QUERY', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.trace('/t', async () => 'traced')
  app.query('/q', async (request) => request.body)
  const traced = await app.inject({ method: 'TRACE' as 'GET', url: '/t' })
  assert.equal(traced.body, 'traced')
  const queried = await app.inject({ method: 'QUERY' as 'GET', url: '/q', payload: { q: 1 } })
  assert.deepEqual(queried.json(), { q: 1 })
})
