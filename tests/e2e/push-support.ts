import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ece from 'http_ece';
import type { PushPayload, PushSubscriptionRequest } from '@sfida/core/notifications';
import { repoRoot } from '../../scripts/stack/profiles';

// A stand-in for a Web Push service (outside our system) for the end-to-end tests: it records what
// the function sends to each device and decrypts it with the device's keys, as a browser does. It
// serves the API tests' self-signed certificate for 127.0.0.1, which global-setup.ts makes the
// function trust. (The API tests' own stand-in, functions/src/test-support/push-service.ts, is a
// module of the functions' sources that Playwright's loader cannot load.)

const fixtures = join(repoRoot, 'functions', 'src', 'test-support');

export interface PushStandIn {
  /** A browser's subscription on the stand-in, and what it has received so far. */
  device(): { subscription: PushSubscriptionRequest; received(): PushPayload[] };
  close(): Promise<void>;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const bodies = new Map<string, Buffer[]>();
  const server: Server = createServer({ cert: readFileSync(join(fixtures, 'push-service.cert.pem')), key: readFileSync(join(fixtures, 'push-service.key.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      bodies.set(path, [...(bodies.get(path) ?? []), Buffer.concat(chunks)]);
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    device() {
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      return {
        subscription: { endpoint: `https://127.0.0.1:${port}${path}`, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret } },
        received: () =>
          (bodies.get(path) ?? []).map((body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8')) as PushPayload),
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
