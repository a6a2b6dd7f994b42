// `POST /common/oss/upload` through XMLHttpRequest: fetch cannot report upload progress.
import type { Envelope } from '../shared/contract.ts';
import { t, tServer } from '../i18n/index.ts';
import { $app } from '../stores/app.ts';
import { $session } from '../stores/session.ts';
import { ApiError, TIMEOUT_MS } from './client.ts';

export interface Uploaded {
  /** Where the owner's app shows the image from. */
  url: string;
  /** The stored name a deposit refers to. */
  name: string;
}

export interface UploadJob {
  done: Promise<Uploaded>;
  abort(): void;
}

/**
 * Uploads one image; `progress` receives the share sent, 0 to 1. Rejects with an ApiError whose
 * message is the server's reason (translated) or the transport failure, never notified here: the
 * proof field shows it beside its retry button.
 */
export function uploadImage(file: Blob, fileName: string, progress: (share: number) => void): UploadJob {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Uploaded>((resolve, reject) => {
    xhr.open('POST', '/prod-api/common/oss/upload');
    xhr.timeout = TIMEOUT_MS;
    xhr.setRequestHeader('clientId', 'app');
    xhr.setRequestHeader('Accept-Language', $app.get().language);
    const token = $session.get().token;
    if (token) xhr.setRequestHeader('Authorization', 'Bearer ' + token);
    // The XSRF pair of docs/rules.md#calls, which redaxios adds to the other calls.
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(xsrf[1]!));
    xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
    xhr.onload = () => {
      let env: Envelope<Uploaded> | null = null;
      try {
        env = JSON.parse(xhr.responseText);
      } catch {
        /* not an envelope: reported by status below */
      }
      // A refusal carries its HTTP status and the envelope with the reason; only a body that is
      // not an envelope (a proxy's page) is reported by its status.
      if (!env || typeof env !== 'object' || typeof env.code !== 'number') {
        return reject(new ApiError('status', t('err.service', { status: xhr.status, text: '' }), xhr.status));
      }
      if (env.code === 200) return resolve(env.data);
      reject(new ApiError('server', tServer(env) || t('err.unknown'), env.code, env.key));
    };
    xhr.onerror = () => reject(new ApiError('network', t('err.network')));
    xhr.ontimeout = () => reject(new ApiError('timeout', t('err.timeout')));
    xhr.onabort = () => reject(new ApiError('cancel', ''));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
