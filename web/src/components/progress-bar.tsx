import { useId } from 'react';
import { Box, Text } from '@chakra-ui/react';

/**
 * A labelled progress bar (role="progressbar" with its value). Drawn here rather than with
 * Chakra's Progress, whose machinery every tracker route would load for a coloured box.
 */
export function ProgressBar({ value, label, size = 'md' }: { value: number; label: string; size?: 'md' | 'lg' }) {
  const labelId = useId();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box>
      <Text id={labelId} fontSize="sm" fontWeight="medium" mb="2">
        {label}
      </Text>
      <Box
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        h={size === 'lg' ? '3' : '2.5'}
        bg="brand.muted"
        borderRadius="full"
        overflow="hidden"
      >
        {/* The width as an inline style: as a style prop, every value would be a class of its own to generate at runtime. */}
        <Box h="full" style={{ width: `${percent}%` }} bg="brand.solid" borderRadius="full" transition="width 0.3s" />
      </Box>
    </Box>
  );
}
