import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ProfilePage() {
  useDocumentTitle('Profilo e Allenamento');
  return <Heading as="h1">Profilo e Allenamento</Heading>;
}
