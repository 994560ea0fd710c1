import type { User } from '@sfida/core/user';

// Fixture data the build renders the signed-in screens with (signed-in-fixture.ts), and that the
// web app's tests use too (through testing/fake-user.ts): build code never imports testing/.

/**
 * A participant who has completed the onboarding, with `overrides`. The one fake user of the web
 * app's tests and of the build's render of the signed-in screens.
 */
export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-anna',
    name: 'Anna',
    email: 'anna@example.it',
    role: 'PARTICIPANT',
    createdAt: '2025-09-01T08:00:00.000Z',
    cohortId: 'cohort-1',
    challengeStartDate: null,
    onboardingCompletato: true,
    tempoAllenamento: 'PIU_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
    timeZone: 'Europe/Rome',
    ...overrides,
  };
}

/** The same user before the onboarding: no answers, no training sheet. */
export function fakeNewcomer(overrides: Partial<User> = {}): User {
  return fakeUser({ onboardingCompletato: false, tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null, ...overrides });
}
