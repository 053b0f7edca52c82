import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

// Plugins emit 'request' with objects they built themselves (no rawHeaders, no version
// numbers, a stand-in socket): the checks before routing must let them through.
for (const closing of [false, true]) {
  test(`a request built by a plugin, without rawHeaders or a real socket, is routed${closing ? ' (while closing, with return503OnClosing off)' : ''}`, async (t) => {
    // requestIdHeader off: what genReqId reads is not what this test is about
    const app = arbor({ return503OnClosing: false, requestIdHeader: false })
    t.after(() => app.close())
    let seen: (url: string) => void = () => {}
    const handled = new Promise<string>((resolve) => {
      seen = resolve
    })
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    app.addHook('preClose', async () => {
      await held
    })
    app.get('/', async (request) => {
      seen(request.url)
      return 'ok'
    })
    await app.ready()
    const closed = closing ? app.close() : Promise.resolve()
    if (closing) await new Promise((resolve) => setImmediate(resolve))
    const fake = Object.assign(new PassThrough(), {
      method: 'GET',
      url: '/',
      httpVersion: '1.1',
      headers: { host: 'localhost' },
      socket: {},
    })
    fake.end()
    app.server.emit('request', fake, new ServerResponse(fake as unknown as IncomingMessage))
    assert.equal(await handled, '/')
    release()
    await closed
  })
}
