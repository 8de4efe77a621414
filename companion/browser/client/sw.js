// The companion's service worker: every file of this build is cached when it installs, so the app starts
// with no network at all after the first visit. A newer build (a different VERSION) installs beside the
// running one and waits; the page tells the player and switches when they choose to (companion.js).
"use strict";

const VERSION = "__VERSION__";
const FILES = [/*__FILES__*/];
const PREFIX = "companion-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `reload` bypasses the HTTP cache: the files must be this build's, not an older copy.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "companion-update") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app is index.html (routes live after the "#").
    const hit = request.mode === "navigate"
      ? await cache.match(new URL("./", self.registration.scope).href)
      : await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
