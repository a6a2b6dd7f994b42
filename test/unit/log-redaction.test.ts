import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { redactQueryValues } from '../../server/http/log-redaction.ts';

test('a URL quoted in a log message loses the values of its secret parameters, not the others', () => {
  assert.is(
    redactQueryValues('GET /prod-api/h5/user/register?username=u1&password=Secret123&confirmPassword=Secret123 failed'),
    'GET /prod-api/h5/user/register?username=u1&password=[redacted]&confirmPassword=[redacted] failed',
  );
  assert.is(redactQueryValues('/x?fund%50assword=Enc456&lang=de'), '/x?fund%50assword=[redacted]&lang=de', 'an encoded name is still a secret');
  assert.is(redactQueryValues('/login?lang=de'), '/login?lang=de');
});

test.run();
