// The part of autocannon 9 that bench/load.ts uses (the package ships no types).
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
  };
  type Histogram = { average: number; p50: number; p99: number; total: number; [key: string]: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    verifyBody?: (body: string) => boolean;
  }): Instance;
  /** The running load: a promise of its result, and the events it emits meanwhile. */
  type Instance = Promise<Result> & {
    /** Every answer: its status, size in bytes and time in milliseconds (a float). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): Instance;
  };
  export default autocannon;
}
