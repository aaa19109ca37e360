/**
 * Notification streams as the app's tabs open them (GET /api/notifications/stream), in a process of their
 * own so that the server's memory is measured alone. The parent sends { type: 'open', streams: [{ base,
 * token }] }; this answers 'ready' once every stream is open, then 'got' with each notification's id,
 * params and arrival time (ms since the epoch, the same clock as the parent's).
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function open(streams) {
  let ready = 0;
  for (const { base, token } of streams) {
    const req = http.get(`${base}/api/notifications/stream`, { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        process.send({ type: 'error', message: `stream answered ${res.statusCode}` });
        res.resume();
        return;
      }
      ready += 1;
      if (ready === streams.length) process.send({ type: 'ready' });
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = Date.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: notification')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) {
            const n = JSON.parse(data.slice('data: '.length));
            process.send({ type: 'got', id: n.id, params: n.params, at });
          }
        }
      });
    });
    req.on('error', (error) => process.send({ type: 'error', message: error.message }));
  }
}

process.on('message', (message) => {
  if (message.type === 'open') open(message.streams);
  if (message.type === 'close') process.exit(0);
});
