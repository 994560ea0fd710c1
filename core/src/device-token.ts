import * as z from 'zod/mini';

/**
 * A device token as the server issues it after a sign-in (32 random bytes, base64url): proof that
 * a login comes from a browser where the account signed in before (docs/decisions/016-device-tokens.md).
 */
export const deviceTokenSchema = z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

/**
 * What a login body may carry besides core's LoginRequest. A malformed token reads as none: one
 * spoilt in the browser's storage must never stop its owner from signing in.
 */
export const loginDeviceSchema = z.object({ deviceToken: z.catch(z.optional(deviceTokenSchema), undefined) });
export type LoginDevice = z.infer<typeof loginDeviceSchema>;
