import { Badge, Link, VisuallyHidden } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { User } from '@sfida/core/user';
import { useCachedCoachUnread } from '../lib/coach-unread';
import { useCohortInfo } from '../lib/cohort-info';
import { useCachedUnreadCount } from '../lib/inbox';

/**
 * A participant's screens, the daily ones first. `bar`: in the phone's bottom bar (under that
 * label), so not repeated in the phone's menu. `more`: behind the desktop header's "Altro", so that
 * the header keeps one row at 1280 px.
 */
const navItems = [
  { to: '/dashboard', label: 'Dashboard', bar: 'Oggi' },
  { to: '/abitudini', label: 'Abitudini', bar: 'Abitudini' },
  { to: '/planner', label: 'Planner', bar: 'Planner' },
  { to: '/checkin', label: 'Check-in', bar: 'Check-in' },
  { to: '/messaggi', label: 'Messaggi', bar: 'Messaggi' },
  { to: '/classifica', label: 'Classifica' },
  { to: '/eventi', label: 'Eventi', more: true },
  { to: '/risorse', label: 'Risorse', more: true },
] as const;

/**
 * A coach's navigation is the console's own: their day, the check-ins to read, their
 * conversations, cohorts and events, and their profile; none of a participant's screens. (The
 * server refuses everyone else anyway.)
 */
const coachItems = [
  { to: '/coach', label: 'Oggi', end: true },
  { to: '/coach/check-in', label: 'Check-in' },
  { to: '/coach/conversazioni', label: 'Conversazioni' },
  { to: '/coach/coorti', label: 'Coorti' },
  { to: '/coach/eventi', label: 'Eventi' },
  { to: '/profilo', label: 'Profilo' },
] as const;

/**
 * With `count`, the number of unread things behind the link (messages), read out as such.
 * `phoneHidden`: not shown below md, where the bottom bar has it.
 */
export function NavItem({
  to,
  label,
  end,
  block = false,
  count = 0,
  phoneHidden = false,
}: {
  to: string;
  label: string;
  end?: boolean;
  block?: boolean;
  count?: number;
  phoneHidden?: boolean;
}) {
  const display = block ? 'block' : 'inline-flex';
  return (
    <Link
      asChild
      display={phoneHidden ? { base: 'none', md: display } : display}
      whiteSpace="nowrap"
      // In the header, a 1280 px screen fits the participant's eight links beside the wordmark only a little smaller.
      px={block ? '3' : { base: '2', '2xl': '2.5' }}
      py={block ? '3' : '2'}
      fontSize={block ? undefined : { base: 'sm', '2xl': 'md' }}
      rounded="md"
      fontWeight="600"
      color="fg.muted"
      textDecoration="none"
      _hover={{ bg: 'brand.subtle', color: 'brand.fg', textDecoration: 'none' }}
      css={{ '&[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg' } }}
    >
      <NavLink to={to} end={end}>
        {label}
        {count > 0 && (
          <Badge ms="1.5" colorPalette="accent" variant="solid" borderRadius="full">
            {count}
            <VisuallyHidden>{count === 1 ? ' non letto' : ' non letti'}</VisuallyHidden>
          </Badge>
        )}
      </NavLink>
    </Link>
  );
}

/** The phone's bottom bar's height without the safe area (components/bottom-bar.tsx): the shell pads the page by as much. */
export const BOTTOM_BAR_HEIGHT = '3.75rem';

export interface NavEntry {
  to: string;
  label: string;
  /** Its label in the phone's bottom bar, where it is one of the daily screens. */
  bar?: string;
  /** Behind the desktop header's "Altro". */
  more?: boolean;
  /** Current only on this very path, not below it (the console's home). */
  end?: boolean;
  /** Unread things behind the link (the messages' badge). */
  count: number;
}

/** The links of the signed-in navigation, for `user`. */
export function useNavEntries(user: User | null): NavEntry[] {
  const coach = user?.role === 'OWNER';
  const items: ReadonlyArray<{ to: string; label: string; end?: boolean; bar?: string; more?: boolean }> = coach ? coachItems : navItems;
  // Known once a screen has fetched the inbox (the dashboard, the check-in, the messages) or, for a
  // coach, the conversations (the console): the shell never asks, so no page pays for the badge.
  const unread = useCachedUnreadCount(coach ? '' : (user?.id ?? ''));
  const coachUnread = useCachedCoachUnread(coach);
  const countOf = (to: string) => (to === '/messaggi' ? unread : to === '/coach/conversazioni' ? coachUnread : 0);
  // "Squadra" only in a cohort whose team rule is on, known once a screen has read the cohort (the shell never asks).
  const teams = useCohortInfo(coach ? '' : (user?.cohortId ?? ''), false).data?.rules.teamLeaderboard === true;
  // Beside the ranking: both are about the others.
  const shown = teams ? items.flatMap((item) => (item.to === '/classifica' ? [item, { to: '/squadra', label: 'Squadra' }] : [item])) : items;
  return shown.map((item) => ({ ...item, count: countOf(item.to) }));
}
