import * as z from 'zod/mini';
import { mondayOf } from './dates';
import { isIsoDate } from './iso-date';

// Query strings (and path segments) arrive as text, a repeated key as a list: each parameter's
// schema reads one value, falls back when it is absent or empty, and refuses anything else
// with its own Italian message.

/**
 * One text parameter: absent or empty gives `fallback`, a text `read` accepts gives its value,
 * anything else (a list, a text `read` answers undefined for) fails with `message`.
 */
export function textParam<T, F extends string | number | null>(fallback: F, read: (value: string) => T | undefined, message: string) {
  // An absent key is filled by the default; the transform sees what the request held.
  const fromText = z.pipe(
    z.unknown(),
    z.transform((value, ctx): T | F => {
      if (value === undefined || value === '') return fallback;
      const parsed = typeof value === 'string' ? read(value) : undefined;
      if (parsed === undefined) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return parsed;
    }),
  );
  // `as never`: zod types the default through conditional types TypeScript cannot resolve for a generic F.
  return z._default(fromText, fallback as never);
}

/** `?weekStart=`: a Monday as YYYY-MM-DD; null when absent, for the caller's week of today. */
export const weekStartParam = textParam(null, (value) => (isIsoDate(value) && mondayOf(value) === value ? value : undefined), 'weekStart deve essere un lunedì nel formato AAAA-MM-GG');
export const weekStartQuerySchema = z.object({ weekStart: weekStartParam });
