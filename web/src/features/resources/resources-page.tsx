import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../components/page-header';
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

export default function ResourcesPage() {
  useDocumentTitle('Risorse');

  return (
    <>
      <PageHeader title="Risorse">Materiali pratici per accompagnarti durante le otto settimane.</PageHeader>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        <Stack as="section" aria-labelledby="risorsa-ricettario" layerStyle="card" gap="3" borderColor="brand.border" borderWidth="2px">
          <Box aria-hidden="true" fontSize="3xl" lineHeight="1">
            🥗
          </Box>
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" id="risorsa-ricettario" fontSize="xl">
              Ricettario
            </Heading>
            <Badge colorPalette="green" variant="surface">
              Disponibile
            </Badge>
          </Flex>
          <Text color="fg.muted">
            Ricette veloci e sane della tradizione italiana, pronte in meno di mezz’ora, con ingredienti facili da trovare.
          </Text>
          <Button asChild alignSelf="flex-start" mt="auto">
            <a href="/downloads/ricettario-veloce.pdf" download>
              Scarica il ricettario (PDF)
            </a>
          </Button>
        </Stack>
        {comingSoon.map((resource) => (
          <Stack as="section" key={resource.id} aria-labelledby={`risorsa-${resource.id}`} layerStyle="card" gap="3" bg="bg.subtle">
            <Box aria-hidden="true" fontSize="3xl" lineHeight="1">
              {resource.icon}
            </Box>
            <Flex align="center" gap="2" wrap="wrap">
              <Heading as="h2" id={`risorsa-${resource.id}`} fontSize="xl">
                {resource.title}
              </Heading>
              <Badge colorPalette="orange" variant="surface">
                In arrivo
              </Badge>
            </Flex>
            <Text color="fg.muted">{resource.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}
