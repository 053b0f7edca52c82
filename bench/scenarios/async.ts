import { type FastifyStyleRequest, type Scenario, sendJson } from '../lib/scenario.ts'

// The style most Fastify applications are written in: async hooks and an async handler that
// awaits, here a stand-in for a lookup. The other scenarios answer synchronously, so this is
// the one that shows what promises and `await` cost in each framework's process (issue 12
// notes: an async hook enabled for a single call once made every `await` of an arbor
// process 50% slower for its whole life, and no other scenario could see it).
const user = { id: 'u1' }

async function authenticate(): Promise<typeof user> {
  return user
}

async function lookup(id: string): Promise<{ id: string; name: string }> {
  await null
  return { id, name: 'widget' }
}

export const scenario: Scenario = {
  name: 'async',
  description:
    'GET /items/:id with an async onRequest and preHandler hook and an async handler that awaits a lookup',
  requests: [
    {
      method: 'GET',
      path: '/items/7',
      status: 200,
      body: '{"id":"7","name":"widget","user":"u1"}',
    },
  ],
  fastify(app) {
    app.decorateRequest('user', null)
    app.addHook('onRequest', async (request: FastifyStyleRequest) => {
      request.user = await authenticate()
    })
    app.addHook('preHandler', async (request: FastifyStyleRequest) => {
      if (request.user === null) throw new Error('not authenticated')
    })
    app.get('/items/:id', async (request) => {
      const item = await lookup(request.params.id as string)
      return { ...item, user: (request.user as typeof user).id }
    })
  },
  node() {
    // The floor: the same awaits around a hand-written route.
    const answer = async (id: string, res: Parameters<typeof sendJson>[0]) => {
      const who = await authenticate()
      const item = await lookup(id)
      sendJson(res, 200, { ...item, user: who.id })
    }
    return (req, res) => {
      const match = /^\/items\/([^/?]+)$/.exec(req.url ?? '')
      if (req.method !== 'GET' || match === null) {
        sendJson(res, 404, { error: 'Not Found' })
        return
      }
      answer(match[1]!, res).catch(() => sendJson(res, 500, { error: 'Internal Server Error' }))
    }
  },
}
