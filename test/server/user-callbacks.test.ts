// A user's callback given to ready, after, close, inject or listen is called from a plain
// callback, not from inside a promise: what it throws is an uncaughtException, as in Fastify,
// not an unhandled rejection. Each case runs in its own process, which reports which it saw.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { typescriptChild } from '../helpers/typescript-child.ts'

const entry = new URL('../../src/index.ts', import.meta.url).href

const cases: Record<string, string> = {
  'ready(callback)': `app.ready(() => { throw new Error('boom') })`,
  'ready(callback) of a plugin': `app.register(async (child) => { child.ready(() => { throw new Error('boom') }) }); app.ready(() => {})`,
  'after(callback)': `app.after(() => { throw new Error('boom') }); app.ready(() => {})`,
  'close(callback)': `app.close(() => { throw new Error('boom') })`,
  'inject(options, callback) before ready': `app.inject('/', () => { throw new Error('boom') })`,
  'inject(options, callback) once started': `await app.ready(); app.inject('/', () => { throw new Error('boom') })`,
  'listen(options, callback)': `app.listen({ port: 0, host: '127.0.0.1' }, () => { app.server.close(); throw new Error('boom') })`,
}

function run(body: string): string {
  const script = `
    import arbor from ${JSON.stringify(entry)}
    process.on('uncaughtException', (err) => { console.log('uncaughtException ' + err.message); process.exit(0) })
    process.on('unhandledRejection', (err) => { console.log('unhandledRejection ' + err.message); process.exit(0) })
    const app = arbor()
    app.get('/', async () => 'ok')
    ${body}
    setTimeout(() => { console.log('nothing'); process.exit(0) }, 2000).unref()
  `
  const child = spawnSync(
    process.execPath,
    [...typescriptChild, '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  )
  return child.stdout.trim()
}

describe('user callbacks are called outside promise chains', () => {
  for (const [label, body] of Object.entries(cases)) {
    test(`${label}: a throw in the callback is an uncaughtException, not an unhandled rejection`, () => {
      assert.equal(run(body), 'uncaughtException boom')
    })
  }
})
