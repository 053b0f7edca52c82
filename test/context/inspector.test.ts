// The context inspector (docs/encapsulation.md "Inspecting the tree"): printContexts,
// printRoute, describeContexts, describeRoute; and the docs' blocks match the example.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../examples/three-contexts/app.ts'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The fenced block that follows `<!-- marker -->` in docs/encapsulation.md. */
async function docsBlock(marker: string): Promise<string> {
  const docs = await readFile(`${ROOT}docs/encapsulation.md`, 'utf8')
  const start = docs.indexOf(`<!-- ${marker} -->\n\`\`\`text\n`)
  assert.notEqual(start, -1, `docs/encapsulation.md has a block marked ${marker}`)
  const from = docs.indexOf('\n', docs.indexOf('```text', start)) + 1
  return docs.slice(from, docs.indexOf('```\n', from))
}

/** stdout of `ARBOR_INSPECT=1 npm start` up to its banner (the server is stopped then). */
function exampleOutput(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/three-contexts/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_KEY: '', ARBOR_INSPECT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    // A safety net against a hung child, not a timing assertion.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk)
      if (output.includes('/three\n')) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += String(chunk)
    })
    child.once('exit', () => {
      clearTimeout(timer)
      if (output.includes('/three\n')) resolve(output)
      else reject(new Error(`server.ts printed no banner; output:\n${output}`))
    })
  })
}

describe('the inspector on the three-context example', () => {
  test('docs/encapsulation.md shows the tree that ARBOR_INSPECT=1 npm start prints', async () => {
    const expected = await docsBlock('printContexts: examples/three-contexts')
    const output = await exampleOutput()
    const start = output.indexOf('root\n')
    assert.notEqual(start, -1, output)
    assert.equal(output.slice(start, start + expected.length), expected)
  })

  test('docs/encapsulation.md shows what printRoute("GET", "/two") prints for the example', async (t) => {
    const app = buildApp({ apiKey: 'key' })
    t.after(() => app.close())
    await app.ready()
    assert.equal(
      app.printRoute('GET', '/two'),
      await docsBlock('printRoute GET /two: examples/three-contexts'),
    )
    // and the tree in-process is the one the server prints
    assert.equal(app.printContexts(), await docsBlock('printContexts: examples/three-contexts'))
  })

  test("with the grandchild wrapped, bar is the public child's and /two sees it (rules 6 and 7)", async (t) => {
    const app = buildApp({ apiKey: 'key', wrapGrandchild: true })
    t.after(() => app.close())
    await app.ready()
    const publicChild = app.describeContexts().children[1]!
    assert.equal(publicChild.name, 'publicChild')
    assert.deepEqual(publicChild.children, [])
    assert.match(publicChild.wrappedPlugins[0]!, /^grandchild-auto-\d+$/)
    assert.deepEqual(app.describeRoute('GET', '/two')!.decorators.request, [
      { name: 'answer', context: 'root' },
      { name: 'foo', context: 'publicChild' },
      { name: 'bar', context: 'publicChild' },
    ])
  })
})

