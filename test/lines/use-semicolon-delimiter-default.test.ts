// Line table row `useSemicolonDelimiterDefault` (docs/fastify-lines.md): without the option, a
// `;` ends the path in the Fastify 4 line (4.25) and is part of it in the Fastify 5 line; the
// option, top-level or in routerOptions, decides in both.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborOptions } from '../../src/index.ts'

function app(options: ArborOptions) {
  const instance = arbor(options)
  instance.get('/items', (request) => ({ route: 'items', query: request.query }))
  instance.get('/items;color=red', (request) => ({ route: 'literal', query: request.query }))
  return instance
}

test('useSemicolonDelimiterDefault, Fastify 4 line: `;` starts the query string', async () => {
  const res = await app({ fastifyLine: 4 }).inject('/items;color=red')
  assert.deepEqual(res.json(), { route: 'items', query: { color: 'red' } })
})

test('useSemicolonDelimiterDefault, Fastify 5 line: `;` is part of the path', async () => {
  const res = await app({ fastifyLine: 5 }).inject('/items;color=red')
  assert.deepEqual(res.json(), { route: 'literal', query: {} })
})

test('useSemicolonDelimiter given, top-level or in routerOptions, decides in both lines', async () => {
  for (const fastifyLine of [4, 5] as const) {
    const off = await app({ fastifyLine, useSemicolonDelimiter: false }).inject('/items;color=red')
    assert.equal(off.json().route, 'literal')
    const on = await app({ fastifyLine, routerOptions: { useSemicolonDelimiter: true } }).inject(
      '/items;color=red',
    )
    assert.deepEqual(on.json(), { route: 'items', query: { color: 'red' } })
  }
})

test('a not-found request parses the query after `;` when the delimiter is on', async () => {
  const instance = arbor({ useSemicolonDelimiter: true })
  instance.setNotFoundHandler((request, reply) => reply.code(404).send(request.query))
  const res = await instance.inject('/nowhere;a=1')
  assert.equal(res.statusCode, 404)
  assert.deepEqual(res.json(), { a: '1' })
})
