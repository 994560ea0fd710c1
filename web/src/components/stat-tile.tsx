import type { ReactNode } from 'react';
import { SimpleGrid, type SimpleGridProps, type SystemStyleObject } from '@chakra-ui/react';

/** The tiles' styles, set once on their grid: the tiles are plain elements (docs/decisions/014). */
const TILES: SystemStyleObject = {
  '& > div': { layerStyle: 'card', p: { base: '3', md: '4' }, minW: '0', bg: 'brand.subtle', borderColor: 'brand.border' },
  '& > div[data-tone=accent]': { bg: 'accent.subtle', borderColor: 'accent.border' },
  '& > div > p': { fontSize: { base: 'xs', sm: 'sm' }, color: 'fg.muted' },
  '& > div > p[data-part=label]': { fontWeight: 'semibold' },
  '& > div > p[data-part=value]': { fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: 'shorter', color: 'brand.fg' },
  '& > div[data-tone=accent] > p[data-part=value]': { color: 'accent.fg' },
};

/** The grid a screen's stat tiles sit in. */
export function StatGrid({ children, ...grid }: Pick<SimpleGridProps, 'columns' | 'gap' | 'children'>) {
  return (
    <SimpleGrid {...grid} css={TILES}>
      {children}
    </SimpleGrid>
  );
}

/** A number with its label, e.g. "120 · Punti totali"; inside a StatGrid. */
export function StatTile({ label, value, hint, tone = 'brand' }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'brand' | 'accent' }) {
  return (
    <div data-tone={tone}>
      <p data-part="label">{label}</p>
      <p data-part="value">{value}</p>
      {hint && <p data-part="hint">{hint}</p>}
    </div>
  );
}
