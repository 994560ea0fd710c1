import { useEffect, useRef, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { GoogleMark } from '../../components/google-mark';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/api-client';
import { homePathFor } from '../../lib/home-path';
import {
  finishGoogleSignIn,
  GOOGLE_FAILED,
  googleSignInPending,
  openPageAfresh,
  sdkFailureMessage,
  startGoogleSignIn,
  type GoogleSignInExtras,
} from './google-sign-in';

interface GoogleSignInState {
  /** Going to Google, or back from it and signing in. */
  busy: boolean;
  /** Starts the sign-in, with what the page adds (a registration's code and name); null: it refused to start. */
  start(extras: GoogleSignInExtras): Promise<void>;
}

/**
 * The Google sign-in of the login and register pages: starts it on a tap, and finishes it when
 * Google brings the browser back to the page (then it signs in and opens home afresh, or reports
 * `onError` with the server's Italian message).
 */
export function useGoogleSignIn(onError: (message: string | null) => void): GoogleSignInState {
  const { googleSignIn } = useAuth();
  const [busy, setBusy] = useState(googleSignInPending);
  const report = useRef(onError);
  report.current = onError;

  // The way back from Google lands on this page: it finishes the sign-in once (the pending mark is
  // taken as it starts, so a second run of this effect finds none).
  useEffect(() => {
    if (!googleSignInPending()) return;
    finishGoogleSignIn(googleSignIn)
      .then((user) => {
        if (user) openPageAfresh(homePathFor(user));
        else setBusy(false);
      })
      .catch((error: unknown) => {
        report.current(sdkFailureMessage(error) ?? errorMessage(error, GOOGLE_FAILED));
        setBusy(false);
      });
  }, [googleSignIn]);

  const start = async (extras: GoogleSignInExtras) => {
    report.current(null);
    setBusy(true);
    try {
      await startGoogleSignIn(extras);
    } catch (error) {
      report.current(sdkFailureMessage(error) ?? errorMessage(error, GOOGLE_FAILED));
      setBusy(false);
    }
  };
  return { busy, start };
}

/** The outlined "… con Google" button. */
export function GoogleButton({ label, busy, disabled, onClick }: { label: string; busy: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <Button type="button" size="lg" variant="outline" disabled={disabled} loading={busy} loadingText="Collegamento con Google..." onClick={onClick}>
      <GoogleMark />
      {label}
    </Button>
  );
}