describe('describeRoute: what one route sees', () => {
  test('hooks are listed in the order they run, each with the context that added it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const ran: string[] = []
    const hook = (name: string) =>
      ({
        [name]: async () => {
          ran.push(name)
        },
      })[name]!
    app.addHook('onRequest', hook('rootFirst'))
    app.register(async function outer(child) {
      child.addHook('onRequest', hook('outerHook'))
      child.register(async function inner(grandchild) {
        grandchild.addHook('onRequest', hook('innerHook'))
        grandchild.get('/deep', { onRequest: hook('routeHook') }, async () => 'ok')
      })
    })
    // Added after `outer` was registered: it still reaches outer's routes (where, not when),
    // but, as in Fastify, only once outer has loaded, so after outer's and inner's own hooks.
    app.addHook('onRequest', hook('rootSecond'))
    await app.ready()

    const described = app.describeRoute('GET', '/deep')!
    assert.deepEqual(described.contexts, ['root', 'outer', 'inner'])
    assert.deepEqual(described.hooks.onRequest, [
      { name: 'rootFirst', context: 'root' },
      { name: 'outerHook', context: 'outer' },
      { name: 'innerHook', context: 'inner' },
      { name: 'rootSecond', context: 'root' },
      { name: 'routeHook', context: 'route' },
    ])
    await app.inject('/deep')
    assert.deepEqual(
      ran,
      described.hooks.onRequest!.map((item) => item.name),
    )
  })

  test('decorators, schemas, parsers and compilers come with the context that registered them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('db', {})
    app.addSchema({ $id: 'user', type: 'object' })
    app.register(async function api(child) {
      child.decorateReply('view', function view() {})
      child.addSchema({ $id: 'item', type: 'object' })
      child.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      )
      child.setValidatorCompiler(function strictCompiler() {
        return () => true
      })
      child.get('/items/:id', async () => 'ok')
    })
    app.get('/other', async () => 'ok')
    await app.ready()

    const described = app.describeRoute('GET', '/items/42')! // matched by the router
    assert.equal(described.url, '/items/:id')
    assert.deepEqual(described.decorators.instance, [{ name: 'db', context: 'root' }])
    assert.deepEqual(described.decorators.reply, [{ name: 'view', context: 'api' }])
    assert.deepEqual(described.schemas, [
      { name: 'user', context: 'root' },
      { name: 'item', context: 'api' },
    ])
    assert.deepEqual(described.parsers, [
      { name: 'application/json', context: 'root' },
      { name: 'text/plain', context: 'root' },
      { name: 'text/csv', context: 'api' },
    ])
    assert.deepEqual(described.compilers.validator, { name: 'strictCompiler', context: 'api' })
    assert.equal(described.compilers.serializer.context, null)

    const other = app.describeRoute('GET', '/other')!
    assert.deepEqual(other.schemas, [{ name: 'user', context: 'root' }])
    assert.deepEqual(other.decorators.reply, [])
    assert.equal(other.compilers.validator.context, null)
  })

  test('error handlers are listed in the order an error travels: route, context, parents, default', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler(function rootHandler(error, _request, reply) {
      reply.send(error)
    })
    app.register(async function api(child) {
      child.setErrorHandler(function apiHandler(error) {
        throw error
      })
      child.get(
        '/a',
        {
          errorHandler: function routeHandler(error) {
            throw error
          },
        },
        async () => 'ok',
      )
    })
    await app.ready()
    assert.deepEqual(app.describeRoute('GET', '/a')!.errorHandlers, [
      { name: 'routeHandler', context: 'route' },
      { name: 'apiHandler', context: 'api' },
      { name: 'rootHandler', context: 'root' },
      { name: "arbor's default", context: null },
    ])
  })

  test('no route answers: describeRoute is null and printRoute says so', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    await app.ready()
    assert.equal(app.describeRoute('POST', '/'), null)
    assert.equal(app.printRoute('GET', '/nope'), 'GET /nope: no route\n')
  })
})

describe('printContexts and describeContexts: the tree', () => {
  test('each context lists its own registrations and marks inherited ones with their origin', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('user', null)
    app.register(
      async function admin(child) {
        child.addHook('preHandler', async function audit() {})
        child.setNotFoundHandler(function adminNotFound(_request, reply) {
          reply.code(404).send('no')
        })
        child.register(async function reports(grandchild) {
          grandchild.get('/reports', async () => 'ok')
        })
      },
      { prefix: '/admin' },
    )
    await app.ready()
    const text = app.printContexts()
    assert.equal(
      text,
      [
        'root',
        '│   request decorators     user',
        "│   error handler          arbor's default",
        "│   not-found handler      arbor's default",
        '│   content-type parsers   application/json, text/plain',
        '└── admin',
        '    │   prefix                 /admin',
        '    │   preHandler hooks       audit',
        '    │   request decorators     user (from root)',
        "    │   error handler          arbor's default",
        '    │   not-found handler      adminNotFound',
        '    │   content-type parsers   application/json (from root), text/plain (from root)',
        '    └── reports',
        '            prefix                 /admin',
        '            preHandler hooks       audit (from admin)',
        '            request decorators     user (from root)',
        "            error handler          arbor's default",
        '            not-found handler      adminNotFound (from admin)',
        '            content-type parsers   application/json (from root), text/plain (from root)',
        '            routes                 GET, HEAD /admin/reports',
        '',
      ].join('\n'),
    )
    assert.equal(
      app.printContexts({ inherited: false }),
      [
        'root',
        '│   request decorators     user',
        '│   content-type parsers   application/json, text/plain',
        '└── admin',
        '    │   prefix                 /admin',
        '    │   preHandler hooks       audit',
        '    │   not-found handler      adminNotFound',
        '    └── reports',
        '            routes                 GET, HEAD /admin/reports',
        '',
      ].join('\n'),
    )
  })

  test('application hooks are listed where they were added; two plugins of one name are told apart', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const same = async function same(child: ArborInstance) {
      child.addHook('onReady', async function warmUp() {})
    }
    app.register(same)
    app.register(same)
    app.register(
      plugin(async function shared(instance) {
        instance.decorate('cache', new Map())
      }),
    )
    await app.ready()
    const tree = app.describeContexts()
    assert.deepEqual(
      tree.children.map((c) => c.name),
      ['same', 'same#2'],
    )
    assert.deepEqual(tree.children[1]!.hooks.onReady, [{ name: 'warmUp', context: 'same#2' }])
    assert.equal(tree.hooks.onReady, undefined)
    assert.match(tree.wrappedPlugins[0]!, /^shared-auto-\d+$/)
    assert.deepEqual(tree.decorators.instance, [{ name: 'cache', context: 'root' }])
    assert.deepEqual(tree.children[0]!.decorators.instance, [{ name: 'cache', context: 'root' }])
  })
})
