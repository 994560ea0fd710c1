import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// The Content-Security-Policy in firebase.json allows inline scripts by hash only: every inline
// script of the built pages must have its hash there, and no hash may outlive its script.
// `npm test` builds web/dist before Vitest, and the build writes the hashes (scripts/csp-hashes.ts).
interface HeaderRule {
  source?: string;
  regex?: string;
  headers: Array<{ key: string; value: string }>;
}
const hosting = (JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as { hosting: { headers: HeaderRule[] } }).hosting;
const dist = join(repoRoot, 'web', 'dist');
const pages = readdirSync(dist).filter((name) => name.endsWith('.html'));

function headerFor(source: string, key: string): string | undefined {
  return hosting.headers.find((rule) => rule.source === source)?.headers.find((h) => h.key === key)?.value;
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

describe('the Content-Security-Policy', () => {
  const csp = headerFor('**', 'Content-Security-Policy') ?? '';
  const scriptSrc = /(?:^|;\s*)script-src ([^;]+)/.exec(csp)?.[1]?.split(/\s+/) ?? [];

  it('is served on every path, and allows no inline script or eval without a hash', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
  });

  it('lists the hash of every inline script of the built pages, and no other', () => {
    const needed = new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(join(dist, page), 'utf8'))));
    expect(needed.size).toBeGreaterThan(0);
    const listed = new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")));
    // An edited inline script changes its hash: the message gives the directive to paste into firebase.json.
    const directive = `script-src 'self' ${[...needed].sort().join(' ')}`;
    expect([...needed].filter((hash) => !listed.has(hash)), `inline scripts whose hash firebase.json lacks; set: ${directive}`).toEqual([]);
    expect([...listed].filter((hash) => !needed.has(hash)), `hashes of scripts no page has any more; set: ${directive}`).toEqual([]);
  });

  it('lets the page reach only what "Accedi con Google" needs in production: Google\'s iframe library and Identity Toolkit', () => {
    expect(scriptSrc.filter((source) => !source.startsWith("'"))).toEqual(['https://apis.google.com']);
    expect(/(?:^|;\s*)connect-src ([^;]+)/.exec(csp)?.[1]).toBe("'self' https://identitytoolkit.googleapis.com");
    // The sign-in pages are the app's own domain's (Hosting's /__/auth/*); the Auth emulator is the local stack's alone.
    expect(csp).not.toMatch(/frame-src|127\.0\.0\.1|localhost/);
  });

  it('has no inline event handler in the built pages (a hash cannot allow those)', () => {
    for (const page of pages) expect(readFileSync(join(dist, page), 'utf8'), page).not.toMatch(/<[^>]+\son[a-z]+=/i);
  });
});

describe('caching', () => {
  // Hosting applies custom headers to the function's answers too (the emulator does): the
  // documents' rule must leave /api alone, whose Cache-Control the API sets per answer (the
  // tracker's GET is revalidated by ETag). RE2 has no lookahead, hence the spelled-out regex.
  const documents = hosting.headers.find((rule) => rule.regex && rule.headers.some((h) => h.key === 'Cache-Control'));
  const matchesDocuments = (path: string) => new RegExp(documents!.regex!, 'u').test(path);

  it('revalidates every document on each visit, whatever its path', () => {
    expect(documents?.headers).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    const paths = ['/', '/index.html', '/login', '/dashboard', '/dashboard.html', '/abitudini', '/a', '/ap', '/api', '/apix', '/as', '/assetsx', '/app.html', '/profilo/qualcosa', '/pagina-inesistente', '/downloads/ricettario-veloce.pdf'];
    expect(paths.filter((path) => !matchesDocuments(path))).toEqual([]);
  });

  it('leaves the API and the hashed assets to their own rules', () => {
    expect(['/api/', '/api/auth/me', '/api/users/me/progress', '/assets/', '/assets/index-abc.js'].filter(matchesDocuments)).toEqual([]);
    expect(hosting.headers.filter((rule) => rule.headers.some((h) => h.key === 'Cache-Control')).map((rule) => rule.source ?? rule.regex)).toHaveLength(2);
    expect(headerFor('/assets/**', 'Cache-Control')).toBe('public, max-age=31536000, immutable');
  });
});
