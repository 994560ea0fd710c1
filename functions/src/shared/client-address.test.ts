import type { Request } from 'express';
import { describe, expect, test } from 'vitest';
import { clientAddresses } from './client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({ headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } }) as unknown as Request;

const production = { front: 1, hosting: 1 };
const emulators = { front: 0, hosting: 1 };

describe('clientAddresses', () => {
  test('through Hosting in production: the browser is the entry Hosting appended', () => {
    // The browser forged a first entry; Hosting appended the browser, Google's front end appended Hosting's edge.
    const req = request('169.254.1.1', 'forged, 203.0.113.7, 198.51.100.9');
    expect(clientAddresses(req, production)).toEqual({ connection: '198.51.100.9', client: '203.0.113.7' });
  });

  test('a direct call with a forged header: the connection is still the caller', () => {
    const first = clientAddresses(request('169.254.1.1', '10.0.0.1, 192.0.2.66'), production);
    const second = clientAddresses(request('169.254.1.1', '10.0.0.2, 192.0.2.66'), production);
    expect(first.client).not.toBe(second.client);
    expect(first.connection).toBe('192.0.2.66');
    expect(second.connection).toBe('192.0.2.66');
  });

  test('a direct call without the header: client and connection are the caller', () => {
    expect(clientAddresses(request('169.254.1.1', '192.0.2.66'), production)).toEqual({ connection: '192.0.2.66', client: '192.0.2.66' });
  });

  test('in the emulators the socket is the connection, whatever the header says', () => {
    expect(clientAddresses(request('::ffff:127.0.0.1', '6.6.6.6'), emulators)).toEqual({ connection: '127.0.0.1', client: '6.6.6.6' });
    expect(clientAddresses(request('127.0.0.1'), emulators)).toEqual({ connection: '127.0.0.1', client: '127.0.0.1' });
  });

  test('repeated headers are one list; blanks are skipped', () => {
    const req = { headers: { 'x-forwarded-for': ['1.1.1.1', ' , 2.2.2.2'] }, socket: { remoteAddress: '127.0.0.1' } } as unknown as Request;
    expect(clientAddresses(req, production)).toEqual({ connection: '2.2.2.2', client: '1.1.1.1' });
  });
});
