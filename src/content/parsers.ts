import secureJson from 'secure-json-parse'
import { errorCodes } from '../errors.ts'
import type { ContentTypeParserOptions, PoisoningAction } from '../types/content.ts'
import type { BodyParser } from '../types/instance.ts'
import { bodyText } from './body-text.ts'

export interface Parser {
  fn: Function
  parseAs: 'string' | 'buffer' | null
  bodyLimit: number | undefined
  /** A default parser (JSON, text) may be replaced once without removing it first, as in Fastify. */
  isDefault?: boolean
}

/** The media type of a content-type header: lower-cased, parameters and spaces removed. */
export function mediaTypeOf(contentType: string): string {
  const semi = contentType.indexOf(';')
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase()
}

/** The value of the `charset` parameter of a content-type header, lower-cased, if any. */
export function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)
  return match ? match[1]!.toLowerCase() : undefined
}

/**
 * The content-type parsers one context sees. A child context starts with a copy of its
 * parent's, so a parser added in a plugin stays in that plugin (spec "Encapsulation rules").
 */
export class ContentTypeParsers {
  exact = new Map<string, Parser>()
  patterns: Array<[RegExp, Parser]> = []
  catchAll: Parser | null = null
  private cache = new Map<string, Parser | null>()

  clone(): ContentTypeParsers {
    const copy = new ContentTypeParsers()
    copy.exact = new Map(this.exact)
    copy.patterns = this.patterns.slice()
    copy.catchAll = this.catchAll
    return copy
  }

  add(type: string | RegExp, options: ContentTypeParserOptions, fn: Function): void {
    if (typeof type === 'string') {
      if (type.trim().length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_TYPE()
    } else if (!(type instanceof RegExp)) {
      throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
    }
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_CTP_INVALID_HANDLER()
    const { parseAs, bodyLimit } = options
    if (parseAs !== undefined && parseAs !== 'string' && parseAs !== 'buffer') {
      throw new errorCodes.FST_ERR_CTP_INVALID_PARSE_TYPE(String(parseAs))
    }
    if (bodyLimit !== undefined && !(Number.isInteger(bodyLimit) && bodyLimit > 0)) {
      throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(bodyLimit))
    }
    const replacesDefault =
      typeof type === 'string' && this.exact.get(normalize(type))?.isDefault === true
    if (!replacesDefault && this.has(type)) {
      throw new errorCodes.FST_ERR_CTP_ALREADY_PRESENT(String(type))
    }
    const parser: Parser = { fn, parseAs: parseAs ?? null, bodyLimit }
    if (type === '*') this.catchAll = parser
    else if (typeof type === 'string') this.exact.set(normalize(type), parser)
    else this.patterns.push([type, parser])
    this.cache.clear()
  }

  has(type: string | RegExp): boolean {
    if (type === '*') return this.catchAll !== null
    if (typeof type === 'string') return this.exact.has(normalize(type))
    return this.patterns.some(([re]) => re.toString() === type.toString())
  }

  remove(type: string | RegExp): boolean {
    this.cache.clear()
    if (type === '*') {
      const had = this.catchAll !== null
      this.catchAll = null
      return had
    }
    if (typeof type === 'string') return this.exact.delete(normalize(type))
    const index = this.patterns.findIndex(([re]) => re.toString() === type.toString())
    if (index !== -1) this.patterns.splice(index, 1)
    return index !== -1
  }

  removeAll(): void {
    this.exact.clear()
    this.patterns = []
    this.catchAll = null
    this.cache.clear()
  }

  /** The parser for a request's content-type: exact type, then RegExp in order, then '*'. */
  find(contentType: string): Parser | null {
    const cached = this.cache.get(contentType)
    if (cached !== undefined) return cached
    const found = this.lookup(contentType)
    if (this.cache.size < 1000) this.cache.set(contentType, found)
    return found
  }

  private lookup(contentType: string): Parser | null {
    const full = normalize(contentType)
    const essence = mediaTypeOf(contentType)
    const exact = this.exact.get(full) ?? this.exact.get(essence)
    if (exact !== undefined) return exact
    for (const [re, parser] of this.patterns) {
      re.lastIndex = 0
      // As in Fastify: a RegExp without ';' is tested against the media type alone.
      if (re.test(re.source.includes(';') ? full : essence)) return parser
    }
    return this.catchAll
  }
}

function normalize(type: string): string {
  return type.toLowerCase().replace(/\s+/g, '')
}

/**
 * The default JSON parser, with prototype-poisoning protection (secure-json-parse). An invalid
 * body's 400 FST_ERR_CTP_INVALID_JSON_BODY says what JSON.parse said (`syntaxErrorMessage`,
 * Fastify 4.25), or Fastify 5's fixed text (the line table's `jsonSyntaxErrorMessage` row).
 */
export function jsonParser(
  onProto: PoisoningAction,
  onConstructor: PoisoningAction,
  syntaxErrorMessage = true,
): BodyParser {
  const options = { protoAction: onProto, constructorAction: onConstructor }
  return function defaultJsonParser(request, body, done) {
    const type = request.headers['content-type']
    // the usual `application/json` names no charset: no need to look for one
    const charset = type === 'application/json' ? undefined : charsetOf(String(type ?? ''))
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(
        new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(
          `application/json; charset=${charset} (only utf-8 is accepted)`,
        ),
      )
      return
    }
    const text = typeof body === 'string' ? body : bodyText(body)
    // A first character that is printable ASCII other than a space cannot begin a blank text.
    const first = text.charCodeAt(0)
    if (text.length === 0 || (!(first > 32 && first < 127) && /^\s*$/.test(text))) {
      done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined)
      return
    }
    let parsed: unknown
    try {
      parsed = secureJson.parse(text, null, options)
    } catch (err) {
      done(toParseError(err as Error, text, onConstructor, syntaxErrorMessage), undefined)
      return
    }
    done(null, parsed)
  }
}

function toParseError(
  err: Error,
  text: string,
  onConstructor: PoisoningAction,
  syntaxErrorMessage: boolean,
): Error {
  if (/prototype property/i.test(err.message)) {
    // secure-json-parse words both cases alike; parsing again with __proto__ ignored tells them apart
    return new errorCodes.FST_ERR_CTP_PROTO_POISONING(
      throwsWithProtoIgnored(text, onConstructor) ? 'constructor.prototype' : '__proto__',
    )
  }
  const invalid = new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
  if (syntaxErrorMessage) {
    // JSON.parse quotes the input in some messages; keep only a short excerpt of it.
    invalid.message = err.message.length > 120 ? `${err.message.slice(0, 117)}...` : err.message
  }
  return invalid
}

function throwsWithProtoIgnored(text: string, onConstructor: PoisoningAction): boolean {
  try {
    secureJson.parse(text, null, { protoAction: 'ignore', constructorAction: onConstructor })
    return false
  } catch {
    return true
  }
}

/** The default text/plain parser: the body as a string. */
export const defaultTextParser: BodyParser = function defaultTextParser(_request, body, done) {
  done(null, typeof body === 'string' ? body : bodyText(body))
}

export function defaultParsers(
  onProto: PoisoningAction,
  onConstructor: PoisoningAction,
  syntaxErrorMessage = true,
): ContentTypeParsers {
  const parsers = new ContentTypeParsers()
  const json = jsonParser(onProto, onConstructor, syntaxErrorMessage)
  parsers.add('application/json', { parseAs: 'string' }, json)
  parsers.add('text/plain', { parseAs: 'string' }, defaultTextParser)
  for (const parser of parsers.exact.values()) parser.isDefault = true
  return parsers
}
