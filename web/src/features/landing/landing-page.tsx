import { Box, Button, Container, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { SiteFooter } from '../../components/site-footer';
import { SkipLink } from '../../components/skip-link';
import { useDocumentTitle } from '../../lib/use-document-title';

const features = [
  {
    icon: '🗓️',
    title: 'Planner settimanale',
    text: 'Ogni settimana scegli da 3 a 5 azioni concrete. Le spunti una a una e vedi i progressi prendere forma, giorno dopo giorno.',
  },
  {
    icon: '🔥',
    title: 'Abitudini e costanza',
    text: 'Segna ogni giorno le abitudini che contano per te. La tua serie di giorni consecutivi cresce e la costanza viene premiata.',
  },
  {
    icon: '💬',
    title: 'Check-in emotivo settimanale',
    text: 'Una volta a settimana ti fermi un momento: come ti senti, cosa hai imparato. Poche righe, senza giudizio.',
  },
  {
    icon: '🏆',
    title: 'Classifica e badge',
    text: 'Ogni passo vale punti. Sblocca i badge e guarda come procede il tuo gruppo: una sana competizione che ti spinge avanti.',
  },
  {
    icon: '🤝',
    title: 'Community e coach',
    text: 'Non sei da solo: il tuo coach e il gruppo ti accompagnano, con eventi dal vivo, materiali pratici e una scheda di allenamento su misura.',
  },
] as const;

const steps = [
  { title: 'Registrati', text: 'Crea il tuo account con il codice d’invito che ti ha dato il tuo coach.' },
  { title: 'Rispondi a tre domande', text: 'Esperienza, luogo e livello: ricevi subito la scheda di allenamento adatta a te.' },
  { title: 'Parti', text: 'Scegli il giorno di inizio e affronta le otto settimane, un passo al giorno.' },
] as const;

const highlights = [
  { value: '8', label: 'settimane di percorso' },
  { value: '3–5', label: 'azioni concrete a settimana' },
  { value: '1', label: 'check-in ogni settimana' },
] as const;

/** The public front page: what the challenge promises, how it works, and the way in. */
export function LandingPage() {
  useDocumentTitle('Otto settimane per cambiare davvero');

  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" borderColor="border">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between" gap="3">
            <BrandLogo />
            <HStack as="nav" aria-label="Accesso" gap={{ base: '1', sm: '3' }}>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/login">Accedi</RouterLink>
              </Button>
              <Button asChild size="sm">
                <RouterLink to="/register">Registrati</RouterLink>
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>

      <Box as="main" id="contenuto" tabIndex={-1} flex="1" _focusVisible={{ outline: 'none' }}>
        <Box as="section" aria-labelledby="titolo-hero" bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg">
          <Container maxW="6xl" py={{ base: '12', md: '20' }}>
            <Stack gap="6" maxW="3xl">
              <Text color="accent.fg" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" fontSize="sm">
                Percorso di gruppo con coach · 8 settimane
              </Text>
              {/* 1.2: at 1.05 the two lines of the 6xl heading touched (descenders on the next line's capitals). */}
              <Heading as="h1" id="titolo-hero" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.2" letterSpacing="-0.02em">
                Otto settimane per diventare la persona che vuoi essere.
              </Heading>
              <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
                Un piano concreto ogni settimana, abitudini che diventano naturali e un coach che ti segue. Insieme al tuo
                gruppo, un passo alla volta, fino al traguardo.
              </Text>
              <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
                <Button asChild size="xl" colorPalette="brand">
                  <RouterLink to="/register">Inizia la tua sfida</RouterLink>
                </Button>
                <Button asChild size="xl" variant="outline">
                  <RouterLink to="/login">Ho già un account</RouterLink>
                </Button>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                Per registrarti ti serve il codice d’invito del tuo coach.
              </Text>
            </Stack>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 3 }} gap="4" mt={{ base: '10', md: '14' }} maxW="3xl">
              {highlights.map((item) => (
                <Box as="li" key={item.label} bg="bg" rounded="card" borderWidth="1px" borderColor="brand.emphasized" px="5" py="4">
                  <Text fontSize="3xl" fontWeight="800" color="brand.fg" lineHeight="1.1">
                    {item.value}
                  </Text>
                  <Text color="fg.muted">{item.label}</Text>
                </Box>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="come-funziona" py={{ base: '14', md: '20' }}>
          <Container maxW="6xl">
            <Stack gap="3" mb="10" maxW="2xl">
              <Heading as="h2" id="come-funziona" fontSize={{ base: '3xl', md: '4xl' }}>
                Come funziona
              </Heading>
              <Text color="fg.muted" fontSize="lg">
                Cinque strumenti semplici, pensati per lavorare insieme: ogni giorno sai cosa fare e vedi quanta strada hai fatto.
              </Text>
            </Stack>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
              {features.map((feature) => (
                <Stack as="li" key={feature.title} layerStyle="card" gap="3">
                    <Box aria-hidden="true" fontSize="3xl" lineHeight="1">
                      {feature.icon}
                    </Box>
                    <Heading as="h3" fontSize="xl">
                      {feature.title}
                    </Heading>
                    <Text color="fg.muted">{feature.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="percorso" py={{ base: '14', md: '20' }} bg="bg.canvas">
          <Container maxW="6xl">
            <Heading as="h2" id="percorso" fontSize={{ base: '3xl', md: '4xl' }} mb="10">
              Si parte in tre passi
            </Heading>
            <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
              {steps.map((step, index) => (
                <Stack as="li" key={step.title} gap="2">
                  <Box
                    aria-hidden="true"
                    display="grid"
                    placeItems="center"
                    boxSize="10"
                    rounded="full"
                    bg="accent.solid"
                    color="accent.contrast"
                    fontWeight="800"
                  >
                    {index + 1}
                  </Box>
                  <Heading as="h3" fontSize="xl">
                    {step.title}
                  </Heading>
                  <Text color="fg.muted">{step.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="invito" py={{ base: '14', md: '20' }}>
          <Container maxW="4xl">
            <Stack align="center" textAlign="center" gap="5" bg="brand.solid" color="brand.contrast" rounded="2xl" px={{ base: '6', md: '12' }} py={{ base: '10', md: '14' }}>
              <Heading as="h2" id="invito" fontSize={{ base: '2xl', md: '4xl' }}>
                La prossima settimana può essere la prima.
              </Heading>
              <Text fontSize="lg" maxW="xl">
                Bastano pochi minuti al giorno. Il resto lo costruisci tu, con il tuo gruppo e il tuo coach al fianco.
              </Text>
              <Button asChild size="xl" colorPalette="accent">
                <RouterLink to="/register">Crea il tuo account</RouterLink>
              </Button>
              <Text fontSize="sm">
                Hai già un account?{' '}
                <Link asChild color="inherit" textDecoration="underline" fontWeight="600">
                  <RouterLink to="/login">Accedi</RouterLink>
                </Link>
              </Text>
            </Stack>
          </Container>
        </Box>
      </Box>
      <SiteFooter />
    </Flex>
  );
}

// The router loads it lazily, as a default export.
export default LandingPage;
