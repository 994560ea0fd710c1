import { useState } from 'react';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { NativeCheckbox } from '../../components/native-checkbox';
import { chooseColourMode, COLOUR_MODES, storedColourMode, type ColourMode } from '../../lib/colour-mode';

const labels: Record<ColourMode, string> = { system: 'Sistema', light: 'Chiaro', dark: 'Scuro' };

/** Light, dark or as the system says, for this device only: a radio group that applies the choice at once. */
export function ColourModeSettings() {
  const [choice, setChoice] = useState<ColourMode>(storedColourMode);

  function choose(mode: ColourMode) {
    setChoice(mode);
    chooseColourMode(mode);
  }

  return (
    <Box as="fieldset" minW="0">
      <Text as="legend" fontWeight="700" mb="1">
        Aspetto
      </Text>
      <Text id="colour-mode-hint" fontSize="sm" color="fg.muted" mb="3">
        Vale solo per questo dispositivo. «Sistema» segue l’impostazione chiara o scura del telefono o del computer.
      </Text>
      <Stack direction="row" gap="5" wrap="wrap">
        {COLOUR_MODES.map((mode) => (
          <Flex as="label" key={mode} gap="2" align="center" cursor="pointer" minH="11">
            <NativeCheckbox
              type="radio"
              name="colour-mode"
              value={mode}
              aria-describedby="colour-mode-hint"
              checked={choice === mode}
              onChange={() => choose(mode)}
            />
            <Text as="span">{labels[mode]}</Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
