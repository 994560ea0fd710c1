import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';

/** A number with its label, e.g. "120 · Punti totali". */
export function StatTile({ label, value, hint, tone = 'brand' }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'brand' | 'accent' }) {
  return (
    <Box layerStyle="card" p={{ base: '3', md: '4' }} minW="0" bg={tone === 'accent' ? 'accent.subtle' : 'brand.subtle'} borderColor={tone === 'accent' ? 'accent.border' : 'brand.border'}>
      <Text fontSize={{ base: 'xs', sm: 'sm' }} color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="shorter" color={tone === 'accent' ? 'accent.fg' : 'brand.fg'}>
        {value}
      </Text>
      {hint && (
        <Text fontSize={{ base: 'xs', sm: 'sm' }} color="fg.muted">
          {hint}
        </Text>
      )}
    </Box>
  );
}
