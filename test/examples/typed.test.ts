// examples/typed (docs/typescript.md, README): the typed app answers as its schemas and
// plugins say, through inject.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildApp } from '../../examples/typed/app.ts'
import { client } from '../../src/client/index.ts'

const alice = { authorization: 'Bearer alice-token' }

test('examples/typed: /me answers the signed-in user, 401 without a token', async (t) => {
  const app = buildApp()
  t.after(() => app.close())
  const me = await app.inject({ url: '/me', headers: alice })
  assert.equal(me.statusCode, 200)
  assert.deepEqual(me.json(), { id: 'alice', admin: true })
  const anonymous = await app.inject({ url: '/me' })
  assert.equal(anonymous.statusCode, 401)
  assert.deepEqual(anonymous.json(), { message: 'sign in first' })
})

test('examples/typed: todos are created, listed by done, updated, and validated', async (t) => {
  const app = buildApp()
  t.after(() => app.close())
  const created = await app.inject({
    method: 'POST',
    url: '/todos',
    headers: alice,
    payload: { title: 'write docs' },
  })
  assert.equal(created.statusCode, 201)
  assert.deepEqual(created.json(), { id: 1, title: 'write docs', done: false, owner: 'alice' })

  const signedOut = await app.inject({ method: 'POST', url: '/todos', payload: { title: 'x' } })
  assert.equal(signedOut.statusCode, 401)

  const empty = await app.inject({ method: 'POST', url: '/todos', headers: alice, payload: {} })
  assert.equal(empty.statusCode, 400, 'the body schema requires a title')

  const updated = await app.inject({
    method: 'PATCH',
    url: '/todos/1',
    headers: alice,
    payload: { done: true },
  })
  assert.equal(updated.statusCode, 200)
  assert.equal(updated.json().done, true)

  const missing = await app.inject({
    method: 'PATCH',
    url: '/todos/9',
    headers: alice,
    payload: { done: true },
  })
  assert.equal(missing.statusCode, 404)
  assert.deepEqual(missing.json(), { message: 'no todo 9' })

  const done = await app.inject({ url: '/todos?done=true' })
  assert.deepEqual(
    done.json().map((todo: { id: number }) => todo.id),
    [1],
  )
  const open = await app.inject({ url: '/todos?done=false' })
  assert.deepEqual(open.json(), [])
})

test('examples/typed: zod notes are validated, defaulted, coerced and serialized', async (t) => {
  const app = buildApp()
  t.after(() => app.close())
  const created = await app.inject({ method: 'POST', url: '/notes', payload: { text: ' hi ' } })
  assert.equal(created.statusCode, 201)
  assert.deepEqual(created.json(), { id: 1, text: 'hi', pinned: false })
  await app.inject({ method: 'POST', url: '/notes', payload: { text: 'b', pinned: true } })
  const pinned = await app.inject({ url: '/notes?pinned=true' })
  assert.deepEqual(pinned.json(), [{ id: 2, text: 'b', pinned: true }])
  const empty = await app.inject({ method: 'POST', url: '/notes', payload: { text: '  ' } })
  assert.equal(empty.statusCode, 400)
  assert.equal(empty.json().code, 'FST_ERR_VALIDATION')
  assert.match(empty.json().message, /^body\/text /)
})

test('examples/typed: the typed client calls the app through inject (docs/client.md)', async (t) => {
  const app = buildApp()
  t.after(() => app.close())
  const api = client(app)
  const auth = { authorization: 'Bearer alice-token' }
  const created = await api.post('/todos', { body: { title: 'typed' }, headers: auth })
  assert.equal(created.status, 201)
  if (created.status !== 201) return
  assert.deepEqual(created.body, { id: 1, title: 'typed', done: false, owner: 'alice' })
  const done = await api.patch('/todos/:id', {
    params: { id: created.body.id },
    body: { done: true },
    headers: auth,
  })
  assert.equal(done.status, 200)
  const missing = await api.patch('/todos/:id', { params: { id: 9 }, body: { done: true } })
  assert.equal(missing.status, 404)
  if (missing.status === 404) assert.equal(missing.body.message, 'no todo 9')
  const open = await api.get('/todos', { query: { done: true } })
  assert.deepEqual(open.status === 200 && open.body.map((todo) => todo.title), ['typed'])
  const note = await api.post('/notes', { body: { text: '  hi  ' } })
  assert.deepEqual(note.body, { id: 1, text: 'hi', pinned: false })
  const me = await api.get('/me')
  assert.equal(me.status, 401)
})
