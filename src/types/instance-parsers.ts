// The members of the instance for content-type parsers (docs/content-type-parser.md).
// `ArborInstance` (types/instance-core.ts) extends them with the parser types, which refer to
// the request: `Body` is `BodyParser`, `Stream` is `StreamParser`.
import type { ContentTypeParserOptions, PoisoningAction } from './content.ts'

type ParserType = string | RegExp | Array<string | RegExp>

/** The content-type parsers of this context (see `ArborInstance`). */
export interface InstanceParsers<Body, Stream> {
  // content types
  /** Adds a body parser for a content type (string, RegExp, list, or '*'), in this context. */
  addContentTypeParser(
    type: ParserType,
    options: ContentTypeParserOptions & { parseAs: 'string' | 'buffer' },
    parser: Body,
  ): this
  addContentTypeParser(type: ParserType, options: ContentTypeParserOptions, parser: Stream): this
  addContentTypeParser(type: ParserType, parser: Stream): this
  hasContentTypeParser(type: string | RegExp): boolean
  removeContentTypeParser(type: string | RegExp | Array<string | RegExp>): this
  removeAllContentTypeParsers(): this
  getDefaultJsonParser(onProto: PoisoningAction, onConstructor: PoisoningAction): Body
  readonly defaultTextParser: Body
}
