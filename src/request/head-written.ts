/**
 * Whether the response's head has really gone out. `headersSent` is a getter of node's response
 * classes, and a plugin can shadow it on the response object: @fastify/express makes it true
 * once its `res.send` runs, before anything was written, and then calls `reply.send`. Deciding
 * on that flag would take the after-head branch with nothing written and leave the request
 * unanswered; the class's own getter tells what node did. A response nobody shadowed is read
 * as it is (one own-property check on the hot path).
 */
export function headWritten(res: { readonly headersSent: boolean }): boolean {
  if (!Object.hasOwn(res, 'headersSent')) return res.headersSent
  for (
    let proto = Object.getPrototypeOf(res);
    proto !== null;
    proto = Object.getPrototypeOf(proto)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'headersSent')
    if (descriptor === undefined) continue
    return Boolean(descriptor.get !== undefined ? descriptor.get.call(res) : descriptor.value)
  }
  return false
}
