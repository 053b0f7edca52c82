// Line table row `hasRouteByPattern` (docs/fastify-lines.md): hasRoute() routes a concrete url
// with the method as given in the Fastify 4 line, and looks up the registered pattern with the
// method in any case in the Fastify 5 line.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function app(fastifyLine: 4 | 5) {
  const instance = arbor({ fastifyLine })
  instance.get('/files/:name(^\\d+).png', () => 'file')
  instance.get('/users/:id', () => 'user')
  return instance
}

test('hasRouteByPattern, Fastify 4 line: a concrete url, the method as given', () => {
  const instance = app(4)
  assert.equal(instance.hasRoute({ method: 'GET', url: '/users/42' }), true)
  assert.equal(instance.hasRoute({ method: 'GET', url: '/files/12.png' }), true)
  assert.equal(instance.hasRoute({ method: 'get', url: '/users/42' }), false)
})

test('hasRouteByPattern, Fastify 5 line: the registered pattern, the method in any case', () => {
  const instance = app(5)
  assert.equal(instance.hasRoute({ method: 'GET', url: '/files/:name(^\\d+).png' }), true)
  assert.equal(instance.hasRoute({ method: 'get', url: '/users/:id' }), true)
  assert.equal(instance.hasRoute({ method: 'GET', url: '/users/42' }), false)
  assert.equal(instance.hasRoute({ method: 'POST', url: '/users/:id' }), false)
})

test('hasRoute is false without a method or a url, in both lines', () => {
  for (const line of [4, 5] as const) {
    const instance = app(line)
    assert.equal(instance.hasRoute({}), false)
    assert.equal(instance.hasRoute({ method: 'GET' }), false)
    assert.equal(instance.hasRoute({ url: '/users/:id' }), false)
  }
})
