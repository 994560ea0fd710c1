/*
 * What Firebase's client SDK may leave in the browser after "Accedi con Google"
 * (lib/google-sign-in.ts): its IndexedDB databases. The page that ran the SDK keeps one
 * of them open (its heartbeat log), and an open database cannot be deleted, so that page marks
 * them and the next page the app starts deletes them, before any Firebase code could run again.
 */

const MARK = 'sfida8:forget-firebase';

/** The SDK's databases: its users (never written here: it keeps them in memory) and its heartbeat log. */
const FIREBASE_DATABASES = ['firebaseLocalStorageDb', 'firebase-heartbeat-database'] as const;

/** Deletes the SDK's databases now (those not open), and marks them for the next page start. */
export function forgetFirebaseDatabases(): void {
  try {
    sessionStorage.setItem(MARK, '1');
    for (const name of FIREBASE_DATABASES) indexedDB.deleteDatabase(name);
  } catch {
    // Storage refused (a privacy mode): then the SDK could not have stored anything either.
  }
}

/** At start-up: deletes what a page that ran the SDK marked. */
export function deleteMarkedFirebaseDatabases(): void {
  try {
    if (sessionStorage.getItem(MARK) === null) return;
    sessionStorage.removeItem(MARK);
    for (const name of FIREBASE_DATABASES) indexedDB.deleteDatabase(name);
  } catch {
    // As above.
  }
}
