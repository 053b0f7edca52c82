// A plugin() wrapper: it runs in the context that registers it, and what its function returns
// (the instance it decorated) is added to that context's type by `register`.
import { plugin } from '../../../src/index.ts'

export interface User {
  id: string
  admin: boolean
}

const tokens: Record<string, User> = {
  'alice-token': { id: 'alice', admin: true },
  'bob-token': { id: 'bob', admin: false },
}

export const auth = plugin(
  async (app) =>
    app
      .decorate('findUser', (token: string): User | null => tokens[token] ?? null)
      .decorateRequest('user', null as User | null)
      .addHook('onRequest', async function (request) {
        const header = request.headers.authorization ?? ''
        request.user = this.findUser(header.replace(/^Bearer /, ''))
      }),
  { name: 'auth' },
)
