// The HTTP methods an application routes, and how each one's request body is read. The
// built-in set depends on the Fastify line (config/fastify-lines.ts, row `builtInMethods`);
// `addHttpMethod` adds to it, for the whole application, as in Fastify 5.

import { METHODS } from 'node:http'

/**
 * How requests of one method have their body read (lifecycle/pipeline.ts `readBody`):
 * - `none`: never read, and a route of the method may not declare `schema.body`
 *   (GET and HEAD; TRACE in Fastify 5; a method added with `hasBody: false`);
 * - `unread`: never read, but a body schema is allowed (the WebDAV methods Fastify 4.25
 *   routes without parsing their bodies);
 * - `announced`: read when the request names a content type and announces a body
 *   (Content-Length or Transfer-Encoding), as Fastify 4.25 reads DELETE and OPTIONS;
 * - `parsed`: read whenever there is a body; a body without a content type goes to the
 *   catch-all parser, or gets 415 (POST, PUT, PATCH, a method added with `hasBody: true`);
 * - `required`: as `parsed`, but a request without a content type or without content is
 *   refused with 400 (RFC 10008 `QUERY`).
 */
export type MethodBody = 'none' | 'unread' | 'announced' | 'parsed' | 'required'

/** The methods Fastify 5 routes without `addHttpMethod`: adding one again warns (FSTDEP025). */
const fastify5BuiltIns: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'TRACE',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'PUT',
  'POST',
  'QUERY',
])

/** Every method node:http parses (and find-my-way routes): `addHttpMethod` accepts these only. */
export const knownMethods: ReadonlySet<string> = new Set(METHODS)

/** One application's methods: what `supportedMethods` lists and how each body is read. */
export class HttpMethods {
  private readonly bodies: Map<string, MethodBody>
  /** methods whose re-adding warns: Fastify 5's built-ins and those added by the app */
  private readonly declared: Set<string>

  constructor(builtIn: Readonly<Record<string, MethodBody>>) {
    this.bodies = new Map(Object.entries(builtIn))
    this.declared = new Set(fastify5BuiltIns)
  }

  has(method: string): boolean {
    return this.bodies.has(method)
  }

  /** How a body of this method is read; a method the app does not route has none. */
  bodyOf(method: string): MethodBody {
    return this.bodies.get(method) ?? 'none'
  }

  /** The methods routed, in the order they were added. */
  list(): string[] {
    return [...this.bodies.keys()]
  }

  /**
   * Adds a method (or changes how its body is read). Returns false when it was already a
   * method of Fastify 5 or added before: Fastify 5 warns then, unless told to override.
   */
  add(method: string, hasBody: boolean): boolean {
    const fresh = !this.declared.has(method)
    this.declared.add(method)
    this.bodies.set(method, hasBody ? (method === 'QUERY' ? 'required' : 'parsed') : 'none')
    return fresh
  }
}
