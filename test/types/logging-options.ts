// Type tests: the logging factory options. `loggerInstance` takes a logger, not options;
// `disableRequestLogging` takes a boolean or a function of the typed request.
import pino from 'pino'
import arbor, { type ArborOptions } from '../../src/index.ts'
import { expectType } from './expect.ts'

arbor({ loggerInstance: pino() })
arbor({ logger: { level: 'info' } })
arbor({ disableRequestLogging: true })
arbor({
  disableRequestLogging: (request) => {
    expectType<string>()(request.url)
    return request.url === '/health'
  },
})

// @ts-expect-error options are not a logger: they go in `logger`
arbor({ loggerInstance: { level: 'info' } })
// @ts-expect-error the function must say yes or no
arbor({ disableRequestLogging: (request) => request.url })

expectType<boolean | ((request: never) => boolean)>()(arbor().initialConfig.disableRequestLogging)
const options: ArborOptions = { loggerInstance: pino(), disableRequestLogging: () => false }
void options
