import { type RequestIdGenerator, requestIdGenerator } from '../../config/request-id.ts'
import { errorCodes } from '../../errors.ts'
import { assertFunction } from '../instance.ts'
import { type ContextState, type Instance, kState } from '../state.ts'

/**
 * The generator of request ids in a context: its own (`setGenReqId`), else its nearest
 * ancestor's, else the application's. Routes resolve it once, when they are built.
 */
export function requestIdGeneratorOf(state: ContextState): RequestIdGenerator {
  for (let s: ContextState | null = state; s !== null; s = s.parent) {
    if (s.genReqId !== undefined) return s.genReqId
  }
  return state.root.genReqId
}

/** The instance's request id methods (Fastify 5's, in every line). */
export const requestIdMethods = {
  /** The request id generator in effect in this context. */
  get genReqId(): RequestIdGenerator {
    return requestIdGeneratorOf((this as unknown as Instance)[kState])
  },
  /**
   * Sets the request id generator of this context and its descendants; at the root (or from a
   * wrapped plugin there) also for requests no route matched. The id header is read first.
   * @example
   * app.register(async (api) => { api.setGenReqId(() => randomUUID()) }, { prefix: '/api' })
   */
  setGenReqId(this: Instance, generate: RequestIdGenerator) {
    assertFunction(generate, 'setGenReqId')
    const state = this[kState]
    const root = state.root
    if (root.ready) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setGenReqId"!')
    }
    const generator = requestIdGenerator(root.options.requestIdHeader, generate)
    if (state.parent === null) root.genReqId = generator
    else state.genReqId = generator
    return this
  },
}
