import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/** The options of a `Record<value, label>`, in its order. */
export function optionsOf(labels: Readonly<Record<string, string>>): SelectOption[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

type RootProps = Omit<ComponentProps<typeof Field.Root>, 'onChange' | 'children'>;

/** A labelled native select (a phone's own picker): `onChange` hears the chosen option's value. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  size,
  ...root
}: RootProps & { label: string; value: string; options: SelectOption[]; onChange: (value: string) => void; size?: 'sm' | 'md' }) {
  return (
    <Field.Root {...root}>
      <Field.Label fontSize={size === 'sm' ? 'sm' : undefined}>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
