import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Accedi');
  return <Heading as="h1">Accedi</Heading>;
}
