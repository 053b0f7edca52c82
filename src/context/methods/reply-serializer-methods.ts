import { errorCodes } from '../../errors.ts'
import type { ReplySerializer } from '../../request/route-context.ts'
import { assertFunction } from '../instance.ts'
import { type ContextState, type Instance, kState } from '../state.ts'

/** The instance's `setReplySerializer`: how this context and its descendants serialize replies. */
export const replySerializerMethods = {
  /**
   * Serializes every reply payload of this context's routes (and its descendants') that is
   * not a string, Buffer or stream, in place of the response schemas and JSON.stringify.
   * `reply.serializer(fn)` still wins for one reply; errors keep their own serialization.
   * @example
   * app.setReplySerializer((payload, statusCode) => JSON.stringify({ statusCode, data: payload }))
   */
  setReplySerializer(this: Instance, serializer: ReplySerializer) {
    const state = this[kState]
    if (state.root.ready) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setReplySerializer"!')
    }
    assertFunction(serializer, 'setReplySerializer')
    state.replySerializer = serializer
    return this
  },
}

/** The reply serializer a context's routes use: its own, else its nearest ancestor's (at ready). */
export function replySerializerOf(state: ContextState): ReplySerializer | null {
  for (let s: ContextState | null = state; s !== null; s = s.parent) {
    if (s.replySerializer !== undefined) return s.replySerializer
  }
  return null
}
