// Line table row `builtinDecorators` (docs/fastify-lines.md): in the Fastify 5 line the
// properties the Request and Reply constructors assign (request id, params, raw, query, log,
// body; reply raw, request, log) count as decorators. The Fastify 4 line, as 4.25, sees only
// prototype members and the application's decorators.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

const requestProps = ['id', 'params', 'raw', 'query', 'log', 'body']
const replyProps = ['raw', 'request', 'log']

test('builtinDecorators, Fastify 5 line: has*Decorator is true for constructor properties', () => {
  const app = arbor({ fastifyLine: 5 })
  for (const name of requestProps) assert.equal(app.hasRequestDecorator(name), true, name)
  for (const name of replyProps) assert.equal(app.hasReplyDecorator(name), true, name)
  assert.equal(app.hasRequestDecorator('nonExistent'), false)
  assert.equal(app.hasReplyDecorator('body'), false)
})

test('builtinDecorators, Fastify 4 line: has*Decorator is false for constructor properties', () => {
  const app = arbor({ fastifyLine: 4 })
  for (const name of requestProps) assert.equal(app.hasRequestDecorator(name), false, name)
  for (const name of replyProps) assert.equal(app.hasReplyDecorator(name), false, name)
})

test('builtinDecorators, Fastify 5 line: decorating a constructor property throws FST_ERR_DEC_ALREADY_PRESENT', () => {
  const app = arbor({ fastifyLine: 5 })
  assert.throws(() => app.decorateRequest('id', null), {
    code: 'FST_ERR_DEC_ALREADY_PRESENT',
    message: "The decorator 'id' has already been added!",
  })
  assert.throws(() => app.decorateReply('request', null), { code: 'FST_ERR_DEC_ALREADY_PRESENT' })
})

test('builtinDecorators, Fastify 4 line: decorating a constructor property is accepted', () => {
  const app = arbor({ fastifyLine: 4 })
  assert.doesNotThrow(() => app.decorateRequest('body', null))
  assert.doesNotThrow(() => app.decorateReply('log', null))
})

test('builtinDecorators, Fastify 5 line: constructor properties meet decorator dependencies', async () => {
  const app = arbor({ fastifyLine: 5 })
  app.decorateRequest('userProp', null)
  app.decorateRequest('mixed', null, ['userProp', 'body'])
  app.decorateReply('usesRaw', null, ['raw'])
  assert.throws(() => app.decorateReply('wrongKind', null, ['body']), {
    code: 'FST_ERR_DEC_MISSING_DEPENDENCY',
  })
  app.register(async (child) => {
    child.decorateRequest('scoped', null, ['query'])
  })
  await app.ready()
})

test("builtinDecorators: a plugin's decorators meta is met by them in the Fastify 5 line only", async () => {
  const needsId = plugin(async () => {}, { name: 'needs-id', decorators: { request: ['id'] } })
  const app5 = arbor({ fastifyLine: 5 })
  app5.register(needsId)
  await app5.ready()
  const app4 = arbor({ fastifyLine: 4 })
  app4.register(needsId)
  await assert.rejects(app4.ready(), { code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE' })
  assert.throws(() => arbor({ fastifyLine: 4 }).decorateRequest('x', null, ['id']), {
    code: 'FST_ERR_DEC_MISSING_DEPENDENCY',
  })
})

test('builtinDecorators, Fastify 5 line: requests still get their own values', async () => {
  const app = arbor({ fastifyLine: 5 })
  app.get('/:p', (request) => ({ id: typeof request.id, p: request.params }))
  const res = await app.inject('/x')
  assert.deepEqual(res.json(), { id: 'string', p: { p: 'x' } })
})
