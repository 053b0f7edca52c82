import { parse as parseQuerystring } from 'fast-querystring'
import type { ResolvedOptions } from './option-types.ts'

/**
 * The query-string parser of an application: the `querystringParser` option, else
 * fast-querystring (repeated keys become arrays). Routes and not-found requests share it.
 */
export function queryParserOf(
  options: ResolvedOptions,
): (query: string) => Record<string, unknown> {
  return options.querystringParser ?? parseQueryOrEmpty
}

/**
 * As Fastify 4 and 5 (find-my-way's default): no query string gives a plain `{}`, which has
 * Object.prototype's methods, and fast-querystring is not called for most requests.
 */
function parseQueryOrEmpty(query: string): Record<string, unknown> {
  return query.length === 0 ? {} : parseQuerystring(query)
}
