import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import { callWithTimeout } from './call-with-timeout.ts'
import { LoadFrame, type PluginInput, type PluginNode, type PluginOptions } from './load-frame.ts'
import { isSkipOverride, pluginName } from './plugin-meta.ts'
import type { LoaderHooks, RootState } from './state.ts'

type PluginFunction = (
  instance: ArborInstance,
  opts: Record<string, unknown>,
  done?: (err?: Error) => void,
) => unknown

function currentFrame(root: RootState): LoadFrame {
  return root.frames[root.frames.length - 1]!
}

function unwrap(input: unknown): Function {
  let fn = input
  if (fn !== null && typeof fn === 'object' && 'default' in fn)
    fn = (fn as { default: unknown }).default
  // An ES module namespace whose default export is itself a `{ default }` object (CJS interop).
  if (fn !== null && typeof fn === 'object' && 'default' in fn)
    fn = (fn as { default: unknown }).default
  if (typeof fn !== 'function') {
    throw new errorCodes.FST_ERR_PLUGIN_NOT_VALID(
      `plugin must be a function or a module with a default export, instead got '${fn === null ? 'null' : typeof fn}'`,
    )
  }
  return fn
}

/** `register(plugin, options)`: queues the plugin in the context that is loading now. */
export function enqueuePlugin(root: RootState, plugin: unknown, options: unknown): void {
  if (root.ready) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "register"!')
  const isPromise = plugin !== null && typeof (plugin as PromiseLike<unknown>)?.then === 'function'
  if (!isPromise) unwrap(plugin)
  if (
    options !== undefined &&
    options !== null &&
    typeof options !== 'object' &&
    typeof options !== 'function'
  ) {
    throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
  }
  currentFrame(root).items.push({
    kind: 'plugin',
    plugin: plugin as PluginInput,
    options: (options ?? undefined) as PluginOptions | undefined,
  })
}

/** `after(callback)`: queues a callback that runs once everything registered before it loaded. */
export function enqueueAfter(root: RootState, callback: Function): void {
  currentFrame(root).items.push({ kind: 'after', callback })
}

/** Loads what a frame holds so far; resolves when its queue is empty. */
export function drain(root: RootState, hooks: LoaderHooks, frame: LoadFrame): Promise<void> {
  if (frame.draining !== null) return frame.draining
  const run = async () => {
    while (frame.items.length > 0) {
      const item = frame.items.shift()!
      if (item.kind === 'after') {
        await runAfter(frame, item.callback)
        continue
      }
      // After a failure, later plugins of the same frame are not loaded.
      if (frame.error !== null) continue
      try {
        await loadPlugin(root, hooks, frame, item.plugin, item.options)
      } catch (err) {
        frame.error = err as Error
      }
    }
  }
  frame.draining = run().finally(() => {
    frame.draining = null
  })
  return frame.draining
}

async function runAfter(frame: LoadFrame, callback: Function): Promise<void> {
  const err = frame.error
  if (callback.length === 0 && err !== null) return
  frame.error = null
  try {
    await new Promise<void>((resolve, reject) => {
      const done = (e?: Error | null) => (e ? reject(e) : resolve())
      const result =
        callback.length >= 2
          ? callback.call(frame.instance, err, done)
          : callback.call(frame.instance, err)
      if (callback.length < 2) {
        if (result !== null && typeof (result as PromiseLike<unknown>)?.then === 'function') {
          ;(result as PromiseLike<unknown>).then(() => resolve(), reject)
        } else resolve()
      }
    })
  } catch (e) {
    frame.error = e as Error
  }
}

async function loadPlugin(
  root: RootState,
  hooks: LoaderHooks,
  parentFrame: LoadFrame,
  input: PluginInput,
  rawOptions: PluginOptions | undefined,
): Promise<void> {
  const fn = unwrap(
    input !== null && typeof (input as PromiseLike<unknown>).then === 'function'
      ? await input
      : input,
  ) as PluginFunction
  const parent = parentFrame.instance
  const options = (
    typeof rawOptions === 'function' ? rawOptions(parent) : (rawOptions ?? {})
  ) as Record<string, unknown>
  const name = pluginName(fn)
  const instance = isSkipOverride(fn) ? parent : hooks.createChild(parent, fn, options)
  const state = hooks.stateOf(instance)
  try {
    hooks.checkMeta(fn, instance)
  } catch (err) {
    throw nameThePlugin(err as Error, name)
  }
  const node: PluginNode = {
    name,
    prefix: state.prefix,
    encapsulated: instance !== parent,
    loadTime: undefined,
    children: [],
  }
  parentFrame.node.children.push(node)
  const frame = new LoadFrame(instance, node)
  root.frames.push(frame)
  const started = performance.now()
  try {
    await callWithTimeout(
      fn,
      undefined,
      [instance, options],
      root.options.pluginTimeout,
      () => new errorCodes.FST_ERR_PLUGIN_TIMEOUT(name),
    )
    await drain(root, hooks, frame)
    if (frame.error !== null) throw frame.error
  } catch (err) {
    throw nameThePlugin(err as Error, name)
  } finally {
    root.frames.splice(root.frames.lastIndexOf(frame), 1)
    node.loadTime = performance.now() - started
    if (state.instance !== parent) state.loadTime = node.loadTime
  }
  const parentState = hooks.stateOf(parent)
  parentState.pluginNames.push(name)
  if (state !== parentState) state.pluginNames.push(name)
}

/** Tags an error with the plugin it came from, once (the innermost plugin wins). */
function nameThePlugin(err: Error, name: string): Error {
  if (typeof err === 'object' && err !== null && !('plugin' in err)) {
    Object.defineProperty(err, 'plugin', { value: name, enumerable: false, configurable: true })
  }
  return err
}
