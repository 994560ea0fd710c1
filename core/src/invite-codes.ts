// Invite codes: a readable slug from the cohort's name, then random characters
// (docs/decisions/024-invite-codes-and-registration-limits.md).

/** No look-alikes (0/O, 1/I/L), so a code read aloud or copied by hand stays right. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const RANDOM_LENGTH = GROUPS * GROUP_LENGTH;
/** Codes made before decision 024: the slug and one group of 4. */
const OLD_RANDOM_LENGTH = 4;
const SLUG_MAX = 10;
const BITS_PER_CHARACTER = Math.log2(INVITE_CODE_ALPHABET.length);

/** Below this a code can be guessed within the wrong-guess limits: the coach is asked to replace it. */
export const MIN_INVITE_CODE_BITS = 40;

const randomPart = `[${INVITE_CODE_ALPHABET}]`;
/** A code as this app writes it now: `AUTUNNO-7K2Q-9XJD-M4TP`. */
const CURRENT_SHAPE = new RegExp(`^[A-Z0-9]{1,${SLUG_MAX}}(?:-${randomPart}{${GROUP_LENGTH}}){${GROUPS}}$`);
const OLD_SHAPE = new RegExp(`^[A-Z0-9]{1,${SLUG_MAX}}-${randomPart}{${OLD_RANDOM_LENGTH}}$`);
/** The current shape with whatever the participant typed between the characters taken out. */
const CURRENT_SHAPE_SQUEEZED = new RegExp(`^([A-Z0-9]{1,${SLUG_MAX}})(${randomPart}{${RANDOM_LENGTH}})$`);

/** The first word of the cohort's name as ASCII capitals (`Autunno 2026` → `AUTUNNO`). */
function slugOf(cohortName: string): string {
  const firstWord = cohortName.trim().split(/\s+/)[0] ?? '';
  const slug = firstWord
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, SLUG_MAX);
  return slug || 'SFIDA';
}

/**
 * A new code for the cohort `cohortName`: its slug, then 3 groups of 4 characters drawn by
 * `randomIndex(n)` (an integer in [0, n) from a cryptographic source), e.g. `AUTUNNO-7K2Q-9XJD-M4TP`.
 */
export function newInviteCode(cohortName: string, randomIndex: (n: number) => number): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += INVITE_CODE_ALPHABET[randomIndex(INVITE_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return [slugOf(cohortName), ...groups].join('-');
}

/**
 * `typed` written as the app writes a current code, whatever the case, spaces or dashes the
 * participant put in (`autunno 7k2q9xjd m4tp` → `AUTUNNO-7K2Q-9XJD-M4TP`); null when what was
 * typed cannot be a code of the current shape.
 */
export function currentShapeInviteCode(typed: string): string | null {
  const match = CURRENT_SHAPE_SQUEEZED.exec(typed.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  if (!match) return null;
  const random = match[2]!;
  const groups = Array.from({ length: GROUPS }, (_, g) => random.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH));
  return [match[1]!, ...groups].join('-');
}

/**
 * The bits of randomness in a stored code: 12 characters of 31 (59.4 bits) in a current code,
 * 4 (19.8 bits) in one made before decision 024, none known in any other (one an operator chose).
 */
export function inviteCodeRandomBits(code: string): number {
  const written = code.trim().toUpperCase();
  if (CURRENT_SHAPE.test(written)) return RANDOM_LENGTH * BITS_PER_CHARACTER;
  if (OLD_SHAPE.test(written)) return OLD_RANDOM_LENGTH * BITS_PER_CHARACTER;
  return 0;
}

/** A code guessable within the wrong-guess limits, which its coach should replace. */
export function isShortInviteCode(code: string): boolean {
  return inviteCodeRandomBits(code) < MIN_INVITE_CODE_BITS;
}
