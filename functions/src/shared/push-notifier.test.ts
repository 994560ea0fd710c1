import { describe, expect, test } from 'vitest';
import { isPushServiceEndpoint } from './push-notifier';

describe('isPushServiceEndpoint', () => {
  test.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://fcm.googleapis.com:443/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
  ])('a browser\'s endpoint: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, false)).toBe(true);
  });

  test.each([
    // WHATWG URL reads these as fcm.googleapis.com; Node's url.parse, which web-push sends with, as no host (localhost).
    ['no //', 'https:fcm.googleapis.com/x'],
    ['one /', 'https:/fcm.googleapis.com/x'],
    ['another port', 'https://fcm.googleapis.com:8443/x'],
    ['an empty port', 'https://fcm.googleapis.com:/x'],
    ['user info', 'https://user@fcm.googleapis.com/x'],
    ['user info after a semicolon', 'https://fcm.googleapis.com;@evil.com/x'],
    ['user and password', 'https://user:secret@fcm.googleapis.com/x'],
    ['empty user info', 'https://@fcm.googleapis.com/x'],
    ['a host that only starts like one', 'https://fcm.googleapis.com.evil.com/x'],
    ['a host that only ends like one', 'https://evilfcm.googleapis.com/x'],
    ['a trailing dot', 'https://fcm.googleapis.com./x'],
    // Browsers give the scheme and host in lower case: anything else was written by hand.
    ['upper case', 'HTTPS://FCM.GOOGLEAPIS.COM/x'],
    ['an upper-case host', 'https://FCM.googleapis.com/x'],
    ['a backslash before the host ends', 'https://fcm.googleapis.com\\@evil.com/x'],
    ['a backslash in the path', 'https://fcm.googleapis.com/x\\y'],
    ['a tab in the host', 'https://evil.com\t.push.services.mozilla.com/x'],
    ['a line break', 'https://fcm.googleapis.com/x\n'],
    ['leading space', ' https://fcm.googleapis.com/x'],
    ['plain http', 'http://fcm.googleapis.com/x'],
    ['an IP address', 'https://142.250.180.10/x'],
    ['not a URL', 'non un indirizzo'],
  ])('refused: %s (%s)', (_, endpoint) => {
    expect(isPushServiceEndpoint(endpoint, false)).toBe(false);
    expect(isPushServiceEndpoint(endpoint, true)).toBe(false);
  });

  test('the local stand-in is a push service only in the emulators, written as a browser would', () => {
    for (const endpoint of ['https://127.0.0.1:8443/push/a', 'https://localhost:8443/push/a']) {
      expect(isPushServiceEndpoint(endpoint, true), endpoint).toBe(true);
      expect(isPushServiceEndpoint(endpoint, false), endpoint).toBe(false);
    }
    for (const endpoint of ['https:127.0.0.1:8443/push/a', 'https://user@127.0.0.1:8443/push/a', 'http://127.0.0.1:8443/push/a', 'https://[::1]:8443/push/a']) {
      expect(isPushServiceEndpoint(endpoint, true), endpoint).toBe(false);
    }
  });
});
