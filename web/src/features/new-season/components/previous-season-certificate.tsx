import { Link, Text } from '@chakra-ui/react';

/**
 * In a new season not over yet, the certificate the server makes is the finished season's (from
 * its archive): the completion card that links it is gone from the dashboard, so this line keeps it.
 */
export function PreviousSeasonCertificate() {
  return (
    <Text fontSize="sm">
      <Link href="/api/me/certificate.pdf" download="certificato-sfida-8-settimane.pdf" fontWeight="semibold" color="brand.fg">
        Scarica il certificato della stagione conclusa (PDF)
      </Link>
    </Text>
  );
}
