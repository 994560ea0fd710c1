import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { e2eProfile } from '../../scripts/stack/profiles';

/*
 * Google's iframe library (https://apis.google.com/js/api.js) is outside the local stack and has no
 * offline copy: the Firebase SDK loads it into the page, and the Auth emulator's helper iframe
 * loads it too, to pass the sign-in's result between them. This stand-in does that one job with
 * postMessage: `gapi.iframes` opening an iframe, and `register`/`send` between the page and it.
 * Everything else (the SDK, the emulator's account picker, its iframe, our API) is real.
 */
const GAPI_STAND_IN = String.raw`(function () {
  var handlers = {};
  var queued = {};
  var replies = {};
  var nextId = 1;
  function channel(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (queued[name] || []).forEach(function (deliver) { deliver(); });
        delete queued[name];
      },
      send: function (name, data, callback) {
        var id = 'm' + nextId++;
        replies[id] = callback;
        target().postMessage({ gapiStandIn: 'send', name: name, data: data, id: id }, '*');
      },
      ping: function (callback) {
        return { then: function (resolve) { ready.then(function () { callback && callback(); resolve && resolve(); }); } };
      },
      restyle: function () { return Promise.resolve(); },
    };
  }
  var ready = Promise.resolve();
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || !message.gapiStandIn) return;
    if (message.gapiStandIn === 'send') {
      var deliver = function () {
        var result = handlers[message.name](message.data);
        event.source.postMessage({ gapiStandIn: 'reply', id: message.id, result: [result] }, '*');
      };
      if (handlers[message.name]) deliver();
      else (queued[message.name] = queued[message.name] || []).push(deliver);
    } else if (message.gapiStandIn === 'reply') {
      var callback = replies[message.id];
      delete replies[message.id];
      if (callback) callback(message.result);
    }
  });
  window.gapi = {
    load: function (_name, options) { setTimeout(options.callback, 0); },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () {
        return {
          open: function (options, onOpen) {
            var frame = document.createElement('iframe');
            frame.src = options.url;
            frame.setAttribute('aria-hidden', 'true');
            frame.style.position = 'absolute';
            frame.style.top = '-100px';
            frame.style.width = '1px';
            frame.style.height = '1px';
            ready = new Promise(function (resolve) { frame.addEventListener('load', resolve); });
            options.where.appendChild(frame);
            return onOpen(channel(function () { return frame.contentWindow; }));
          },
          getParentIframe: function () { return channel(function () { return window.parent; }); },
        };
      },
    },
  };
  var onload = /[?&]onload=([^&]+)/.exec((document.currentScript && document.currentScript.src) || '');
  if (onload && window[onload[1]]) setTimeout(window[onload[1]], 0);
  if (window.gapi_onload) setTimeout(window.gapi_onload, 0);
})();`;

/** Serves the stand-in for Google's iframe library, and nothing for the emulator page's web fonts and styles (offline). */
export async function standInForGoogleScripts(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }));
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({ contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/css', body: '' }),
  );
}

/** On the Auth emulator's account picker: a new fake Google account with this name and email, then signed in. */
export async function pickNewGoogleAccount(page: Page, account: { name: string; email: string }): Promise<void> {
  await expect(page).toHaveURL(/\/emulator\/auth\/handler/);
  await page.getByText('Add new account').click();
  await page.locator('#email-input').fill(account.email);
  await page.locator('#display-name-input').fill(account.name);
  await page.locator('#sign-in').click();
}

/** On the account picker: an account added before, by its email. */
export async function pickGoogleAccount(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/emulator\/auth\/handler/);
  await page.getByText(email).first().click();
}

/** Every place the browser could keep a Firebase token: none may hold one after the exchange. */
export async function firebaseTraces(page: Page): Promise<{ storage: string[]; databases: string[] }> {
  return page.evaluate(async () => {
    const storage = [...Object.entries(localStorage), ...Object.entries(sessionStorage)]
      .filter(([key, value]) => key.startsWith('firebase') || /eyJ[\w-]+\.eyJ/.test(value))
      .map(([key]) => key);
    const databases = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => /firebase/i.test(name));
    return { storage, databases };
  });
}

/**
 * Marks an account's email verified in the Auth emulator, as a completed password reset does (the
 * address shown to be theirs): through the emulator's admin REST call, as the Admin SDK would.
 */
export async function markEmailVerified(request: APIRequestContext, uid: string): Promise<void> {
  const { ports, projectId } = e2eProfile;
  const response = await request.post(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    headers: { Authorization: 'Bearer owner' },
    data: { localId: uid, emailVerified: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}
