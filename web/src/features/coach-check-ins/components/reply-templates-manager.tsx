import { useId, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { MAX_REPLY, MAX_TEMPLATE_TITLE, MAX_TEMPLATES, replyTemplatesSchema, type ReplyTemplate } from '@sfida/core/check-in-threads';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useReplyTemplates, useSaveReplyTemplates } from '../api/reply-templates';

function TemplatesForm({ saved, onDone }: { saved: ReplyTemplate[]; onDone: () => void }) {
  const save = useSaveReplyTemplates();
  const [drafts, setDrafts] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const change = (id: string, patch: Partial<ReplyTemplate>) => setDrafts((list) => list.map((t) => (t.id === id ? { ...t, ...patch } : t)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own check first, so its Italian message shows without a round trip.
    const checked = replyTemplatesSchema.safeParse({ templates: drafts });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Controlla i modelli');
    setError(null);
    try {
      const stored = await save.mutateAsync(checked.data.templates);
      setDrafts(stored);
      notify({ type: 'success', title: 'Modelli salvati' });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio dei modelli non riuscito'));
    }
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Modelli di risposta">
        <FormError message={error} />
        <Text fontSize="sm" color="fg.muted">
          {'{nome}'} diventa il nome del partecipante, {'{settimana}'} la settimana del check-in (per esempio «settimana 3»).
        </Text>
        {drafts.length === 0 && <Text color="fg.muted">Nessun modello.</Text>}
        <Stack as="ol" gap="3" p="0" m="0" listStyleType="none">
          {drafts.map((template, index) => (
            <Box as="li" key={template.id} borderWidth="1px" borderColor="border" rounded="lg" p="3">
              <Stack gap="2">
                <Field.Root>
                  <Field.Label>Titolo del modello {index + 1}</Field.Label>
                  <Input value={template.title} maxLength={MAX_TEMPLATE_TITLE} onChange={(e) => change(template.id, { title: e.target.value })} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Testo del modello {index + 1}</Field.Label>
                  <Textarea rows={3} value={template.text} maxLength={MAX_REPLY} onChange={(e) => change(template.id, { text: e.target.value })} />
                  <Field.HelperText>
                    {template.text.length}/{MAX_REPLY}
                  </Field.HelperText>
                </Field.Root>
                <Box>
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Elimina il modello ${index + 1}${template.title.trim() ? ` (${template.title.trim()})` : ''}`}
                    onClick={() => setDrafts((list) => list.filter((t) => t.id !== template.id))}
                  >
                    Elimina
                  </Button>
                </Box>
              </Stack>
            </Box>
          ))}
        </Stack>
        <Flex gap="2" wrap="wrap">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={drafts.length >= MAX_TEMPLATES}
            onClick={() => setDrafts((list) => [...list, { id: crypto.randomUUID(), title: '', text: '' }])}
          >
            Aggiungi modello
          </Button>
          <Button type="submit" size="sm" loading={save.isPending} loadingText="Salvataggio...">
            Salva modelli
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={save.isPending} onClick={onDone}>
            Annulla
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

/** "Gestisci modelli": the coach's reply templates, edited as a list and saved whole. */
export function ReplyTemplatesManager() {
  const templates = useReplyTemplates();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Closing removes the focused button: focus goes back to the one that opened the list.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <Box>
      <Button ref={toggle} size="sm" variant="outline" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
        Gestisci modelli
      </Button>
      <Box id={regionId} role="group" aria-label="Gestisci modelli" hidden={!open} mt="3">
        {open &&
          (templates.isError ? (
            <FormError message={errorMessage(templates.error, 'Impossibile caricare i modelli')} />
          ) : templates.data ? (
            // Edited from the list as it was when opened: a refetch does not overwrite the drafts.
            <TemplatesForm saved={templates.data} onDone={close} />
          ) : (
            <Text role="status" color="fg.muted">
              Caricamento...
            </Text>
          ))}
      </Box>
    </Box>
  );
}
