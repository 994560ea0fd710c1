import type { Request, RequestHandler } from 'express';
import type { HttpError } from '../shared/http-error';
import { readBody } from './json-body';

/**
 * A body taken as bytes (an upload: a voice note), whatever its Content-Type, with a size cap
 * answered by `tooLarge`. As with JSON, Cloud Functions has already read the body before Express
 * runs (`req.rawBody`); in tests and the plain server the stream is read here. The bytes are
 * `req.body` afterwards (`bodyBytes`).
 */
export function rawBody(limit: number, tooLarge: () => HttpError): RequestHandler {
  return async (req, res, next) => {
    const preRead = (req as Request & { rawBody?: unknown }).rawBody;
    const declared = Number(req.get('content-length') ?? '0');
    if (declared > limit || (Buffer.isBuffer(preRead) && preRead.length > limit)) {
      // Let the client finish sending so it can read the answer; then close.
      res.set('Connection', 'close');
      if (!Buffer.isBuffer(preRead)) req.resume();
      return next(tooLarge());
    }
    if (Buffer.isBuffer(preRead)) {
      req.body = preRead;
      return next();
    }
    try {
      req.body = await readBody(req, limit);
    } catch (error) {
      // Over the cap without a declared length (a chunked upload): the answer names the limit too.
      return next(error instanceof Error && 'status' in error && error.status === 413 ? tooLarge() : error);
    }
    next();
  };
}

/** The bytes `rawBody` read. */
export function bodyBytes(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}
