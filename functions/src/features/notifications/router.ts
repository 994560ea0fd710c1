import { Router } from 'express';
import { notificationSettingsRequestSchema, pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from '@sfida/core/notifications';
import type { ApiDeps } from '../../deps';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { currentUser, requireUser } from '../../middleware/session';
import { notificationsOf, saveSettings, subscribeDevice, unsubscribeDevice } from './service';

/** The caller's notification settings and this device's subscription (mounted at /api/me). */
export function notificationsRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = Router();
  const body = jsonBody(JSON_BODY_LIMIT);

  router.get('/notifications', requireUser, async (_req, res) => {
    res.json(await notificationsOf(deps, currentUser(res)));
  });

  router.put('/notifications', body, requireUser, async (req, res) => {
    const { settings } = parseOr400(notificationSettingsRequestSchema, req.body);
    res.json(await saveSettings(deps, currentUser(res), settings));
  });

  router.post('/push-subscriptions', body, requireUser, async (req, res) => {
    await subscribeDevice(deps, currentUser(res), parseOr400(pushSubscriptionRequestSchema, req.body));
    res.status(201).json({ subscribed: true });
  });

  router.post('/push-subscriptions/remove', body, requireUser, async (req, res) => {
    const { endpoint } = parseOr400(pushUnsubscribeRequestSchema, req.body);
    await unsubscribeDevice(deps, currentUser(res), endpoint);
    res.status(204).end();
  });

  return router;
}
