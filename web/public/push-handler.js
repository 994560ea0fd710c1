// The service worker's notifications (imported by the worker Workbox generates, see
// web/scripts/service-worker.ts): a push message is shown as a notification in Italian, and a tap
// opens the screen it names in the app's window, or a new one.
//
// A push message's data is JSON: { "title": "…", "body": "…", "url": "/abitudini", "tag": "…" }.

const APP_NAME = 'Sfida 8 settimane';

/** A path of this app ("/abitudini"), never another site: anything else opens the dashboard. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard';
}

function messageOf(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : APP_NAME;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'it',
      // One notification per kind: a newer reminder replaces the one still showing.
      ...(typeof message.tag === 'string' ? { tag: message.tag } : {}),
      data: { url: appPath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = appPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(new URL(path, self.location.origin).href);
      }
      return self.clients.openWindow(path);
    })(),
  );
});
