/** The proof upload (XHR) says the server's reason in the user's language, whatever the HTTP status. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { ApiError } from '../../src/api/client.ts';
import { uploadImage } from '../../src/api/upload.ts';
import { setFallback, setLocale } from '../../src/i18n/index.ts';

/** Answers every upload with `status` and `body`, as the server would over the network. */
function serverAnswers(status: number, body: string) {
  (globalThis as { document?: unknown }).document = { cookie: '' };
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = class {
    status = 0;
    responseText = '';
    timeout = 0;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = body;
        this.onload?.();
      });
    }
  };
}

const failure = async (): Promise<ApiError> => {
  try {
    await uploadImage(new Blob(['x']), 'p.jpg', () => {}).done;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a rejection');
};

const test = suite('uploadImage');

test.before(() => {
  setFallback(en);
  setLocale('de', de);
});

for (const [status, key, params, german] of [
  [503, 'upload.storageFull', undefined, 'Der Speicher ist voll, bitte später erneut versuchen'],
  [200, 'upload.storageFull', undefined, 'Der Speicher ist voll, bitte später erneut versuchen'],
  [429, 'upload.tooMany', { count: 20 }, 'Pro Stunde können höchstens 20 Bilder hochgeladen werden; bitte später erneut versuchen'],
  [429, 'upload.dailyLimit', { mb: 50 }, 'Pro Tag können höchstens 50 MB an Bildern hochgeladen werden; bitte morgen erneut versuchen'],
  [400, 'upload.tooManyPixels', { mp: 25 }, 'Das Bild ist zu groß: höchstens 25 Megapixel'],
] as const) {
  test(`HTTP ${status} ${key}: the server's reason in German`, async () => {
    serverAnswers(status, JSON.stringify({ code: status === 200 ? 503 : status, msg: 'English', key, ...(params ? { params } : {}), data: null }));
    const e = await failure();
    assert.is(e.message, german);
    assert.is(e.key, key);
  });
}

test('a body that is not an envelope reports the HTTP status', async () => {
  serverAnswers(502, '<html>Bad Gateway</html>');
  const e = await failure();
  assert.match(e.message, '502');
});

test.run();
