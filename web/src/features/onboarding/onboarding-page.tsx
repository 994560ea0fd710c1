import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function OnboardingPage() {
  useDocumentTitle('Onboarding');
  return <Heading as="h1">Onboarding</Heading>;
}
