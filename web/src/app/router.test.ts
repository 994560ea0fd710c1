import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSignedOutOnly, prerenderedPaths, screenPaths, signedInPaths } from './router';

const firebaseJson = join(import.meta.dirname, '..', '..', '..', 'firebase.json');

describe('prerenderedPaths', () => {
  it('lists the signed-out and public pages, not the landing page', () => {
    expect(prerenderedPaths().sort()).toEqual(['/login', '/privacy', '/register', '/terms']);
  });

  it('login and register are for signed-out visitors only; terms and privacy are for everyone', () => {
    expect(prerenderedPaths().filter(isSignedOutOnly).sort()).toEqual(['/login', '/register']);
  });

  it('every screen but the landing has a page of its own: prerendered, or a shell with its styles', () => {
    expect([...prerenderedPaths(), ...signedInPaths(), '/'].sort()).toEqual(screenPaths().sort());
  });

  it('each page is served from its file by firebase.json, before the SPA fallback', () => {
    const { hosting } = JSON.parse(readFileSync(firebaseJson, 'utf8')) as { hosting: { rewrites: { source: string; destination?: string }[] } };
    const pageRewrites = hosting.rewrites.filter((rewrite) => rewrite.destination?.endsWith('.html') && rewrite.destination !== '/app.html');
    expect(pageRewrites.map((rewrite) => [rewrite.source, rewrite.destination]).sort()).toEqual(
      [...prerenderedPaths(), ...signedInPaths()]
        .map((path) => [path, `${path}.html`])
        .sort(),
    );
    const fallback = hosting.rewrites.findIndex((rewrite) => rewrite.source === '**');
    expect(fallback).toBe(hosting.rewrites.length - 1);
  });
});
