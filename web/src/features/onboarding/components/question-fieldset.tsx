import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { Question } from '../onboarding-questions';

/** One question and its options, as radio cards; `current` is the option chosen so far. */
export function QuestionFieldset({ question, current, onChoose }: { question: Question; current: string | null; onChoose: (value: string) => void }) {
  return (
    <Box as="fieldset">
      <Box as="legend" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" mb="1">
        {question.title}
      </Box>
      <Text color="fg.muted" mb="4">
        {question.hint}
      </Text>
      <Stack gap="3">
        {question.options.map((option) => (
          <Flex
            as="label"
            key={option.value}
            gap="3"
            align="flex-start"
            p="4"
            borderWidth="2px"
            borderColor="border"
            rounded="xl"
            cursor="pointer"
            bg="bg"
            _hover={{ borderColor: 'brand.border' }}
            css={{
              '&:has(input:checked)': { borderColor: 'brand.solid', bg: 'brand.subtle' },
              '&:has(input:focus-visible)': { outline: '3px solid {colors.brand.500}', outlineOffset: '2px' },
            }}
          >
            <input
              type="radio"
              name={question.key}
              value={option.value}
              checked={current === option.value}
              onChange={() => onChoose(option.value)}
              style={{ marginTop: '0.3rem', width: '1.1rem', height: '1.1rem', flexShrink: 0, accentColor: 'var(--chakra-colors-brand-700)' }}
            />
            <Box>
              <Text fontWeight="700">{option.label}</Text>
              <Text color="fg.muted" fontSize="sm">
                {option.description}
              </Text>
            </Box>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
