import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Codes, decodeResponse, encodeRequest } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';

function request(path: string): string {
  const body = JSON.stringify(encodeRequest({}));
  return (
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Splits a byte stream of HTTP/1.1 responses with Content-Length bodies. */
function parseResponses(raw: string): Array<{ status: number; body: string }> {
  const out: Array<{ status: number; body: string }> = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    out.push({ status: Number(head.slice(9, 12)), body: rest.slice(headerEnd + 4, headerEnd + 4 + length) });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return out;
}

describe('graceful shutdown', () => {
  it('finishes the request in flight, answers 503 to a new one, then closes the database', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = await buildTestApp({
      configure: (a) => {
        a.post('/api/test/slow', {
          config: { access: 'public', payload: EmptyRequest },
          handler: async (_request, reply) => {
            entered();
            await gate;
            return reply.envelope({ finished: true });
          },
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(request('/api/test/slow'));
    await inHandler;

    const closed = app.close();
    // Pipelined on the busy connection: it arrives while the server is closing.
    socket.write(request('/api/test/slow'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await closed;
    await ended;

    const [first, second] = parseResponses(received);
    expect(first?.status).toBe(200);
    expect(decodeResponse(JSON.parse(first!.body))).toMatchObject({ code: 0, data: { finished: true } });
    expect(second?.status).toBe(503);
    expect(decodeResponse(JSON.parse(second!.body)).code).toBe(Codes.UNAVAILABLE);
    expect(await app.database.ready()).toBe(false);
  });
});
