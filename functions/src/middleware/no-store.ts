import type { RequestHandler } from 'express';

/** API answers are personal: never stored by a browser or shared cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};
