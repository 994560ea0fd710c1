import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function PrivacyPage() {
  useDocumentTitle('Privacy');
  return <Heading as="h1">Privacy</Heading>;
}
