import type { Request, RequestHandler } from 'express';
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
 * but any body must be JSON.
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

    const declared = Number(req.get('content-length') ?? '0');
    if (declared > limit || (preRead && rawBody.length > limit)) {
      // Let the client finish sending so it can read the answer; then close.
      res.set('Connection', 'close');
      if (!preRead) req.resume();
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
    try {
      req.body = JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      return next(malformedJson());
    }
    next();
  };
}
