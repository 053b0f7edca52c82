import assert from 'node:assert/strict'
import { IncomingMessage } from 'node:http'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

describe('request', () => {
  test('id is a string, different for each request', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    const a = (await app.inject('/')).json().id
    const b = (await app.inject('/')).json().id
    assert.equal(typeof a, 'string')
    assert.equal(typeof b, 'string')
    assert.notEqual(a, b)
  })

  test('params, query, headers, url, originalUrl and method', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/users/:id', async (request) => ({
      params: request.params,
      query: request.query,
      header: request.headers['x-test'],
      url: request.url,
      originalUrl: request.originalUrl,
      method: request.method,
      body: request.body ?? 'none',
    }))
    const res = await app.inject({
      method: 'GET',
      url: '/users/42?tag=a&tag=b&one=1',
      headers: { 'x-test': 'hello' },
    })
    assert.deepEqual(res.json(), {
      params: { id: '42' },
      query: { tag: ['a', 'b'], one: '1' },
      header: 'hello',
      url: '/users/42?tag=a&tag=b&one=1',
      originalUrl: '/users/42?tag=a&tag=b&one=1',
      method: 'GET',
      body: 'none',
    })
  })

  test('query is an empty object when there is no query string', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({ query: request.query }))
    assert.deepEqual((await app.inject('/')).json(), { query: {} })
  })

  test('query without a query string is a plain object, as in Fastify 4 and 5; with one it has no prototype', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const describeQuery = (query: object) => ({
      plain: Object.getPrototypeOf(query) === Object.prototype,
      hasOwnProperty: typeof (query as { hasOwnProperty?: unknown }).hasOwnProperty,
      keys: Object.keys(query),
    })
    app.get('/', async (request) => describeQuery(request.query as object))
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send(describeQuery(request.query as object)),
    )
    for (const url of ['/', '/?', '/missing', '/missing?']) {
      assert.deepEqual(
        (await app.inject(url)).json(),
        { plain: true, hasOwnProperty: 'function', keys: [] },
        url,
      )
    }
    for (const url of ['/?a=1', '/missing?a=1']) {
      assert.deepEqual(
        (await app.inject(url)).json(),
        { plain: false, hasOwnProperty: 'undefined', keys: ['a'] },
        url,
      )
    }
  })

  test('body holds the parsed JSON body; text/plain bodies are strings', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/', async (request) => ({ body: request.body, type: typeof request.body }))
    const json = await app.inject({ method: 'POST', url: '/', payload: { a: [1, { b: true }] } })
    assert.deepEqual(json.json(), { body: { a: [1, { b: true }] }, type: 'object' })
    const text = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'plain words',
    })
    assert.deepEqual(text.json(), { body: 'plain words', type: 'string' })
  })

  test('raw is the node IncomingMessage and headers are its headers', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({
      isIncomingMessage: request.raw instanceof IncomingMessage,
      sameHeaders: request.headers === request.raw.headers,
      rawUrl: request.raw.url,
    }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/?x=1`)
    assert.deepEqual(await res.json(), {
      isIncomingMessage: true,
      sameHeaders: true,
      rawUrl: '/?x=1',
    })
  })

  test('ip, host, hostname, port and protocol over real HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({
      ip: request.ip,
      host: request.host,
      hostname: request.hostname,
      port: request.port,
      protocol: request.protocol,
    }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/`)
    const host = address.replace('http://', '')
    const port = (app.server.address() as { port: number }).port
    // hostname keeps the port in the Fastify 4 line only (docs/fastify-lines.md, hostnameWithPort)
    const fastify4Line = app.version.startsWith('4.')
    assert.deepEqual(await res.json(), {
      ip: '127.0.0.1',
      host,
      hostname: fastify4Line ? host : '127.0.0.1',
      port,
      protocol: 'http',
    })
  })

  test('ip, hostname and protocol through inject', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({
      ip: request.ip,
      hostname: request.hostname,
      protocol: request.protocol,
    }))
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'example.com' } })
    assert.deepEqual(res.json(), { ip: '127.0.0.1', hostname: 'example.com', protocol: 'http' })
  })

  test('routeOptions describes the matched route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const schema = { querystring: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.route({
      method: 'POST',
      url: '/things/:id',
      config: { owner: 'team-a' },
      schema,
      bodyLimit: 2048,
      logLevel: 'warn',
      handler: async (request) => {
        const options = request.routeOptions
        return {
          method: options.method,
          url: options.url,
          owner: (options.config as { owner?: string }).owner,
          sameSchema: options.schema?.querystring === schema.querystring,
          bodyLimit: options.bodyLimit,
          attachValidation: options.attachValidation,
          logLevel: options.logLevel,
        }
      },
    })
    const res = await app.inject({ method: 'POST', url: '/things/1?n=2' })
    assert.deepEqual(res.json(), {
      method: 'POST',
      url: '/things/:id',
      owner: 'team-a',
      sameSchema: true,
      bodyLimit: 2048,
      attachValidation: false,
      logLevel: 'warn',
    })
  })

  test('routeOptions.bodyLimit falls back to the instance bodyLimit', async (t) => {
    const app = arbor({ bodyLimit: 4096 })
    t.after(() => app.close())
    app.get('/', async (request) => ({ bodyLimit: request.routeOptions.bodyLimit }))
    assert.deepEqual((await app.inject('/')).json(), { bodyLimit: 4096 })
  })

  test('is404 is false in a route and true in the not-found handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (request) => ({ is404: request.is404 }))
    app.setNotFoundHandler(async (request, reply) => {
      reply.code(404)
      return { is404: request.is404 }
    })
    assert.deepEqual((await app.inject('/')).json(), { is404: false })
    const missing = await app.inject('/missing')
    assert.equal(missing.statusCode, 404)
    assert.deepEqual(missing.json(), { is404: true })
  })

  test('Request and reply members: request.log is a child logger carrying the request id', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream }, disableRequestLogging: true })
    t.after(() => app.close())
    app.get('/', async (request) => {
      request.log.info({ detail: 7 }, 'from the handler')
      return { id: request.id }
    })
    const res = await app.inject('/')
    const { id } = res.json()
    const line = lines.find((l) => l.msg === 'from the handler')
    assert.ok(line, 'the line was written')
    assert.equal(line.reqId, id)
    assert.equal(line.detail, 7)
    assert.equal(line.level, 30)
  })

  test('Request and reply members: request.log.error(obj, message) writes an error line', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream }, disableRequestLogging: true })
    t.after(() => app.close())
    app.get('/', async (request, reply) => {
      request.log.error({ reason: 'upstream down' }, 'could not fetch')
      return reply.code(502).send({ id: request.id })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 502)
    const errors = lines.filter((l) => l.level === 50)
    assert.equal(errors.length, 1)
    assert.equal(errors[0]?.msg, 'could not fetch')
    assert.equal(errors[0]?.reason, 'upstream down')
    assert.equal(errors[0]?.reqId, res.json().id)
  })

  test('Validation behaviour per route 7: with attachValidation, request.validationError is set and the handler runs', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/',
      {
        attachValidation: true,
        schema: {
          querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } },
        },
      },
      async (request) => {
        const err = request.validationError as
          | (Error & { validation?: unknown[]; validationContext?: string; statusCode?: number })
          | undefined
        return {
          present: err instanceof Error,
          message: err?.message,
          context: err?.validationContext,
          statusCode: err?.statusCode,
          validationIsArray: Array.isArray(err?.validation),
        }
      },
    )
    const failing = await app.inject('/')
    assert.equal(failing.statusCode, 200)
    assert.deepEqual(failing.json(), {
      present: true,
      // arbor words Ajv messages with "should" (DESIGN.md divergence 1)
      message: "querystring should have required property 'q'",
      context: 'query', // the spec's name for the part (Fastify 4 says 'querystring')
      statusCode: 400,
      validationIsArray: true,
    })
    const passing = await app.inject('/?q=x')
    assert.deepEqual(passing.json(), { present: false, validationIsArray: false })
  })
})
