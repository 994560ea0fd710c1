import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function RegisterPage() {
  useDocumentTitle('Registrati');
  return <Heading as="h1">Registrati</Heading>;
}
