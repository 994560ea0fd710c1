import { Box, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { cohortPaceLabels, type CohortPace } from '@sfida/core/cohort';
import { NativeCheckbox } from '../../../components/native-checkbox';

const paceHints: Record<CohortPace, string> = {
  together: 'Tutti partono dal lunedì della coorte e vivono la stessa settimana. Chi arriva dopo entra nella settimana in corso.',
  ownDay: 'Ogni partecipante sceglie il giorno in cui parte: le sue 8 settimane contano da lì.',
};

/** The cohort's pace, "Tutti insieme" or "Ognuno dal suo giorno", each with what it means. */
export function PaceFields({ pace, onPace, name }: { pace: CohortPace; onPace: (pace: CohortPace) => void; name: string }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
        Ritmo della coorte
      </Text>
      <Stack gap="3">
        {(['together', 'ownDay'] as const).map((value) => (
          <Flex as="label" key={value} gap="2" align="flex-start" cursor="pointer">
            <NativeCheckbox type="radio" name={name} value={value} checked={pace === value} onChange={() => onPace(value)} mt="1" />
            <Box>
              <Text as="span" fontWeight="600">
                {cohortPaceLabels[value]}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {paceHints[value]}
              </Text>
            </Box>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

/** The cohort's name (required, at most 80 characters): the new cohort's and the settings' field. */
export function CohortNameField({ value, onChange, name }: { value: string; onChange: (value: string) => void; name: string }) {
  return (
    <Field.Root required>
      <Field.Label>
        Nome della coorte <Field.RequiredIndicator />
      </Field.Label>
      <Input name={name} value={value} maxLength={80} onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
}
