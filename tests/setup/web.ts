// The browser's zone in component tests is the fake participant's (web/src/testing/fake-user.ts),
// whatever the machine's: the screens count days in the participant's zone, and tests that
// compute "today" with the browser's must agree with them at any hour.
process.env.TZ = 'Europe/Rome';

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
