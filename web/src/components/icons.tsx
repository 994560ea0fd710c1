import type { CSSProperties, ReactNode } from 'react';

/*
 * The few pictures the signed-in screens show next to text (a streak's flame, the podium's medals,
 * the community's chat), drawn as SVG rather than as emoji: an emoji makes the
 * browser search its fonts for a colour emoji font and load it before the first layout, and each
 * phone draws emoji its own way. Plain <svg> elements, not Chakra components: no style is computed at runtime.
 * All are decorative (aria-hidden): the text next to them says what they mean.
 */

const INLINE: CSSProperties = { display: 'inline-block', verticalAlign: '-0.125em', flexShrink: 0 };

function Icon({ size = '1em', children }: { size?: string; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={INLINE}>
      {children}
    </svg>
  );
}

/** A streak's flame. */
export function FlameIcon() {
  return (
    <Icon>
      <path
        fill="var(--chakra-colors-orange-500)"
        d="M12 1.5c.6 3.4 3 5.2 4.6 7.4A8 8 0 0 1 18.5 14 6.5 6.5 0 0 1 5.5 14c0-2.9 1.5-4.7 3-6.3.3 1.9 1 3 2.1 3.6C10.2 7.9 10.6 4.6 12 1.5z"
      />
      <path fill="var(--chakra-colors-orange-300)" d="M12 11.5c1.6 1.6 3 2.9 3 4.8a3 3 0 0 1-6 0c0-1.6 1.2-2.9 3-4.8z" />
    </Icon>
  );
}

/** A jolly's shield: a missed day it covers. */
export function ShieldIcon() {
  return (
    <Icon>
      <path fill="var(--chakra-colors-blue-600)" d="M12 1.5 20.5 5v6.2c0 5.3-3.6 9.6-8.5 11.3-4.9-1.7-8.5-6-8.5-11.3V5L12 1.5z" />
      <path fill="var(--chakra-colors-white)" d="m10.6 15.6-3.4-3.4 1.4-1.4 2 2 4.8-4.8 1.4 1.4-6.2 6.2z" />
    </Icon>
  );
}

const MEDAL_COLOURS = ['#d4a017', '#a7adb4', '#c47a3a'] as const;
/** In the icon's own units (its box is 24 wide), whatever the surrounding text's size. */
const MEDAL_NUMBER: CSSProperties = { fontSize: '11px', fontWeight: 700 };

/** A podium medal (1, 2 or 3) with its number on it. */
export function MedalIcon({ place }: { place: 1 | 2 | 3 }) {
  return (
    <Icon size="1.75em">
      <path fill="var(--chakra-colors-brand-600)" d="M7 1h4l2 7H9zM13 1h4l-2 7h-4z" />
      <circle cx="12" cy="15" r="7.5" fill={MEDAL_COLOURS[place - 1]} />
      <text x="12" y="19" textAnchor="middle" fill="#1f2937" style={MEDAL_NUMBER}>
        {place}
      </text>
    </Icon>
  );
}

/** A speech bubble. */
export function ChatIcon() {
  return (
    <Icon>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M4 4.5h16a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-5 4v-4H4A1.5 1.5 0 0 1 2.5 16V6A1.5 1.5 0 0 1 4 4.5z"
      />
    </Icon>
  );
}

/** A bottom bar's picture: an outline `d` in the text's colour, 24 px, beside its label. */
export function BarIcon({ d }: { d: string }) {
  return (
    <Icon size="1.5em">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={d} />
    </Icon>
  );
}
