// A plugin in its own file with zod schemas (docs/typescript.md, "Standard Schema"): no type
// provider and no compiler to set. zod validates and coerces, its defaults and transforms reach
// the handler, and the response schema is serialized from its JSON Schema.
import * as z from 'zod'
import type { ArborPluginAsync } from '../../../src/index.ts'

const note = z.object({ id: z.number(), text: z.string(), pinned: z.boolean() })

// It returns its chain of routes: the typed client sees them (docs/client.md).
export const notes = (async (app) => {
  const list: Array<z.input<typeof note>> = []

  return app
    .post(
      '/',
      {
        schema: {
          body: z.object({ text: z.string().trim().min(1), pinned: z.boolean().default(false) }),
          response: { 201: note },
        },
      },
      async (request, reply) => {
        // request.body is { text: string; pinned: boolean }: zod's output, default applied
        const created = { id: list.length + 1, ...request.body }
        list.push(created)
        return reply.code(201).send(created)
      },
    )
    .get(
      '/',
      {
        schema: {
          // the query string arrives as text: coercion is zod's
          querystring: z.object({ pinned: z.stringbool().optional() }),
          response: { 200: z.array(note) },
        },
      },
      async (request) =>
        request.query.pinned === undefined
          ? list
          : list.filter((n) => n.pinned === request.query.pinned),
    )
}) satisfies ArborPluginAsync
