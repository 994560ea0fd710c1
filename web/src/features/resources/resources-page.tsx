import { Badge, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../lib/use-document-title';

const comingSoon = [
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
] as const;

/** A resource's name after its picture (hidden from screen readers: the name alone labels the card). */
function ResourceTitle({ icon, children }: { icon: string; children: string }) {
  return (
    <>
      <span aria-hidden="true">{icon} </span>
      {children}
    </>
  );
}

export default function ResourcesPage() {
  useDocumentTitle('Risorse');

  return (
    <>
      <PageHeader title="Risorse">Materiali pratici per accompagnarti durante le otto settimane.</PageHeader>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        <SectionCard
          title={<ResourceTitle icon="🥗">Ricettario</ResourceTitle>}
          action={
            <Badge colorPalette="green" variant="surface">
              Disponibile
            </Badge>
          }
          borderColor="brand.border"
          borderWidth="2px"
        >
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
        {comingSoon.map((resource) => (
          <SectionCard
            key={resource.id}
            title={<ResourceTitle icon={resource.icon}>{resource.title}</ResourceTitle>}
            action={
              <Badge colorPalette="orange" variant="surface">
                In arrivo
              </Badge>
            }
            bg="bg.subtle"
          >
            <Text color="fg.muted">{resource.text}</Text>
          </SectionCard>
        ))}
      </SimpleGrid>
    </>
  );
}
