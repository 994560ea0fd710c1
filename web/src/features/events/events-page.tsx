import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function EventsPage() {
  useDocumentTitle('Eventi');
  return <Heading as="h1">Eventi</Heading>;
}
