// Every API test file shares one running server (and its fresh database) in this worker.
import { afterAll } from 'vitest';
import { testServer } from '../support/test-server';

await testServer();

afterAll(() => {
  // The server stays up across files (isolate: false); the process exit closes it.
});
