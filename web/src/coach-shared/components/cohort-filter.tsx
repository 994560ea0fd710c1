import { Field, NativeSelect } from '@chakra-ui/react';

export interface CohortOption {
  id: string;
  name: string;
}

/** Narrows a list to one of the coach's cohorts ("Tutte le coorti": null). */
export function CohortFilter({
  cohorts,
  value,
  onChange,
  label,
}: {
  cohorts: CohortOption[];
  value: string | null;
  onChange: (cohortId: string | null) => void;
  label: string;
}) {
  return (
    <Field.Root maxW={{ base: 'full', sm: '20rem' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
          <option value="">Tutte le coorti</option>
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
