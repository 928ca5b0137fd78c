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
  }): Promise<Result>;
  export default autocannon;
}
