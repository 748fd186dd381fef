/* The table page's service worker (scope /t/): the page and its files are fetched from the network when it
   is there, and from the cache when it is not, so a phone that reloads the table's page without the network
   still has it (what was entered waits in local storage, see table.js). Nothing else is cached. */
const CACHE = "tables-v1";
self.addEventListener("install", (event) => { self.skipWaiting(); });
self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const page = request.mode === "navigate" && url.pathname.endsWith("/t/");
  const asset = url.pathname.includes("/static/") && /\.(js|css)$/.test(url.pathname);
  if (!page && !asset) return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok) { const copy = response.clone(); caches.open(CACHE).then((cache) => cache.put(request, copy)); }
      return response;
    }).catch(() => caches.match(request).then((hit) => hit || Response.error()))
  );
});
