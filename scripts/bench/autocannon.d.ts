// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  /** A request as autocannon builds it (the options' defaults, then the request's own fields). */
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface Request extends RequestParams {
    /** Called before each request is sent; returns the request to send. */
    setupRequest?(request: RequestParams, context: Record<string, unknown>): RequestParams;
    /** Called with each answer; `headers` as the server named them. */
    onResponse?(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>): void;
  }
  /** One connection. */
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called once per connection, before its first request. */
    setupClient?(client: Client): void;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
