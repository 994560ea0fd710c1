import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsRuntime, requiredNodeMajor } from '../../scripts/stack/node-runtime';
import { repoRoot } from '../../scripts/stack/profiles';

// One Node.js major everywhere: the Cloud Functions runtime in firebase.json, the function's
// engines and bundle target, the Node that `npm install` brings, and the Node running this.
const require = createRequire(import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Record<string, unknown>;

interface RuntimeSupport {
  friendly: string;
  status: string;
  deprecationDate: string;
  decommissionDate: string;
}
/** firebase-tools' own table, the one `firebase deploy` refuses decommissioned runtimes with. */
const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as { RUNTIMES: Record<string, RuntimeSupport> };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How much warning we want before Cloud Functions deprecates the runtime. */
const MARGIN_DAYS = 180;

describe('the function runtime', () => {
  const runtime = functionsRuntime();
  const major = requiredNodeMajor();

  it(`is supported by Cloud Functions for at least ${MARGIN_DAYS} more days (firebase-tools' support table)`, () => {
    const support = RUNTIMES[runtime];
    expect(support, `${runtime} is not in firebase-tools' runtime table`).toBeDefined();
    expect(support!.status).toBe('GA');
    const horizon = new Date(Date.now() + MARGIN_DAYS * DAY_MS);
    const deprecation = new Date(support!.deprecationDate);
    const decommission = new Date(support!.decommissionDate);
    expect(
      deprecation > horizon && decommission > horizon,
      `${support!.friendly} is deprecated on ${support!.deprecationDate} and decommissioned on ${support!.decommissionDate}: move firebase.json to a newer runtime`,
    ).toBe(true);
  });

  it('is the same Node.js major in every place that names one', () => {
    const functionsPackage = readJson('functions/package.json') as { engines: { node: string } };
    expect(functionsPackage.engines.node).toBe(String(major));
    expect(readFileSync(join(repoRoot, 'functions/build.mjs'), 'utf8')).toContain(`target: 'node${major}'`);
    const rootPackage = readJson('package.json') as { devDependencies: Record<string, string> };
    expect(rootPackage.devDependencies.node?.split('.')[0]).toBe(String(major));
  });

  it('is the Node.js this test runs on (npm runs the project on the Node it installed)', () => {
    expect(process.versions.node.split('.')[0]).toBe(String(major));
  });

  it("satisfies the engines of every installed package (the function's and the tools')", () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const semver = require('semver') as { satisfies(version: string, range: string): boolean };
    const checked = Object.entries(lock.packages).filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node);
    expect(checked.length).toBeGreaterThan(100);
    const unsupported = checked
      .filter(([, entry]) => !semver.satisfies(process.versions.node, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path} (${(entry.engines as { node: string }).node})`);
    expect(unsupported).toEqual([]);
  });
});
