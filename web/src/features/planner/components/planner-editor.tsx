import { useId, useState } from 'react';
import { Button, chakra, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_ACTION_TEXT, MAX_ACTIONS, MIN_ACTIONS } from '@sfida/core/tracker';
import { addActionSlot, removeActionSlot, savePlanner, setActionText, weekActions } from '@sfida/core/tracker-actions';
import { noticeDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';
import { ActionCheckbox } from './action-checkbox';
import { ActionPlan } from './action-plan';
import { randomIdSuffix } from '../../../lib/random-id';

/** The week's 3 to 5 actions: write, complete, add, remove, and "Salva Planner". */
export function PlannerEditor({ week }: { week: number }) {
  const { tracker, apply } = useTracker();
  const [message, setMessage] = useState<string | null>(null);
  const actions = weekActions(tracker, week);
  const saved = tracker.savedPlannerWeeks.includes(week);
  const canRemove = actions.length > MIN_ACTIONS;
  const limitsId = useId();

  function run(result: ReturnType<typeof savePlanner>): boolean {
    const applied = apply(result);
    setMessage(applied.ok ? null : applied.message);
    return applied.ok;
  }

  function save() {
    const result = apply(savePlanner(tracker, week, new Date()));
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    noticeDone(result.awarded > 0 ? 'Planner salvato!' : 'Planner aggiornato', result.awarded);
  }

  return (
    <Stack gap="4">
      <chakra.ol listStyleType="none" p="0" m="0" display="grid" gap="3">
        {actions.map((action, index) => (
          <Stack as="li" key={action.id} gap="1">
            <Flex gap="2" align="center">
              <ActionCheckbox week={week} action={action} label={`Azione ${index + 1} completata`} />
              <Input
                flex="1"
                aria-label={`Azione ${index + 1}`}
                // Short enough to be read whole in the room a 360 px phone leaves the field.
                placeholder={index === 0 ? 'Es. Cucinare per 3 giorni' : `Azione ${index + 1}`}
                value={action.text}
                maxLength={MAX_ACTION_TEXT}
                textDecoration={action.completed ? 'line-through' : undefined}
                onChange={(event) => run(setActionText(tracker, week, action.id, event.target.value, new Date()))}
              />
              {/* Disabled at 3 actions: grey and faint, since a red ✕ at the recipe's half opacity still
                  reads as a button on a phone; the limits below say why to a screen reader. */}
              <Button
                variant="ghost"
                colorPalette="red"
                size="sm"
                px="2"
                disabled={!canRemove}
                _disabled={{ opacity: 0.35, cursor: 'not-allowed', color: 'fg.subtle', bg: 'transparent' }}
                aria-label={`Rimuovi azione ${index + 1}`}
                aria-describedby={canRemove ? undefined : limitsId}
                onClick={() => run(removeActionSlot(tracker, week, action.id, new Date()))}
              >
                ✕
              </Button>
            </Flex>
            <ActionPlan week={week} action={action} index={index} onResult={run} />
          </Stack>
        ))}
      </chakra.ol>
      <Text id={limitsId} fontSize="sm" color="fg.muted">
        Da {MIN_ACTIONS} a {MAX_ACTIONS} azioni. Puoi completare un&apos;azione solo dopo averla scritta.
      </Text>
      {message && (
        <Text role="alert" color="fg.error" bg="bg.error" p="3" borderRadius="md" fontWeight="medium">
          {message}
        </Text>
      )}
      <Flex gap="2" wrap="wrap">
        <Button variant="outline" disabled={actions.length >= MAX_ACTIONS} onClick={() => run(addActionSlot(tracker, week, new Date(), randomIdSuffix()))}>
          + Aggiungi azione
        </Button>
        <Button onClick={save}>Salva Planner</Button>
      </Flex>
      {saved && (
        <Text fontSize="sm" color="fg.success">
          ✓ Planner della settimana salvato
        </Text>
      )}
    </Stack>
  );
}
