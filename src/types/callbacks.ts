// What arbor hands a hook or a handler besides the request and the reply: the error it handles
// and the callback that ends a callback-style hook.
/** What arbor hands an error handler: an Error, possibly carrying HTTP and validation facts. */
export interface ArborErrorLike extends Error {
  code?: string
  statusCode?: number
  status?: number
  validation?: unknown
  validationContext?: string
}

export type DoneCallback = (err?: Error | null) => void
