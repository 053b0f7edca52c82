import arbor, { type ArborInstance, type ArborOptions, plugin } from '../../src/index.ts'
import { bearerAuth } from '../../src/plugins/bearer-auth/index.ts'

export interface BuildAppOptions {
  /** The token `GET /one` accepts, sent as `authorization: Bearer <apiKey>`. */
  apiKey: string
  /** Wrap the public child's grandchild with `plugin()`, so `/two` sees `bar`. */
  wrapGrandchild?: boolean
  /** Passed to the factory, e.g. `{ logger: true }`. */
  serverOptions?: ArborOptions
}

// Each route replies with the decorators it can see. An invisible decorator reads undefined,
// so its key is absent from the JSON (spec "Encapsulation rules" 5).
function visibleDecorators(request: object): Record<string, unknown> {
  const { answer, foo, bar } = request as Record<string, unknown>
  return { answer, foo, bar }
}

/**
 * Builds the spec's three-context scenario ("Behaviour of the three-context scenario"):
 *
 * ```
 * root                      decorateRequest('answer', 42)
 * ├── authenticated child   bearerAuth({ keys: [apiKey] }), GET /one
 * └── public child          decorateRequest('foo', 'foo'), GET /two
 *     └── grandchild        decorateRequest('bar', 'bar'), GET /three
 * ```
 *
 * @example
 * ```ts
 * const app = buildApp({ apiKey: 'secret', wrapGrandchild: true })
 * const res = await app.inject({ url: '/two' }) // { answer: 42, foo: 'foo', bar: 'bar' }
 * ```
 */
export function buildApp({
  apiKey,
  wrapGrandchild = false,
  serverOptions,
}: BuildAppOptions): ArborInstance {
  const app = arbor(serverOptions)
  app.decorateRequest('answer', 42)

  app.register(async function authenticatedChild(child: ArborInstance) {
    await child.register(bearerAuth, { keys: [apiKey] })
    child.get('/one', async (request) => visibleDecorators(request))
  })

  async function grandchild(context: ArborInstance): Promise<void> {
    context.decorateRequest('bar', 'bar')
    context.get('/three', async (request) => visibleDecorators(request))
  }

  app.register(async function publicChild(child: ArborInstance) {
    child.decorateRequest('foo', 'foo')
    child.register(wrapGrandchild ? plugin(grandchild) : grandchild)
    child.get('/two', async (request) => visibleDecorators(request))
  })

  return app
}
