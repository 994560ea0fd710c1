import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, chakra, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, NavLink, Outlet, useMatch, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import type { CoachCohort } from '@sfida/core/coach';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCoachCohorts } from '../../coach-shared/api/cohorts';
import { rememberCohortId, rememberedCohortId } from '../../coach-shared/chosen-cohort';
import { ConsoleCohortPicker } from '../../coach-shared/components/console-cohort-picker';
import { cohortsListPath, cohortTabPath, type CohortTab } from '../../coach-shared/paths';

/** The tabs of a cohort, in the order a coach's day goes. */
const TABS: ReadonlyArray<{ tab: CohortTab; label: string; /** Not offered for an archived (read-only) cohort. */ changesOnly?: boolean }> = [
  { tab: '', label: 'Oggi' },
  { tab: 'partecipanti', label: 'Partecipanti' },
  { tab: 'andamento', label: 'Andamento' },
  { tab: 'messaggi', label: 'Messaggi' },
  { tab: 'eventi', label: 'Eventi', changesOnly: true },
  { tab: 'risorse', label: 'Risorse' },
  { tab: 'squadre', label: 'Squadre' },
  { tab: 'impostazioni', label: 'Impostazioni' },
];

/** What a cohort's tab gets from the layout. */
export interface CohortOutlet {
  cohortId: string;
  /** Undefined while the coach's cohorts load. */
  cohort: CoachCohort | undefined;
  /** An archived cohort is read-only: what would change it is not offered. */
  archived: boolean;
}

export function useCohortOutlet(): CohortOutlet {
  return useOutletContext<CohortOutlet>();
}

/** The part of the cohort on screen ('' for its overview). */
function useCurrentTab(): CohortTab {
  return (useMatch('/coach/:cohortId/:tab/*')?.params.tab ?? '') as CohortTab;
}

/** The app header's height, so the tabs stick right below it (it is sticky too, and its height varies). */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const header = document.querySelector('body header');
    if (!(header instanceof HTMLElement)) return;
    const measure = () => setHeight(header.offsetHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * The tab bar: one link per part, the current one marked for screen readers too; on a phone it
 * scrolls sideways (the current tab brought into view) and stays below the header as the page
 * scrolls, so every part is a tap away.
 */
function CohortTabs({ cohortId, archived }: { cohortId: string; archived: boolean }) {
  const top = useHeaderHeight();
  const bar = useRef<HTMLDivElement>(null);
  const tab = useCurrentTab();
  useEffect(() => {
    const list = bar.current;
    const current = list?.querySelector<HTMLElement>('[aria-current=page]');
    if (!list || !current) return;
    // Only sideways: scrollIntoView would also scroll the page.
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left - 16;
  }, [tab]);
  return (
    <Box position="sticky" style={{ top }} zIndex="docked" bg="bg.canvas" mx={{ base: '-4', md: '0' }} mb="6" borderBottomWidth="1px" borderColor="border">
      <Flex ref={bar} as="nav" aria-label="Parti della coorte" gap="1" overflowX="auto" px={{ base: '4', md: '0' }} css={{ scrollbarWidth: 'thin' }}>
        {TABS.filter((item) => !(archived && item.changesOnly)).map((item) => (
          <Link
            key={item.tab}
            asChild
            flexShrink="0"
            display="inline-flex"
            alignItems="center"
            minH="11"
            px="3"
            fontWeight="600"
            color="fg.muted"
            textDecoration="none"
            borderBottomWidth="3px"
            borderColor="transparent"
            _hover={{ color: 'brand.fg', textDecoration: 'none' }}
            css={{ '&[aria-current=page]': { color: 'brand.fg', borderColor: 'brand.solid' } }}
          >
            <NavLink to={cohortTabPath(cohortId, item.tab)} end={item.tab === ''}>
              {item.label}
            </NavLink>
          </Link>
        ))}
      </Flex>
    </Box>
  );
}

/**
 * /coach/:cohortId/*: a cohort's header (name, start, how many), the picker of the coach's other
 * cohorts (onto the same tab), the tabs, and the tab's own screen. The cohort opened is the
 * console's chosen one from now on (remembered for "Oggi", "Check-in", "Eventi" and the next visit).
 */
export function CohortLayout() {
  const { cohortId = '' } = useParams();
  const tab = useCurrentTab();
  const navigate = useNavigate();
  const cohorts = useCoachCohorts();
  const cohort = cohorts.data?.find((c) => c.id === cohortId);
  const missing = cohorts.data !== undefined && cohort === undefined;
  const archived = cohort !== undefined && cohort.archivedAt !== null;
  useDocumentTitle(`${TABS.find((item) => item.tab === tab)?.label ?? 'Oggi'} · ${cohort?.name ?? 'Coorte'}`);

  useEffect(() => {
    if (cohort) rememberCohortId(cohort.id);
    else if (missing && rememberedCohortId() === cohortId) rememberCohortId(null);
  }, [cohort, missing, cohortId]);

  if (missing) {
    return (
      <Stack gap="4" align="flex-start">
        <PageHeader title="Coorte non trovata">Questa coorte non c’è più, o non è tra le tue.</PageHeader>
        <Link asChild color="brand.fg" fontWeight="600">
          <RouterLink to={cohortsListPath()}>Vai alle tue coorti</RouterLink>
        </Link>
      </Stack>
    );
  }
  const outlet: CohortOutlet = { cohortId, cohort, archived };
  return (
    <>
      <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap" mb={{ base: '4', md: '5' }}>
        <Stack gap="1" minW="0">
          <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
            <RouterLink to={cohortsListPath()}>← Tutte le coorti</RouterLink>
          </Link>
          <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="short">
            {cohort?.name ?? 'Coorte'}
          </chakra.h1>
          {cohort && (
            <Text color="fg.muted">
              Inizio: {formatItalianDate(cohort.startDate)} · {countOf(cohort.participantCount, 'partecipante', 'partecipanti')}
              {archived && ' · Archiviata'}
            </Text>
          )}
        </Stack>
        <ConsoleCohortPicker
          cohorts={(cohorts.data ?? []).map(({ id, name }) => ({ id, name }))}
          value={cohortId}
          required
          // Onto the same part of the other cohort.
          onChange={(id) => id && navigate(cohortTabPath(id, tab))}
        />
      </Flex>
      {cohorts.isError && <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />}
      <CohortTabs cohortId={cohortId} archived={archived} />
      <Outlet context={outlet} />
    </>
  );
}
