// A stub of the API for the SDK's overhead: POST /v1/customers answers a fixed customer at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const answer = JSON.stringify({
  success: true,
  data: {
    id: 'cus_benchStub000000000000000',
    object: 'customer',
    name: 'Noa Cohen',
    email: 'noa@example.co.il',
    phone: null,
    test_clock: null,
    livemode: false,
    created: '2026-01-01T00:00:00.000Z',
  },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) }).end(answer));
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stderr.write(`ready ${(server.address() as AddressInfo).port}\n`));
process.once('SIGTERM', () => process.exit(0));
