import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, chakra, Field, Flex, NativeSelect, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ACTIVE_SHARE_REFERENCES,
  COHORT_WEEK_FIGURES,
  formatMood,
  formatShare,
  weekSentence,
  weekSoFarNote,
  type CohortProgressAnswer,
  type CohortWeek,
  type CohortWeekFigure,
} from '@sfida/core/cohort-progress';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCoachCohorts } from '../../../coach-shared/api/cohorts';
import { cohortProgressExportUrl, useCohortProgress } from '../api/cohort-progress';

// "Andamento": the cohort's five figures week by week, each a chart of eight bars (the compared
// cohort's beside them). A bar is a button: hovering, tapping or focusing one (the arrow keys move
// between them) picks its week, and every chart says that week's figure in words; a screen reader
// hears the same sentence as the bar's name, and finds every figure in the tables. On a phone one
// chart at a time, chosen in a select; from `md` up, all of them.

type FigureKey = CohortWeekFigure['key'];

/** The latest week that has begun for someone (the week the cohort is in), else the first. */
function latestBegun(weeks: CohortWeek[]): number {
  return weeks.reduce((latest, week) => (week.participants > 0 ? week.week : latest), 1);
}

/** The bar's height, 0..1: a share as it is, a mood out of 5. */
function barRatio(figure: CohortWeekFigure, week: CohortWeek | undefined): number {
  if (!week) return 0;
  return figure.kind === 'mood' ? (week.averageMood ?? 0) / 5 : (week[figure.key] ?? 0);
}

