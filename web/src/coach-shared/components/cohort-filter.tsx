import { Field, NativeSelect } from '@chakra-ui/react';

export interface CohortOption {
  id: string;
  name: string;
}

/** Narrows a list to one of the coach's cohorts ("Tutte le coorti": null, unless `required`). */
export function CohortFilter({
  cohorts,
  value,
  onChange,
  label,
  required = false,
}: {
  cohorts: CohortOption[];
  value: string | null;
  onChange: (cohortId: string | null) => void;
  label: string;
  /** One cohort at a time: no "Tutte le coorti". */
  required?: boolean;
}) {
  return (
    <Field.Root maxW={{ base: 'full', sm: '20rem' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
          {!required && <option value="">Tutte le coorti</option>}
          {cohorts.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohort.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
