import { errorCodes } from '../errors.ts'
import { applicationHookNames, type HookName } from '../types/hook-names.ts'
import type { HookSignatures } from '../types/instance.ts'
import { checkHook } from './hooks.ts'
import { type ContextState, type Instance, kState } from './state.ts'

/** The instance's `addHook` (docs/hooks.md). */
export const hookMethods = {
  /** Adds a hook to this context (and its descendants). */
  addHook<K extends HookName>(this: Instance, name: K, fn: HookSignatures[K]) {
    checkHook(name, fn)
    const state = this[kState]
    const root = state.root
    if (name === 'onListen' || name === 'onReady' || name === 'preClose' || name === 'onClose') {
      if (name !== 'onClose' && root.ready) {
        throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(
          `Cannot call "addHook" for "${name}"!`,
        )
      }
      root.appHooks[name as 'onReady'].push([fn, this])
      return this
    }
    if (root.ready && !(applicationHookNames as readonly string[]).includes(name)) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "addHook"!')
    }
    state.hooks[name].push(fn as never)
    // As in Fastify, the hook also reaches the children this context already has: where it
    // is added decides where it applies, not when (onRoute excepted, as in Fastify).
    if (name !== 'onRoute') addHookToChildren(state, name, fn)
    return this
  },
}

function addHookToChildren(state: ContextState, name: HookName, fn: unknown): void {
  for (const child of state.children) {
    child.hooks[name].push(fn as never)
    addHookToChildren(child, name, fn)
  }
}
