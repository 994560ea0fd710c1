import { useState } from 'react';
import { Box, Button } from '@chakra-ui/react';

/**
 * The first `step` of `items`, and `step` more each time the coach asks: a long list never pushes
 * what follows it out of reach. `more` is null once everything shows.
 */
export function useShowMore<T>(items: readonly T[], step: number): { shown: T[]; hidden: number; more: (() => void) | null } {
  const [count, setCount] = useState(step);
  const hidden = Math.max(0, items.length - count);
  return { shown: items.slice(0, count), hidden, more: hidden > 0 ? () => setCount((n) => n + step) : null };
}

/** "Mostra altri (N)" below a capped list; nothing when it is whole. */
export function ShowMoreButton({ hidden, onClick, label = 'Mostra altri' }: { hidden: number; onClick: (() => void) | null; label?: string }) {
  if (onClick === null || hidden === 0) return null;
  return (
    <Box>
      <Button size="sm" variant="outline" onClick={onClick}>
        {label} ({hidden})
      </Button>
    </Box>
  );
}
