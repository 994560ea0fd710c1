import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { loginDeviceSchema } from './device-token';

describe('loginDeviceSchema', () => {
  const token = 'A'.repeat(42) + '_';

  test('reads a well-formed token', () => {
    expect(z.parse(loginDeviceSchema, { email: 'x@y.it', deviceToken: token })).toEqual({ deviceToken: token });
  });

  test.each([
    ['missing', undefined],
    ['not a string', 42],
    ['too long', 'A'.repeat(65)],
    ['outside base64url', 'abc.def'],
    ['empty', ''],
  ])('a token %s reads as none, never as an error', (_what, deviceToken) => {
    expect(z.parse(loginDeviceSchema, { deviceToken })).toEqual({ deviceToken: undefined });
  });
});
