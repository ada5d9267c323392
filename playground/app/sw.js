// The playground's service worker: every file of the page (the runtime and the wheels included)
// kept in the browser's Cache Storage, so that a reload fetches nothing and the page opens offline.
//
// build.py writes BUILD (a hash of every file) and FILES (every file, relative to this one): a new
// build is a new worker, which fetches the new files into a cache of its own and then drops the
// old one; the page in view keeps what it has loaded, and the next visit gets the new build.

const BUILD = "__BUILD__";
const FILES = ["__FILES__"];
const PREFIX = "tractor-rules-playground-";
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  // "no-cache": asked of the server again (a 304 costs nothing), never a stale copy of another build
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    // the address's query (none of the page's own) never names another file
    const kept = await caches.match(event.request, { cacheName: CACHE, ignoreSearch: true });
    return kept ?? fetch(event.request);
  })());
});
