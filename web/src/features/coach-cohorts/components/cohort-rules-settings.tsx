import { useState, type FormEvent } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { CoachCohort } from '@sfida/core/coach';
import { COHORT_RULES, cohortRuleLabels, type CohortRules } from '@sfida/core/cohort';
import { FormError } from '../../../components/form-error';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useUpdateCohort } from '../api/cohort-changes';

/**
 * "Regole della coorte": the motivation rules the cohort's participants play by. Their page
 * "Come funzionano i punti" is worked out from the same values, so it changes as soon as these are saved.
 */
export function CohortRulesSettings({ cohort }: { cohort: CoachCohort }) {
  const update = useUpdateCohort(cohort.id);
  const [rules, setRules] = useState<CohortRules>(cohort.rules);
  const [error, setError] = useState<string | null>(null);
  const changed = COHORT_RULES.some((rule) => rules[rule] !== cohort.rules[rule]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!changed) return;
    try {
      const saved = await update.mutateAsync({ rules });
      setRules(saved.rules);
      notify({ type: 'success', title: 'Regole salvate', description: 'I partecipanti le vedono in “Come funzionano i punti”.' });
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio delle regole non riuscito'));
    }
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Regole della coorte">
        <FormError message={error} />
        <Stack as="fieldset" gap="3">
          <Text as="legend" fontSize="sm" color="fg.muted" mb="2">
            Scegli le regole che aiutano i partecipanti a non mollare. Valgono da subito per tutta la coorte.
          </Text>
          {COHORT_RULES.map((rule) => (
            <Flex key={rule} as="label" gap="3" align="flex-start" cursor="pointer">
              <NativeCheckbox
                type="checkbox"
                mt="0.5"
                checked={rules[rule]}
                onChange={(e) => setRules((current) => ({ ...current, [rule]: e.target.checked }))}
              />
              <Stack as="span" gap="0">
                <Text as="span" fontWeight="600">
                  {cohortRuleLabels[rule].label}
                </Text>
                <Text as="span" fontSize="sm" color="fg.muted">
                  {cohortRuleLabels[rule].hint}
                </Text>
              </Stack>
            </Flex>
          ))}
        </Stack>
        <Box>
          <Button type="submit" size="sm" loading={update.isPending} disabled={!changed}>
            Salva le regole
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
