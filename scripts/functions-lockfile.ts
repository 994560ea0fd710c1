/**
 * Writes functions/package-lock.json: the lockfile Cloud Build installs the function
 * with (`npm ci`), taken from the root package-lock.json, so production runs the very
 * versions the tests ran with instead of a fresh resolution.
 *   npx tsx scripts/functions-lockfile.ts           writes it
 *   npx tsx scripts/functions-lockfile.ts --check   fails if it is missing or stale
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './stack/profiles';

/** One entry of a lockfile v3 `packages` map, as npm writes it. */
export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  extraneous?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface PackageJson {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Edge {
  name: string;
  optional: boolean;
  peer: boolean;
}

export const functionsLockPath = join(repoRoot, 'functions', 'package-lock.json');
const regenerate = 'npx tsx scripts/functions-lockfile.ts';

/** The location of the package that holds `loc` (`a/node_modules/b` → `a`; `node_modules/b` → the root ''). */
function parentLocation(loc: string): string | null {
  if (loc === '') return null;
  const at = loc.lastIndexOf('/node_modules/');
  return at === -1 ? '' : loc.slice(0, at);
}

/** Where Node (and npm) finds `name` required from the package at `from`: its node_modules, then each parent's. */
export function resolveFrom(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let dir: string | null = from; dir !== null; dir = parentLocation(dir)) {
    const loc = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[loc]) return loc;
  }
  return undefined;
}

/** The dependency edges npm follows out of a package: regular, optional and peer (optional peers are only used, never pulled in). */
export function edgesOf(entry: LockEntry): Edge[] {
  const edges = new Map<string, Edge>();
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    edges.set(name, { name, optional: Boolean(entry.peerDependenciesMeta?.[name]?.optional), peer: true });
  }
  for (const name of Object.keys(entry.dependencies ?? {})) edges.set(name, { name, optional: false, peer: false });
  for (const name of Object.keys(entry.optionalDependencies ?? {})) edges.set(name, { name, optional: true, peer: false });
  return [...edges.values()];
}

/** Where a package of the workspace's closure goes in the standalone tree: the workspace becomes the root. */
function standaloneLocation(loc: string, workspace: string): string {
  return loc.startsWith(`${workspace}/`) ? loc.slice(workspace.length + 1) : loc;
}

const sameDeps = (a: Record<string, string> = {}, b: Record<string, string> = {}) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The standalone lockfile of a workspace package: its dependencies' full closure, each one
 * resolved from the root lockfile as Node would, with the root's versions and integrity.
 * Throws if the root lockfile is out of date or if the closure cannot be laid out alone.
 */
export function workspaceLockfile(root: Lockfile, pkg: PackageJson, workspace = 'functions'): Lockfile {
  const packages = root.packages;
  const wsEntry = packages[workspace];
  if (!wsEntry) throw new Error(`package-lock.json non contiene il workspace "${workspace}": esegui npm install`);
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    if (!sameDeps(wsEntry[field], pkg[field])) {
      throw new Error(`package-lock.json non è allineato a ${workspace}/package.json (${field}): esegui npm install`);
    }
  }

  // The closure, by root-lockfile location, following every edge npm installs.
  const closure = new Set<string>([workspace]);
  const queue = [workspace];
  for (let from = queue.pop(); from !== undefined; from = queue.pop()) {
    for (const edge of edgesOf(packages[from]!)) {
      const to = resolveFrom(packages, from, edge.name);
      if (!to) {
        if (edge.optional) continue;
        throw new Error(`package-lock.json: ${edge.name}, richiesto da ${from}, non è installato: esegui npm install`);
      }
      if (edge.peer && edge.optional) continue; // used if present, never installed for its own sake
      if (packages[to]!.link) throw new Error(`${workspace} dipende da ${edge.name}, un workspace: Cloud Build non può installarlo`);
      if (!closure.has(to)) {
        closure.add(to);
        queue.push(to);
      }
    }
  }

  // The standalone tree: the workspace at the root, its own node_modules merged into the root's.
  const placed = new Map<string, string>();
  for (const loc of closure) {
    if (loc === workspace) continue;
    const target = standaloneLocation(loc, workspace);
    const clash = placed.get(target);
    if (clash) throw new Error(`${target}: ${clash} e ${loc} servono entrambi a ${workspace} nella stessa posizione; questo script non sa ricollocarli`);
    placed.set(target, loc);
  }
  const out: Record<string, LockEntry> = { '': rootEntry(wsEntry, pkg) };
  for (const [target, loc] of placed) out[target] = withoutFlags(packages[loc]!);

  setDepFlags(out);
  const lock: Lockfile = { name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages: out };
  const differences = differencesFromRoot(lock, root, workspace);
  if (differences.length > 0) throw new Error(`Il lockfile autonomo non riproduce package-lock.json:\n${differences.join('\n')}`);
  return lock;
}

/**
 * Walks a standalone lockfile (or an installed tree's node_modules/.package-lock.json) from its root and
 * the root lockfile from the workspace, side by side, resolving each dependency in both as Node would:
 * lists every one that differs in version or integrity, and every entry that nothing needs.
 */