/** The coach's cohorts to compare with, and the progress page itself (inside the cohort page's "Andamento" section). */
export function CohortProgress({ cohortId }: { cohortId: string }) {
  const others = (useCoachCohorts().data ?? []).filter((cohort) => cohort.id !== cohortId);
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const progress = useCohortProgress(cohortId, compareWith);
  const [picked, setPicked] = useState<number | null>(null);
  const [shown, setShown] = useState<FigureKey>('activeRate');
  const wide = useMediaQuery('(min-width: 48rem)');
  const answer = progress.data;

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Flex gap="3" wrap="wrap" flex="1">
          {others.length > 0 && (
            <Field.Root maxW={{ base: 'full', sm: '16rem' }}>
              <Field.Label fontSize="sm">Confronta con</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={compareWith ?? ''} onChange={(e) => setCompareWith(e.target.value === '' ? null : e.target.value)}>
                  <option value="">Nessun confronto</option>
                  {others.map((cohort) => (
                    <option key={cohort.id} value={cohort.id}>
                      {cohort.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          {!wide && (
            <Field.Root maxW={{ base: 'full', sm: '16rem' }}>
              <Field.Label fontSize="sm">Grafico</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={shown} onChange={(e) => setShown(e.target.value as FigureKey)}>
                  {COHORT_WEEK_FIGURES.map((figure) => (
                    <option key={figure.key} value={figure.key}>
                      {figure.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </Flex>
        <Button asChild size="sm" variant="outline">
          <a href={cohortProgressExportUrl(cohortId, compareWith)} download>
            Esporta andamento (CSV)
          </a>
        </Button>
      </Flex>
      {progress.error ? (
        <FormError message={errorMessage(progress.error, "Impossibile caricare l'andamento")} />
      ) : !answer ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            Ogni settimana conta chi l’ha già iniziata; quella in corso conta solo i giorni già passati.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {COHORT_WEEK_FIGURES.filter((figure) => wide || figure.key === shown).map((figure) => (
              <FigureChart key={figure.key} figure={figure} answer={answer} week={picked ?? latestBegun(answer.weeks)} onPick={setPicked} />
            ))}
          </SimpleGrid>
          <ProgressTable name={answer.name} weeks={answer.weeks} />
          {answer.comparison && <ProgressTable name={answer.comparison.name} weeks={answer.comparison.weeks} />}
        </>
      )}
    </Stack>
  );
}

interface FigureChartProps {
  figure: CohortWeekFigure;
  answer: CohortProgressAnswer;
  /** The week picked (the same in every chart). */
  week: number;
  onPick: (week: number) => void;
}

/** One figure's eight weeks as bars, and the picked week in words. */
function FigureChart({ figure, answer, week, onPick }: FigureChartProps) {
  const bars = useRef<Array<HTMLButtonElement | null>>([]);
  const { comparison } = answer;
  const picked = answer.weeks[week - 1]!;
  const sentence = weekSentence(figure, picked, comparison && { name: comparison.name, week: comparison.weeks[week - 1] });
  const move = (event: KeyboardEvent, to: number) => {
    event.preventDefault();
    const next = Math.min(answer.weeks.length, Math.max(1, to));
    onPick(next);
    bars.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(event, week + 1);
    else if (event.key === 'ArrowLeft') move(event, week - 1);
    else if (event.key === 'Home') move(event, 1);
    else if (event.key === 'End') move(event, answer.weeks.length);
  };

  return (
    <Box as="figure" borderWidth="1px" borderColor="border" borderRadius="md" p="3" minW="0">
      <Text as="figcaption" fontWeight="semibold">
        {figure.label}
      </Text>
      <Text fontSize="sm" minH="10" aria-hidden="true">
        {sentence}
      </Text>
      <Flex role="group" aria-label={`${figure.label}: scegli una settimana`} align="flex-end" gap="1" h="28" pt="2" position="relative">
        {figure.key === 'activeRate' && ACTIVE_SHARE_REFERENCES.map((reference) => <ReferenceLine key={reference.source} share={reference.share} />)}
        {answer.weeks.map((own, i) => {
          const other = comparison?.weeks[i];
          const selected = own.week === week;
          return (
            <chakra.button
              key={own.week}
              type="button"
              ref={(element: HTMLButtonElement | null) => {
                bars.current[i] = element;
              }}
              aria-label={weekSentence(figure, own, comparison && { name: comparison.name, week: other })}
              aria-pressed={selected}
              // One stop in the tab order per chart: the arrow keys move between its weeks.
              tabIndex={selected ? 0 : -1}
              onClick={() => onPick(own.week)}
              onFocus={() => onPick(own.week)}
              onMouseEnter={() => onPick(own.week)}
              onKeyDown={onKeyDown}
              flex="1"
              minW="0"
              h="full"
              display="flex"
              alignItems="flex-end"
              justifyContent="center"
              gap="0.5"
              px="0.5"
              borderRadius="sm"
              bg={selected ? 'bg.muted' : 'transparent'}
              cursor="pointer"
            >
              <Bar ratio={barRatio(figure, own)} color="brand.500" />
              {other && <Bar ratio={barRatio(figure, other)} color="gray.400" />}
            </chakra.button>
          );
        })}
      </Flex>
      <Flex aria-hidden="true" gap="1" borderTopWidth="1px" borderColor="border.emphasized" pt="1">
        {answer.weeks.map((own) => (
          <Text key={own.week} flex="1" minW="0" textAlign="center" fontSize="xs" color="fg.muted" fontWeight={own.week === week ? 'bold' : 'normal'}>
            {own.week}
          </Text>
        ))}
      </Flex>
      {figure.key === 'activeRate' && <ActiveReferences />}
      {comparison && (
        <Flex aria-hidden="true" gap="3" wrap="wrap" mt="2" fontSize="xs" color="fg.muted">
          <Legend color="brand.500" label={answer.name} />
          <Legend color="gray.400" label={comparison.name} />
        </Flex>
      )}
    </Box>
  );
}

/** A published share drawn across the chart, dashed, under the bars' buttons (it takes no pointer). */
function ReferenceLine({ share }: { share: number }) {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      insetX="0"
      borderTopWidth="2px"
      borderTopStyle="dashed"
      borderColor="border.warning"
      pointerEvents="none"
      style={{ bottom: `${share * 100}%` }}
    />
  );
}

/** The reference lines in words, with their sources: orientation, not a target. */
function ActiveReferences() {
  return (
    <Box mt="2" fontSize="xs" color="fg.muted">
      <Text fontWeight="semibold">Riferimento (orientativo), linee tratteggiate:</Text>
      <chakra.ul listStyleType="disc" ps="4">
        {ACTIVE_SHARE_REFERENCES.map((reference) => (
          <li key={reference.source}>
            {formatShare(reference.share)}: {reference.label} ({reference.source})
          </li>
        ))}
      </chakra.ul>
    </Box>
  );
}

function Bar({ ratio, color }: { ratio: number; color: string }) {
  // Inline height: as a style prop every value would be a class generated at runtime.
  return <Box w="full" maxW="5" bg={color} borderTopRadius="sm" style={{ height: `${Math.max(ratio, 0.02) * 100}%` }} />;
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Flex align="center" gap="1" minW="0">
      <Box w="3" h="3" bg={color} borderRadius="sm" flexShrink="0" />
      <Text truncate>{label}</Text>
    </Flex>
  );
}

/** "71 % (5 di 7)"; "—" when nobody is counted. */
const shareCell = (rate: number | null, count: number, of: number) => (rate === null ? '—' : `${formatShare(rate)} (${count} di ${of})`);

/** A cohort's weeks as a table, for screen readers. */
function ProgressTable({ name, weeks }: { name: string; weeks: CohortWeek[] }) {
  return (
    <VisuallyHidden>
      <chakra.table>
        <caption>Andamento settimana per settimana: {name}</caption>
        <thead>
          <tr>
            <th scope="col">Settimana</th>
            <th scope="col">Partecipanti</th>
            {COHORT_WEEK_FIGURES.map((figure) => (
              <th key={figure.key} scope="col">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">
                Settimana {week.week}
                {weekSoFarNote(week) !== null && ` (${weekSoFarNote(week)})`}
              </th>
              <td>{week.participants}</td>
              <td>{shareCell(week.activeRate, week.active, week.participants)}</td>
              <td>{shareCell(week.checkInRate, week.checkIns, week.participants)}</td>
              <td>{shareCell(week.habitDaysRate, week.habitDaysTicked, week.habitDaysPossible)}</td>
              <td>{shareCell(week.plannerRate, week.planners, week.participants)}</td>
              <td>{formatMood(week.averageMood)}</td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </VisuallyHidden>
  );
}
