// The members of the instance that set the functions a context's routes run with: the error
// handler and the child logger factory. `ArborInstance` (types/instance-core.ts) extends them
// with the types of those functions, which refer to it. `setNotFoundHandler` stays there: its
// handler type reads the instance's members, which a base type's argument cannot (TS2310).
/** The handlers of this context and below (see `ArborInstance`). */
export interface InstanceHandlers<ErrorHandler, ChildLoggerFactory> {
  // logging
  /** How this context's routes build each request's logger, here and below. */
  setChildLoggerFactory(factory: ChildLoggerFactory): this
  /** The child logger factory in effect in this context. */
  readonly childLoggerFactory: ChildLoggerFactory

  // handlers
  /** The error handler for this context and its descendants. */
  setErrorHandler(handler: ErrorHandler): this
  /** arbor's default error handler, for handlers that want to fall back to it. */
  readonly errorHandler: ErrorHandler
}
