import { Alert } from '@chakra-ui/react';

/** The inline red box above a form; announced to screen readers as soon as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" variant="subtle" rounded="lg">
      <Alert.Indicator />
      <Alert.Title fontWeight="600">{message}</Alert.Title>
    </Alert.Root>
  );
}
