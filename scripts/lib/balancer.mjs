// A round-robin HTTP balancer on loopback, in front of several BFF instances (bench and tests):
// each request goes to the next instance, over keep-alive connections; an instance that cannot be
// reached answers 502.
import http from 'node:http';
import { freePort } from './portal-server.mjs';

/**
 * @param {string[]} bases the instances' base URLs (http://127.0.0.1:port)
 * @returns {Promise<{ base: string, close: () => Promise<void> }>}
 */
export async function startBalancer(bases) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(bases[next++ % bases.length]);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
