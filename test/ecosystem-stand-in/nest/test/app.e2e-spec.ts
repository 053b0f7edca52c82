// The application's own end-to-end tests, as a NestJS project writes them: jest, CommonJS test
// files, through inject and through real HTTP on 127.0.0.1. They hold on Fastify; the runner in
// ../nest.test.ts runs them with arbor's Fastify 5 stand-in installed as `fastify`.
import type { NestFastifyApplication } from '@nestjs/platform-fastify'
import type { OpenAPIObject } from '@nestjs/swagger'
import { createApp } from '../src/app'

let app: NestFastifyApplication
let document: OpenAPIObject
let base: string

beforeAll(async () => {
  ;({ app, document } = await createApp())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.getHttpServer().address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  base = `http://127.0.0.1:${address.port}`
})

afterAll(() => app.close())

const json = { 'content-type': 'application/json' }
const withKey = { ...json, 'x-api-key': 'secret' }

test('the Fastify the adapter runs is the one installed as `fastify`', () => {
  const fastify = require('fastify/package.json') as { name: string; version: string }
  const instance = app.getHttpAdapter().getInstance()
  expect(instance.version).toBe(fastify.version)
  // reported to the runner, which checks that it is the stand-in
  console.log(`fastify in use: ${fastify.name}@${instance.version}`)
})

describe('through inject', () => {
  test('GET /v1/items: the interceptor wraps the value and sets a header', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/items' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['x-handler']).toBe('list')
    expect(res.json()).toEqual({ data: [{ id: 1, name: 'kettle', quantity: 3 }] })
  })

  test('URI versioning: /v2/items is the other controller, /items is not found', async () => {
    const v2 = await app.inject({ method: 'GET', url: '/v2/items' })
    expect(v2.statusCode).toBe(200)
    expect(v2.json()).toEqual({ version: 2, items: ['kettle'] })
    const unversioned = await app.inject({ method: 'GET', url: '/items' })
    expect(unversioned.statusCode).toBe(404)
    expect(unversioned.json()).toMatchObject({ statusCode: 404 })
  })

  test('ParseIntPipe and NotFoundException: 400 and 404 with Nest bodies', async () => {
    const bad = await app.inject({ method: 'GET', url: '/v1/items/abc' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      statusCode: 400,
      message: 'Validation failed (numeric string is expected)',
      error: 'Bad Request',
    })
    const missing = await app.inject({ method: 'GET', url: '/v1/items/99' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ statusCode: 404, message: 'item 99', error: 'Not Found' })
  })

  test('ValidationPipe with a DTO: 400 listing the failed constraints', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/items',
      headers: withKey,
      payload: { name: 'x', quantity: 0 },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json() as { statusCode: number; error: string; message: string[] }
    expect(body.statusCode).toBe(400)
    expect(body.error).toBe('Bad Request')
    expect(body.message).toEqual(
      expect.arrayContaining([
        'name must be longer than or equal to 2 characters',
        'quantity must not be less than 1',
      ]),
    )
  })

  test('ValidationPipe transforms: the handler gets a CreateItemDto, whitelisted, quantity a number', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/items',
      headers: withKey,
      payload: { name: 'teacup', quantity: '4', extra: 'dropped' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      data: { id: 2, name: 'teacup', quantity: 4, isDto: true, quantityType: 'number' },
    })
  })

  test('the guard: no API key is 403 Forbidden resource', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/items',
      headers: json,
      payload: { name: 'teacup', quantity: 1 },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      statusCode: 403,
      message: 'Forbidden resource',
      error: 'Forbidden',
    })
  })

  test('the exception filter answers 418 with its own body', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/items/teapot' })
    expect(res.statusCode).toBe(418)
    expect(res.json()).toEqual({
      teapot: true,
      message: 'short and stout',
      path: '/v1/items/teapot',
    })
  })

  test('the middleware runs on every route and sets its header', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/items' })
    expect(res.headers['x-tenant-checked']).toBe('yes')
  })

  test('an HttpException thrown by the middleware answers 403 with its body, not 500', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/items',
      headers: { 'x-tenant': 'blocked' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ statusCode: 403, message: 'tenant blocked', error: 'Forbidden' })
  })

  test('helmet sets its headers on Nest routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/items' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  })

  test('CORS: the allowed origin is echoed, a preflight answers 204', async () => {
    const simple = await app.inject({
      method: 'GET',
      url: '/v1/items',
      headers: { origin: 'https://allowed.example' },
    })
    expect(simple.headers['access-control-allow-origin']).toBe('https://allowed.example')
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/items',
      headers: {
        origin: 'https://allowed.example',
        'access-control-request-method': 'POST',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://allowed.example')
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST')
    const other = await app.inject({
      method: 'GET',
      url: '/v1/items',
      headers: { origin: 'https://other.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('@nestjs/swagger: the document lists the versioned routes and the DTO schema', async () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      '/v1/files/accepted',
      '/v1/files/moved',
      '/v1/files/raw',
      '/v1/files/report',
      '/v1/items',
      '/v1/items/teapot',
      '/v1/items/{id}',
      '/v1/uploads',
      '/v1/uploads/events',
      '/v2/items',
    ])
    expect(document.paths['/v1/items']?.post).toBeDefined()
    const schema = document.components?.schemas?.CreateItemDto as {
      required: string[]
      properties: Record<string, { type: string }>
    }
    expect(schema.required.sort()).toEqual(['name', 'quantity'])
    expect(schema.properties.name?.type).toBe('string')
    expect(schema.properties.quantity?.type).toBe('number')
    const served = await app.inject({ method: 'GET', url: '/docs-json' })
    expect(served.statusCode).toBe(200)
    expect(served.json()).toEqual(JSON.parse(JSON.stringify(document)))
  })
})

