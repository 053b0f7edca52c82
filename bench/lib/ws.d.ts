// The part of ws's client API the attack cases use (the package ships no types, and @types/ws
// would be one more dependency for one bench file).
declare module 'ws' {
  export default class WebSocket {
    constructor(address: string)
    readonly bufferedAmount: number
    on(event: 'open', listener: () => void): this
    on(event: 'error', listener: (error: Error) => void): this
    on(event: 'close', listener: (code: number) => void): this
    on(event: 'message' | 'pong', listener: (data: Buffer) => void): this
    send(data: string | Buffer, callback?: (error?: Error) => void): void
    ping(data?: string | Buffer): void
    terminate(): void
  }
}
