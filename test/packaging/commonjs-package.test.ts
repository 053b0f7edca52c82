// Issue 15, "Packaging": the tarball that `npm pack` makes (its prepack builds dist/), put
// in an application's node_modules once as `arbor` and once as `fastify` (what
// `npm install fastify@npm:arbor@...` or `fastify@file:arbor-0.1.0.tgz` produce), works from
// CommonJS (`require`) and from ESM (`import`), through inject and real HTTP, with one copy
// of arbor's state for both. Also runs examples/commonjs against the fresh build.
//
// Offline and quick on purpose: the tarball is unpacked with `tar` (npm would put the same
// files in node_modules/<name>), and arbor's runtime dependencies are linked from this
// repository's node_modules, which `npm ci` filled from the lockfile. No registry is asked.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'

import {
  linkDependencies,
  node,
  packedTarballs,
  ROOT,
  run,
  runtimeDependencies,
  STEP_TIMEOUT,
  untarInto,
} from './pack-helpers.ts'

// The application scripts. Each prints one JSON report; the assertions live in this file.
// `name` is the package name the application uses: 'arbor', or 'fastify' for the alias.

const commonJsApp = (name: string): string => `'use strict'
const http = require('node:http')
const Fastify = require('${name}')
const auth = require('${name}/bearer-auth')

function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }))
    }).on('error', reject)
  })
}

async function main() {
  const esm = await import('${name}')
  const esmAuth = await import('${name}/bearer-auth')
  const exportsOnFactory = {}
  for (const [key, value] of Object.entries(esm)) exportsOnFactory[key] = Fastify[key] === value

  const app = Fastify()
  app.register(Fastify.plugin(async (instance) => instance.decorate('answer', 42)))
  app.register(async (admin) => {
    await admin.register(auth, { keys: ['test-key'] })
    admin.get('/admin', async () => ({ admin: true }))
  })
  app.get('/answer', async () => ({ answer: app.answer, via: 'require' }))

  const injected = await app.inject('/answer')
  const port = await app.listen({ port: 0, host: '127.0.0.1' }).then(() => app.server.address().port)
  const viaHttp = await get(port, '/answer')
  const adminDenied = await get(port, '/admin')
  const adminAllowed = await get(port, '/admin', { authorization: 'Bearer test-key' })
  await app.close()

  console.log(JSON.stringify({
    requireModule: process.features.require_module,
    typeofRequire: typeof Fastify,
    selfKeys: [Fastify.default === Fastify, Fastify.arbor === Fastify, Fastify.fastify === Fastify],
    sameAsImport: esm.default === Fastify,
    exportsOnFactory,
    bearerAuthSame: esmAuth.bearerAuth === auth.bearerAuth && typeof auth.bearerAuth === 'function',
    inject: { status: injected.statusCode, type: injected.headers['content-type'], body: injected.body },
    http: viaHttp,
    adminDenied: adminDenied.status,
    adminAllowed: adminAllowed,
  }))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
`

// A plugin written in CommonJS, loaded with require by the ESM application below.
const commonJsPlugin = (name: string): string => `'use strict'
const { plugin, errorCodes, ArborError } = require('${name}')
module.exports = plugin(async (instance) => {
  instance.decorate('seenByPlugin', { errorCodes, ArborError })
  instance.get('/from-plugin', async () => {
    throw new errorCodes.FST_ERR_NOT_FOUND()
  })
})
`

const esmApp = (
  name: string,
): string => `import Fastify, { arbor, ArborError, errorCodes, fastify } from '${name}'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const app = Fastify()
app.register(require('./plugin.cjs'))
app.get('/answer', async () => ({ answer: 42, via: 'import' }))
app.setErrorHandler((err, request, reply) => {
  reply.code(err.statusCode ?? 500).send({ code: err.code, sameClass: err instanceof errorCodes.FST_ERR_NOT_FOUND })
})
await app.ready()

const injected = await app.inject('/answer')
const fromPlugin = await app.inject('/from-plugin')
await app.listen({ port: 0, host: '127.0.0.1' })
const res = await fetch('http://127.0.0.1:' + app.server.address().port + '/answer')
const viaHttp = { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
await app.close()

console.log(JSON.stringify({
  namedFactories: fastify === Fastify && arbor === Fastify,
  requireIsImport: require('${name}') === Fastify,
  pluginSeesSameState:
    app.seenByPlugin.errorCodes === errorCodes && app.seenByPlugin.ArborError === ArborError,
  inject: { status: injected.statusCode, type: injected.headers['content-type'], body: injected.body },
  http: viaHttp,
  fromPlugin: { status: fromPlugin.statusCode, body: fromPlugin.json() },
}))
`

