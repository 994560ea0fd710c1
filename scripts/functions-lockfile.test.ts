import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { LockEntry, Lockfile, PackageJson } from './functions-lockfile';
import { differencesFromRoot, functionsLockfileProblem, functionsLockPath, stringifyLockfile, workspaceLockfile } from './functions-lockfile';
import { repoRoot } from './stack/profiles';

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

describe('functions/package-lock.json', () => {
  test('is up to date with the root package-lock.json', async () => {
    expect(await functionsLockfileProblem()).toBeNull();
  });

  test("locks functions/package.json's dependencies at the root lockfile's versions, and nothing else", async () => {
    const [lock, root, pkg] = await Promise.all([
      readJson<Lockfile>(functionsLockPath),
      readJson<Lockfile>(join(repoRoot, 'package-lock.json')),
      readJson<PackageJson>(join(repoRoot, 'functions', 'package.json')),
    ]);
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['']!.dependencies).toEqual(pkg.dependencies);
    expect(differencesFromRoot(lock, root)).toEqual([]);
    for (const [loc, entry] of Object.entries(lock.packages)) {
      expect(entry, loc).not.toHaveProperty('dev');
      if (loc) expect(entry.integrity ?? entry.resolved, loc).toBeTruthy();
    }
  });
});

describe('workspaceLockfile', () => {
  const pkg: PackageJson = { name: 'functions', version: '1.0.0', dependencies: { a: '^1.0.0', x: '2.0.0' } };
  const entry = (version: string, more: Partial<LockEntry> = {}): LockEntry => ({ version, integrity: `sha512-${version}`, license: 'MIT', ...more });
  const root = (packages: Record<string, LockEntry>): Lockfile => ({
    name: 'repo',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'repo', workspaces: ['functions', 'web'], devDependencies: { x: '1.0.0' } },
      functions: { version: '1.0.0', dependencies: { a: '^1.0.0', x: '2.0.0' } },
      'node_modules/functions': { resolved: 'functions', link: true },
      ...packages,
    },
  });

  test("takes the workspace's own copies, nested copies and hoisted ones, as Node resolves them, dropping dev flags", () => {
    const lock = workspaceLockfile(
      root({
        'node_modules/x': entry('1.0.0', { dev: true }),
        'functions/node_modules/x': entry('2.0.0'),
        'node_modules/a': entry('1.2.0', { dependencies: { b: '^1.0.0', c: '^3.0.0' }, bin: { a: 'cli.js' }, hasInstallScript: true }),
        'node_modules/a/node_modules/b': entry('1.5.0', { engines: { node: '>=18' } }),
        'node_modules/b': entry('2.0.0', { dev: true }),
        'node_modules/c': entry('3.1.0', { devOptional: true, os: ['linux'], cpu: ['x64'] }),
        'node_modules/unused': entry('9.9.9'),
      }),
      pkg,
    );
    expect(lock.packages).toEqual({
      '': { name: 'functions', version: '1.0.0', dependencies: { a: '^1.0.0', x: '2.0.0' } },
      'node_modules/x': entry('2.0.0'),
      'node_modules/a': entry('1.2.0', { dependencies: { b: '^1.0.0', c: '^3.0.0' }, bin: { a: 'cli.js' }, hasInstallScript: true }),
      'node_modules/a/node_modules/b': entry('1.5.0', { engines: { node: '>=18' } }),
      'node_modules/c': entry('3.1.0', { os: ['linux'], cpu: ['x64'] }),
    });
  });

  test('follows optional and peer dependencies as npm does: optional peers only when something else needs them', () => {
    const lock = workspaceLockfile(
      root({
        'functions/node_modules/x': entry('2.0.0'),
        'node_modules/a': entry('1.0.0', {
          optionalDependencies: { fsevents: '^2.0.0' },
          peerDependencies: { p: '^1.0.0', q: '^1.0.0' },
          peerDependenciesMeta: { q: { optional: true } },
        }),
        'node_modules/fsevents': entry('2.3.3', { optional: true, os: ['darwin'] }),
        'node_modules/p': entry('1.0.0'),
        'node_modules/q': entry('1.0.0'),
      }),
      pkg,
    );
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/a', 'node_modules/fsevents', 'node_modules/p', 'node_modules/x']);
    expect(lock.packages['node_modules/fsevents']).toMatchObject({ optional: true });
    expect(lock.packages['node_modules/p']).toMatchObject({ peer: true });
    expect(lock.packages['node_modules/a']).not.toHaveProperty('optional');
  });

  test('refuses a root lockfile that does not match functions/package.json', () => {
    expect(() => workspaceLockfile(root({}), { ...pkg, dependencies: { a: '^2.0.0' } })).toThrow(/esegui npm install/);
  });

  test('refuses a closure that cannot be laid out alone', () => {
    // a (hoisted) needs the root's x@1, functions needs its own x@2: both would land at node_modules/x.
    const packages = root({
      'node_modules/x': entry('1.0.0'),
      'functions/node_modules/x': entry('2.0.0'),
      'node_modules/a': entry('1.0.0', { dependencies: { x: '^1.0.0' } }),
    });
    expect(() => workspaceLockfile(packages, pkg)).toThrow(/node_modules\/x/);
  });

  test('writes keys in the order npm writes them', () => {
    const text = stringifyLockfile({
      packages: { 'node_modules/b': entry('1.0.0', { dependencies: { z: '1', y: '1' }, optional: true }), '': { name: 'f', version: '1.0.0' } },
      requires: true,
      lockfileVersion: 3,
      name: 'f',
    });
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['name', 'lockfileVersion', 'requires', 'packages']);
    expect(text).toContain(
      '"node_modules/b": {\n      "version": "1.0.0",\n      "integrity": "sha512-1.0.0",\n      "license": "MIT",\n      "optional": true,\n      "dependencies": {\n        "y": "1",\n        "z": "1"\n      }\n    }',
    );
  });
});
