import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Button, Container, Flex, Stack, useChakraContext } from '@chakra-ui/react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { addSignOutStep, type SignOutStep } from '../lib/sign-out-steps';
import { homePathFor } from '../lib/home-path';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { useMediaQuery } from '../lib/use-media-query';
import { AppBanners } from './app-banners';
import { BOTTOM_BAR_HEIGHT, NavItem, useNavEntries, type NavEntry } from './app-nav';
import { BrandLogo } from './brand-logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { Toaster } from './toaster';
import { usePhoneMenu } from './use-phone-menu';

// A phone's bottom bar comes after the first paint, in a chunk of its own: fixed at the bottom, it
// moves nothing when it appears (the page is padded for it from the start), and no page's start pays for it.
const BottomBar = lazy(() => import('./bottom-bar').then((module) => ({ default: module.BottomBar })));

/** The profile's link and the sign-out, in the header on wide screens and at the bottom of the phone menu. */
function AccountActions({ loggingOut, onLogout }: { loggingOut: boolean; onLogout: () => void }) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <NavLink to="/profilo">Profilo e Allenamento</NavLink>
      </Button>
      <Button variant="ghost" size="sm" onClick={onLogout} loading={loggingOut} loadingText="Uscita...">
        Esci
      </Button>
    </>
  );
}

/** The phone menu, below the header: the navigation, then the account's actions. */
function PhoneMenu({ id, open, entries, actions }: { id: string; open: boolean; entries: NavEntry[]; actions: ReactNode }) {
  // The menu's links render only while it is open: closed, it is hidden anyway, and every
  // signed-in page would otherwise build them on its first render.
  return (
    <Box id={id} hidden={!open} display={{ xl: 'none' }} borderTopWidth="1px" borderColor="border" bg="bg">
      {open && (
        <Container maxW="7xl" py="3">
          <Stack as="nav" aria-label="Menu principale" gap="1">
            {entries.map((entry) => (
              <NavItem key={entry.to} {...entry} block phoneHidden={entry.bar !== undefined} />
            ))}
          </Stack>
          <Flex gap="2" mt="3" pt="3" borderTopWidth="1px" borderColor="border" wrap="wrap">
            {actions}
          </Flex>
        </Container>
      )}
    </Box>
  );
}

