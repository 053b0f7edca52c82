import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

test('Symbol.asyncDispose closes the app: the server stops listening and onClose hooks run', async () => {
  const app = arbor()
  let closed = false
  app.addHook('onClose', async () => {
    closed = true
  })
  await listenLocal(app)
  assert.equal(app.server.listening, true)
  await app[Symbol.asyncDispose]()
  assert.equal(app.server.listening, false)
  assert.equal(closed, true)
})

test('Symbol.asyncDispose is not an enumerable key of the instance', () => {
  const app = arbor()
  assert.equal(typeof app[Symbol.asyncDispose], 'function')
  assert.equal(Object.getOwnPropertySymbols(app).includes(Symbol.asyncDispose), false)
})
