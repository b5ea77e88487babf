// The page's service worker: the installed handheld starts without a network. tools/ship/web.py
// fills in VERSION (a hash of every file of this build) and FILES ([name, "sha256-..."]).
// Install: every file of this version into a cache of its own name, each checked against its
// hash (a file from another version fails the install, and the old version stays in use).
// Activate: the other versions' caches go. Fetch: this version's files from its cache (the
// address's ?seed=N and other queries do not matter), anything else from the network.
// A new sw.js (a new build) installs beside the running one and takes over at once, for the
// next start: the page running now has all its files already, so none is ever mixed.
const VERSION = "%VERSION%";
const FILES = JSON.parse('%FILES%');
const CACHE = "deckdelve-" + VERSION;
const PREFIX = "deckdelve-";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(FILES.map(async ([name, integrity]) => {
      const response = await fetch(new Request(name, { cache: "no-cache", integrity }));
      if (!response.ok) throw new Error(name + ": " + response.status);
      await cache.put(name, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

const scope = new URL(self.registration.scope);
const kept = new Set(FILES.map(([name]) => name));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== scope.origin
      || !url.pathname.startsWith(scope.pathname)) return;
  let name = url.pathname.slice(scope.pathname.length);
  if (name === "" || event.request.mode === "navigate") name = "index.html";
  if (!kept.has(name)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(name)) || fetch(event.request);
  })());
});
