// A plain CommonJS application, as most Fastify 4 apps are: `require('arbor')` returns the
// factory with every named export on it, as `require('fastify')` does. An app that aliases
// the package (`"fastify": "npm:arbor@..."`) runs its `require('fastify')` unchanged.
//
// From the repository: npm run build && node examples/commonjs/server.cjs
// (`require('arbor')` resolves to this package itself, through its package.json exports.)
// Configuration: PORT (default 3001; 0 picks a free port), HOST (default 127.0.0.1).
'use strict'

const arbor = require('arbor')

const port = Number(process.env.PORT || 3001)
const host = process.env.HOST || '127.0.0.1'

// `arbor.plugin` marks the function exactly as the `fastify-plugin` package does, so
// `require('fastify-plugin')(fn)` works the same: the plugin runs in the registering
// context, and its decorator is visible to the routes beside it.
const greeter = arbor.plugin(
  async (instance, options) => {
    instance.decorate('greet', (name) => `${options.greeting}, ${name}!`)
  },
  { name: 'greeter' },
)

const app = arbor({ logger: { level: process.env.LOG_LEVEL || 'info' } })

app.register(greeter, { greeting: 'Hello' })

app.get(
  '/hello/:name',
  {
    schema: {
      params: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 } },
        required: ['name'],
      },
      response: {
        200: {
          type: 'object',
          properties: { message: { type: 'string' } },
        },
      },
    },
  },
  async (request) => ({ message: app.greet(request.params.name) }),
)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err)
        process.exit(1)
      },
    )
  })
}

app.listen({ port, host }).then(
  (address) => {
    console.log(`arbor (CommonJS) listening on ${address}`)
    console.log(`try: curl ${address}/hello/world`)
  },
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
