import { serveFastifyStyle } from './serve.ts'

await serveFastifyStyle('arbor')
