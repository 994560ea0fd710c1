import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ResourcesPage() {
  useDocumentTitle('Risorse');
  return <Heading as="h1">Risorse</Heading>;
}
