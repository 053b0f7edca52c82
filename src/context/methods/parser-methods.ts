import { defaultTextParser, jsonParser } from '../../content/parsers.ts'
import { errorCodes } from '../../errors.ts'
import type { ContentTypeParserOptions, PoisoningAction } from '../../types/content.ts'
import type { BodyParser } from '../../types/instance.ts'
import { type Instance, kState } from '../state.ts'

type ParserType = string | RegExp | Array<string | RegExp>

/** The instance's content-type parser methods (docs/content-types.md). */
export const parserMethods = {
  /** Adds a body parser for a content type (string, RegExp, list, or '*'), in this context. */
  addContentTypeParser(
    this: Instance,
    type: ParserType,
    a: ContentTypeParserOptions | Function,
    b?: Function,
  ) {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('addContentTypeParser')
    const options = (typeof a === 'function' ? {} : a) as ContentTypeParserOptions
    const fn = (typeof a === 'function' ? a : b) as Function
    for (const t of Array.isArray(type) ? type : [type]) state.parsers.add(t, options, fn)
    return this
  },
  hasContentTypeParser(this: Instance, type: string | RegExp): boolean {
    return this[kState].parsers.has(type)
  },
  removeContentTypeParser(this: Instance, type: ParserType) {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('removeContentTypeParser')
    for (const t of Array.isArray(type) ? type : [type]) state.parsers.remove(t)
    return this
  },
  removeAllContentTypeParsers(this: Instance) {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('removeAllContentTypeParsers')
    state.parsers.removeAll()
    return this
  },
  getDefaultJsonParser(
    this: Instance,
    onProto: PoisoningAction,
    onConstructor: PoisoningAction,
  ): BodyParser {
    return jsonParser(onProto, onConstructor, this[kState].root.options.line.jsonSyntaxErrorMessage)
  },
  get defaultTextParser(): BodyParser {
    return defaultTextParser
  },
}
