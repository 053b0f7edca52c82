// trustProxy: request.ip, ips, hostname and protocol read X-Forwarded-For/-Host/-Proto when
// the peer is a trusted proxy (Fastify's forms: true, a hop count, addresses, a function).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborOptions } from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

const forwarded = {
  'x-forwarded-for': '3.3.3.3, 2.2.2.2, 1.1.1.1',
  'x-forwarded-host': 'example.com',
  'x-forwarded-proto': 'https',
}

/** What the request says about its client, for a request from 127.0.0.1 through inject. */
async function clientView(options: ArborOptions, headers: Record<string, string> = forwarded) {
  const app = arbor(options)
  try {
    app.get('/', async (request) => ({
      ip: request.ip,
      ips: request.ips ?? null,
      hostname: request.hostname,
      protocol: request.protocol,
    }))
    const res = await app.inject({ url: '/', headers: { host: 'local.test', ...headers } })
    return res.json()
  } finally {
    await app.close()
  }
}

describe('trustProxy', () => {
  test('off by default: X-Forwarded-* headers are ignored', async () => {
    assert.deepEqual(await clientView({}), {
      ip: '127.0.0.1',
      ips: null,
      hostname: 'local.test',
      protocol: 'http',
    })
  })

  test('trustProxy: true trusts every hop: ip is the furthest address', async () => {
    assert.deepEqual(await clientView({ trustProxy: true }), {
      ip: '3.3.3.3',
      ips: ['127.0.0.1', '1.1.1.1', '2.2.2.2', '3.3.3.3'],
      hostname: 'example.com',
      protocol: 'https',
    })
  })

  test('trustProxy: a hop count trusts that many proxies', async () => {
    const view = await clientView({ trustProxy: 1 })
    assert.equal(view.ip, '1.1.1.1')
    assert.deepEqual(view.ips, ['127.0.0.1', '1.1.1.1'])
  })

  test('trustProxy: a comma-separated string of addresses', async () => {
    const view = await clientView({ trustProxy: '127.0.0.1, 1.1.1.1' })
    assert.equal(view.ip, '2.2.2.2')
    assert.deepEqual(view.ips, ['127.0.0.1', '1.1.1.1', '2.2.2.2'])
  })

  test('trustProxy: an array of addresses and CIDR ranges', async () => {
    const view = await clientView({ trustProxy: ['127.0.0.0/8', '1.1.1.1', '2.2.2.0/24'] })
    assert.equal(view.ip, '3.3.3.3')
  })

  test('trustProxy: a function decides per address and hop', async () => {
    const calls: Array<[string, number]> = []
    const view = await clientView({
      trustProxy: (address, hop) => {
        calls.push([address, hop])
        return address === '127.0.0.1'
      },
    })
    assert.equal(view.ip, '1.1.1.1')
    assert.deepEqual(calls[0], ['127.0.0.1', 0])
  })

  test('an untrusted peer: its address is the ip, whatever the headers say', async () => {
    const view = await clientView({ trustProxy: '10.0.0.1' })
    assert.equal(view.ip, '127.0.0.1')
    assert.deepEqual(view.ips, ['127.0.0.1'])
  })

  test('X-Forwarded-Proto and -Host: the last of several values counts', async () => {
    const view = await clientView(
      { trustProxy: true },
      { 'x-forwarded-proto': 'ipsum, dolor', 'x-forwarded-host': 'a.example, b.example' },
    )
    assert.equal(view.protocol, 'dolor')
    assert.equal(view.hostname, 'b.example')
  })

  test('without X-Forwarded-Proto or -Host the connection and Host header count', async () => {
    const view = await clientView({ trustProxy: true }, { 'x-forwarded-for': '1.1.1.1' })
    assert.equal(view.ip, '1.1.1.1')
    assert.equal(view.protocol, 'http')
    assert.equal(view.hostname, 'local.test')
  })

  test('over real HTTP the peer is the socket address', async (t) => {
    const app = arbor({ trustProxy: 1 })
    t.after(() => app.close())
    app.get('/', async (request) => ({ ip: request.ip, ips: request.ips }))
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'x-forwarded-for': '2.2.2.2, 1.1.1.1' },
    })
    assert.deepEqual(await res.json(), { ip: '1.1.1.1', ips: ['127.0.0.1', '1.1.1.1'] })
  })

  test('trustProxy of the wrong type is refused', () => {
    assert.throws(() => arbor({ trustProxy: { all: true } as never }), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
  })
})
