import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, chakra, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { MAX_NOTE, noteTexts, type ParticipantNote } from '@sfida/core/participant-notes';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { useAddNote, useDeleteNote, useEditNote, useParticipantNotes } from '../api/notes';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';

/** The text of a note form, checked as the server checks it (trimmed, not empty, not too long). */
function noteProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return noteTexts.textRequired;
  if (trimmed.length > MAX_NOTE) return noteTexts.textTooLong;
  return null;
}

function NoteComposer({ cohortId, userId, name }: { cohortId: string; userId: string; name: string }) {
  const add = useAddNote(cohortId, userId);
  const [text, setText] = useState('');
  // One id per note being written, kept across a retry so the server adds it once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  // The button is disabled on the next render; a second press in between must not add again.
  const saving = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const problem = noteProblem(text);
    if (problem) return setError(problem);
    setError(null);
    saving.current = true;
    try {
      await add.mutateAsync({ requestId, text });
      setText('');
      setRequestId(crypto.randomUUID());
    } catch (caught) {
      setError(errorMessage(caught, 'Impossibile salvare la nota'));
    } finally {
      saving.current = false;
    }
  }

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Nuova nota su ${name}`} display="flex" flexDirection="column" gap="2">
      <FormError message={error} />
      <Field.Root invalid={text.length > MAX_NOTE}>
        <Field.Label>Nuova nota</Field.Label>
        <Textarea
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setRequestId(crypto.randomUUID());
          }}
        />
        <Field.HelperText>
          {text.length}/{MAX_NOTE} · Visibile solo ai coach della coorte, mai a {name}.
        </Field.HelperText>
      </Field.Root>
      <Box>
        <Button type="submit" size="sm" loading={add.isPending} loadingText="Salvo...">
          Salva nota
        </Button>
      </Box>
    </chakra.form>
  );
}

function NoteItem({ cohortId, userId, note }: { cohortId: string; userId: string; note: ParticipantNote }) {
  const edit = useEditNote(cohortId, userId);
  const remove = useDeleteNote(cohortId, userId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (edit.isPending) return;
    const problem = noteProblem(text);
    if (problem) return setError(problem);
    setError(null);
    try {
      await edit.mutateAsync({ noteId: note.id, text });
      setEditing(false);
    } catch (caught) {
      setError(errorMessage(caught, 'Impossibile modificare la nota'));
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(note.id);
    } catch (caught) {
      setError(errorMessage(caught, 'Impossibile eliminare la nota'));
      throw caught;
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" p="3">
      <Text fontSize="sm" color="fg.muted">
        <time dateTime={note.createdAt}>{formatDayTime(note.createdAt)}</time> · {note.authorName}
        {note.editedAt && ' · modificata'}
      </Text>
      {editing ? (
        <chakra.form onSubmit={save} noValidate display="flex" flexDirection="column" gap="2" mt="2">
          <FormError message={error} />
          <Field.Root invalid={text.length > MAX_NOTE}>
            <Field.Label>Modifica la nota</Field.Label>
            <Textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          </Field.Root>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" size="sm" loading={edit.isPending} loadingText="Salvo...">
              Salva modifiche
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setText(note.text);
                setError(null);
              }}
            >
              Annulla
            </Button>
          </Flex>
        </chakra.form>
      ) : (
        <>
          <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
            {note.text}
          </Text>
          <FormError message={error} />
          {note.mine && (
            <Flex gap="2" wrap="wrap" mt="2" align="flex-start">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                Modifica
              </Button>
              <ConfirmInline label="Elimina" question="Eliminare questa nota? Non si potrà recuperare." confirmLabel="Elimina nota" colorPalette="red" pending={remove.isPending} onConfirm={confirmDelete} />
            </Flex>
          )}
        </>
      )}
    </Box>
  );
}

/** The coaches' private notes on a participant: the newest first, each coach edits and deletes only their own. */
export function ParticipantNotes({ cohortId, userId, name }: { cohortId: string; userId: string; name: string }) {
  const notes = useParticipantNotes(cohortId, userId);
  return (
    <Stack gap="4">
      <NoteComposer cohortId={cohortId} userId={userId} name={name} />
      {notes.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : notes.isError ? (
        <FormError message={errorMessage(notes.error, 'Impossibile caricare le note')} />
      ) : notes.data.length === 0 ? (
        <Text color="fg.muted">Nessuna nota ancora.</Text>
      ) : (
        <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Note dei coach">
          {notes.data.map((note) => (
            <NoteItem key={`${note.id}:${note.editedAt ?? ''}`} cohortId={cohortId} userId={userId} note={note} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
