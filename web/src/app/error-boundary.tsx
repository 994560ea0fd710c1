import { Component, type ReactNode } from 'react';
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useOnline } from '../lib/use-online';

/*
 * A screen that throws while rendering (or whose code cannot be downloaded) would otherwise unmount
 * the whole app and leave a blank page. Each route has a boundary that keeps the app's shell and
 * offers a way back; the one at the root catches what is left (the providers, the router).
 */

const TITLE = 'Qualcosa è andato storto';
const RELOAD = 'Ricarica la pagina';
const TO_DASHBOARD = 'Torna alla dashboard';

interface ErrorBoundaryProps {
  fallback: ReactNode;
  /** When it changes, a shown fallback gives way to the children again (e.g. the location). */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/** Shows `fallback` instead of `children` once they throw. React logs the error itself. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function reload() {
  window.location.reload();
}

/** The root's fallback: plain markup, since the design system itself may be what failed. */
function RootErrorFallback() {
  return (
    <main role="alert" style={{ maxWidth: '36rem', margin: '10vh auto', padding: '1.5rem', fontFamily: 'system-ui, sans-serif', lineHeight: 1.5 }}>
      <h1>{TITLE}</h1>
      <p>Si è verificato un errore imprevisto. Ricarica la pagina o torna alla dashboard.</p>
      <p style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <button type="button" onClick={reload}>
          {RELOAD}
        </button>
        <a href="/dashboard">{TO_DASHBOARD}</a>
      </p>
    </main>
  );
}

/** Everything below #root: its fallback replaces the whole app. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<RootErrorFallback />}>{children}</ErrorBoundary>;
}

function RouteErrorFallback({ online }: { online: boolean }) {
  if (!online) {
    return (
      <Stack role="alert" gap="3" align="flex-start" maxW="2xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Pagina non disponibile offline
        </Heading>
        <Text>Sei offline e questa pagina non è ancora salvata su questo dispositivo. Si aprirà da sola appena torna la connessione.</Text>
        <Button asChild variant="outline">
          <RouterLink to="/dashboard">{TO_DASHBOARD}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack role="alert" gap="4" align="flex-start" maxW="2xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {TITLE}
      </Heading>
      <Text>Questa pagina non è riuscita a mostrarsi. Ricarica la pagina o torna alla dashboard.</Text>
      <Flex gap="2" wrap="wrap">
        <Button onClick={reload}>{RELOAD}</Button>
        <Button asChild variant="outline">
          <RouterLink to="/dashboard">{TO_DASHBOARD}</RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}

/**
 * One route's screen: on an error the rest of the app (the shell, its menu) stays; moving to
 * another page clears it, and so does the network coming back (a screen whose code could not be
 * downloaded offline then loads by itself).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const online = useOnline();
  return (
    <ErrorBoundary fallback={<RouteErrorFallback online={online} />} resetKey={`${pathname}|${online}`}>
      {children}
    </ErrorBoundary>
  );
}
