import { Router } from 'express';
import type { Deps } from '../../deps';
import type { SessionStore } from '../auth/sessions';

/** Placeholder until the tracker rules land in core. */
export function progressRouter(_deps: Deps, _sessions: SessionStore): Router {
  return Router();
}
