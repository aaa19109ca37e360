// Background Sync for the phone's queue of writes (issue 16, decision 043), imported by the generated
// service worker (vite.config.ts: workbox.importScripts). The page registers the sync 'pharma-outbox'
// when it queues a write; the browser fires it once the network is back, even with the tab in the
// background. The worker does not send the queue itself (it has no token): it wakes the open pages of
// the app, each sends its queue and answers how many writes still wait. With none open, nothing is
// done here: the queue is sent on the app's next open.
self.addEventListener('sync', function (event) {
  if (event.tag !== 'pharma-outbox') return;
  event.waitUntil(wakePages());
});

function wakePages() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (pages) {
    return Promise.all(pages.map(ask)).then(function (answers) {
      // still waiting (the server went again): failing the sync makes the browser fire it again later
      if (answers.some((a) => a && a.left > 0)) throw new Error('writes still wait');
    });
  });
}

/** Asks one page to send its queue; its answer, or null after a minute (a page busy or closing). */
function ask(page) {
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    var timer = setTimeout(function () {
      resolve(null);
    }, 60000);
    channel.port1.onmessage = function (message) {
      clearTimeout(timer);
      resolve(message.data);
    };
    page.postMessage({ type: 'pharma-outbox-sync' }, [channel.port2]);
  });
}
