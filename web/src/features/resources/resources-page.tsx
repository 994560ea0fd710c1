import { Badge, Box, Button, Link, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { fileSizeText } from '@sfida/core/file-size';
import { packagesNeeded } from '@sfida/core/packages';
import type { ResourceItem, ResourceSection } from '@sfida/core/resources';
import type { User } from '@sfida/core/user';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { resourceFileUrl, useCohortResources } from '../../lib/resources';
import { useDocumentTitle } from '../../lib/use-document-title';


const sections: ReadonlyArray<{ id: ResourceSection; icon: string; title: string; text: string }> = [
  {
    id: 'guide',
    icon: '📘',
    title: 'Guide Pratiche',
    text: 'Brevi guide su sonno, gestione dello stress, organizzazione della settimana e ripresa dell’allenamento.',
  },
  {
    id: 'strumenti',
    icon: '🧰',
    title: 'Strumenti',
    text: 'Schede da stampare, modelli per il diario settimanale e checklist per preparare i pasti.',
  },
];

/** A resource's name after its picture (hidden from screen readers: the name alone labels the card). */
function ResourceTitle({ icon, children }: { icon: string; children: string }) {
  return (
    <>
      <span aria-hidden="true">{icon} </span>
      {children}
    </>
  );
}

const available = (
  <Badge colorPalette="green" variant="surface">
    Disponibile
  </Badge>
);

/** One item: a PDF to download, or a page of another site opened in a new tab; reserved to another package, what it takes. */
function ResourceEntry({ cohortId, item }: { cohortId: string; item: ResourceItem }) {
  const needed = packagesNeeded(item.access);
  if (!item.mayOpen) {
    return (
      <Box as="li" listStyleType="none">
        <Text fontWeight="600">{item.title}</Text>
        <Text fontSize="sm" color="fg.muted">
          Riservata: per aprirla serve {needed ?? 'un altro pacchetto'}.
        </Text>
        {item.description ? <Text fontSize="sm">{item.description}</Text> : null}
      </Box>
    );
  }
  return (
    <Box as="li" listStyleType="none">
      {item.kind === 'file' ? (
        <Link href={resourceFileUrl(cohortId, item.id)} download color="brand.fg" fontWeight="600" textDecoration="underline">
          {item.title}
          <VisuallyHidden>{` (PDF, ${fileSizeText(item.bytes ?? 0)})`}</VisuallyHidden>
        </Link>
      ) : (
        <Link href={item.url} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="600" textDecoration="underline">
          {item.title}
          <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
        </Link>
      )}
      <Text fontSize="sm" color="fg.muted" aria-hidden={item.kind === 'file' ? true : undefined}>
        {item.kind === 'file' ? `PDF · ${fileSizeText(item.bytes ?? 0)}` : 'Link esterno'}
      </Text>
      {item.description ? <Text fontSize="sm">{item.description}</Text> : null}
    </Box>
  );
}

function CohortSections({ user }: { user: User }) {
  const query = useCohortResources(user.cohortId);
  return (
    <>
      {sections.map((section) => {
        const items = query.data?.[section.id] ?? [];
        // "In arrivo" only once the cohort's list says the section is empty.
        const empty = query.isSuccess && items.length === 0;
        return (
          <SectionCard
            key={section.id}
            title={<ResourceTitle icon={section.icon}>{section.title}</ResourceTitle>}
            action={
              empty ? (
                <Badge colorPalette="orange" variant="surface">
                  In arrivo
                </Badge>
              ) : items.length > 0 ? (
                available
              ) : undefined
            }
            bg={items.length > 0 ? undefined : 'bg.subtle'}
          >
            <Stack gap="3">
              <Text color="fg.muted">{section.text}</Text>
              {query.isPending ? (
                <Text role="status" fontSize="sm" color="fg.muted">
                  Caricamento...
                </Text>
              ) : query.isError ? (
                <Text role="alert" fontSize="sm" color="fg.error">
                  {errorMessage(query.error, 'Impossibile caricare le risorse')}
                </Text>
              ) : items.length > 0 ? (
                <Stack as="ul" gap="3" m="0" p="0" aria-label={section.title}>
                  {items.map((item) => (
                    <ResourceEntry key={item.id} cohortId={user.cohortId} item={item} />
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </SectionCard>
        );
      })}
    </>
  );
}

export default function ResourcesPage() {
  useDocumentTitle('Risorse');
  const { user } = useAuth();

  return (
    <>
      <PageHeader title="Risorse">Materiali pratici per accompagnarti durante le otto settimane.</PageHeader>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        <SectionCard title={<ResourceTitle icon="🥗">Ricettario</ResourceTitle>} action={available} borderColor="brand.border" borderWidth="2px">
          <Stack gap="3">
            <Text color="fg.muted">
              Ricette veloci e sane della tradizione italiana, pronte in meno di mezz’ora, con ingredienti facili da trovare.
            </Text>
            <Button asChild alignSelf="flex-start">
              <a href="/downloads/ricettario-veloce.pdf" download>
                Scarica il ricettario (PDF)
              </a>
            </Button>
          </Stack>
        </SectionCard>
        {/* The page renders under the signed-in guard. */}
        {user ? <CohortSections user={user} /> : null}
      </SimpleGrid>
    </>
  );
}
