/*
 * The small inline scripts the prerendered pages carry (see prerender.ts). Plain ES5 strings:
 * they run before, and without, the app's code.
 */

/** A signed-in visitor belongs at home: the dashboard, the console for a coach (as the SPA's guard decides for `/`, see src/lib/home-path.ts). */
export const SIGNED_IN_REDIRECT = `fetch('/api/auth/session',{credentials:'include',headers:{Accept:'application/json'}})
.then(function(r){return r.ok?r.json():null})
.then(function(d){if(d&&d.user)location.replace(d.user.role==='OWNER'?'/coach':'/dashboard')})
.catch(function(){});`;

/** Longest wait for the first contentful paint (a tab opened in the background paints only when shown). */
export const FIRST_PAINT_FALLBACK_MS = 1500;

/**
 * Runs `body` (statements) once, in a task of its own, after the page's first contentful paint has
 * reached the screen, as the paint timing entry reports it. A frame callback alone is not enough:
 * the frame is shown some time after it is drawn, and a download started in between competes with
 * it. Without paint timing, after the next frame; in any case after FIRST_PAINT_FALLBACK_MS.
 */
export function afterFirstContentfulPaint(body: string): string {
  return `(function(){var started=false;function start(){if(started)return;started=true;setTimeout(function(){${body}},0)}
var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}}).observe({type:'paint',buffered:true})}else{requestAnimationFrame(start)}
setTimeout(start,${FIRST_PAINT_FALLBACK_MS})})();`;
}

/**
 * On a page only for signed-out visitors, a signed-in one sees the loading indicator as soon as the
 * page's early session request answers, rather than a form that is not for them until the app has
 * started and sent them on (main.tsx then renders afresh instead of hydrating).
 */
export function loadingWhenSignedIn(loadingIndicator: string): string {
  return `(function(){var s=window.__sfidaSession;if(!s)return;s.then(function(r){return r.ok?r.clone().json():null})
.then(function(d){if(d&&d.user)document.getElementById('root').innerHTML=${JSON.stringify(loadingIndicator)}})
.catch(function(){})})();`;
}

/**
 * A statement adding one `<link rel>` per file of `files` (an expression for an array of URLs)
 * to <head>. Module preloads are fetched in CORS mode, as the module scripts that use them.
 */
function addLinks(files: string, rel: 'modulepreload' | 'prefetch'): string {
  const mode = rel === 'modulepreload' ? "l.crossOrigin='';" : '';
  return `${files}.forEach(function(f){var l=document.createElement('link');l.rel='${rel}';${mode}l.href=f;document.head.appendChild(l)})`;
}

/**
 * Starts the app's code after the prerendered page's first paint. The page is readable without
 * it, and on a phone's connection the download would otherwise compete with that first paint.
 */
export function startAfterFirstPaint(entry: string, preloads: string[]): string {
  return afterFirstContentfulPaint(
    `${addLinks(JSON.stringify(preloads), 'modulepreload')};var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s)`,
  );
}

/** Fetches the SPA's start-up files once the landing has been shown, so "Accedi" opens quickly. */
export function prefetchScript(files: string[]): string {
  return afterFirstContentfulPaint(
    addLinks(JSON.stringify(files), 'prefetch'),
  );
}
