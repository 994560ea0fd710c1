import autocannon from 'autocannon';

// Runs one autocannon load in its own process (the bench's process hosts the embedded
// Firestore emulator, whose event loop the load generator must not share) and prints
// the figures as JSON. Usage: tsx load-worker.ts '<json options>'
interface Options {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  bodyFile?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const { readFile } = await import('node:fs/promises');
const body = options.bodyFile ? await readFile(options.bodyFile, 'utf8') : undefined;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  method: options.method ?? 'GET',
  headers: options.headers ?? {},
  ...(body !== undefined ? { body } : {}),
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  }),
);
