// The typed client of docs/client.md, for the app of app.ts: the calls are checked against the
// routes' schemas and the answers are typed by status code, with no code generation. Run the
// server (server.ts), then: npx tsx examples/typed/client.ts
import { client } from '../../src/client/index.ts'
import type { App } from './app.ts'

const api = client<App>(process.env.API_URL ?? 'http://127.0.0.1:3000', {
  headers: { authorization: 'Bearer alice-token' },
})

const created = await api.post('/todos', { body: { title: 'write the client docs' } })
if (created.status === 201) {
  // { id: number; title: string; done: boolean; owner: string }
  const todo = created.body
  const done = await api.patch('/todos/:id', { params: { id: todo.id }, body: { done: true } })
  if (done.status === 404) console.log('gone:', done.body.message)
}

const open = await api.get('/todos', { query: { done: false } })
if (open.status === 200) console.log(open.body.map((t) => t.title))

// zod schemas: the body is zod's input (pinned may be left out), the answer its output
const note = await api.post('/notes', { body: { text: 'hello' } })
if (note.status === 201) console.log(note.body.pinned)

const me = await api.get('/me')
if (me.status === 401) console.log(me.body.message)
else if (me.status === 200) console.log(me.body.id)
