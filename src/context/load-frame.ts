import type { ArborInstance } from '../types/instance.ts'

export type PluginInput =
  | Function
  | { default: Function }
  | PromiseLike<Function | { default: Function }>
export type PluginOptions =
  | Record<string, unknown>
  | ((parent: ArborInstance) => Record<string, unknown>)

export type QueueItem =
  | { kind: 'plugin'; plugin: PluginInput; options: PluginOptions | undefined }
  | { kind: 'after'; callback: Function }

/**
 * The plugins registered while one plugin (or the root) was loading. Plugins load in
 * registration order, depth first: a plugin's own registrations load right after it, before
 * its later siblings.
 */
export class LoadFrame {
  readonly instance: ArborInstance
  readonly node: PluginNode
  readonly items: QueueItem[] = []
  draining: Promise<void> | null = null
  error: Error | null = null

  constructor(instance: ArborInstance, node: PluginNode) {
    this.instance = instance
    this.node = node
  }
}

/** One loaded plugin, wrapped or not, for printPlugins(). */
export interface PluginNode {
  name: string
  prefix: string
  encapsulated: boolean
  loadTime: number | undefined
  children: PluginNode[]
}
