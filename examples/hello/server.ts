// The README's hello world, kept here so it is type-checked with the rest of the repo.
// Run it with: npx tsx examples/hello/server.ts
import arbor from '../../src/index.ts'

const app = arbor({ logger: true })

app.get('/', async () => ({ hello: 'world' }))

app.register(
  async (child) => {
    child
      .decorateRequest('user', 'guest') // visible to this plugin's routes only, typed there
      .get('/me', async (request) => ({ user: request.user }))
  },
  { prefix: '/v1' },
)

await app.listen({ port: Number(process.env.PORT ?? 3000) })
