import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import type { PushPayload, PushSubscriptionRequest } from '@sfida/core/notifications';

// A local stand-in for a Web Push service (FCM, Mozilla's, Apple's): the push service is outside
// our system. It records every request and answers 201, or what a test sets for an endpoint (410
// for a subscription that expired). A `BrowserDevice` holds the keys a browser would, so a test
// can decrypt what the server sent exactly as the browser does. Push services speak only HTTPS:
// the stand-in serves a self-signed certificate for 127.0.0.1 (a test fixture, valid for a
// century), which `agent` trusts; the app under test is given that agent.

const certificate = readFileSync(new URL('./push-service.cert.pem', import.meta.url));
const privateKey = readFileSync(new URL('./push-service.key.pem', import.meta.url));

export interface PushRequest {
  /** The endpoint's path, `/push/{device}`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStandIn {
  url: string;
  requests: PushRequest[];
  /** The status answered for a device's endpoint (201 unless set). */
  answerFor: Map<string, number>;
  /** Called as each push arrives; the push is answered once what it returns settles (a test's slow push service). */
  onPush: ((path: string) => unknown) | null;
  /** Reaches the stand-in (trusts its certificate): the app's `pushAgent`. */
  agent: Agent;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const requests: PushRequest[] = [];
  const answerFor = new Map<string, number>();
  const standIn: PushServiceStandIn = {
    url: '',
    requests,
    answerFor,
    onPush: null,
    agent: new Agent({ ca: certificate }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ cert: certificate, key: privateKey }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      void Promise.resolve(standIn.onPush?.(path)).finally(() => res.writeHead(answerFor.get(path) ?? 201).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `https://127.0.0.1:${port}`;
  return standIn;
}

/** A browser's side of a subscription: its endpoint on the stand-in, and the keys it decrypts with. */
export class BrowserDevice {
  readonly path = `/push/${randomBytes(8).toString('hex')}`;
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor(private readonly service: PushServiceStandIn) {
    this.ecdh.generateKeys();
  }

  /** What `PushSubscription.toJSON()` gives the web app. */
  get subscription(): PushSubscriptionRequest {
    return {
      endpoint: `${this.service.url}${this.path}`,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** The requests the push service received for this device. */
  get requests(): PushRequest[] {
    return this.service.requests.filter((request) => request.path === this.path);
  }

  /** The messages this device received, decrypted as the browser does. */
  get received(): PushPayload[] {
    return this.requests.map((request) => this.decrypt(request.body));
  }

  decrypt(body: Buffer): PushPayload {
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.authSecret.toString('base64url') });
    return JSON.parse(plain.toString('utf8')) as PushPayload;
  }
}
