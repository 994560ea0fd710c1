import { Badge, Link, VisuallyHidden } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { User } from '@sfida/core/user';
import { useCachedUnreadCount } from '../lib/inbox';

const navItems = [
  { to: '/eventi', label: 'Eventi' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/planner', label: 'Planner' },
  { to: '/abitudini', label: 'Abitudini' },
  { to: '/checkin', label: 'Check-in' },
  { to: '/messaggi', label: 'Messaggi' },
  { to: '/risorse', label: 'Risorse' },
  { to: '/classifica', label: 'Classifica' },
] as const;

/** Only coaches (OWNER) see the console's entry; the server refuses everyone else anyway. */
const coachItem = { to: '/coach', label: 'Coach' } as const;

/** With `count`, the number of unread things behind the link (messages), read out as such. */
export function NavItem({ to, label, block = false, count = 0 }: { to: string; label: string; block?: boolean; count?: number }) {
  return (
    <Link
      asChild
      display={block ? 'block' : 'inline-flex'}
      whiteSpace="nowrap"
      px={block ? '3' : '2.5'}
      py={block ? '3' : '2'}
      rounded="md"
      fontWeight="600"
      color="fg.muted"
      textDecoration="none"
      _hover={{ bg: 'brand.subtle', color: 'brand.fg', textDecoration: 'none' }}
      css={{ '&[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg' } }}
    >
      <NavLink to={to}>
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

export interface NavEntry {
  to: string;
  label: string;
  /** Unread things behind the link (the messages' badge). */
  count: number;
}

/** The links of the signed-in navigation, for `user`. */
export function useNavEntries(user: User | null): NavEntry[] {
  // Coaches send messages rather than receive them: their place in the header is the console's.
  const items = user?.role === 'OWNER' ? [coachItem, ...navItems.filter((item) => item.to !== '/messaggi')] : navItems;
  // Known once a screen has fetched the inbox (the dashboard, the check-in, the messages): the
  // shell never asks for it, so no page pays a request at start-up for the badge.
  const unread = useCachedUnreadCount(user?.id ?? '');
  return items.map((item) => ({ ...item, count: item.to === '/messaggi' ? unread : 0 }));
}
