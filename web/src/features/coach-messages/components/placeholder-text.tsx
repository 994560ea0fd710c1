import { Fragment } from 'react';
import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { placeholderParts } from '@sfida/core/check-in-threads';

/** A message as the coach wrote it, each placeholder a chip ("nome"), read aloud as "[nome]" rather than the braces. */
export function PlaceholderText({ text }: { text: string }) {
  return placeholderParts(text).map((part, index) => (
    <Fragment key={index}>
      {typeof part === 'string' ? (
        part
      ) : (
        <Badge size="sm" variant="subtle" colorPalette="accent" verticalAlign="baseline" mx="0.5">
          <VisuallyHidden>[</VisuallyHidden>
          {part.placeholder}
          <VisuallyHidden>]</VisuallyHidden>
        </Badge>
      )}
    </Fragment>
  ));
}
