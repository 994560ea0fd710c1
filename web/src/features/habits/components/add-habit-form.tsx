import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Flex, Input, Stack } from '@chakra-ui/react';
import { MAX_HABIT_NAME } from '@sfida/core/tracker';
import { addHabit } from '@sfida/core/tracker-actions';
import { noticeDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';
import { randomIdSuffix } from '../../../lib/random-id';

/** "Nuova abitudine": a button that opens a one-field form (Enter submits, Aggiungi / Annulla). */
export function AddHabitForm() {
  const { tracker, apply } = useTracker();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setName('');
    setError(null);
    // Back to where the keyboard user was.
    requestAnimationFrame(() => openButton.current?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const now = new Date();
    const result = apply(addHabit(tracker, name, now, `h-${now.getTime().toString(36)}-${randomIdSuffix()}`));
    if (!result.ok) {
      setError(result.message);
      return;
    }
    noticeDone('Abitudine aggiunta!', 0, name.trim());
    close();
  }

  if (!open) {
    return (
      <Button ref={openButton} onClick={() => setOpen(true)} alignSelf="flex-start">
        + Nuova abitudine
      </Button>
    );
  }

  return (
    <Stack as="form" onSubmit={submit} layerStyle="card" p="4" gap="3" aria-label="Nuova abitudine">
      <Field.Root invalid={error !== null}>
        <Field.Label>Nome dell&apos;abitudine</Field.Label>
        <Input
          autoFocus
          value={name}
          maxLength={MAX_HABIT_NAME}
          placeholder="Es. Bere 2 litri d'acqua"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        />
        {/* The limit and the count, as the check-in's reflection shows them: the input stops at the limit, never silently. */}
        <Field.HelperText>
          {name.length}/{MAX_HABIT_NAME} caratteri
        </Field.HelperText>
        {error && (
          <Field.ErrorText role="alert">
            {error}
          </Field.ErrorText>
        )}
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button type="submit">Aggiungi</Button>
        <Button type="button" variant="outline" onClick={close}>
          Annulla
        </Button>
      </Flex>
    </Stack>
  );
}
