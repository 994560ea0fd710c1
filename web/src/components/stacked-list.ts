import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * The styles of a list whose items are plain elements (docs/decisions/014): no bullets or indent,
 * the items stacked `gap` apart, styled by the `items` selectors.
 */
export function stackedList(gap: string, items: SystemStyleObject): SystemStyleObject {
  return { display: 'flex', flexDirection: 'column', gap, p: '0', m: '0', listStyleType: 'none', ...items };
}
