import autocannon, { type Client } from 'autocannon';
import { startSyncParticipant } from './sync-participant';

// Runs one autocannon load in its own process (the bench's process hosts the embedded
// Firestore emulator, whose event loop the load generator must not share) and prints
// the figures as JSON. Usage: tsx load-worker.ts '<json options>'
interface Options {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  /** Each connection a participant of its own syncing its tracker (sync-participant.ts): their session cookies. */
  syncSessions?: string[];
  /** Each connection its own request, sent again and again (a floor's slots, floor-plan.ts). */
  perConnection?: Array<{ method: string; headers: Record<string, string>; body?: string }>;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
// Read before the load starts, so it measures the syncs alone.
const participants = options.syncSessions ? await Promise.all(options.syncSessions.map((cookie) => startSyncParticipant(options.url, cookie))) : null;
let nextParticipant = 0;

let nextRequest = 0;

/** Gives each connection its own request (perConnection). */
function setupFixedClient(client: Client): void {
  const request = options.perConnection![nextRequest++ % options.perConnection!.length]!;
  client.setRequests([{ ...request }]);
}

/** Gives each connection its own participant: its requests carry that participant's tracker and last revision. */
function setupClient(client: Client): void {
  const participant = participants![nextParticipant++]!;
  client.setRequests([
    {
      method: 'PATCH',
      setupRequest: (request) => ({ ...request, ...participant.request() }),
      onResponse: (status, _body, _context, headers) => {
        const etag = Object.entries(headers).find(([name]) => name.toLowerCase() === 'etag')?.[1];
        participant.answered(status, Array.isArray(etag) ? etag[0] : etag);
      },
    },
  ]);
}

const result = await autocannon({
  url: options.url,
  connections: participants?.length ?? options.perConnection?.length ?? options.connections,
  duration: options.duration,
  method: options.method ?? 'GET',
  headers: options.headers ?? {},
  ...(participants ? { setupClient } : options.perConnection ? { setupClient: setupFixedClient } : {}),
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
    ...(participants ? { bodyBytes: participants.map((participant) => participant.bodyBytes) } : {}),
  }),
);
