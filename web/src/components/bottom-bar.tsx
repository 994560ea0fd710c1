import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { BOTTOM_BAR_HEIGHT, type NavEntry } from './app-nav';
import { BarIcon } from './icons';

/** Each screen's picture (an outline path): a house, a ticked box, a list, a calendar with a tick, a speech bubble. */
const ICONS: Record<string, string> = {
  '/dashboard': 'M3.5 11 12 4l8.5 7M6 9.5V20h4.5v-5h3v5H18V9.5',
  '/abitudini': 'M4 4h16v16H4zM8 12.5l2.8 2.8L16.5 9',
  '/planner': 'M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01',
  '/checkin': 'M4 6h16v14H4zM4 10h16M8.5 3.5V7M15.5 3.5V7M9 15l2 2 4-4',
  '/messaggi': 'M4 4.5h16a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-5 4v-4H4A1.5 1.5 0 0 1 2.5 16V6A1.5 1.5 0 0 1 4 4.5z',
};

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
        const icon = ICONS[entry.to];
        return (
          <NavLink key={entry.to} to={entry.to}>
            {icon && <BarIcon d={icon} />}
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
