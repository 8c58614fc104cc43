/* The L5R Rules Reference service worker: the whole site, offline. Written by `l5r-rules build`
   (l5r_rules/site/offline_app.py, from l5r_rules/site/templates/sw.js); do not edit the built copy.

   Install: download every file of CONFIG.files into the cache named after CONFIG.version (a hash
   of those files), in small batches, bypassing the HTTP cache; last, store the receipt
   (RECEIPT: version, data version, build time, file count), so that a cache holding it is a
   complete copy: the pages read it to say "Saved on this phone" (l5r-offline.js). Activate: delete this site's older
   caches, take over open pages. Fetch: same-origin GETs inside the site are answered from the
   cache first ("folder/" means "folder/index.html", as the server does), else from the network;
   a page that is neither cached nor reachable gets the cached 404 page. Nothing else is touched. */
"use strict";

const CONFIG = __L5R_CONFIG__;
const SCOPE = self.registration.scope; // the site root, ends with "/"
const PREFIX = `${CONFIG.prefix}:${SCOPE}:`; // this site's caches, and only them
const CACHE = PREFIX + CONFIG.version;
const BATCH = 24; // requests per step while installing: a phone is not flooded
const PRECACHED = new Set(CONFIG.files.map((file) => new URL(file, SCOPE).href));
const RECEIPT = new URL("offline-copy.json", SCOPE).href; // written last: its presence means "complete"

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // A retried install (the connection dropped) keeps what the last attempt stored: same version, same bytes.
      const have = new Set((await cache.keys()).map((request) => request.url));
      const todo = [...PRECACHED].filter((url) => !have.has(url));
      for (let i = 0; i < todo.length; i += BATCH) {
        await cache.addAll(todo.slice(i, i + BATCH).map((url) => new Request(url, { cache: "reload" })));
      }
      const receipt = {
        version: CONFIG.version,
        data_version: CONFIG.data_version,
        built: CONFIG.built,
        files: PRECACHED.size,
      };
      await cache.put(RECEIPT, new Response(JSON.stringify(receipt), { headers: { "Content-Type": "application/json" } }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/* The cache key of a request: its URL without query and fragment; "dir/" -> "dir/index.html". */
function cacheKey(url) {
  const key = url.origin + url.pathname;
  return key.endsWith("/") ? key + "index.html" : key;
}

async function answer(request) {
  const url = new URL(request.url);
  const key = cacheKey(url);
  if (PRECACHED.has(key) || key === RECEIPT) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (cached) return cached;
  } else if (PRECACHED.has(key + "/index.html")) {
    return Response.redirect(key + "/" + url.search, 301); // "entries/x" -> "entries/x/", as the server does
  }
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") {
      const missing = await caches.match(new URL("404.html", SCOPE).href, { cacheName: CACHE });
      if (missing) {
        return new Response(missing.body, { status: 404, statusText: "Not Found", headers: missing.headers });
      }
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // other origins: not ours
  event.respondWith(answer(request));
});

