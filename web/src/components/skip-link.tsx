import { Link } from '@chakra-ui/react';

/** First focusable element of every layout: jumps keyboard users past the header to `#contenuto`. */
export function SkipLink() {
  return (
    <Link
      href="#contenuto"
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipLink"
      bg="brand.solid"
      color="brand.contrast"
      px="4"
      py="3"
      rounded="md"
      fontWeight="600"
      _focusVisible={{ top: '2' }}
    >
      Vai al contenuto
    </Link>
  );
}
