import type { Request, RequestHandler, Response } from 'express';
import { hasLoneSurrogate, visibleTextMessages } from '@sfida/core/visible-text';
import { HttpError, badRequest } from '../shared/http-error';
import { isStateChanging } from './origin-check';

/** The cap of an ordinary body: sign-in, a profile, a cohort, an event, onboarding answers. */
export const JSON_BODY_LIMIT = 4 * 1024;
export const TRACKER_BODY_LIMIT = 512 * 1024;
/** A message with a hand-picked list of recipients, or a coach's reply templates. */
export const MESSAGE_BODY_LIMIT = 96 * 1024;

export const tooLarge = () => new HttpError(413, 'Richiesta troppo grande');
const notJson = () => new HttpError(415, 'La richiesta deve essere in formato JSON (Content-Type: application/json)');
const malformedJson = () => badRequest('Richiesta non valida: JSON malformato');
/** The message a field's own check gives a lone surrogate, so a client reads one message for it. */
const malformedText = () => badRequest(visibleTextMessages.malformed);
/** A body sent with a Content-Encoding (gzip, br, …), JSON or an upload. */
export const compressed = () => new HttpError(415, 'Il corpo della richiesta non può essere compresso: invialo senza Content-Encoding');

/**
 * Whether the body says it is compressed. Our clients never compress a request, and a few KB of
 * gzip can inflate to gigabytes: no encoding but `identity` is accepted, so nothing here ever
 * inflates a body. (Cloud Functions' own body parser inflates before Express runs, up to its own
 * limit: that cost is outside the app; see docs/deploy.md.)
 */
export function isEncoded(req: Request): boolean {
  const encoding = (req.get('content-encoding') ?? '').trim().toLowerCase();
  return encoding !== '' && encoding !== 'identity';
}

/**
 * Answers a request whose body is refused before a byte of it is used: the client may finish
 * sending (the bytes are dropped as they come, never kept) so it can read the answer; then close.
 */
export function refuseBody(req: Request, res: Response, preRead: boolean): void {
  res.set('Connection', 'close');
  if (!preRead) req.resume();
}

/** Whether any string of a parsed JSON value, a key or a value, holds a lone surrogate. Iterative: depth costs no stack. */
function holdsLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasLoneSurrogate(next)) return true;
    } else if (Array.isArray(next)) {
      // One by one: spreading a list of 200,000 into push() overflows the stack.
      for (const item of next as unknown[]) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (hasLoneSurrogate(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

export function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  if (length !== undefined) return Number(length) > 0;
  return req.get('transfer-encoding') !== undefined;
}

/** Reads the body stream up to `limit` bytes; over the limit it drains the rest and fails with 413. */
export function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => (over ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/**
 * JSON bodies for state-changing calls, with a size cap. Cloud Functions has
 * already read (and parsed) the body before Express runs, leaving `req.rawBody`:
 * the cap is checked against those bytes, which are parsed again here so local
 * and deployed behaviour match. Bodiless calls (logout) need no Content-Type,
 * but any body must be JSON, uncompressed, and its strings well-formed Unicode.
 */
export function jsonBody(limit: number): RequestHandler {
  return async (req, res, next) => {
    if (!isStateChanging(req.method)) return next();
    const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
    const preRead = Buffer.isBuffer(rawBody);
    const contentType = req.get('content-type');
    const bodyPresent = preRead ? rawBody.length > 0 : hasBody(req);

    if (!bodyPresent && !contentType) {
      req.body = {};
      return next();
    }
    if (!isJsonContentType(contentType)) return next(notJson());
    if (isEncoded(req)) {
      refuseBody(req, res, preRead);
      return next(compressed());
    }

    const declared = Number(req.get('content-length') ?? '0');
    if (declared > limit || (preRead && rawBody.length > limit)) {
      refuseBody(req, res, preRead);
      return next(tooLarge());
    }
    let bytes: Buffer;
    try {
      bytes = preRead ? rawBody : await readBody(req, limit);
    } catch (error) {
      return next(error);
    }
    if (bytes.length === 0) {
      req.body = {};
      return next();
    }
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      return next(malformedJson());
    }
    // A \uD800 escape parses into a string that is no Unicode text: Firestore and Auth refuse it
    // (a 500 deep in a route), so every route is spared it here.
    if (holdsLoneSurrogate(body)) return next(malformedText());
    req.body = body;
    next();
  };
}
