/** What `onProtoPoisoning` / `onConstructorPoisoning` do with a poisoned JSON body. */
export type PoisoningAction = 'error' | 'remove' | 'ignore'

export type ParserDone = (err: Error | null, body?: unknown) => void

export interface ContentTypeParserOptions {
  parseAs?: 'string' | 'buffer'
  bodyLimit?: number
}