// The line entries (docs/fastify-lines.md), required and imported from an application.
const lineEntriesApp = `import { createRequire } from 'node:module'
import arbor, { errorCodes } from 'arbor'
import fastify4 from 'arbor/fastify4'
import fastify5, { errorCodes as errorCodes5, fastify as named5 } from 'arbor/fastify5'

const require = createRequire(import.meta.url)
const required5 = require('arbor/fastify5')
const required4 = require('arbor/fastify4')
const v5Plugin = Object.assign(async (instance) => instance.decorate('v5', true), {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('plugin-meta')]: { name: 'a-v5-plugin', fastify: '5.x' },
})
const app = required5()
app.register(v5Plugin)
app.get('/host', async (request) => ({ hostname: request.hostname, port: request.port }))
const res = await app.inject({ url: '/host', headers: { host: 'example.com:8080' } })
console.log(JSON.stringify({
  versions: [arbor().version, fastify4().version, fastify5().version, required4().version, required5().version],
  sameFactories: required5 === fastify5 && named5 === fastify5 && required5.fastify === required5,
  oneCopy: errorCodes5 === errorCodes && required4.errorCodes === errorCodes,
  v5PluginLoaded: app.v5 === true,
  host: res.json(),
}))
`

const JSON_TYPE = 'application/json; charset=utf-8'

