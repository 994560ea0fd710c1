import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express, { type Request, type RequestHandler, type Response } from 'express';

// Serves HTTPS functions the way one Cloud Functions (2nd gen) instance does: one Node
// process, many concurrent requests. The request pipeline is the Functions emulator's own
// worker runtime (Express, trust proxy, the same body parsers filling req.rawBody, then the
// onRequest handler); only the emulator's front proxy, which gives every concurrent
// request a process of its own, is left out.
//
// Usage: tsx function-host.ts <mount>=<module path>#<export> ...
// Prints {"port": n} on stdout once listening.

const require = createRequire(import.meta.url);
const saveRaw = (req: Request & { rawBody?: Buffer }, _res: Response, buf: Buffer) => {
  req.rawBody = buf;
};
const limit = '32mb';

const app = express();
app.enable('trust proxy');
app.use(express.json({ limit, verify: saveRaw }));
app.use(express.text({ limit, verify: saveRaw }));
app.use(express.urlencoded({ extended: true, limit, verify: saveRaw }));
app.use(express.raw({ type: '*/*', limit, verify: saveRaw }));

for (const spec of process.argv.slice(2)) {
  const match = /^(\/[^=]+)=(.+)#(\w+)$/.exec(spec);
  if (!match) throw new Error(`bad function spec: ${spec}`);
  const [, mount, file, exportName] = match as unknown as [string, string, string, string];
  const trigger = (require(file) as Record<string, RequestHandler | undefined>)[exportName];
  if (typeof trigger !== 'function') throw new Error(`${file} does not export a function "${exportName}"`);
  // app.use strips the mount path, as the emulator strips /<project>/<region>/<function>.
  app.use(mount, (req, res, next) => {
    Promise.resolve(trigger(req, res, next)).catch(next);
  });
}

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
