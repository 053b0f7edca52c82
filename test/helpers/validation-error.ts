/** The 400 payload arbor sends when request validation fails with `message`. */
export function badRequest(message: string) {
  return { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message }
}