describe('through real HTTP on 127.0.0.1', () => {
  test('GET /v1/items/1 with CORS and helmet headers', async () => {
    const res = await fetch(`${base}/v1/items/1`, {
      headers: { origin: 'https://allowed.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://allowed.example')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-tenant-checked')).toBe('yes')
    expect(await res.json()).toEqual({ data: { id: 1, name: 'kettle', quantity: 3 } })
  })

  test('POST with a DTO: 400, then 201', async () => {
    const bad = await fetch(`${base}/v1/items`, {
      method: 'POST',
      headers: withKey,
      body: JSON.stringify({ name: 'teapot' }),
    })
    expect(bad.status).toBe(400)
    const good = await fetch(`${base}/v1/items`, {
      method: 'POST',
      headers: withKey,
      body: JSON.stringify({ name: 'saucer', quantity: 2 }),
    })
    expect(good.status).toBe(201)
    expect(await good.json()).toMatchObject({ data: { name: 'saucer', quantity: 2, isDto: true } })
  })

  test('the middleware HttpException over HTTP: 403, the connection answers', async () => {
    const res = await fetch(`${base}/v2/items`, { headers: { 'x-tenant': 'blocked' } })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      statusCode: 403,
      message: 'tenant blocked',
      error: 'Forbidden',
    })
  })

  test('guard, filter and versioning over HTTP', async () => {
    const denied = await fetch(`${base}/v1/items`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'teacup', quantity: 1 }),
    })
    expect(denied.status).toBe(403)
    const teapot = await fetch(`${base}/v1/items/teapot`)
    expect(teapot.status).toBe(418)
    const v2 = await fetch(`${base}/v2/items`)
    expect(await v2.json()).toEqual({ version: 2, items: ['kettle'] })
  })
})

describe('answers other than JSON values, and errors from middleware', () => {
  test('StreamableFile: the stream with its type, disposition and length', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/files/report' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv')
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.csv"')
    expect(res.headers['content-length']).toBe('8')
    expect(res.body).toBe('a,b\n1,2\n')
  })

  test('@Redirect: 301 with the location', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/files/moved' })
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/v1/items')
  })

  test('@HttpCode, @Header and a header set through the passthrough reply', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/files/accepted' })
    expect(res.statusCode).toBe(202)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-passthrough']).toBe('yes')
    expect(res.json()).toEqual({ accepted: true })
  })

  test('rawBody: the request keeps the bytes it was parsed from', async () => {
    const payload = '{ "a": 1 }'
    const res = await app.inject({ method: 'POST', url: '/v1/files/raw', headers: json, payload })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ raw: payload, body: { a: 1 } })
  })

  test('HEAD of a GET route: the headers without the body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/v1/items' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).toBe('')
  })

  test('a middleware HttpException after a text/plain header: 403 answered as JSON', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/items',
      headers: { 'x-tenant': 'plain' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ statusCode: 403, message: 'plain tenant', error: 'Forbidden' })
  })

  test('FileInterceptor: a multipart upload through @fastify/multipart, with a text field', async () => {
    const form = new FormData()
    form.append('title', 'greeting')
    form.append('file', new Blob(['hello arbor'], { type: 'text/plain' }), 'hello.txt')
    const res = await fetch(`${base}/v1/uploads`, { method: 'POST', body: form })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      name: 'hello.txt',
      type: 'text/plain',
      size: 11,
      text: 'hello arbor',
      title: 'greeting',
    })
  })

  test('@Sse: three events on the raw response, then the stream ends', async () => {
    const res = await fetch(`${base}/v1/uploads/events`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const text = await res.text()
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as unknown)
    expect(data).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }])
  })
})
