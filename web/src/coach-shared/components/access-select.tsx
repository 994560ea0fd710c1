import { Field, NativeSelect } from '@chakra-ui/react';
import { PACKAGES, accessLabels, type Access } from '@sfida/core/packages';

/** "Chi può partecipare" / "Chi può aprirla": the least package that may, as the coach chooses it for an event or a resource. */
export function AccessSelect({ label, value, onChange, helper }: { label: string; value: Access; onChange: (access: Access) => void; helper?: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as Access)}>
          {PACKAGES.map((access) => (
            <option key={access} value={access}>
              {accessLabels[access]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
