// The ceiling of the auth benchmark: a bare Fastify JSON route on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url: address }));
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
