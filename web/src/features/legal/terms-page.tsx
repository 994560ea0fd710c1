import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function TermsPage() {
  useDocumentTitle('Termini e condizioni');
  return <Heading as="h1">Termini e condizioni</Heading>;
}
