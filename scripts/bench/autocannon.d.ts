// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest
  }

  export interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: AutocannonRequest[]
  }

  export interface AutocannonResult {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    requests: { total: number; average: number }
    latency: { p50: number; p99: number; average: number }
    statusCodeStats: Record<string, { count: number }>
  }

  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance
  export default autocannon
}
