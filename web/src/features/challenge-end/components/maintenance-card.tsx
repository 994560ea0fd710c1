import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { checkInPeriod, maintenanceMonth, maintenanceMonthEnd } from '@sfida/core/maintenance';
import type { TrackerData } from '@sfida/core/tracker';
import { SectionCard } from '../../../components/section-card';

/**
 * The way on after the eight weeks (from day 57): the habits go on without points, streaks keep
 * counting, and a check-in a month replaces the weekly one.
 */
export function MaintenanceCard({ tracker, startDate, today }: { tracker: TrackerData; startDate: IsoDate; today: IsoDate }) {
  const month = maintenanceMonth(startDate, today);
  const period = checkInPeriod(startDate, today);
  const checkedIn = period !== 0 && tracker.checkIns.some((checkIn) => checkIn.weekNumber === period);
  return (
    <SectionCard title="Fase di mantenimento">
      <Stack gap="3" align="flex-start">
        <Text fontWeight="semibold">
          Mese {month} · fino al {formatItalianDate(maintenanceMonthEnd(startDate, month))}
        </Text>
        <Text>
          Le tue abitudini continuano: spuntale ogni giorno e la tua costanza continua a crescere. In questa fase non si guadagnano
          punti.
        </Text>
        <Button asChild colorPalette="accent">
          <RouterLink to="/abitudini">Continua con le tue abitudini</RouterLink>
        </Button>
        {period !== 0 && (
          <Text fontSize="sm" color="fg.muted">
            {checkedIn ? (
              'Check-in mensile inviato: a presto per il prossimo.'
            ) : (
              <>
                Il check-in ora è mensile:{' '}
                <Link asChild color="brand.fg" fontWeight="semibold">
                  <RouterLink to="/checkin">fai il check-in del mese</RouterLink>
                </Link>
              </>
            )}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
