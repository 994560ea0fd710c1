import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_INVITE_CODE, repoRoot } from '../../scripts/stack/profiles';

// Nothing secret may ship: not in what Hosting serves (web/dist), not in the function
// bundle (functions/lib, source maps included). `npm test` builds both before Vitest.

interface Needle {
  /** What the needle is, for the failure message (never the secret itself). */
  what: string;
  bytes: Buffer;
}

const SKIP_DIRS = new Set(['node_modules', '.git']);

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Files named `.secret*` anywhere in the repo, outside node_modules and .git. */
function secretFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...secretFiles(path));
    else if (entry.isFile() && entry.name.startsWith('.secret')) found.push(path);
  }
  return found;
}

/** The whole content of a `.secret*` file, and each value of its KEY=VALUE lines. */
function needlesFromSecretFile(path: string): Needle[] {
  const name = relative(repoRoot, path);
  const content = readFileSync(path, 'utf8');
  const needles: Needle[] = [];
  if (content.trim()) needles.push({ what: `the content of ${name}`, bytes: Buffer.from(content.trim()) });
  for (const line of content.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const value = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
    // Very short values ("1", "true") would match anywhere; no real secret is that short.
    if (value.length >= 6) needles.push({ what: `the value of ${match[1]} in ${name}`, bytes: Buffer.from(value) });
  }
  return needles;
}

function allNeedles(): Needle[] {
  const markers = ['"private_key"', 'BEGIN PRIVATE KEY', '"client_email"', 'service_account'];
  return [
    { what: 'the local invite code (LOCAL_INVITE_CODE)', bytes: Buffer.from(LOCAL_INVITE_CODE) },
    ...secretFiles(repoRoot).flatMap(needlesFromSecretFile),
    ...markers.map((marker) => ({ what: `the service-account marker ${marker}`, bytes: Buffer.from(marker) })),
  ];
}

/** "file: what" for every needle found in a file under `dir` (bytes compared, so binary assets are covered too). */
function leaks(dir: string): string[] {
  const needles = allNeedles();
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const content = readFileSync(file);
    for (const needle of needles) {
      if (content.includes(needle.bytes)) found.push(`${relative(repoRoot, file)}: ${needle.what}`);
    }
  }
  return found;
}

function requireBuilt(dir: string, entry: string): string {
  const path = join(repoRoot, dir);
  if (!existsSync(join(path, entry)) || !statSync(path).isDirectory()) {
    throw new Error(`${dir}/${entry} manca: esegui prima "npx tsx scripts/build.ts" (npm test costruisce da solo prima di Vitest).`);
  }
  return path;
}

describe('no secret in the built assets', () => {
  it('knows what to look for (the invite code, the local secret file if any)', () => {
    const needles = allNeedles();
    expect(needles.map((n) => n.what)).toContain('the local invite code (LOCAL_INVITE_CODE)');
    const localSecret = join(repoRoot, 'functions', '.secret.local');
    if (existsSync(localSecret) && readFileSync(localSecret, 'utf8').trim()) {
      expect(needles.some((n) => n.what.includes('functions/.secret.local'))).toBe(true);
    }
  });

  it('web/dist (everything Hosting serves) holds no invite code, .secret* content or service-account data', () => {
    const dist = requireBuilt('web/dist', 'index.html');
    expect(filesUnder(dist).length).toBeGreaterThan(1);
    expect(leaks(dist)).toEqual([]);
  });

  it('functions/lib (the deployed function bundle) holds none either', () => {
    const lib = requireBuilt('functions/lib', 'index.js');
    expect(leaks(lib)).toEqual([]);
  });
});
