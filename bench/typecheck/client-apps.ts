// The client rows of the type-check benchmark: the same N routes as generate.ts, chained so the
// app's type carries them, and a client that calls every one and reads its 200 body. Once with
// arbor's client (`client<typeof app>`), once with Hono 4 and `hc<typeof app>`, whose routes
// are typed by validators returning hand-written types (Hono reads no JSON Schema), so Hono's
// figure includes no schema inference at all.
const methods = ['post', 'put', 'patch'] as const

// The plugin a route is in, when the app is written as plugins of `size` routes each.
const prefix = (i: number, size: number) => (size === 0 ? '' : `/p${Math.floor(i / size)}`)

function call(i: number, size: number): string {
  return `
  const r${i} = await api.${methods[i % methods.length]}('${prefix(i, size)}/items${i}/:id', {
    params: { id: 'x' },
    query: { page${i}: ${i}, sort: 's' },
    body: { name${i}: 'n', count${i}: ${i}, tags: ['t'] },
  })
  if (r${i}.status === 200) out.push(r${i}.body.label${i})
`
}

/**
 * `route(i, '')` is generate.ts's route, written as a link of the chain. `size` 0: one chain of
 * every route on the app; otherwise plugins of `size` routes each, as docs/client.md advises,
 * each registered with the prefix `/p<n>`.
 */
export function arborClientApp(
  routes: number,
  route: (i: number, receiver: string) => string,
  size: number,
): string {
  let source = `import arbor, { type ArborInstance } from 'arbor'
import { client } from 'arbor/client'
`
  if (size === 0) {
    source += '\nconst app = arbor()'
    for (let i = 0; i < routes; i++) source += route(i, '').trimEnd()
  } else {
    const plugins = Math.ceil(routes / size)
    for (let p = 0; p < plugins; p++) {
      source += `\nconst plugin${p} = async (app: ArborInstance) =>\n  app`
      for (let i = p * size; i < Math.min(routes, (p + 1) * size); i++) {
        source += route(i, '').trimEnd()
      }
      source += '\n'
    }
    source += '\nconst app = arbor()'
    for (let p = 0; p < plugins; p++) source += `\n  .register(plugin${p}, { prefix: '/p${p}' })`
  }
  source += `

const api = client<typeof app>('http://127.0.0.1:3000')

export async function callAll(): Promise<string[]> {
  const out: string[] = []`
  for (let i = 0; i < routes; i++) source += call(i, size)
  return `${source}  return out
}

export default app
`
}

function honoRoute(i: number): string {
  return `
  .${methods[i % methods.length]}(
    '/items${i}/:id',
    validator('json', (value) => value as { name${i}: string; count${i}: number; tags?: string[]; kind?: 'a' | 'b' | 'c' }),
    validator('query', (value) => value as { page${i}: string; sort?: string }),
    (c) => {
      const { name${i}, count${i}, tags } = c.req.valid('json')
      const query = c.req.valid('query')
      return c.json({ id: name${i}, label${i}: query.sort ?? 'none', total: count${i} + Number(query.page${i}), tags }, 200)
    },
  )`
}

function honoCall(i: number): string {
  return `
  const r${i} = await api.items${i}[':id'].$${methods[i % methods.length]}({
    param: { id: 'x' },
    query: { page${i}: '${i}', sort: 's' },
    json: { name${i}: 'n', count${i}: ${i}, tags: ['t'] },
  })
  if (r${i}.status === 200) out.push((await r${i}.json()).label${i})
`
}

export function honoClientApp(routes: number): string {
  let source = `import { Hono } from 'hono'
import { hc } from 'hono/client'
import { validator } from 'hono/validator'

const app = new Hono()`
  for (let i = 0; i < routes; i++) source += honoRoute(i)
  source += `

const api = hc<typeof app>('http://127.0.0.1:3000')

export async function callAll(): Promise<string[]> {
  const out: string[] = []`
  for (let i = 0; i < routes; i++) source += honoCall(i)
  return `${source}  return out
}

export default app
`
}
