import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './stack/profiles';

/**
 * The Content-Security-Policy in firebase.json allows inline scripts by their SHA-256 only, and
 * the built pages' start-up scripts name the hashed chunk files, so a change to the app's code
 * changes them. The build writes the hashes of the pages it has just built into firebase.json,
 * so what Hosting serves (locally and in a deploy, which builds first) always allows its own scripts.
 */
export function inlineScriptHashes(distDir = join(repoRoot, 'web', 'dist')): string[] {
  const hashes = new Set<string>();
  for (const page of readdirSync(distDir).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(distDir, page), 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** Rewrites the hashes of script-src in firebase.json to the built pages' (its other sources stay); true when it changed. */
export function writeCspHashes(): boolean {
  const file = join(repoRoot, 'firebase.json');
  const text = readFileSync(file, 'utf8');
  const updated = text.replace(/script-src 'self'((?: https:\/\/[a-z0-9.-]+)*)(?: 'sha256-[A-Za-z0-9+/=]+')*;/, (_match, hosts: string) => {
    return `script-src 'self'${hosts}${inlineScriptHashes().map((hash) => ` ${hash}`).join('')};`;
  });
  if (updated === text) return false;
  writeFileSync(file, updated);
  return true;
}