/** The desktop header's "Altro": the screens it has no room for, in a disclosure (closed by a navigation or Escape). */
function MoreLinks({ entries }: { entries: NavEntry[] }) {
  const { menuOpen, menuId, menuButton, toggle } = usePhoneMenu();
  if (entries.length === 0) return null;
  return (
    <Box position="relative">
      <Button ref={menuButton} variant="ghost" size="sm" fontWeight="600" color="fg.muted" aria-expanded={menuOpen} aria-controls={menuId} onClick={toggle}>
        Altro
        <Box as="span" aria-hidden="true" fontSize="xs">
          {menuOpen ? '▴' : '▾'}
        </Box>
      </Button>
      <Box id={menuId} hidden={!menuOpen} position="absolute" top="100%" insetEnd="0" mt="1" minW="40" p="1" bg="bg" borderWidth="1px" borderColor="border" rounded="md" shadow="md" zIndex="dropdown">
        {menuOpen && (
          <Stack gap="0.5">
            {entries.map((entry) => (
              <NavItem key={entry.to} {...entry} block />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

/** Signs out and goes home; `loggingOut` while it runs (false again if the participant chose to stay). */
function useSignOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  async function signOut() {
    setLoggingOut(true);
    // False: the participant chose to stay (changes not yet on the server).
    if (!(await logout(() => navigate('/', { replace: true })))) setLoggingOut(false);
  }
  return { loggingOut, signOut };
}

/** The tracker's sign-out step (tracker/sign-out.ts) when no tracker screen registered it; its code loads when a sign-out begins. */
let trackerStep: Required<SignOutStep> | null = null;

// Every signed-in page, not only the tracker's screens: a sign-out from /eventi leaves no tracker
// behind either. A page without the tracker never loads its code (nor does it while it starts).
addSignOutStep({
  async confirm(user) {
    trackerStep = (await import('../tracker/sign-out')).trackerSignOutUnlessRegistered();
    return trackerStep ? trackerStep.confirm(user) : true;
  },
  forget(user) {
    trackerStep?.forget(user);
  },
});

/** The signed-in layout: header navigation (a disclosure menu on phones), the page, the footer. */
export default function AppShell() {
  const { user } = useAuth();
  const entries = useNavEntries(user);
  const { menuOpen, menuId, menuButton, toggle } = usePhoneMenu();
  const { loggingOut, signOut } = useSignOut();
  // The header's navigation shows from the xl breakpoint, the menu below it. On a phone the
  // navigation is not even rendered: it would cost start-up styling work for nothing.
  const wide = useMediaQuery(useChakraContext().breakpoints.up('xl').replace('@media ', ''));
  const actions = <AccountActions loggingOut={loggingOut} onLogout={() => void signOut()} />;
  const unread = entries.reduce((sum, entry) => sum + entry.count, 0);
  // A phone's bottom bar (a participant's daily screens) covers the page's end: the page is padded by its height.
  const bar = entries.some((entry) => entry.bar !== undefined);
  const painted = useAfterFirstPaint();

  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas" pb={bar ? { base: `calc(${BOTTOM_BAR_HEIGHT} + env(safe-area-inset-bottom))`, md: '0' } : undefined}>
      <SkipLink />
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
        <Container maxW="7xl" py="3">
          <Flex align="center" justify="space-between" gap="4">
            <BrandLogo to={homePathFor(user)} />
            {wide && (
              <>
                <Flex as="nav" aria-label="Navigazione principale" display={{ base: 'none', xl: 'flex' }} gap={{ base: '0', '2xl': '1' }} flex="1" minW="0" wrap="wrap" justify="center">
                  {entries
                    .filter((entry) => !entry.more)
                    .map((entry) => (
                      <NavItem key={entry.to} {...entry} />
                    ))}
                  <MoreLinks entries={entries.filter((entry) => entry.more)} />
                </Flex>
                <Flex display={{ base: 'none', xl: 'flex' }} gap="2" align="center">
                  {actions}
                </Flex>
              </>
            )}
            <Button
              ref={menuButton}
              display={{ base: 'inline-flex', xl: 'none' }}
              variant="outline"
              size="sm"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              // What is unread behind it (the messages) is in its name, and a dot.
              aria-label={unread ? `Menu, ${unread} ${unread === 1 ? 'messaggio non letto' : 'messaggi non letti'}` : undefined}
              onClick={toggle}
              position="relative"
            >
              <Box as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
                {menuOpen ? '✕' : '☰'}
              </Box>
              Menu
              {unread > 0 && (
                <Box as="span" aria-hidden="true" position="absolute" top="-1" insetEnd="-1" boxSize="3" rounded="full" bg="accent.solid" borderWidth="2px" borderColor="bg" />
              )}
            </Button>
          </Flex>
        </Container>
        <PhoneMenu id={menuId} open={menuOpen} entries={entries} actions={actions} />
      </Box>
      <AppBanners />
      {/* At least a screen tall: the footer starts below the fold, so it never jumps down in
          view while a page's cards load (layout shift). */}
      <Box as="main" id="contenuto" tabIndex={-1} flex="1" minH="100dvh" py={{ base: '6', md: '10' }} _focusVisible={{ outline: 'none' }}>
        <Container maxW="6xl">
          <Outlet />
        </Container>
      </Box>
      <SiteFooter />
      {bar && painted && (
        <Suspense fallback={null}>
          <BottomBar entries={entries} />
        </Suspense>
      )}
      <Toaster />
    </Flex>
  );
}