export function differencesFromRoot(lock: Lockfile, root: Lockfile, workspace = 'functions'): string[] {
  const problems: string[] = [];
  const seen = new Set<string>(['']);
  const queue: Array<[string, string]> = [['', workspace]];
  for (let pair = queue.pop(); pair; pair = queue.pop()) {
    const [loc, rootLoc] = pair;
    for (const edge of edgesOf(lock.packages[loc]!)) {
      const got = resolveFrom(lock.packages, loc, edge.name);
      const want = resolveFrom(root.packages, rootLoc, edge.name);
      if (!got && (edge.optional || !want)) continue; // optional ones may be absent (other platforms, optional peers)
      const [a, b] = [got ? lock.packages[got] : undefined, want ? root.packages[want] : undefined];
      if (!got || !want || a?.version !== b?.version || a?.integrity !== b?.integrity) {
        problems.push(`${edge.name} (da ${loc || 'radice'}): ${a?.version ?? 'assente'} invece di ${b?.version ?? 'assente'}`);
        continue;
      }
      if (!seen.has(got)) {
        seen.add(got);
        queue.push([got, want]);
      }
    }
  }
  for (const loc of Object.keys(lock.packages)) if (!seen.has(loc)) problems.push(`${loc}: non serve`);
  return problems;
}

/** The root entry npm writes for a package: its metadata plus its name. */
function rootEntry(wsEntry: LockEntry, pkg: PackageJson): LockEntry {
  const entry = withoutFlags(wsEntry);
  delete entry.resolved;
  return { ...entry, name: pkg.name };
}

function withoutFlags(entry: LockEntry): LockEntry {
  const copy = { ...entry };
  for (const flag of ['dev', 'optional', 'devOptional', 'peer', 'extraneous'] as const) delete copy[flag];
  return copy;
}

/** npm's optional and peer flags for the standalone tree (no dev dependencies there), as Arborist computes them. */
function setDepFlags(packages: Record<string, LockEntry>): void {
  const flags = new Map<string, { optional: boolean; peer: boolean }>();
  for (const loc of Object.keys(packages)) flags.set(loc, { optional: loc !== '', peer: loc !== '' });
  const queue = [''];
  for (let from = queue.pop(); from !== undefined; from = queue.pop()) {
    const node = flags.get(from)!;
    for (const edge of edgesOf(packages[from]!)) {
      const to = resolveFrom(packages, from, edge.name);
      if (!to) continue;
      const target = flags.get(to)!;
      let changed = false;
      if (target.optional && !node.optional && !edge.optional) {
        target.optional = false;
        changed = true;
      }
      if (target.peer && !node.peer && !edge.peer) {
        target.peer = false;
        changed = true;
      }
      if (changed) queue.push(to);
    }
  }
  for (const [loc, { optional, peer }] of flags) {
    if (peer) packages[loc]!.peer = true;
    if (optional) packages[loc]!.optional = true;
  }
}

/** Serialises a lockfile exactly as npm does (json-stringify-nice with npm's key order). */
export function stringifyLockfile(lock: Lockfile): string {
  const preferred = ['name', 'version', 'lockfileVersion', 'resolved', 'integrity', 'requires', 'packages', 'dependencies'];
  const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
  const rank = (key: string) => (preferred.includes(key) ? preferred.indexOf(key) : -1);
  const compare = (a: string, b: string) => {
    const [ra, rb] = [rank(a), rank(b)];
    if (ra !== -1 || rb !== -1) return ra === -1 ? 1 : rb === -1 ? -1 : ra - rb;
    return a.localeCompare(b, 'en');
  };
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (!isObject(value)) return value;
    const entries = Object.entries(value).sort(([ak, av], [bk, bv]) =>
      isObject(av) === isObject(bv) ? compare(ak, bk) : isObject(av) ? 1 : -1,
    );
    return Object.fromEntries(entries.map(([k, v]) => [k, sorted(v)]));
  };
  return `${JSON.stringify(sorted(lock), null, 2)}\n`;
}

/** The lockfile functions/ should ship, from the repo's own root lockfile and functions/package.json. */
export async function expectedFunctionsLockfile(): Promise<string> {
  const [root, pkg] = await Promise.all([
    readFile(join(repoRoot, 'package-lock.json'), 'utf8').then((text) => JSON.parse(text) as Lockfile),
    readFile(join(repoRoot, 'functions', 'package.json'), 'utf8').then((text) => JSON.parse(text) as PackageJson),
  ]);
  return stringifyLockfile(workspaceLockfile(root, pkg, 'functions'));
}

/** Null when functions/package-lock.json is up to date, otherwise what to do. */
export async function functionsLockfileProblem(): Promise<string | null> {
  const [expected, actual] = await Promise.all([expectedFunctionsLockfile(), readFile(functionsLockPath, 'utf8').catch(() => null)]);
  if (actual === expected) return null;
  return `functions/package-lock.json ${actual === null ? 'manca' : 'non corrisponde a package-lock.json'}: rigeneralo con \`${regenerate}\` e fai commit.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (process.argv.includes('--check')) {
      const problem = await functionsLockfileProblem();
      if (problem) {
        console.error(problem);
        process.exit(1);
      }
      console.log('functions/package-lock.json è aggiornato.');
    } else {
      await writeFile(functionsLockPath, await expectedFunctionsLockfile());
      console.log('functions/package-lock.json scritto da package-lock.json.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
