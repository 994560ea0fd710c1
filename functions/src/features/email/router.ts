import { Router, type Response } from 'express';
import { emailPreferencesRequestSchema } from '@sfida/core/email-preferences';
import type { ApiDeps } from '../../deps';
import { parseOr400 } from '../../shared/validate';
import { HttpError } from '../../shared/http-error';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { rawBody } from '../../middleware/raw-body';
import { currentUser, requireUser } from '../../middleware/session';
import { emailPreferencesOf, saveEmailPreferences, unsubscribe, unsubscribeTargetOf } from './service';

/** The caller's email preferences (mounted at /api/me). */
export function emailPreferencesRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = Router();
  router.get('/email-preferences', requireUser, async (_req, res) => {
    res.json(await emailPreferencesOf(deps, currentUser(res)));
  });
  router.put('/email-preferences', jsonBody(JSON_BODY_LIMIT), requireUser, async (req, res) => {
    const { preferences } = parseOr400(emailPreferencesRequestSchema, req.body);
    res.json(await saveEmailPreferences(deps, currentUser(res), preferences));
  });
  return router;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own (no script, no style: the API's CSP allows neither), in Italian. */
function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .send(`<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

/**
 * The unsubscribe link of an email (mounted at /api/email/unsubscribe, before the origin check: a
 * mail client's one-click POST comes from no page of ours, RFC 8058). GET shows a page that asks to
 * confirm, so a link scanner that opens every link unsubscribes no one; POST unsubscribes, with no
 * session and whatever its body (`List-Unsubscribe=One-Click`). The token is an HMAC, so nothing
 * can be guessed; a POST repeated turns off what is off already.
 */
export function unsubscribeRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = Router();
  const invalid = (res: Response, error: unknown) => {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    page(res, 404, 'Link non valido', `<p>${escape(error.message)} Puoi scegliere quali email ricevere dal tuo profilo nell’app.</p>`);
  };

  router.get('/:token', (req, res) => {
    try {
      const target = unsubscribeTargetOf(deps, String(req.params.token));
      page(
        res,
        200,
        'Disiscriviti',
        `<p>Non vuoi più ricevere le email «${escape(target.label)}» di Sfida 8 settimane?</p><form method="post"><button type="submit">Sì, disiscrivimi</button></form><p>Potrai riattivarle dal tuo profilo nell’app.</p>`,
      );
    } catch (error) {
      invalid(res, error);
    }
  });

  router.post('/:token', rawBody(1024, () => new HttpError(413, 'Richiesta troppo grande')), async (req, res) => {
    try {
      const target = await unsubscribe(deps, String(req.params.token));
      if (req.accepts(['json', 'html']) === 'html') {
        page(res, 200, 'Fatto', `<p>Non riceverai più le email «${escape(target.label)}». Puoi riattivarle dal tuo profilo nell’app.</p>`);
      } else {
        res.json({ unsubscribed: true });
      }
    } catch (error) {
      if (req.accepts(['json', 'html']) === 'html') return invalid(res, error);
      throw error;
    }
  });
  return router;
}
