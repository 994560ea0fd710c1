/**
 * Deletes one account by email, on the path of "Elimina il mio account" (features/privacy):
 *   npm run delete-account -- EMAIL            (add --local for the stack of `npm start`)
 * Needs the VAPID_PRIVATE_KEY secret in the environment (the deletion ledger's key is derived from
 * it); uses the Admin SDK against the configured project (GCLOUD_PROJECT and application default
 * credentials), or the local emulators with --local. A coach who is the last of an active cohort
 * is refused, as in the app.
 */
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { deleteAccountByEmail } from '../functions/src/features/privacy/delete-service';
import { HttpError } from '../functions/src/shared/http-error';
import { localSecret } from './stack/local-jobs';
import { emulatorEnv, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev), { VAPID_PRIVATE_KEY: localSecret('VAPID_PRIVATE_KEY') ?? '' });
const email = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!email || !email.includes('@')) {
  console.error('Uso: npm run delete-account -- EMAIL [--local]');
  process.exit(2);
}

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-delete-account', ...process.env });
  const deps = await createDeps(config);
  const finished = await deleteAccountByEmail(deps, email);
  console.log(
    finished
      ? `Account eliminato (progetto ${config.projectId}).`
      : `Account disattivato; l'eliminazione dei dati la completa il job dei promemoria entro 15 minuti (progetto ${config.projectId}).`,
  );
  process.exit(0);
} catch (error) {
  console.error(error instanceof HttpError || error instanceof Error ? error.message : error);
  process.exit(1);
}
