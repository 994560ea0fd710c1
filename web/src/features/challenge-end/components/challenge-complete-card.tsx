import { countOf } from '@sfida/core/plural';
import { Box, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { challengeSummary } from '@sfida/core/challenge-summary';
import { formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData } from '@sfida/core/tracker';
import { SectionCard } from '../../../components/section-card';
import { StatGrid, StatTile } from '../../../components/stat-tile';
import { moodOf } from '../../../lib/moods';

/** The certificate, made by the server from its own copy of the tracker. */
export const CERTIFICATE_URL = '/api/me/certificate.pdf';

/**
 * The end of the eight weeks (from day 57): the participant's own summary, the certificate, and
 * the invitation to carry on. Ticking goes on; points and the leaderboard stay as week 8 left them.
 */
export function ChallengeCompleteCard({ tracker, startDate }: { tracker: TrackerData; startDate: IsoDate }) {
  const summary = challengeSummary(tracker, startDate);
  const best = summary.bestStreak;
  return (
    <SectionCard title="Hai completato la Sfida 8 settimane! 🎉" bg="accent.subtle" borderColor="accent.border">
      <Stack gap="5">
        <Text>
          Dal {formatItalianDate(summary.startDate)} al {formatItalianDate(summary.lastDay)}: ecco le tue otto settimane.
        </Text>

        <StatGrid columns={{ base: 2, md: 4 }} gap={{ base: '2', md: '3' }}>
          <StatTile label="Abitudini" value={`${summary.habitPercent}%`} hint={`${countOf(summary.habitDaysDone, 'giorno', 'giorni')} su ${summary.habitDaysPossible}`} />
          <StatTile label="Serie migliore" value={`${best?.days ?? 0} gg`} hint={best?.habit} />
          <StatTile label="Azioni del planner" value={`${summary.actionsCompleted}/${summary.actionsPlanned}`} hint="completate" />
          <StatTile label="Punti" value={summary.points} hint="totale finale" tone="accent" />
        </StatGrid>

        <Box>
          <Text fontWeight="semibold" mb="2">
            Il tuo umore, settimana per settimana
          </Text>
          <SimpleGrid as="ol" columns={{ base: 4, sm: 8 }} gap="2" listStyleType="none">
            {summary.moods.map(({ weekNumber, mood }) => (
              <Box
                as="li"
                key={weekNumber}
                textAlign="center"
                layerStyle="card"
                py="2"
                aria-label={mood === null ? `Settimana ${weekNumber}: nessun check-in` : `Settimana ${weekNumber}: umore ${mood} su 5, ${moodOf(mood).label}`}
              >
                <Text fontSize="xs" color="fg.muted" aria-hidden="true">
                  S{weekNumber}
                </Text>
                <Text fontSize="xl" aria-hidden="true">
                  {mood === null ? '–' : moodOf(mood).emoji}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Box>

        {summary.badges.length > 0 && (
          <Box>
            <Text fontWeight="semibold" mb="2">
              I tuoi badge
            </Text>
            <Flex as="ul" gap="2" wrap="wrap" listStyleType="none">
              {summary.badges.map((badge) => (
                <Box as="li" key={badge.id} layerStyle="card" px="3" py="1" fontSize="sm">
                  <span aria-hidden="true">{badge.icon} </span>
                  {badge.name}
                </Box>
              ))}
            </Flex>
          </Box>
        )}

        <Link href={CERTIFICATE_URL} download="certificato-sfida-8-settimane.pdf" fontWeight="semibold" color="brand.fg" alignSelf="flex-start">
          Scarica il certificato (PDF)
        </Link>

        <Text>
          Un’abitudine diventa automatica in tempi diversi per ognuno: da 18 a 254 giorni secondo gli studi (Lally e colleghi,
          2010). Le otto settimane sono finite, le tue abitudini no: continua a spuntarle ogni giorno.
        </Text>
        <Text fontSize="sm" color="fg.muted">
          I punti e la classifica restano quelli della fine della settimana 8.
        </Text>
      </Stack>
    </SectionCard>
  );
}
