import type { ReactNode } from 'react';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { NavEntry } from './app-nav';
import { CheckInIcon, HabitsIcon, MessagesIcon, PlannerIcon, TodayIcon } from './icons';

const ICONS: Record<string, () => ReactNode> = {
  '/dashboard': TodayIcon,
  '/abitudini': HabitsIcon,
  '/planner': PlannerIcon,
  '/checkin': CheckInIcon,
  '/messaggi': MessagesIcon,
};

/** The bar's height without the safe area: the shell pads the page by as much. */
export const BOTTOM_BAR_HEIGHT = '3.75rem';

/**
 * Styles set once on the bar; the items are plain elements (on every signed-in page of a phone,
 * so nothing a Chakra component would resolve per item).
 */
const BAR_STYLES: SystemStyleObject = {
  position: 'fixed',
  insetX: '0',
  bottom: '0',
  zIndex: 'sticky',
  display: { base: 'flex', md: 'none' },
  bg: 'bg',
  borderTopWidth: '1px',
  borderColor: 'border',
  pb: 'env(safe-area-inset-bottom)',
  '& > a': {
    position: 'relative',
    flex: '1',
    minW: '0',
    minH: BOTTOM_BAR_HEIGHT,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0.5',
    fontSize: 'xs',
    fontWeight: '600',
    color: 'fg.muted',
    textDecoration: 'none',
  },
  '& > a[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' },
  '& [data-part="dot"]': { position: 'absolute', top: '2', insetStart: '55%', boxSize: '2.5', borderRadius: 'full', bg: 'accent.solid', borderWidth: '2px', borderColor: 'bg' },
  '& [data-part="sr-only"]': { srOnly: true },
};

/** The daily screens at the bottom of a phone's screen (below md), icon over label; the rest is in the menu. */
export function BottomBar({ entries }: { entries: NavEntry[] }) {
  const daily = entries.filter((entry) => entry.bar !== undefined);
  if (daily.length === 0) return null;
  return (
    <Box as="nav" aria-label="Schermate di ogni giorno" css={BAR_STYLES}>
      {daily.map((entry) => {
        const Icon = ICONS[entry.to];
        return (
          <NavLink key={entry.to} to={entry.to}>
            {Icon && <Icon />}
            <span>{entry.bar}</span>
            {entry.count > 0 && (
              <>
                <span data-part="dot" aria-hidden="true" />
                <span data-part="sr-only">{entry.count === 1 ? ', 1 non letto' : `, ${entry.count} non letti`}</span>
              </>
            )}
          </NavLink>
        );
      })}
    </Box>
  );
}
