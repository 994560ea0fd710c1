import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Box, Button, Container, Flex, Link, Stack, useChakraContext, VisuallyHidden } from '@chakra-ui/react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { homePathFor } from '../lib/home-path';
import { useCachedUnreadCount } from '../lib/inbox';
import { useMediaQuery } from '../lib/use-media-query';
import { AppBanners } from './app-banners';
import { BrandLogo } from './brand-logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { Toaster } from './toaster';

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
function NavItem({ to, label, block = false, count = 0 }: { to: string; label: string; block?: boolean; count?: number }) {
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

/** The signed-in layout: header navigation (a disclosure menu on phones), the page, the footer. */
export default function AppShell() {
  const { logout, user } = useAuth();
  // Coaches send messages rather than receive them: their place in the header is the console's.
  const items = user?.role === 'OWNER' ? [coachItem, ...navItems.filter((item) => item.to !== '/messaggi')] : navItems;
  // Known once a screen has fetched the inbox (the dashboard, the check-in, the messages): the
  // shell never asks for it, so no page pays a request at start-up for the badge.
  const unread = useCachedUnreadCount(user?.id ?? '');
  const countOf = (to: string) => (to === '/messaggi' ? unread : 0);
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  // Every signed-in page, not only the tracker's screens: a sign-out from /eventi leaves no tracker
  // behind either. Loaded after the paint: a page without the tracker does not wait for its code.
  useEffect(() => {
    void import('../tracker/sign-out').then(({ removeTrackerAtSignOut }) => removeTrackerAtSignOut());
  }, []);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The header's navigation shows from the xl breakpoint, the menu below it. On a phone the
  // navigation is not even rendered: it would cost start-up styling work for nothing.
  const wide = useMediaQuery(useChakraContext().breakpoints.up('xl').replace('@media ', ''));

  // A navigation closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function handleLogout() {
    setLoggingOut(true);
    // False: the participant chose to stay (changes not yet on the server).
    if (!(await logout(() => navigate('/', { replace: true })))) setLoggingOut(false);
  }

  const profileLink = (
    <Button asChild variant="outline" size="sm">
      <NavLink to="/profilo">Profilo e Allenamento</NavLink>
    </Button>
  );
  const logoutButton = (
    <Button variant="ghost" size="sm" onClick={handleLogout} loading={loggingOut} loadingText="Uscita...">
      Esci
    </Button>
  );

  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas">
      <SkipLink />
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
        <Container maxW="7xl" py="3">
          <Flex align="center" justify="space-between" gap="4">
            <BrandLogo to={homePathFor(user)} />
            {wide && (
              <>
                <Flex as="nav" aria-label="Navigazione principale" display={{ base: 'none', xl: 'flex' }} gap="1" flex="1" justify="center">
                  {items.map((item) => (
                    <NavItem key={item.to} {...item} count={countOf(item.to)} />
                  ))}
                </Flex>
                <Flex display={{ base: 'none', xl: 'flex' }} gap="2" align="center">
                  {profileLink}
                  {logoutButton}
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
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Box as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
                {menuOpen ? '✕' : '☰'}
              </Box>
              Menu
            </Button>
          </Flex>
        </Container>
        {/* The menu's links render only while it is open: closed, it is hidden anyway, and every
            signed-in page would otherwise build them on its first render. */}
        <Box id={menuId} hidden={!menuOpen} display={{ xl: 'none' }} borderTopWidth="1px" borderColor="border" bg="bg">
          {menuOpen && (
            <Container maxW="7xl" py="3">
              <Stack as="nav" aria-label="Menu principale" gap="1">
                {items.map((item) => (
                  <NavItem key={item.to} {...item} block count={countOf(item.to)} />
                ))}
              </Stack>
              <Flex gap="2" mt="3" pt="3" borderTopWidth="1px" borderColor="border" wrap="wrap">
                {profileLink}
                {logoutButton}
              </Flex>
            </Container>
          )}
        </Box>
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
      <Toaster />
    </Flex>
  );
}
