import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MIN_SEARCH, cohortLabel, searchMessages } from '@sfida/core/participant-search';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { participantPagePath } from '../../../coach-shared/paths';
import { useParticipantSearch } from '../api/search';

/**
 * "Cerca un partecipante": by email or the start of the name, in every cohort of the coach; each
 * result says which cohort and opens the participant's page.
 */
export function ParticipantSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = useParticipantSearch(query);
  const resultsId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < MIN_SEARCH) {
      setError(searchMessages.queryTooShort);
      return;
    }
    setError(null);
    setQuery(trimmed);
  }

  return (
    <Stack gap="3">
      <Flex asChild gap="2" align="flex-end" wrap="wrap">
        <form role="search" aria-label="Cerca un partecipante" onSubmit={submit} noValidate>
          <Field.Root flex="1" minW="14rem" invalid={error !== null}>
            <Field.Label>Nome o email</Field.Label>
            <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Es. anna@esempio.it" minH="11" autoComplete="off" aria-controls={resultsId} />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" minH="11" loading={search.isFetching}>
            Cerca
          </Button>
        </form>
      </Flex>
      <Box id={resultsId} aria-live="polite">
        <SearchResults search={search} />
      </Box>
    </Stack>
  );
}

/** What the search answered: who, with their cohort and a link to their page, or that nobody matched. */
function SearchResults({ search }: { search: ReturnType<typeof useParticipantSearch> }) {
  return (
    <>
      {search.isError && <FormError message={errorMessage(search.error, 'Ricerca non riuscita')} />}
      {search.data &&
        (search.data.results.length === 0 ? (
          <Text color="fg.muted">Nessun partecipante trovato nelle tue coorti.</Text>
        ) : (
          <Stack as="ul" gap="2" p="0" m="0" listStyleType="none" aria-label="Risultati della ricerca">
            {search.data.results.map((result) => (
              <Box as="li" key={result.userId} borderWidth="1px" borderColor="border" rounded="md" p="3">
                <Link asChild color="brand.fg" fontWeight="700" textDecoration="underline">
                  <RouterLink to={participantPagePath(result.cohortId, result.userId)}>{result.name}</RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  {result.email} · {cohortLabel(result.cohortName)}
                </Text>
              </Box>
            ))}
            {search.data.more && (
              <Text as="li" fontSize="sm" color="fg.muted">
                Ci sono altri risultati: scrivi qualche lettera in più.
              </Text>
            )}
          </Stack>
        ))}
    </>
  );
}

/**
 * Under a roster whose search matched nobody: the same text searched in every cohort of the coach,
 * on request (an email of someone in another cohort used to give "0 di 41" and no hint).
 */
export function SearchElsewhere({ text }: { text: string }) {
  const [query, setQuery] = useState<string | null>(null);
  const search = useParticipantSearch(query);
  const trimmed = text.trim();
  if (trimmed.length < MIN_SEARCH) return null;
  return (
    <Stack gap="2" aria-live="polite">
      {query !== trimmed && (
        <Button size="sm" variant="outline" minH="11" alignSelf="flex-start" onClick={() => setQuery(trimmed)}>
          Cerca «{trimmed}» in tutte le coorti
        </Button>
      )}
      {query === trimmed && <SearchResults search={search} />}
    </Stack>
  );
}
