// The module hook behind fastify5-line.ts: src/index.ts, imported from anywhere but the files
// that build the line entries on it, becomes src/fastify5.ts.
type Resolved = { url: string }
type NextResolve = (specifier: string, context: { parentURL?: string }) => Promise<Resolved>

const entryBuilders = ['/src/line-entry.ts', '/src/fastify4.ts', '/src/fastify5.ts']

/** The Fastify 5 line's answer for a module `parentURL` resolved to `resolved`. */
export function toFastify5Line<R extends Resolved>(resolved: R, parentURL = ''): R {
  if (resolved.url.endsWith('/src/index.ts') && !entryBuilders.some((p) => parentURL.endsWith(p))) {
    return { ...resolved, url: resolved.url.replace(/\/src\/index\.ts$/, '/src/fastify5.ts') }
  }
  return resolved
}

export async function resolve(
  specifier: string,
  context: { parentURL?: string },
  nextResolve: NextResolve,
): Promise<Resolved> {
  return toFastify5Line(await nextResolve(specifier, context), context.parentURL)
}
