import assert from 'node:assert/strict';
import { withCommon } from '../_shared/serve.ts';

Deno.test('an unexpected failure is a generic 500 naming the request id, details only in the log', async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (line: string) => errors.push(line);
  try {
    const serve = withCommon('example', () => {
      throw new Error('22P02 invalid input syntax for type uuid: "not-a-uuid"');
    });
    const answer = await serve(
      new Request('http://x/functions/v1/example', {
        method: 'POST',
        headers: { 'x-request-id': 'trace-me-123' },
      }),
    );
    assert.equal(answer.status, 500);
    const text = await answer.text();
    assert.deepEqual(JSON.parse(text), { error: 'An unexpected error occurred (request id trace-me-123).' });
    assert.equal(answer.headers.get('x-request-id'), 'trace-me-123');
    assert.doesNotMatch(text, /uuid|at |stack|22P02/i);
    assert.match(errors.join('\n'), /trace-me-123.*22P02/s);
  } finally {
    console.error = original;
  }
});
