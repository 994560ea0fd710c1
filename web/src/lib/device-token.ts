/*
 * The device token the server gives this browser at each sign-in, one per account (by email). A
 * login that sends it back is not slowed down or blocked by anyone else's wrong passwords
 * (docs/decisions/016-device-tokens.md). It identifies the browser, not a session: signing out
 * keeps it.
 */

const keyOf = (email: string) => `sfida8:device-token:${email.trim().toLowerCase()}`;

/** The token this browser holds for `email`'s account, if any. */
export function storedDeviceToken(email: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(keyOf(email)) ?? undefined;
  } catch {
    // Storage refused (a privacy mode): a login without a token is only the untrusted kind.
    return undefined;
  }
}

/** Keeps the token a sign-in answered for `email`'s account (none: the one held stays). */
export function storeDeviceToken(email: string, deviceToken: string | undefined): void {
  if (deviceToken === undefined) return;
  try {
    globalThis.localStorage?.setItem(keyOf(email), deviceToken);
  } catch {
    // Storage full or refused: the next login is the untrusted kind, nothing worse.
  }
}

/** Removes the token of `email`'s account: kept across sign-outs, not once the account is deleted. */
export function forgetDeviceToken(email: string): void {
  try {
    globalThis.localStorage?.removeItem(keyOf(email));
  } catch {
    // Storage refused: nothing could have been stored either.
  }
}
