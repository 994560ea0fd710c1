import { useId, useState, type FormEvent } from 'react';
import { Badge, Box, Button, chakra, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import * as z from 'zod/mini';
import { MAX_TAGS, tagSchema, tagTexts } from '@sfida/core/participant-notes';
import { errorMessage } from '../../../lib/api-client';
import { useCohortTags } from '../../../coach-shared/api/cohort-tags';
import { useUpdateTags } from '../api/tags';

/** A participant's tags as small chips (nothing when they have none). */
export function TagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <Flex as="ul" gap="1" wrap="wrap" p="0" m="0" listStyleType="none" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge size="sm" variant="subtle" colorPalette="blue">
            {tag}
          </Badge>
        </li>
      ))}
    </Flex>
  );
}

/**
 * Adds and takes off a participant's tags: each tag with its own remove button, a field that
 * suggests the cohort's tags. Checked here with the server's own rules, so the message is the same.
 */
export function TagEditor({ cohortId, userId, name, tags }: { cohortId: string; userId: string; name: string; tags: string[] }) {
  const update = useUpdateTags(cohortId, userId);
  const cohortTags = useCohortTags(cohortId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const suggestions = (cohortTags.data ?? []).filter((tag) => !tags.includes(tag));

  async function change(request: { add?: string[]; remove?: string[] }, fallback: string): Promise<boolean> {
    setError(null);
    try {
      await update.mutateAsync(request);
      return true;
    } catch (caught) {
      setError(errorMessage(caught, fallback));
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = z.safeParse(tagSchema, draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? tagTexts.tagInvalid);
    if (tags.includes(parsed.data)) return setDraft('');
    if (tags.length >= MAX_TAGS) return setError(tagTexts.tooManyTags);
    if (await change({ add: [parsed.data] }, 'Impossibile aggiungere l’etichetta')) setDraft('');
  }

  return (
    <Stack gap="2">
      {tags.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessuna etichetta.
        </Text>
      ) : (
        <Flex as="ul" gap="2" wrap="wrap" p="0" m="0" listStyleType="none" aria-label={`Etichette di ${name}`}>
          {tags.map((tag) => (
            <Flex as="li" key={tag} align="center" gap="1" ps="2" rounded="full" borderWidth="1px" borderColor="border" bg="bg.muted" fontSize="sm">
              {tag}
              <Button
                size="xs"
                variant="ghost"
                rounded="full"
                minW="8"
                aria-label={`Togli l’etichetta ${tag}`}
                disabled={update.isPending}
                onClick={() => void change({ remove: [tag] }, 'Impossibile togliere l’etichetta')}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
      <chakra.form onSubmit={add} noValidate display="flex" gap="2" alignItems="flex-end" flexWrap="wrap">
        <Field.Root invalid={error !== null} flex="1" minW="10rem">
          <Field.Label>Nuova etichetta per {name}</Field.Label>
          <Input size="sm" value={draft} list={listId} maxLength={60} autoComplete="off" onChange={(e) => setDraft(e.target.value)} />
          <datalist id={listId}>
            {suggestions.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" loading={update.isPending} loadingText="Salvo...">
          Aggiungi
        </Button>
      </chakra.form>
      {error && (
        <Box role="alert" fontSize="sm" color="fg.error">
          {error}
        </Box>
      )}
    </Stack>
  );
}