describe('Packaging: the npm tarball from CommonJS and ESM', { timeout: 4 * STEP_TIMEOUT }, () => {
  let work = ''
  let tarball = ''
  let dependencies: string[] = []

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'arbor-packaging-'))
    const arborTarballs = [...(await packedTarballs()).entries()].filter(([file]) =>
      file.startsWith('arbor-0.'),
    )
    assert.equal(arborTarballs.length, 1, 'npm pack makes one tarball of arbor')
    tarball = arborTarballs[0]![1]
    dependencies = await runtimeDependencies()
  })

  after(() => rm(work, { recursive: true, force: true }))

  /** An application folder with the tarball in node_modules/<name> and arbor's dependencies. */
  const apps = new Map<string, Promise<string>>()
  const appWith = (name: string): Promise<string> => {
    let app = apps.get(name)
    if (app === undefined) apps.set(name, (app = makeApp(name)))
    return app
  }

  async function makeApp(name: string): Promise<string> {
    const app = join(work, `app-${name}`)
    await mkdir(app, { recursive: true })
    await writeFile(join(app, 'package.json'), '{ "name": "app", "private": true }\n')
    await untarInto(app, tarball, name)
    await linkDependencies(app, dependencies)
    return app
  }

  test('the tarball holds the built dist/ and the CommonJS entry, not the sources', async () => {
    const listing = await run('tar', ['-tzf', tarball], work)
    assert.equal(listing.code, 0, listing.stderr)
    const files = listing.stdout.split(/\r?\n/).filter(Boolean)
    for (const expected of [
      'package/package.json',
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/arbor.cjs',
      'package/dist/index.cjs',
      'package/dist/commonjs.d.ts',
      'package/dist/plugins/bearer-auth/index.js',
      'package/dist/plugins/bearer-auth/index.cjs',
      'package/dist/client/index.js',
      'package/dist/client/index.cjs',
      'package/dist/plugins/bearer-auth/index.d.ts',
      'package/dist/fastify4.js',
      'package/dist/fastify4.cjs',
      'package/dist/fastify4.d.ts',
      'package/dist/fastify5.js',
      'package/dist/fastify5.cjs',
      'package/dist/fastify5.d.ts',
    ]) {
      assert.ok(files.includes(expected), `${expected} is packed`)
    }
    assert.deepEqual(
      files.filter((f) => /^package\/(src|test|examples|bench)\//.test(f)),
      [],
      'no sources, tests, examples or benchmarks in the tarball',
    )
  })

  for (const name of ['arbor', 'fastify']) {
    const as = name === 'arbor' ? 'installed as arbor' : 'aliased as fastify'

    // Without require(esm) is how jest's module system and older loaders see a package: the
    // CommonJS entry must be CommonJS all the way down.
    for (const requireEsm of [true, false]) {
      const how = requireEsm ? '' : ', with require(esm) off'
      test(`require('${name}') (${as}${how}): the factory with every export, one copy, inject and HTTP`, async () => {
        const app = await appWith(name)
        await writeFile(join(app, 'server.cjs'), commonJsApp(name))
        const flags = requireEsm ? [] : ['--no-experimental-require-module']
        const { report, stderr } = await node('server.cjs', app, flags)

        assert.equal(stderr, '', 'nothing on stderr: no ExperimentalWarning for require(esm)')
        assert.equal(report.requireModule, requireEsm)
        assert.equal(report.typeofRequire, 'function', 'require returns the factory itself')
        assert.deepEqual(report.selfKeys, [true, true, true], '.default, .arbor, .fastify')
        assert.equal(report.sameAsImport, true, 'require and import give the same factory')
        const onFactory = report.exportsOnFactory as Record<string, boolean>
        for (const key of ['default', 'arbor', 'fastify', 'plugin', 'errorCodes', 'ArborError']) {
          assert.ok(key in onFactory, `import exports ${key}`)
        }
        for (const [key, same] of Object.entries(onFactory)) {
          assert.equal(same, true, `require('${name}').${key} is the imported ${key}`)
        }
        assert.equal(
          report.bearerAuthSame,
          true,
          `require('${name}/bearer-auth') is the ESM module`,
        )

        const answer = '{"answer":42,"via":"require"}'
        assert.deepEqual(report.inject, { status: 200, type: JSON_TYPE, body: answer })
        assert.deepEqual(report.http, { status: 200, type: JSON_TYPE, body: answer })
        assert.equal(report.adminDenied, 401)
        assert.deepEqual(report.adminAllowed, {
          status: 200,
          type: JSON_TYPE,
          body: '{"admin":true}',
        })
      })
    }

    test(`import Fastify from '${name}' (${as}), with a CommonJS plugin: one copy`, async () => {
      const app = await appWith(name)
      await writeFile(join(app, 'plugin.cjs'), commonJsPlugin(name))
      await writeFile(join(app, 'server.mjs'), esmApp(name))
      const { report, stderr } = await node('server.mjs', app)

      assert.equal(stderr, '')
      assert.equal(report.namedFactories, true, "the named exports 'fastify' and 'arbor'")
      assert.equal(report.requireIsImport, true, `require('${name}') === import default`)
      assert.equal(report.pluginSeesSameState, true, 'the required plugin sees the same errors')
      const answer = '{"answer":42,"via":"import"}'
      assert.deepEqual(report.inject, { status: 200, type: JSON_TYPE, body: answer })
      assert.deepEqual(report.http, { status: 200, type: JSON_TYPE, body: answer })
      assert.deepEqual(report.fromPlugin, {
        status: 404,
        body: { code: 'FST_ERR_NOT_FOUND', sameClass: true },
      })
    })
  }

  test('arbor/fastify4 and arbor/fastify5: each line by import and require, one copy of arbor', async () => {
    const app = await appWith('arbor')
    await writeFile(join(app, 'lines.mjs'), lineEntriesApp)
    const { report, stderr } = await node('lines.mjs', app)
    assert.equal(stderr, '')
    assert.deepEqual(report.versions, ['4.25.2', '4.25.2', '5.12.1', '4.25.2', '5.12.1'])
    assert.equal(report.sameFactories, true, 'require and import give the same line factory')
    assert.equal(report.oneCopy, true, "the entries share arbor's error classes")
    assert.equal(report.v5PluginLoaded, true)
    assert.deepEqual(report.host, { hostname: 'example.com', port: 8080 })
  })

  test('examples/commonjs/server.cjs serves its route from the fresh build', async (t) => {
    const child: ChildProcess = spawn(process.execPath, ['examples/commonjs/server.cjs'], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    t.after(() => child.kill())
    let output = ''
    const address = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address in:\n${output}`)), STEP_TIMEOUT)
      child.stderr?.on('data', (chunk) => (output += chunk))
      child.stdout?.on('data', (chunk) => {
        output += chunk
        const found = /listening on (http:\/\/\S+)\ntry: curl /.exec(output)
        if (found) {
          clearTimeout(timer)
          resolve(found[1]!)
        }
      })
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)))
    })
    assert.match(output, new RegExp(`try: curl ${address}/hello/world`))
    const res = await fetch(`${address}/hello/world`)
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { message: 'Hello, world!' })
  })
})
