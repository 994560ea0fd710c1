import { chakra } from '@chakra-ui/react';

/**
 * The browser's own checkbox in the brand's colour, large enough to tap (pass `type="checkbox"`, or `type="radio"`):
 * for plain lists it costs less than Chakra's Checkbox, whose state machine every page would load.
 */
export const NativeCheckbox = chakra('input', {
  base: {
    appearance: 'auto',
    width: '5',
    height: '5',
    flexShrink: 0,
    accentColor: '{colors.brand.700}',
    // brand.700 would barely show on the dark background.
    _dark: { accentColor: '{colors.brand.400}' },
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed' },
  },
});
