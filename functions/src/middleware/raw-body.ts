import type { Request, RequestHandler } from 'express';
import type { HttpError } from '../shared/http-error';
import { compressed, isEncoded, readBody, refuseBody } from './json-body';

/**
 * A body taken as bytes (an upload: a voice note), whatever its Content-Type, with a size cap
 * answered by `tooLarge`. As with JSON, Cloud Functions has already read the body before Express
 * runs (`req.rawBody`); in tests and the plain server the stream is read here. The bytes are
 * `req.body` afterwards (`bodyBytes`). A compressed body is refused (415) unread, as for JSON.
 */
export function rawBody(limit: number, tooLarge: () => HttpError): RequestHandler {
  return async (req, res, next) => {
    const preRead = (req as Request & { rawBody?: unknown }).rawBody;
    if (isEncoded(req)) {
      refuseBody(req, res, Buffer.isBuffer(preRead));
      return next(compressed());
    }
    const declared = Number(req.get('content-length') ?? '0');
    if (declared > limit || (Buffer.isBuffer(preRead) && preRead.length > limit)) {
      refuseBody(req, res, Buffer.isBuffer(preRead));
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
