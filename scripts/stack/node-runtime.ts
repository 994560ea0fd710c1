import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from './profiles';

/**
 * The project runs on the Node.js major that Cloud Functions runs it on: the `runtime` of
 * firebase.json. `npm install` puts that Node in node_modules/.bin/node (the `node`
 * package), so a machine with an older system Node still runs the stack on the right one.
 */
export function functionsRuntime(): string {
  const config = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as { functions: Array<{ runtime: string }> };
  return config.functions[0]!.runtime;
}

export function requiredNodeMajor(): number {
  const match = /^nodejs(\d+)$/.exec(functionsRuntime());
  if (!match) throw new Error(`firebase.json: runtime "${functionsRuntime()}" is not a Node.js runtime`);
  return Number(match[1]);
}

/** The project's own Node binary, installed by `npm install`. */
export const projectNodeBin = join(repoRoot, 'node_modules', '.bin', 'node');

/** Stops a script that was started with another Node, saying how to start it right. */
export function assertProjectNode(): void {
  const required = requiredNodeMajor();
  const running = Number(process.versions.node.split('.')[0]);
  if (running === required) return;
  const hint = existsSync(projectNodeBin)
    ? 'Avvialo con npm (npm start, npm test, npm run bench): npm usa il Node del progetto in node_modules/.bin/node.'
    : 'Esegui prima npm install: installa il Node del progetto in node_modules/.bin/node.';
  throw new Error(`Questo progetto gira su Node.js ${required} (come Cloud Functions), ma questo processo usa Node.js ${process.versions.node}. ${hint}`);
}

/** An environment whose PATH finds the project's Node (and its tools) first, for child processes. */
export function projectNodeEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const bin = join(repoRoot, 'node_modules', '.bin');
  const path = env.PATH ?? '';
  return path.split(delimiter)[0] === bin ? env : { ...env, PATH: `${bin}${delimiter}${path}` };
}
