// Run by jest in CommonJS mode in an application folder where `fastify` is a stand-in package
// and `arbor` the built package (test/ecosystem-stand-in/jest-cjs.test.ts). EXPECTED_VERSION is
// the stand-in's Fastify version.
'use strict'
const fastify = require('fastify')
const symbols = require('fastify/lib/symbols')
const errors = require('fastify/lib/errors')
const arbor = require('arbor')

const line = process.env.EXPECTED_VERSION.startsWith('5.') ? 5 : 4

test('require("fastify") is the stand-in: its version and its line’s factory', () => {
  expect(require('fastify/package.json').version).toBe(process.env.EXPECTED_VERSION)
  expect(fastify().version).toBe(process.env.EXPECTED_VERSION)
  expect(fastify).toBe(require(`arbor/fastify${line}`))
})

test('one copy of arbor: the stand-in’s errors are arbor’s', () => {
  expect(errors.FST_ERR_NOT_FOUND).toBe(arbor.errorCodes.FST_ERR_NOT_FOUND)
  expect(require('arbor/bearer-auth').bearerAuth).toBeInstanceOf(Function)
})

test('a route through inject, with Fastify’s kRouteContext', async () => {
  const app = fastify()
  app.get('/items/:id', async (request, reply) => ({
    id: request.params.id,
    route: reply[symbols.kRouteContext].config.url,
  }))
  const response = await app.inject('/items/7')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ id: '7', route: '/items/:id' })
  await app.close()
})

test('a route over real HTTP on 127.0.0.1', async () => {
  const app = fastify()
  app.get('/', async () => ({ hello: 'jest' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const response = await fetch(`http://127.0.0.1:${app.server.address().port}/`)
    expect(await response.json()).toEqual({ hello: 'jest' })
  } finally {
    await app.close()
  }
})

test('require("arbor/client") calls the app through inject', async () => {
  const { client } = require('arbor/client')
  const app = fastify()
  app.get('/items/:id', async (request) => ({ id: request.params.id }))
  const response = await client(app).get('/items/:id', { params: { id: 'a b' } })
  expect(response.status).toBe(200)
  expect(response.body).toEqual({ id: 'a b' })
  await app.close()
})
